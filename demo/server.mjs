// The demo server: `npm start` (or `node demo/server.mjs`). PORT chooses the port (default 8080);
// DEMO_FAST=1 streams without a model's pauses. With ANTHROPIC_API_KEY or OPENAI_API_KEY (and a built
// dist/engine.js for the system prompt) a real model writes the screens; otherwise the scripted one does.
import { startServer } from './server/app.mjs';
import { loadBuiltEngine } from './server/check.mjs';
import { modelFromEnv } from './server/model/fromEnv.mjs';

const port = process.env.PORT ? Number(process.env.PORT) : 8080;
const engine = await loadBuiltEngine();
const model = modelFromEnv(process.env, engine, (line) => console.log(line));
const server = await startServer({ port, model, engine });
console.log(`agent-elements demo: ${server.url}/ (model: ${model.name})`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
