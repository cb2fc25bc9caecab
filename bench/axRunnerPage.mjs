// <ax-runner> in headless Chromium: what the element's own view (the step log, its announcements, its events)
// adds to the engine's work on long bursts. Prints, never asserts. The element and the engine are bundled from
// their TypeScript sources with esbuild, so no build is needed. Each part runs the same lines against the same
// page backend twice: through the element, and through the engine alone (createBurst), and prints the ratio.
//  - per step: 1,000 `wait 0` lines written one at a time, each timed until its step is done, the element has
//    drawn it and style and layout are done; a typical step (the median) of the first 100 against the last 100
//    (target <= 1.5), and the sums, which on a busy machine the steps that waited for a core decide;
//  - a burst of 1,000 `wait 0` lines handed over at once: element against engine (target: a few times, <= 3),
//    the longest task by its work in a traced run (target <= 50 ms) and by the wall clock, the frames painted,
//    how many elements the log holds at the end, and the longest task while the person has every step shown;
//  - a realistic burst of 1,000 click and type steps on a form, the same figures.
// BENCH_QUICK=1 halves the per-step part's runs. Wall-clock figures stretch on a busy machine: the load is printed.
import { build } from 'esbuild';
import { cpus, loadavg } from 'node:os';
import { openBenchPage } from './benchPage.mjs';

const root = new URL('..', import.meta.url).pathname;
const QUICK = process.env.BENCH_QUICK === '1';
const bundle = await build({
  stdin: {
    contents: [
      "import './elements/ax-runner/index.ts';",
      "import { createPageBackend } from './elements/ax-runner/backend/pageBackend.ts';",
      "import { createBurst } from './src/axstream/burst.ts';",
      'window.__ax = { createPageBackend, createBurst };',
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  tsconfig: `${root}tsconfig.json`,
  bundle: true,
  format: 'esm',
  write: false,
  target: 'es2022',
  minify: true,
});
const script = bundle.outputFiles[0].text;

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ax-runner bench</title></head>
<body><form id="app" aria-label="Booking" onsubmit="return false"><label>Name <input id="name"></label>
<button type="button" id="more">Add a guest</button><output id="count">0</output></form>
<ax-runner id="runner" policy="allow"></ax-runner><script type="module" src="/bench.js"></script></body></html>`;

const { tab, close } = await openBenchPage({
  html: page,
  headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  routes: { '/bench.js': { type: 'text/javascript', body: script } },
});
const f = (ms) => `${ms.toFixed(1)} ms`;
const holds = (ok) => (ok ? 'holds' : 'MISSED');
try {
  tab.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  await tab.waitForFunction(() => window.__ax && customElements.get('ax-runner'));
  await tab.evaluate(() => {
    const runner = document.getElementById('runner');
    const app = document.getElementById('app');
    runner.scope = app;
    document.getElementById('more').addEventListener('click', () => {
      const out = document.getElementById('count');
      out.value = String(Number(out.value) + 1);
    });
    // A macrotask after the microtasks Lit draws in.
    window.__turn = () => new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(); ch.port2.postMessage(0); });
    window.__frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    window.__backend = () => window.__ax.createPageBackend({ scope: app, exclude: [runner] });
  });
  console.log(`<ax-runner> log benchmark (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  await perStep();
  await burst('1,000 wait 0 steps at once', 'wait');
  await burst('1,000 click and type steps at once', 'mixed');
} finally {
  await close();
}

/** Each step written on its own and timed to drawn: the element's cost per step, and whether it grows. */
async function perStep() {
  const runs = QUICK ? 2 : 3;
  const r = await tab.evaluate(async (runs) => {
    const runner = document.getElementById('runner');
    const line = '{"op":"act","do":"wait","ms":0}\n';
    const N = 1000;
    const element = [];
    const engine = [];
    for (let run = 0; run < runs; run++) {
      // Through the element.
      const times = [];
      let done = -1;
      const onStep = (e) => {
        if (e.step.status === 'done') done = e.step.index;
      };
      runner.addEventListener('ax-step', onStep);
      runner.write('Waiting a thousand times.\n```jsonl\n');
      await runner.updateComplete;
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        runner.write(line);
        while (done < i) await window.__turn();
        // The log draws at most once a frame; a step that arrives on its own (a model writes a few a second) is
        // drawn in its frame. Drawn here and now, so each step's own drawing is timed.
        runner.requestUpdate();
        await runner.updateComplete;
        void document.body.offsetHeight; // style and layout
        times.push(performance.now() - t);
      }
      runner.end();
      runner.removeEventListener('ax-step', onStep);
      await window.__frame();
      element.push(times);
      // The engine alone, with the same backend.
      const alone = [];
      const burst = window.__ax.createBurst({ backend: window.__backend(), policy: 'allow' });
      let finished = -1;
      burst.onStep((s) => {
        if (s.status === 'done') finished = s.index;
      });
      burst.write('```jsonl\n');
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        burst.write(line);
        while (finished < i) await window.__turn();
        alone.push(performance.now() - t);
      }
      burst.end();
      await burst.outcome;
      engine.push(alone);
    }
    return { element, engine };
  }, runs);
  // Each step's median over the runs after the first (a warm-up).
  const median = (results) => {
    const kept = results.length > 1 ? results.slice(1) : results;
    return kept[0].map((_, i) => kept.map((t) => t[i]).sort((a, b) => a - b)[Math.floor(kept.length / 2)]);
  };
  const el = median(r.element);
  const en = median(r.engine);
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  const mid = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const first = sum(el.slice(0, 100));
  const last = sum(el.slice(-100));
  // A typical step of each hundred: on a busy machine a few steps wait 100 ms and more for a core, and those
  // outliers, not the element, decide the sums.
  const typicalFirst = mid(el.slice(0, 100));
  const typicalLast = mid(el.slice(-100));
  const growth = typicalLast / typicalFirst;
  console.log(`\nper step, 1,000 wait 0 lines written one at a time, each timed to drawn (median of ${Math.max(1, runs - 1)} runs after a warm-up):`);
  console.log(`  element, a typical step (the median): first 100 ${typicalFirst.toFixed(3)} ms, last 100 ${typicalLast.toFixed(3)} ms; by hundreds: ${Array.from({ length: 10 }, (_, b) => mid(el.slice(b * 100, b * 100 + 100)).toFixed(2)).join(' ')}`);
  console.log(`  growth, last 100 / first 100: ${growth.toFixed(2)} (target <= 1.5: ${holds(growth <= 1.5)})`);
  console.log(`  in all, with the waits for a core: first 100 steps ${f(first)}, last 100 ${f(last)} (${(last / first).toFixed(2)}), the slowest step ${f(Math.max(...el))}`);
  console.log(`  engine alone: ${mid(en).toFixed(3)} ms a typical step; element / engine over all 1,000: ${(sum(el) / sum(en)).toFixed(2)} (each of the element's steps is drawn and laid out before the next is written)`);
}

