// <morph-screen> benchmark in headless Chromium: applies a realistic 10,000-op answer (bench/answer.mjs: prose
// streamed in growing spans ops, lists, tables, code, charts, a quiz, a what-if, follow-ups) one op at a time,
// waiting after each until Lit has drawn and style and layout are done, and prints the time per op (p50, p95;
// each op's median over several runs, the first run dropped as warm-up) and the ratio of the last 1,000 ops'
// cost to the first 1,000's. Targets: p95 under 0.5 ms, ratio at most 1.5; it says whether each holds.
// BENCH_FOLLOW=1 scrolls to the end after each op, as a chat that follows the stream does, so every op lands
// on screen. The page is cross-origin isolated, so performance.now() is precise to microseconds.
//
// Then, all at once: a 20,000-op answer handed over whole, from each kind of source: to stream() as a ReadableStream
// with every chunk enqueued, an async iterable that never waits, an array, a string, a fetch Response (as a fast
// local source or a file delivers it), and to write() line by line from the page's own code (a socket's messages
// all queued, one task each; and a loop over lines already there, all in one task). For each it prints the tasks
// over 50 ms Chromium reports (and the longest), the longest wait for a turn (the largest gap between two turns of
// a heartbeat, painting included), the frames painted while the answer was written and drawn, and how long that
// took, with the machine's load (wall-clock figures stretch on a busy machine), and the longest task by its work,
// from a trace of the run: for each task the smaller of its wall-clock time and its thread's CPU time, which
// doesn't stretch. A first burst warms the page up and isn't counted; before each traced burst the benchmark
// clears the last answer, reads the answer and makes the source with all of it already there (so its own work
// isn't counted as the element's), and has the last answer's garbage collected (so no kind pays for the one
// before it). Target: no task over 50 ms, from every kind. One more run, not part of the target, streams right
// after clearing a 20,000-op answer without that collection, and prints what the collection costs in the burst.
// Then the biggest chart the limits allow: a 10,000-point line chart, and a 10,000-bar chart, each followed by a
// paragraph, written at once: the longest task by its work (traced, as above) until the picture, every row of its
// data table and the paragraph are drawn. Target: no task over 50 ms (BENCH_ONLY=chart runs only this).
// A benchmark, not a test: it prints, never fails. Needs `npm run build` first (it loads cdn/agentic-elements.js,
// the script-tag build). BENCH_QUICK=1: a 2,000-op answer, two runs, a 4,000-op burst, every line still printed. BENCH_ONLY=burst
// or BENCH_ONLY=ops runs one part. BENCH_EXPLAIN=1 also prints what the longest task of each burst
// was made of (script, style, layout, paint, garbage collection).
import { cpus, loadavg } from 'node:os';
import { makeAnswer } from './answer.mjs';
import { needCdn, openBenchPage } from './benchPage.mjs';

