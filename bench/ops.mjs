// Op-stream engine benchmark (Node). Applies a realistic 10,000-op answer one line at a time and prints the time
// per op (p50, p95; each op's median over several runs) and the ratio of the last 1,000 ops' cost to the first
// 1,000's, twice: the engine alone, and the engine with a renderer's reads (each touched node's spans, children,
// closed state and data, found through the change feed). The <morph-screen> element benchmark targets p95 under
// 0.5 ms and a ratio of at most 1.5 in Chromium; this prints whether the engine alone holds them. Prints, never
// asserts. Loads the engine as bin/loadEngine.mjs does (the sources in a checkout).
import { performance } from 'node:perf_hooks';
import { loadEngine } from '../bin/loadEngine.mjs';
import { makeAnswer } from './answer.mjs';

const { createOpStream } = await loadEngine();
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const OPS = 10_000;
const answer = makeAnswer(7, OPS);
let seen = 0;

function once(render) {
  const s = createOpStream({ transport: 'lines' });
  const doc = s.document;
  const times = new Float64Array(answer.length);
  let cursor = doc.changes.cursor;
  for (let i = 0; i < answer.length; i++) {
    const t = performance.now();
    s.write(answer[i]);
    if (render) {
      const changed = doc.changes.since(cursor);
      cursor = changed.cursor;
      // What a renderer reads of each touched node; summed so the reads can't be optimised away.
      for (const id of changed.ids) {
        const n = id === '' ? null : doc.node(id);
        if (n === null) seen += doc.roots.length;
        else if (n) seen += n.spans.length + n.children.length + (n.closed ? 1 : 0) + (n.data ? 1 : 0);
      }
    }
    times[i] = performance.now() - t;
  }
  s.end();
  const rejected = doc.issues.filter((x) => x.severity === 'error').length;
  return { times, rejected, nodes: doc.size };
}

function measure(render) {
  for (let i = 0; i < 5; i++) once(render); // warm up
  const runs = [];
  let info;
  for (let r = 0; r < RUNS; r++) {
    info = once(render);
    runs.push(info.times);
  }
  const median = new Float64Array(answer.length);
  const column = new Float64Array(RUNS);
  for (let i = 0; i < answer.length; i++) {
    for (let r = 0; r < RUNS; r++) column[r] = runs[r][i];
    column.sort();
    median[i] = column[RUNS >> 1];
  }
  const sorted = Float64Array.from(median).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const sum = (from, to) => median.slice(from, to).reduce((a, b) => a + b, 0);
  const first = sum(0, 1000);
  const last = sum(answer.length - 1000, answer.length);
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], ratio: last / first, total: sum(0, answer.length), ...info };
}

const bytes = answer.reduce((n, l) => n + Buffer.byteLength(l), 0);
console.log(`answer: ${answer.length} ops, ${(bytes / 1024).toFixed(0)} KB; each op's median over ${RUNS} runs`);
for (const [label, render] of [
  ['engine alone', false],
  ['engine + renderer reads', true],
]) {
  const m = measure(render);
  if (m.rejected) console.log(`warning: the benchmark answer had ${m.rejected} refused ops`);
  const holds = m.p95 < 0.5 && m.ratio <= 1.5;
  console.log(
    `${label}: ${m.nodes} nodes, ${m.total.toFixed(1)} ms in all; per op p50 ${(m.p50 * 1000).toFixed(1)} µs, p95 ${(m.p95 * 1000).toFixed(1)} µs, max ${(m.max * 1000).toFixed(0)} µs; ` +
      `last 1,000 / first 1,000: ${m.ratio.toFixed(2)}`,
  );
  console.log(`  targets for <morph-screen> in Chromium: p95 < 0.5 ms, ratio <= 1.5; the ${label === 'engine alone' ? 'engine alone' : 'engine with reads'} ${holds ? 'holds them' : 'does NOT hold them'}`);
}
if (seen < 0) console.log(seen);
