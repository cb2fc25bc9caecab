// Loads the engine: the built dist/engine.js when present (the published package), else the TypeScript
// sources through tsx (a fresh checkout before `npm run build`).
import { existsSync } from 'node:fs';

export async function loadEngine() {
  const built = new URL('../dist/engine.js', import.meta.url);
  if (existsSync(built)) return import(built.href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL('../src/index.ts', import.meta.url).href);
}
