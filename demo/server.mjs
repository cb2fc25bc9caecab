// The demo server: `npm start` (or `node demo/server.mjs`). PORT chooses the port (default 8080);
// DEMO_FAST=1 streams without a model's pauses.
import { startServer } from './server/app.mjs';

const port = process.env.PORT ? Number(process.env.PORT) : 8080;
const server = await startServer({ port });
console.log(`agent-elements demo: ${server.url}/`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