/**
 * The main thread's tasks while `inPage(arg)` runs in the tab, from a trace: the longest by its work (the smaller
 * of its wall clock and its thread's CPU time) and how many worked over 50 ms. On a machine busy with other work
 * a task's wall clock stretches while the thread waits for a core, and its CPU time doesn't (bench/morph.mjs
 * measures the same way).
 */
async function traced(inPage, arg) {
  const browser = tab.context().browser();
  await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let result;
  let trace;
  try {
    result = await tab.evaluate(inPage, arg);
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  }
  const main = trace.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = trace.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask');
  const work = tasks.map((e) => Math.min(e.dur, e.tdur ?? e.dur) / 1000);
  return { ...result, tasks: { work: Math.max(0, ...work), over: work.filter((ms) => ms > 50).length } };
}

/** 1,000 lines handed over at once: element against engine, the longest task, frames, the log's size. */
async function burst(name, kind) {
  await tab.evaluate((kind) => {
    const N = 1000;
    const lines = [];
    for (let i = 0; i < N; i++) {
      if (kind === 'wait') lines.push('{"op":"act","do":"wait","ms":0}');
      else if (i % 2 === 0) lines.push(i % 4 === 0 ? '{"op":"act","do":"click","target":{"ax":{"role":"textbox","title":"Name"}}}' : '{"op":"act","do":"click","target":{"ax":{"role":"button","title":"Add a guest"}}}');
      else lines.push(i % 4 === 1 ? `{"op":"act","do":"type","text":"G${i}"}` : '{"op":"act","do":"wait","ms":0}');
    }
    window.__text = `Here goes.\n\`\`\`jsonl\n${lines.join('\n')}\n\`\`\`\n`;
    window.__reset = () => {
      document.getElementById('name').value = '';
      document.getElementById('count').value = '0';
    };
  }, kind);
  // Three rounds of the engine alone then the element, each to its end; the medians are compared. Then a fourth
  // run of the element, traced for its tasks' work (tracing slows a page down, so that run isn't timed).
  const engineTimes = [];
  const elementTimes = [];
  let last;
  let longest = 0;
  let longCount = 0;
  const throughElement = async () => {
    const runner = document.getElementById('runner');
    window.__reset();
    await window.__frame();
    const long = [];
    const observer = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) long.push(e.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    let frames = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      frames++;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const t = performance.now();
    const outcome = await runner.stream(window.__text);
    await runner.updateComplete;
    void document.body.offsetHeight;
    const time = performance.now() - t;
    counting = false;
    await window.__frame();
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    return { time, frames, long, outcome: outcome.engine.reason };
  };
  for (let k = 0; k < 3; k++) {
    engineTimes.push(
      await tab.evaluate(async () => {
        window.__reset();
        const burst = window.__ax.createBurst({ backend: window.__backend(), policy: 'allow' });
        const t = performance.now();
        await burst.stream(window.__text);
        return performance.now() - t;
      }),
    );
    last = await tab.evaluate(throughElement);
    elementTimes.push(last.time);
    longest = Math.max(longest, ...last.long);
    longCount += last.long.length;
  }
  const { tasks } = await traced(throughElement);
  // The person asks to see every step: the longest task that takes, and the list then.
  const shown = await traced(async () => {
    const runner = document.getElementById('runner');
    const root = runner.shadowRoot;
    const N = 1000;
    const nodes = root.querySelectorAll('*').length;
    const items = root.querySelectorAll('li').length;
    const seen = [];
    const watcher = new PerformanceObserver((l) => {
      for (const e of l.getEntries()) seen.push(e.duration);
    });
    watcher.observe({ type: 'longtask', buffered: false });
    const t = performance.now();
    root.querySelector('[part~="steps-toggle"]').click();
    // Every step is drawn a few chunks a frame: timed until the last is on the page.
    while (root.querySelectorAll('li').length < N) await window.__frame();
    await runner.updateComplete;
    void document.body.offsetHeight;
    const expand = performance.now() - t;
    await window.__frame();
    await new Promise((r) => setTimeout(r, 50));
    watcher.disconnect();
    const count = root.querySelectorAll('li').length;
    root.querySelector('[part~="steps-toggle"]').click();
    await runner.updateComplete;
    return { expand, longest: seen.length ? Math.max(...seen) : 0, count, nodes, items };
  });
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const engine = median(engineTimes);
  const element = median(elementTimes);
  const ratio = element / engine;
  const load = loadavg()[0];
  console.log(`\n${name} (ended ${last.outcome}; load ${load.toFixed(1)}):`);
  console.log(`  engine alone ${f(engine)}, element ${f(element)}: element / engine ${ratio.toFixed(2)} (target <= 3: ${holds(ratio <= 3)})`);
  console.log(`  longest task by its work (the smaller of wall clock and CPU time, a traced run) ${f(tasks.work)} (${tasks.over} over 50 ms; target none: ${holds(tasks.over === 0)})`);
  console.log(`  by the wall clock (stretched when the machine is busy) ${f(longest)} (${longCount} long tasks in 3 runs), ${last.frames} frames painted in the last run`);
  console.log(`  the log holds ${shown.nodes} elements (${shown.items} list items) after 1,000 steps`);
  console.log(
    `  showing all ${shown.count} steps (a few chunks a frame) takes ${f(shown.expand)}, longest task by its work ${f(shown.tasks.work)} (target <= 50 ms: ${holds(shown.tasks.work <= 50)}), by the wall clock ${f(shown.longest)}`,
  );
}
