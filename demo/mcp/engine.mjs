// Loads the Omni-IR engine for the MCP server: dist/engine.js when it exists and is newer than every source
// file, else the TypeScript sources through tsx (a checkout before `npm run build`, or sources being edited).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|mjs|js)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Resolves with the engine module and where it came from. */
export async function loadEngine() {
  const built = new URL('dist/engine.js', root);
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(fileURLToPath(new URL('src', root)))) {
    return { engine: await import(built.href), from: 'dist/engine.js' };
  }
  const { register } = await import('tsx/esm/api');
  register();
  return { engine: await import(new URL('src/index.ts', root).href), from: 'src/index.ts (tsx)' };
}
