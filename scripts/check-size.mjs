// Size budgets, checked in `npm test`: min+gzip of each entry with everything it loads statically (what loads
// later, such as chart.js on the first chart, is left out), as an app that uses it ships it:
//  - each element entry (`agentic-elements/<tag>`): the element with the engine and Lit, budget beside its
//    line in scripts/entries.mjs, so a new element brings its own;
//  - `agentic-elements` (every element) and `agentic-elements/engine`;
//  - the Omni-IR reader with its catalog (src/omni-ir without transport clients, with the stream stage it
//    needs; the signal library is shared by every reader and counted with the elements);
//  - cdn/agentic-elements.js as built (run after the build), with the chunks it imports statically.
// Budgets are today's figures with a little headroom: growing past one is a decision, not an accident.
// Prints each figure and ends with `N passed, N failed`.
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ELEMENTS } from './entries.mjs';
import { gzipSize, kb } from './sizeReport.mjs';
import { fileURLToPath } from 'node:url';

// Ids are judged from the repository down: a checkout that sits in a folder named "transport" is not all transport.
const root = fileURLToPath(new URL('..', import.meta.url));
const inRepo = (id) => (id.startsWith(root) ? id.slice(root.length - 1) : id);

const KB = 1024;

/** @type {{name: string, input?: string, file?: string, external?: (id: string) => boolean, limit: number}[]} */
const budgets = [
  {
    name: 'Omni-IR reader + catalog',
    input: 'src/omni-ir/index.ts',
    external: (id) => id === 'signal-polyfill' || inRepo(id).includes('/transport/'),
    limit: 17 * KB,
  },
  ...ELEMENTS.map(({ tag, budgetKB }) => ({
    name: `agentic-elements/${tag}: <${tag}> with the engine and Lit`,
    input: `elements/${tag}/index.ts`,
    limit: budgetKB * KB,
  })),
  { name: 'agentic-elements: every element, with the engine and Lit', input: 'elements/index.ts', limit: 141.5 * KB },
  { name: 'agentic-elements/engine, with its dependencies', input: 'src/index.ts', limit: 81.5 * KB },
  { name: 'cdn/agentic-elements.js as built (elements and engine API)', file: 'cdn/agentic-elements.js', limit: 165 * KB },
];

/** Each output file's code by name, and the entry's file name. */
async function bundle(b) {
  const built = await rollup({
    input: b.input,
    external: b.external ?? (() => false),
    onwarn: () => {},
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true }),
      esbuild({ target: 'es2022', tsconfig: 'tsconfig.json' }),
    ],
  });
  const { output } = await built.generate({
    format: 'es',
    plugins: [terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } })],
  });
  await built.close();
  const chunks = output.filter((o) => o.type === 'chunk');
  return {
    entry: chunks.find((c) => c.isEntry).fileName,
    code: (name) => chunks.find((c) => c.fileName === name)?.code,
    imports: (name) => chunks.find((c) => c.fileName === name)?.imports ?? [],
  };
}

/** A built file and the files it imports statically, read from disk (the import specifiers are relative). */
function fromDisk(file) {
  const code = (name) => (existsSync(name) ? readFileSync(name, 'utf8') : undefined);
  const imports = (name) => {
    const text = code(name) ?? '';
    // Static imports only: `import … from "./x.js"` and `export … from "./x.js"`, never `import("./x.js")`.
    return [...text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((m) =>
      join(dirname(name), m[1]),
    );
  };
  return { entry: file, code, imports };
}

let passed = 0;
let failed = 0;
for (const b of budgets) {
  const source = b.input ?? b.file;
  if (!existsSync(source)) {
    console.log(`FAIL ${b.name}: ${source} does not exist${b.file ? ' (run `npm run build` first)' : ''}`);
    failed++;
    continue;
  }
  const { entry, code, imports } = b.input ? await bundle(b) : fromDisk(b.file);
  // The entry and the chunks it imports statically; dynamic chunks (chart.js) load only when used.
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imp of imports(name)) visit(imp);
  };
  visit(entry);
  let min = 0;
  let gz = 0;
  for (const name of seen) {
    const text = code(name) ?? '';
    min += text.length;
    gz += gzipSize(text);
  }
  const ok = gz <= b.limit;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${b.name}: ${kb(min)} minified, ${kb(gz)} gzipped (budget ${kb(b.limit)})`);
  if (ok) passed++;
  else failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
