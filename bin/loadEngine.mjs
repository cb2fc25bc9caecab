// The one way the project's Node scripts (the CLI, conformance runners, benchmarks, demo servers) load the
// engine: its public entries (the core, `agentic-elements/engine`, and one per format) as one object. An
// installed package has no src/: it loads dist/engine.js and dist/engine/*.js, the only engine it has. A checkout
// loads the TypeScript sources through tsx (a devDependency), so what runs is always what the sources say, with no
// question of whether dist/ is stale; the built files are tested as built by the package and README stages.
import { existsSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** Each public engine entry: its source and its built file (scripts/entries.mjs ENGINE_ENTRIES; a test holds them equal). */
export const ENGINE_FILES = [
  ['src/index.ts', 'dist/engine.js'],
  ['src/entries/omni-ir.ts', 'dist/engine/omni-ir.js'],
  ['src/entries/ops.ts', 'dist/engine/ops.js'],
  ['src/entries/axstream.ts', 'dist/engine/axstream.js'],
  ['src/entries/oui.ts', 'dist/engine/oui.js'],
];

/** Every entry's names in one object (no two entries publish one name for two things: a test holds that too). */
async function importAll(files) {
  const modules = await Promise.all(files.map((file) => import(new URL(file, root).href)));
  return Object.assign(Object.create(null), ...modules);
}

let loading;

/** Resolves with `{engine, from}`: the engine module and where it came from. */
export function loadEngineFrom() {
  loading ??= (async () => {
    const sources = new URL('src/index.ts', root);
    if (existsSync(sources)) {
      const { register } = await import('tsx/esm/api');
      register();
      return { engine: await importAll(ENGINE_FILES.map(([source]) => source)), from: 'src/ (tsx)' };
    }
    return { engine: await importAll(ENGINE_FILES.map(([, built]) => built)), from: 'dist/engine*.js' };
  })();
  return loading;
}

/** Resolves with the engine module. */
export async function loadEngine() {
  return (await loadEngineFrom()).engine;
}
