// <morph-screen> benchmark in headless Chromium: applies a realistic 10,000-op answer (bench/answer.mjs: prose
// streamed in growing spans ops, lists, tables, code, charts, a quiz, a what-if, follow-ups) one op at a time,
// waiting after each until Lit has drawn and style and layout are done, and prints the time per op (p50, p95;
// each op's median over several runs, the first run dropped as warm-up) and the ratio of the last 1,000 ops'
// cost to the first 1,000's. Targets: p95 under 0.5 ms, ratio at most 1.5; it says whether each holds.
// BENCH_FOLLOW=1 scrolls to the end after each op, as a chat that follows the stream does, so every op lands
// on screen. The page is cross-origin isolated, so performance.now() is precise to microseconds.
// A benchmark, not a test: it prints, never fails. Needs `npm run build` first (it loads cdn/agentic-elements.js,
// the script-tag build). BENCH_QUICK=1: a 2,000-op answer, two runs, every line still printed.
import { makeAnswer } from './answer.mjs';
import { needCdn, openBenchPage } from './benchPage.mjs';

needCdn();
const bundle = 'cdn/agentic-elements.js';
const QUICK = process.env.BENCH_QUICK === '1';
const OPS = QUICK ? 2_000 : 10_000;
const answer = makeAnswer(7, OPS);
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>morph bench</title>
<script type="module" src="/${bundle}"></script></head><body><morph-screen></morph-screen></body></html>`;
const FOLLOW = process.env.BENCH_FOLLOW === '1';
const { tab, close } = await openBenchPage({
  html: page,
  // Cross-origin isolated, so performance.now() is precise to microseconds.
  headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  routes: { '/answer.jsonl': { type: 'application/x-ndjson', body: answer.join('') } },
});
try {
  await tab.waitForFunction(() => customElements.get('morph-screen'));
  const runs = Number(process.env.BENCH_RUNS ?? (QUICK ? 2 : 4));
  const { results, nodes } = await tab.evaluate(async ({ runs, follow }) => {
    const lines = (await (await fetch('/answer.jsonl')).text()).split('\n').filter(Boolean).map((l) => `${l}\n`);
    // A macrotask after the microtasks Lit draws in: every node that the op touched has drawn by then.
    const settle = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
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
} finally {
  await close();
}
