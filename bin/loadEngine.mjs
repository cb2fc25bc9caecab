// The one way the project's Node scripts (the CLI, conformance runners, benchmarks, demo servers) load the
// engine: dist/engine.js when it is built and newer than every source file, else the TypeScript sources
// through tsx (a fresh checkout before `npm run build`, or sources being edited). An installed package has
// no src/, so it always uses dist/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|mjs|js)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

let loading;

/** Resolves with `{engine, from}`: the engine module and where it came from. */
export function loadEngineFrom() {
  loading ??= (async () => {
    const built = new URL('dist/engine.js', root);
    const src = fileURLToPath(new URL('src', root));
    if (existsSync(built) && (!existsSync(src) || statSync(built).mtimeMs >= newestSource(src))) {
      return { engine: await import(built.href), from: 'dist/engine.js' };
    }
    const { register } = await import('tsx/esm/api');
    register();
    return { engine: await import(new URL('src/index.ts', root).href), from: 'src/index.ts (tsx)' };
  })();
  return loading;
}

/** Resolves with the engine module. */
export async function loadEngine() {
  return (await loadEngineFrom()).engine;
}
