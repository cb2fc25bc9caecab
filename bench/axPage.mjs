// <ax-runner>'s page backend in headless Chromium: the time to observe a page of 5,000 elements (the DOM walk,
// roles and names through dom-accessibility-api, states, and the observation text), the first look and later
// ones, and the time to resolve a role-and-title target and an id among them. Prints, never asserts; the
// target is under 50 ms for an observation. The backend is bundled from its TypeScript sources with esbuild,
// so no build is needed. BENCH_QUICK=1: fewer repeats (3 later looks, 2 of each look-up), every line still printed.
import { build } from 'esbuild';
import { openBenchPage } from './benchPage.mjs';

const root = new URL('..', import.meta.url).pathname;
const QUICK = process.env.BENCH_QUICK === '1';
const LOOKS = QUICK ? 3 : 9;
const LOOKUPS = QUICK ? 2 : 5;
const bundle = await build({
  stdin: {
    contents: "import { createPageBackend } from './elements/ax-runner/backend/pageBackend.ts';\nwindow.__backend = createPageBackend();",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  write: false,
  target: 'es2022',
  minify: true,
});
const script = bundle.outputFiles[0].text;

/** 5,000 elements: 200 rows of a booking list, each a section of 25 elements, with headings and text. */
function pageHtml() {
  const rows = [];
  for (let i = 0; i < 200; i++) {
    rows.push(`<section class="row" aria-label="Booking ${i}"><h3>Booking ${i}</h3><p>Guest <b>Ada ${i}</b> arrives on <time>July ${(i % 28) + 1}</time>.</p>
<div><label for="n${i}">Name</label><input id="n${i}" value="Ada ${i}"></div>
<div><label><input type="checkbox" ${i % 2 ? 'checked' : ''}> Breakfast</label></div>
<div><select aria-label="Guests ${i}"><option>1</option><option selected>2</option><option>3</option></select></div>
<div><button type="button">Edit</button><button type="button" ${i % 7 ? '' : 'disabled'}>Cancel booking</button><a href="#b${i}">Details</a></div>
<ul><li>Room <span>${100 + i}</span></li><li hidden>secret</li></ul><span aria-hidden="true">★</span></section>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ax page bench</title></head><body><main>${rows.join('\n')}</main>
<script type="module" src="/backend.js"></script></body></html>`;
}

const { tab, close } = await openBenchPage({ html: pageHtml(), routes: { '/backend.js': { type: 'text/javascript', body: script } } });
try {
  tab.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  await tab.waitForFunction(() => window.__backend);
  // A page a model looks at has been drawn: the first look is timed after the first frame, as it would be.
  await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const result = await tab.evaluate(async ({ LOOKS, LOOKUPS }) => {
    const backend = window.__backend;
    const elements = document.body.querySelectorAll('*').length;
    const time = (fn) => {
      const t = performance.now();
      const out = fn();
      return [performance.now() - t, out];
    };
    const [first, obs] = time(() => backend.observe({ signal: new AbortController().signal }));
    const later = [];
    for (let i = 0; i < LOOKS; i++) later.push(time(() => backend.observe({ signal: new AbortController().signal }))[0]);
    later.sort((a, b) => a - b);
    const byTitle = [];
    for (let i = 0; i < LOOKUPS; i++) byTitle.push(time(() => backend.resolve({ kind: 'ax', role: 'AXButton', title: 'Cancel booking' }))[0]);
    const byLastTitle = [];
    for (let i = 0; i < LOOKUPS; i++) byLastTitle.push(time(() => backend.resolve({ kind: 'ax', role: 'AXButton', title: 'Nothing like this' }))[0]);
    const byId = [];
    for (let i = 0; i < LOOKUPS; i++) byId.push(time(() => backend.resolve({ kind: 'ax', id: 'e900' }))[0]);
    const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    return {
      elements,
      nodes: obs.tree.length,
      total: Number(/\((\d+) more elements? left out\)$/.exec(obs.text)?.[1] ?? 0) + obs.text.split('\n').length - 1,
      lines: obs.text.split('\n').length,
      chars: obs.text.length,
      tail: obs.text.split('\n').at(-1),
      first,
      median: med(later),
      best: later[0],
      byTitle: med(byTitle),
      byLastTitle: med(byLastTitle),
      byId: med(byId),
    };
  }, { LOOKS, LOOKUPS });
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`page: ${result.elements} elements; ${result.total} worth a line (${result.nodes} described in full); observation ${result.lines} lines, ${result.chars} characters, ending "${result.tail}"`);
  console.log(`observe: first ${f(result.first)}, then median ${f(result.median)} (best ${f(result.best)}); target < 50 ms: ${result.median < 50 ? 'holds' : 'MISSED'}${result.first < 50 ? '' : ' (the first look misses it)'}`);
  console.log(`resolve by role and title: first match ${f(result.byTitle)}, no match (whole page) ${f(result.byLastTitle)}; by id ${result.byId.toFixed(3)} ms`);
} finally {
  await close();
}
