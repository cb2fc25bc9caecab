// Omni-IR parser benchmark. Prints:
//  - throughput per kind of screen, in MB/s, against JSON.parse on the same statements written as JSON lines
//    (target: >= 50 MB/s on every kind). The kinds (bench/screens.mjs): `mixed`, 1,000-component dashboards,
//    forms, lists and short tables; and what models write when asked for real work: `actions` (McpMutations
//    with params objects, $state refs and long texts), `text` (strings near the 2,000-character limit, with
//    escapes and non-ASCII), `tables` (8 columns, up to 200 rows), `charts` (24 labels, up to 6 Series) and
//    `checkout` (order, shipping, return and payment steps: every governed Button followed by its McpMutation with
//    3 to 10 params, $keys declared just before their field, children listed before they arrive) and `mutations`
//    (nearly every other line a McpMutation whose params object holds most of its tool's schema). Then the new
//    kinds together and all kinds together. The parser is given the tools as apps give them: each tool's name
//    with the JSON Schema of its params (`tools: {name: schema}`, bench/screens.mjs);
//  - growth: a 1,000-component stream written line by line, the document read after each line as a renderer
//    does; the cost of the last 100 lines over the first 100 (target: <= 1.5).
// Parse and JSON.parse alternate, kind by kind, in every round, and each keeps its fastest round: on a machine
// others share, the ratio of the two is what to compare between runs, and BENCH_CLOCK=cpu times rounds by the
// process's CPU time instead of the wall clock, which waiting for a core doesn't inflate (it counts the GC's
// helper threads too, so it reads a little slower than a quiet machine's wall clock). BENCH_KINDS=actions,text
// runs some kinds only; BENCH_ROUNDS sets the rounds (default 5).
// All kinds run in one process, on purpose: a page reads screens of every kind with one engine, and what one kind
// teaches the JIT shapes how fast the next is read. A kind measured alone (BENCH_KINDS=mixed) beside all kinds
// shows the cost of that: when lines spanning chunks were flat-plus-tail strings, the non-ASCII text of the action
// and checkout screens made the reader's charCodeAt megamorphic (node --log-ic) and the mixed screens read a tenth
// slower after them (see lineSplitter.ts). What remains between the two is about what running the other kinds on
// a separate copy of the engine's code leaves: the heap they leave behind, not the code they warmed.
// Loads the engine as bin/loadEngine.mjs does (the sources in a checkout). Timing is never asserted in tests.
// BENCH_QUICK=1: the same lines from a much smaller run (10 screens, fewer repeats), for a check that it runs
// (the README test); its figures are rough.
import { performance } from 'node:perf_hooks';
import { loadEngine } from '../bin/loadEngine.mjs';
import {
  BENCH_TOOL_SCHEMAS,
  makeActionScreen,
  makeChartScreen,
  makeCheckoutScreen,
  makeMutationScreen,
  makeScreen,
  makeTableScreen,
  makeTextScreen,
} from './screens.mjs';

const { createOmniParser } = await loadEngine();
const registries = { tools: BENCH_TOOL_SCHEMAS, assets: [] };
// BENCH_QUICK=1: a small run that still prints every line (the README test runs the benchmarks that way).
const QUICK = process.env.BENCH_QUICK === '1';
const SCREENS = Number(process.env.BENCH_SCREENS ?? (QUICK ? 10 : 200));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 5));
const SCALE = QUICK ? 0.05 : 1;
const GROWTH = QUICK ? { warm: 2, measured: 5 } : { warm: 20, measured: 50 };
const ONLY = process.env.BENCH_KINDS?.split(',');

// About 10 MB of Omni-IR for each new kind, 20 MB for the mixed screens (as before).
const KINDS = [
  { name: 'mixed', make: makeScreen, count: SCREENS, seed: 1000 },
  { name: 'actions', make: makeActionScreen, count: Math.ceil(45 * SCALE), seed: 2000 },
  { name: 'text', make: makeTextScreen, count: Math.ceil(30 * SCALE), seed: 3000 },
  { name: 'tables', make: makeTableScreen, count: Math.ceil(85 * SCALE), seed: 4000 },
  { name: 'charts', make: makeChartScreen, count: Math.ceil(50 * SCALE), seed: 5000 },
  { name: 'checkout', make: makeCheckoutScreen, count: Math.ceil(42 * SCALE), seed: 6000 },
  { name: 'mutations', make: makeMutationScreen, count: Math.ceil(65 * SCALE), seed: 7000 },
].filter((k) => !ONLY || ONLY.includes(k.name));