needCdn();
const bundle = 'cdn/agentic-elements.js';
const QUICK = process.env.BENCH_QUICK === '1';
const ONLY = process.env.BENCH_ONLY ?? '';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const OPS = QUICK ? 2_000 : 10_000;
const BURST_OPS = QUICK ? 4_000 : 20_000;
const answer = makeAnswer(7, OPS);
const burst = makeAnswer(11, BURST_OPS);
/** The kinds of source a burst is handed over from, as the page makes them. */
const KINDS = [
  'ReadableStream, every chunk enqueued',
  'async iterable that never waits',
  'array of chunks',
  'one string',
  'fetch Response',
  'write() per line, a task each',
  'write() per line, all in one task',
];
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>morph bench</title>
<script type="module" src="/${bundle}"></script></head><body><morph-screen></morph-screen></body></html>`;
const FOLLOW = process.env.BENCH_FOLLOW === '1';
const { tab, close } = await openBenchPage({
  html: page,
  // Cross-origin isolated, so performance.now() is precise to microseconds.
  headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  routes: {
    '/answer.jsonl': { type: 'application/x-ndjson', body: answer.join('') },
    '/burst.jsonl': { type: 'application/x-ndjson', body: burst.join('') },
  },
});
try {
  await tab.waitForFunction(() => customElements.get('morph-screen'));
  if (ONLY === '' || ONLY === 'ops') await perOp();
  if (ONLY === '' || ONLY === 'burst') await allAtOnce();
  if (ONLY === '' || ONLY === 'chart') await bigCharts();
} finally {
  await close();
}

/** Each op on its own, drawn and laid out before the next: the cost per op and whether it grows. */
async function perOp() {
  const runs = Number(process.env.BENCH_RUNS ?? (QUICK ? 2 : 4));
  const { results, nodes } = await tab.evaluate(async ({ runs, follow }) => {
    const lines = (await (await fetch('/answer.jsonl')).text()).split('\n').filter(Boolean).map((l) => `${l}\n`);
    // A macrotask after the microtasks Lit draws in: every node that the op touched has drawn by then.
    // One channel for every wait: a channel per wait would leave the page thousands of ports to finalize.
    const ch = new MessageChannel();
    const settle = () => new Promise((r) => { ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
    const el = document.querySelector('morph-screen');
    const results = [];
    for (let run = 0; run < runs; run++) {
      el.reset();
      await settle();
      const times = [];
      for (const line of lines) {
        const t = performance.now();
        el.write(line);
        await settle();
        if (follow) document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight;
        void document.body.offsetHeight; // include style and layout
        times.push(performance.now() - t);
      }
      el.end();
      await settle();
      results.push(times);
    }
    return { results, nodes: el.shadowRoot.querySelectorAll('morph-node').length };
  }, { runs, follow: FOLLOW });
  const kept = results.length > 1 ? results.slice(1) : results;
  const times = kept[0].map((_, i) => {
    const v = kept.map((r) => r[i]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  });
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  const first = sum(times.slice(0, 1000));
  const last = sum(times.slice(-1000));
  const p95 = q(0.95);
  const ratio = last / first;
  const holds = (ok) => (ok ? 'holds' : 'DOES NOT HOLD');
  console.log(`ops: ${times.length} (${nodes} node elements drawn), ${kept.length} measured runs${FOLLOW ? ', scrolled to the end after each op' : ''}`);
  console.log(`per op: p50 ${q(0.5).toFixed(3)} ms, p95 ${p95.toFixed(3)} ms: target p95 < 0.5 ms ${holds(p95 < 0.5)}`);
  console.log(`first 1,000 ops ${first.toFixed(1)} ms, last 1,000 ops ${last.toFixed(1)} ms`);
  console.log(`ratio last 1,000 / first 1,000: ${ratio.toFixed(2)}: target <= 1.5 ${holds(ratio <= 1.5)}`);
}

/**
 * The 20,000-op answer handed over whole, from each kind of source: the long tasks and the frames painted. Each
 * run is traced, so the longest task is also known by its work: on a machine busy with other work a task's
 * wall-clock time stretches while the thread waits for a core, and its CPU time doesn't.
 */
async function allAtOnce() {
  const browser = tab.context().browser();
  const results = [];
  const cdp = await tab.context().newCDPSession(tab);
  // A first burst, not measured: it loads the chart library and warms the page's code up.
  await tab.evaluate(clearInPage);
  await tab.evaluate(prepareInPage, KINDS[0]);
  await tab.evaluate(burstInPage, KINDS[0]);
  // Each kind, then once more the first kind right after a cleared answer, its garbage not yet collected.
  const runs = [...KINDS.map((kind) => ({ kind, collected: true })), { kind: KINDS[3], collected: false }];
  for (const { kind, collected } of runs) {
    // The last burst's answer is cleared first, outside the trace: taking 9,000 node elements away isn't streaming.
    await tab.evaluate(clearInPage);
    // So is the benchmark's own making of the source (reading and splitting the answer, a ReadableStream's 20,000
    // enqueues): that is the page's code, not the element's, and its task would count as the element's.
    await tab.evaluate(prepareInPage, kind);
    // And the last answer's garbage is collected, as a page idle for a while has it collected: else the collection
    // of the 9,000 node elements the last kind left lands in this kind's burst, and each kind is measured with what
    // the kinds before it left behind. The last run doesn't, and shows what that costs (not part of the target).
    if (collected) await cdp.send('HeapProfiler.collectGarbage');
    await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', ...(EXPLAIN ? ['v8'] : [])] });
    const r = await tab.evaluate(burstInPage, kind);
    const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const main = trace.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasks = trace.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask');
    // Each task's work: the smaller of its wall-clock time (stretched while the thread waits for a core) and its
    // thread's CPU time (which a busy virtual machine sometimes reports above the wall clock).
    const work = tasks.map((e) => Math.min(e.dur, e.tdur ?? e.dur) / 1000);
    r.cpu = Math.max(0, ...work);
    r.cpuOver = work.filter((ms) => ms > 50).length;
    if (EXPLAIN && tasks.length > 0) r.inside = insideLongest(trace, tasks, work);
    r.collected = collected;
    results.push(r);
  }
  const holds = (ok) => (ok ? 'holds' : 'DOES NOT HOLD');
  // Wall-clock figures: a machine busy with other work stretches every task; say how busy it was.
  const load = loadavg()[0];
  console.log(`\n${BURST_OPS.toLocaleString('en')} ops handed over at once, by kind of source (target: no task over 50 ms, frames keep painting; machine load ${load.toFixed(1)} on ${cpus().length} cores):`);
  for (const r of results) {
    if (!r.collected) console.log(`\nThe same right after a 20,000-op answer was cleared, its garbage not collected yet (a page replacing one huge answer with another at once; not part of the target):`);
    const longest = r.long ? `${r.long} over 50 ms, the longest ${r.longest.toFixed(0)} ms` : 'none over 50 ms';
    console.log(
      `${r.kind}: written and drawn in ${r.ms.toFixed(0)} ms (${r.nodes} node elements); ${r.frames} frames painted (${((r.frames * 1000) / r.ms).toFixed(0)} per second)\n` +
        `  longest task by its work (the smaller of wall clock and CPU time) ${r.cpu.toFixed(1)} ms (${r.cpuOver} over 50 ms): ${r.collected ? "target" : "50 ms"} ${holds(r.cpuOver === 0)}\n` +
        `  wall clock: long tasks ${longest}, ${r.collected ? "target" : "50 ms"} ${holds(r.long === 0)}; longest wait for a turn ${r.gap.toFixed(0)} ms (a heartbeat's largest gap, painting included); longest animation frame ${r.loaf.toFixed(0)} ms`,
    );
    if (r.inside) console.log(`  the longest task held: ${r.inside}`);
  }
}

