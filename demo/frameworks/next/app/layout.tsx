import type { ReactNode } from 'react';

export const metadata = { title: 'agentic-elements in Next.js' };

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
