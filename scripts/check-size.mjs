// Size budgets, checked in `npm test`:
//  - the Omni-IR reader with its catalog (src/omni-ir without transport clients, with the stream stage it
//    needs; the signal library is shared by every reader and counted with the elements): <= 16 KB min+gzip;
//  - <omni-screen> with the engine and Lit, without chart.js (loaded as its own chunk): <= 45 KB min+gzip.
// Prints each figure and ends with `N passed, N failed`.
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { existsSync } from 'node:fs';
import { gzipSize, kb } from './sizeReport.mjs';
import { fileURLToPath } from 'node:url';

// Ids are judged from the repository down: a checkout that sits in a folder named "transport" is not all transport.
const root = fileURLToPath(new URL('..', import.meta.url));
const inRepo = (id) => (id.startsWith(root) ? id.slice(root.length - 1) : id);

const budgets = [
  {
    name: 'Omni-IR reader + catalog',
    input: 'src/omni-ir/index.ts',
    external: (id) => id === 'signal-polyfill' || inRepo(id).includes('/transport/'),
    limit: 16 * 1024,
  },
  {
    name: '<omni-screen> with engine and Lit, without chart.js',
    input: 'elements/omni-screen/index.ts',
    external: () => false,
    limit: 45 * 1024,
  },
];

let passed = 0;
let failed = 0;
for (const b of budgets) {
  if (!existsSync(b.input)) {
    console.log(`FAIL ${b.name}: ${b.input} does not exist`);
    failed++;
    continue;
  }
  const bundle = await rollup({
    input: b.input,
    external: b.external,
    onwarn: () => {},
    plugins: [nodeResolve({ browser: true }), esbuild({ target: 'es2022', tsconfig: 'tsconfig.json' })],
  });
  const { output } = await bundle.generate({
    format: 'es',
    plugins: [terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } })],
  });
  await bundle.close();
  // The entry and the chunks it imports statically; dynamic chunks (chart.js) load only when used.
  const entry = output.find((o) => o.type === 'chunk' && o.isEntry);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = output.find((o) => o.fileName === name);
    for (const imp of chunk?.imports ?? []) visit(imp);
  };
  visit(entry.fileName);
  let min = 0;
  let gz = 0;
  for (const o of output) {
    if (o.type !== 'chunk' || !seen.has(o.fileName)) continue;
    min += o.code.length;
    gz += gzipSize(o.code);
  }
  const ok = gz <= b.limit;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${b.name}: ${kb(min)} minified, ${kb(gz)} gzipped (budget ${kb(b.limit)})`);
  if (ok) passed++;
  else failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