/**
 * What the longest task (by its work) was made of, for chasing it (BENCH_EXPLAIN=1): its wall-clock and CPU time,
 * then the time inside it of script, microtasks, style, layout, paint and garbage collection (a collection can
 * happen inside a script, so the parts may add up to more than the task).
 */
function insideLongest(trace, tasks, work) {
  const task = tasks[work.indexOf(Math.max(...work))];
  const end = task.ts + task.dur;
  const parts = { script: ['EventDispatch', 'FunctionCall', 'v8.callFunction', 'EvaluateScript', 'TimerFire'], microtasks: ['RunMicrotasks'], style: ['UpdateLayoutTree'], layout: ['Layout'], paint: ['Paint', 'PrePaint', 'Layerize'], 'major GC': ['MajorGC'], 'minor GC': ['MinorGC'] };
  const spans = Object.fromEntries(Object.keys(parts).map((k) => [k, []]));
  for (const e of trace) {
    if (e.pid !== task.pid || e.tid !== task.tid || e.ph !== 'X' || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
    for (const [k, names] of Object.entries(parts)) if (names.includes(e.name)) spans[k].push([e.ts, e.ts + e.dur]);
  }
  // The time covered by each part's events (events of a part nest: an event dispatch runs a function call).
  const sums = {};
  for (const [k, list] of Object.entries(spans)) {
    list.sort((x, y) => x[0] - y[0]);
    let sum = 0;
    let reach = -Infinity;
    for (const [from, to] of list) {
      if (to > reach) sum += to - Math.max(from, reach);
      reach = Math.max(reach, to);
    }
    sums[k] = sum;
  }
  const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
  return `${ms(task.dur)} wall clock, ${ms(task.tdur ?? task.dur)} CPU; ${Object.entries(sums).filter(([, us]) => us >= 500).map(([k, us]) => `${k} ${ms(us)}`).join(', ')}`;
}

/** The longest task by its work (the smaller of wall clock and CPU time) in a trace, and how many were over 50 ms. */
function longestWork(trace) {
  const main = trace.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = trace.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask');
  const work = tasks.map((e) => Math.min(e.dur, e.tdur ?? e.dur) / 1000);
  return { cpu: Math.max(0, ...work), over: work.filter((ms) => ms > 50).length, inside: EXPLAIN && tasks.length > 0 ? insideLongest(trace, tasks, work) : '' };
}

/**
 * The largest chart the limits allow (10,000 rows), line and bar, each with a paragraph after it, written at
 * once: the longest task until its picture, its whole data table and the paragraph are drawn. The first of each
 * kind warms up (chart.js loaded, code compiled) and isn't counted.
 */
async function bigCharts() {
  const browser = tab.context().browser();
  const cdp = await tab.context().newCDPSession(tab);
  const holds = (ok) => (ok ? 'holds' : 'DOES NOT HOLD');
  console.log(`\nThe largest chart the limits allow, written at once with a paragraph after it (target: no task over 50 ms; machine load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores):`);
  for (const type of ['line', 'bar']) {
    for (const counted of [false, true]) {
      await tab.evaluate(clearInPage);
      await cdp.send('HeapProfiler.collectGarbage');
      if (counted) await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', ...(EXPLAIN ? ['v8'] : [])] });
      const ms = await tab.evaluate(chartInPage, type);
      if (!counted) continue;
      const r = longestWork(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
      console.log(`10,000-point ${type} chart: drawn (picture, data table, the paragraph after it) in ${ms.toFixed(0)} ms; longest task by its work ${r.cpu.toFixed(1)} ms (${r.over} over 50 ms): target ${holds(r.over === 0)}`);
      if (r.inside) console.log(`  the longest task held: ${r.inside}`);
    }
  }
}

/** In the page: a 10,000-point chart of `type` and a paragraph after it, written at once, until all of it is drawn. */
async function chartInPage(type) {
  const rows = Array.from({ length: 10_000 }, (_, i) => [`P${i}`, String(Math.round(1000 + Math.sin(i / 40) * 800 + (i % 7) * 13))]);
  const text =
    `${JSON.stringify({ op: 'node', id: '0', type: 'Chart', attrs: { type, title: 'Big', x: 'Point', y: 'USD' }, data: { columns: ['Point', 'Value'], rows } })}\n` +
    `${JSON.stringify({ op: 'node', id: '1', type: 'p', spans: 'After the chart' })}\n${JSON.stringify({ op: 'end', complete: true, truncated: false })}\n`;
  const el = document.querySelector('morph-screen');
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const t0 = performance.now();
  el.write(text);
  el.end();
  for (let i = 0; i < 5000; i++) {
    await frame();
    const chart = el.shadowRoot.querySelector('ae-chart');
    const after = [...el.shadowRoot.querySelectorAll('morph-node')].find((n) => n.nodeId === '1');
    if (chart?.chartInstance && chart.shadowRoot.querySelectorAll('tbody tr').length === 10_000 && after?.textContent.includes('After the chart')) break;
  }
  return performance.now() - t0;
}

/** In the page: an empty answer, and a moment for the page to settle. */
async function clearInPage() {
  document.querySelector('morph-screen').reset();
  for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(() => r()));
}

/**
 * In the page, before a burst is traced: the answer read and split, and the source of `kind` made with all of it
 * already there (a fetch Response: its headers in, its body read by the element).
 */
async function prepareInPage(kind) {
  const text = await (await fetch('/burst.jsonl')).text();
  const lines = text.split('\n').filter(Boolean).map((l) => `${l}\n`);
  const sources = {
    'ReadableStream, every chunk enqueued': () =>
      new ReadableStream({
        start(c) {
          for (const l of lines) c.enqueue(l);
          c.close();
        },
      }),
    'async iterable that never waits': () =>
      (async function* () {
        for (const l of lines) yield l;
      })(),
    'array of chunks': () => lines,
    'one string': () => text,
    'fetch Response': () => fetch('/burst.jsonl'),
  };
  window.burstLines = lines;
  window.burstSource = sources[kind] ? await sources[kind]() : null;
  // A socket's messages, all arrived: posted now, held by the port until the burst listens (setting onmessage
  // starts it), so posting 20,000 messages, the page's own work, isn't counted as the element's.
  if (kind === 'write() per line, a task each') {
    window.burstChannel = new MessageChannel();
    for (let k = 0; k < lines.length; k++) window.burstChannel.port2.postMessage(null);
  }
}

/** In the page: one burst from one kind of source (made by `prepareInPage`), written and drawn, with what the page saw of it. */
async function burstInPage(kind) {
  const lines = window.burstLines;
  const source = window.burstSource;
  window.burstLines = window.burstSource = null;
  const el = document.querySelector('morph-screen');
  /**
   * Without stream(): the page's own code calls write() for each line. "A task each" is a socket or an
   * EventSource whose messages all arrived at once (one task per message, queued together); "all in one task"
   * is a loop over lines already there (the element reads what the task's budget allows and the rest in the
   * next tasks; the loop itself, 20,000 calls, stays in its task).
   */
  const writes = {
    'write() per line, a task each': () =>
      new Promise((resolve) => {
        const channel = window.burstChannel;
        let i = 0;
        channel.port1.onmessage = () => {
          el.write(lines[i++]);
          if (i < lines.length) return;
          el.end();
          channel.port1.close();
          resolve();
        };
      }),
    'write() per line, all in one task': async () => {
      for (const l of lines) el.write(l);
      el.end();
    },
  };
  // The heartbeat's one channel: a channel per beat would be the benchmark's own garbage, thousands of ports the
  // page's garbage collector finalizes one by one, counted against the answer's tasks.
  const beat = new MessageChannel();
  const turn = () => new Promise((r) => { beat.port1.onmessage = () => r(); beat.port2.postMessage(0); });
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  /** Until every node has its element and nothing is left to draw later (no pending block in the answer). */
  async function drawn() {
    for (let i = 0; i < 2000; i++) {
      await frame();
      const root = el.shadowRoot;
      if (!root.querySelector('.answer-body .pending') && !el.isUpdatePending) {
        let busy = false;
        for (const n of root.querySelectorAll('morph-node')) if (n.isUpdatePending) busy = true;
        if (!busy) return;
      }
    }
  }
  const long = [];
  const loaf = [];
  const observers = [];
  for (const [type, list] of [['longtask', long], ['long-animation-frame', loaf]]) {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) continue;
    const o = new PerformanceObserver((l) => { for (const e of l.getEntries()) list.push(e.duration); });
    o.observe({ type, buffered: false });
    observers.push([o, list]);
  }
  let running = true;
  let frames = 0;
  const countFrames = () => { if (running) { frames++; requestAnimationFrame(countFrames); } };
  requestAnimationFrame(countFrames);
  // A heartbeat of tasks: the largest gap between two beats is the longest the page didn't get a turn.
  let last = performance.now();
  let gap = 0;
  (async () => {
    while (running) {
      await turn();
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }
  })();
  const t0 = performance.now();
  if (writes[kind]) await writes[kind]();
  else await el.stream(source);
  await drawn();
  const ms = performance.now() - t0;
  running = false;
  await frame();
  beat.port1.close();
  for (const [o, list] of observers) { for (const e of o.takeRecords()) list.push(e.duration); o.disconnect(); }
  return { kind, ms, gap, long: long.length, longest: Math.max(0, ...long), loaf: Math.max(0, ...loaf), frames, nodes: el.shadowRoot.querySelectorAll('morph-node').length };
}
