// A server component, rendered to HTML on the server for every request (not prerendered at build time), so the
// proof is the one a live server-rendered app makes.
import { Demo } from './demo';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <>
      <h1>agentic-elements in Next.js</h1>
      <Demo />
    </>
  );
}
