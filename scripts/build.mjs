// `npm run build`, and what `prepack` (npm pack, npm publish) runs; installing runs no build (the package has no
// install script: `npm start` and `npm test` build what they need): every file the package ships, step by step. Each step says what it makes; when one fails,
// the build stops and its last line names the step, the command and what to do, so a failure inside
// `npm install <git url>` (where npm shows only the tail of the output) still says what went wrong.
//
//   node scripts/build.mjs               every step
//   node scripts/build.mjs bundles       only the named steps (catalog, bundles, types, mcp-view, manifest, …)
//   node scripts/build.mjs --if-stale    every step, unless every output is newer than every source
//                                        (prepack: a build just made isn't made again)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { staleReason } from './freshness.mjs';
import { NPM_ENTRIES } from './entries.mjs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const node = JSON.stringify(process.execPath);

/** The steps, in order: each one's name, what it makes, and its command (run in the package's folder). */
export const STEPS = [
  { name: 'catalog', makes: 'src/omni-ir/catalog.generated.ts', cmd: `${node} scripts/generate-catalog.mjs` },
  { name: 'bundles', makes: 'dist/*.js (npm entries), cdn/ (script tag)', cmd: 'rollup -c rollup.config.mjs' },
  { name: 'types', makes: 'dist/types/', cmd: 'tsc -p tsconfig.build.json' },
  { name: 'mcp-view', makes: 'dist/mcp-view.html', cmd: `${node} scripts/build-mcp-view.mjs` },
  // The analyzer, taught our conventions (defineElement(), event classes) by scripts/manifest/plugins.mjs.
  { name: 'manifest', makes: 'custom-elements.json', cmd: 'cem analyze --config scripts/manifest/cem.config.mjs' },
  // The docs site and the framework typings are generated from the manifest: it must describe everything.
  { name: 'manifest-check', makes: 'nothing: fails naming each undescribed member', cmd: `${node} scripts/manifest/check.mjs custom-elements.json` },
  { name: 'bindings', makes: 'dist/types/frameworks/ (React, Vue, Svelte template types)', cmd: `${node} scripts/bindings/generate.mjs` },
];

/** What a full build writes, and what it is made from (test files aside). */
export const OUTPUTS = [
  ...Object.keys(NPM_ENTRIES).map((name) => `dist/${name}.js`),
  'dist/types/src/index.d.ts',
  'dist/types/elements/index.d.ts',
  'dist/types/frameworks/react.d.ts',
  'dist/mcp-view.html',
  'cdn/agentic-elements.js',
  'custom-elements.json',
];
export const SOURCES = [
  'src', 'elements', 'strings', 'themes', 'mcp', 'scripts', 'package.json', 'package-lock.json',
  'rollup.config.mjs', 'rollup.mcp.config.mjs', 'tsconfig.json', 'tsconfig.build.json',
];

function run(step) {
  return new Promise((resolve) => {
    // The tools come from the package's own node_modules/.bin, as under `npm run`, also when run as `node scripts/build.mjs`.
    const PATH = [join(root, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(delimiter);
    const child = spawn(step.cmd, { cwd: root, shell: true, stdio: 'inherit', env: { ...process.env, PATH, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

export async function build(names = []) {
  const unknown = names.filter((n) => !STEPS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`no build step named ${unknown.join(', ')} (steps: ${STEPS.map((s) => s.name).join(', ')})`);
  const steps = names.length ? STEPS.filter((s) => names.includes(s.name)) : STEPS;
  // A full build starts clean: a chunk an older build left behind must not ship.
  if (!names.length) for (const dir of ['dist', 'cdn']) rmSync(`${root}${dir}`, { recursive: true, force: true });
  for (const [i, step] of steps.entries()) {
    const started = Date.now();
    console.log(`build ${i + 1}/${steps.length}: ${step.name} (${step.makes})`);
    const code = await run(step);
    if (code !== 0) {
      throw new Error(
        `build failed at step "${step.name}" (${step.makes}), exit ${code}: ${step.cmd}\n` +
          `  Its own messages are above. Run \`node scripts/build.mjs ${step.name}\` to repeat only this step;` +
          ' a missing tool or module means the devDependencies are not installed (npm install).',
      );
    }
    console.log(`build ${i + 1}/${steps.length}: ${step.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const why = ifStale ? staleReason(OUTPUTS, SOURCES) : 'asked';
  if (!why) console.log('build: every output is newer than its sources, nothing to do');
  else {
    if (ifStale) console.log(`build: ${why}`);
    build(args.filter((a) => a !== '--if-stale')).catch((error) => {
      console.error(`\nagentic-elements: ${error.message}`);
      process.exit(1);
    });
  }
}