const CHUNK = 4096;
for (const k of KINDS) {
  const screens = Array.from({ length: k.count }, (_, i) => k.make(k.seed + i));
  k.screens = screens;
  k.bytes = screens.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
  k.components = screens.reduce((n, s) => n + s.components, 0);
  k.jsonLines = screens.map((s) => s.json.split('\n').filter(Boolean));
  k.chunked = screens.map((s) => {
    const out = [];
    for (let i = 0; i < s.text.length; i += CHUNK) out.push(s.text.slice(i, i + CHUNK));
    return out;
  });
  k.parseMs = Infinity;
  k.jsonMs = Infinity;
}

function parseAll(k) {
  let errors = 0;
  for (const chunks of k.chunked) {
    const p = createOmniParser(registries);
    for (const c of chunks) p.write(c);
    p.end();
    errors += p.issues.filter((i) => i.severity === 'error').length;
  }
  return errors;
}

function jsonAll(k) {
  let n = 0;
  for (const lines of k.jsonLines) for (const l of lines) n += JSON.parse(l).id ? 1 : 0;
  return n;
}

const CPU = process.env.BENCH_CLOCK === 'cpu';
const now = CPU
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

function time(fn, k) {
  const t = now();
  const out = fn(k);
  return { ms: now() - t, out };
}

for (const k of KINDS) for (let i = 0; i < 2; i++) { parseAll(k); jsonAll(k); } // warm up
for (let round = 0; round < ROUNDS; round++) {
  for (const k of KINDS) {
    const p = time(parseAll, k);
    k.parseMs = Math.min(k.parseMs, p.ms);
    k.errors = p.out;
    k.jsonMs = Math.min(k.jsonMs, time(jsonAll, k).ms);
  }
}

const row = (name, bytes, parseMs, jsonMs, what) => {
  const mb = bytes / 1e6;
  const speed = mb / (parseMs / 1000);
  const jspeed = mb / (jsonMs / 1000);
  console.log(
    `${name.padEnd(9)} ${mb.toFixed(1).padStart(5)} MB  parse ${speed.toFixed(1).padStart(5)} MB/s  JSON.parse ${jspeed.toFixed(1).padStart(6)} MB/s  ` +
      `parse is ${(jsonMs / parseMs).toFixed(2)} of JSON.parse's speed (time ratio ${(parseMs / jsonMs).toFixed(2)})${what ? `  ${what}` : ''}`,
  );
};
const sum = (ks, f) => ks.reduce((n, k) => n + k[f], 0);
console.log(`rounds: ${ROUNDS}, fastest of each, by ${CPU ? 'CPU time' : 'the wall clock'}; tools registered with their JSON Schemas; targets: >= 50 MB/s and >= 0.6 of JSON.parse's speed on every kind`);
for (const k of KINDS) {
  row(k.name, k.bytes, k.parseMs, k.jsonMs, `(${k.screens.length} screens, ${k.components.toLocaleString('en')} components)`);
  if (k.errors > 0) console.log(`warning: the ${k.name} screens produced ${k.errors} errors`);
}
const model = KINDS.filter((k) => k.name !== 'mixed');
if (model.length > 1) row('new kinds', sum(model, 'bytes'), sum(model, 'parseMs'), sum(model, 'jsonMs'));
if (KINDS.length > 1) row('all', sum(KINDS, 'bytes'), sum(KINDS, 'parseMs'), sum(KINDS, 'jsonMs'));

const mixed = KINDS.find((k) => k.name === 'mixed');
if (!mixed || process.env.BENCH_GROWTH === '0') process.exit(0);
const screens = mixed.screens;

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
