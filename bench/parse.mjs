// Omni-IR parser benchmark. Prints:
//  - throughput on realistic screens (200 different 1,000-component screens), in MB/s, and the time
//    JSON.parse takes on the same statements written as JSON lines, as a ratio (target: >= 50 MB/s);
//  - growth: a 1,000-component stream written line by line, the document read after each line as a renderer
//    does; the cost of the last 100 lines over the first 100 (target: <= 1.5).
// Uses dist/engine.js when built, else the TypeScript sources. Timing is never asserted in tests.
// BENCH_QUICK=1: the same lines from a much smaller run (10 screens, fewer repeats), for a check that it runs
// (the README test); its figures are rough.
import { performance } from 'node:perf_hooks';
import { loadEngine } from '../bin/loadEngine.mjs';
import { makeScreen } from './screens.mjs';

const { createOmniParser } = await loadEngine();
const registries = { tools: ['payments.confirm'], assets: [] };
const QUICK = process.env.BENCH_QUICK === '1';
const SCREENS = Number(process.env.BENCH_SCREENS ?? (QUICK ? 10 : 200));
const RUNS = QUICK ? 2 : 5;
const GROWTH = QUICK ? { warm: 2, measured: 5 } : { warm: 20, measured: 50 };

const screens = Array.from({ length: SCREENS }, (_, i) => makeScreen(1000 + i));
const totalBytes = screens.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
const jsonLines = screens.map((s) => s.json.split('\n').filter(Boolean));
const CHUNK = 4096;
const chunked = screens.map((s) => {
  const out = [];
  for (let i = 0; i < s.text.length; i += CHUNK) out.push(s.text.slice(i, i + CHUNK));
  return out;
});

function parseAll() {
  let errors = 0;
  for (const chunks of chunked) {
    const p = createOmniParser(registries);
    for (const c of chunks) p.write(c);
    p.end();
    errors += p.issues.filter((i) => i.severity === 'error').length;
  }
  return errors;
}

function jsonAll() {
  let n = 0;
  for (const lines of jsonLines) for (const l of lines) n += JSON.parse(l).id ? 1 : 0;
  return n;
}

function best(fn, runs = RUNS) {
  let min = Infinity;
  let out;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    out = fn();
    min = Math.min(min, performance.now() - t);
  }
  return { ms: min, out };
}

best(parseAll, QUICK ? 1 : 2); // warm up
const parse = best(parseAll);
const json = best(jsonAll);
const mb = totalBytes / 1e6;
console.log(`screens: ${SCREENS} x 1,000 components, ${mb.toFixed(1)} MB of Omni-IR`);
if (parse.out > 0) console.log(`warning: the benchmark screens produced ${parse.out} errors`);
console.log(`parse: ${parse.ms.toFixed(1)} ms, ${(mb / (parse.ms / 1000)).toFixed(1)} MB/s (target >= 50 MB/s)`);
console.log(`JSON.parse of the same statements as JSON lines: ${json.ms.toFixed(1)} ms`);
console.log(`ratio parse / JSON.parse: ${(parse.ms / json.ms).toFixed(2)}`);

// Growth: line by line, reading the document after each line as a renderer does.
function growth(screen) {
  const lines = screen.text.split('\n').filter(Boolean).map((l) => `${l}\n`);
  const p = createOmniParser(registries);
  const doc = p.document;
  const times = [];
  for (const line of lines) {
    const t = performance.now();
    p.write(line);
    const eq = line.indexOf(' = ');
    const id = line.slice(0, eq);
    if (!id.startsWith('$') && !id.startsWith('#')) {
      const node = doc.node(id);
      if (node) for (const c of node.children) doc.status(c);
      doc.status(id);
    }
    doc.node('root');
    times.push(performance.now() - t);
  }
  p.end();
  const compLines = times.length;
  const first = times.slice(0, 100).reduce((a, b) => a + b, 0);
  const last = times.slice(compLines - 100).reduce((a, b) => a + b, 0);
  return { first, last };
}
for (let i = 0; i < GROWTH.warm; i++) growth(screens[i % screens.length]); // warm up
let first = 0;
let last = 0;
for (let i = 0; i < GROWTH.measured; i++) {
  const g = growth(screens[i % screens.length]);
  first += g.first;
  last += g.last;
}
console.log(`growth: first 100 lines ${(first / GROWTH.measured).toFixed(3)} ms, last 100 lines ${(last / GROWTH.measured).toFixed(3)} ms per screen`);
console.log(`ratio last 100 / first 100: ${(last / first).toFixed(2)} (target <= 1.5)`);
