// The one way the project's Node scripts (the CLI, conformance runners, benchmarks, demo servers) load the
// engine. An installed package has no src/: it loads dist/engine.js, the only engine it has. A checkout loads
// the TypeScript sources through tsx (a devDependency), so what runs is always what the sources say, with no
// question of whether dist/ is stale; the built files are tested as built by the package and README stages.
import { existsSync } from 'node:fs';

const root = new URL('../', import.meta.url);

let loading;

/** Resolves with `{engine, from}`: the engine module and where it came from. */
export function loadEngineFrom() {
  loading ??= (async () => {
    const sources = new URL('src/index.ts', root);
    if (existsSync(sources)) {
      const { register } = await import('tsx/esm/api');
      register();
      return { engine: await import(sources.href), from: 'src/index.ts (tsx)' };
    }
    return { engine: await import(new URL('dist/engine.js', root).href), from: 'dist/engine.js' };
  })();
  return loading;
}

/** Resolves with the engine module. */
export async function loadEngine() {
  return (await loadEngineFrom()).engine;
}
