// ```js blocks: an ES module, run as written, either in Node or in a page.
//
// Where it runs is read from the code: a block that uses the page's globals (document, window other than in a
// `typeof window` guard, customElements, HTMLElement, localStorage, navigator, location) is a browser module;
// any other block is a Node module (the engine, a server, a build config). The fence can say it outright with
// ```js browser or ```js node, when reading the code would guess wrong; it only ever chooses where, never
// whether, a block runs. A block of comments only is a module that does nothing, and runs.
//
// Node: the block is written to .tmp/readme/L<line>.mjs (inside the package, so `agentic-elements`,
// `agentic-elements/engine`… resolve to this package as built, through its exports map, as they would for an
// app that installed it), padded so its line numbers are the README's, and run with `node`. It must exit 0
// within 30 s.
//
// Browser: bundled by esbuild as an app's bundler would, loaded by a page on the test server (the demo behind
// it, the demo's CSP), and must finish without any problem the page watcher sees (page.mjs), with its elements'
// probes passing (probes.mjs).
//
// Either way, an output the block shows (`// → …` on the line that logs it) must be what it logged (shown.mjs).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runProcess } from '../process.mjs';
import { scratchDir, root } from '../paths.mjs';
import { bundle, padded, writeIn } from '../bundle.mjs';
import { openPage, assertNoProblems } from '../page.mjs';
import { eventProblems, eventSummary, probeElements } from '../probes.mjs';
import { shownProblems } from '../shown.mjs';
import { CSP } from '../../../demo/server/http.mjs';

const PAGE_GLOBALS = /(?<![.$\w])(document|window|customElements|HTMLElement|localStorage|sessionStorage|navigator|location)\b/;

/** The code with comments and string contents blanked out, so only what runs is looked at. */
export function codeOnly(src) {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 1;
      out += ' ';
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += `${c}${c}`;
      i = j;
    } else out += c;
  }
  return out;
}

/** 'browser' or 'node', and why. */
export function placeOf(block) {
  if (block.info.includes('browser')) return { place: 'browser', why: 'its fence says browser' };
  if (block.info.includes('node')) return { place: 'node', why: 'its fence says node' };
  const used = PAGE_GLOBALS.exec(codeOnly(block.code).replace(/\btypeof\s+\w+/g, ''));
  return used ? { place: 'browser', why: `it uses ${used[1]}` } : { place: 'node', why: 'it uses nothing of a page' };
}

export async function runJs(block, ctx) {
  const { place, why } = placeOf(block);
  return place === 'browser' ? runInBrowser(block, ctx, why) : runInNode(block, why, ctx.file);
}

async function runInNode(block, why, readme = 'README.md') {
  const file = writeIn(scratchDir(), `L${block.line}.mjs`, padded(block));
  const logFile = `${file}.log.jsonl`;
  const hook = fileURLToPath(new URL('../shownHook.mjs', import.meta.url));
  const run = await runProcess(process.execPath, ['--import', pathToFileURL(hook).href, file], {
    cwd: root,
    timeoutMs: 30_000,
    env: { README_SHOWN_LOG: logFile, README_SHOWN_SOURCE: pathToFileURL(file).href },
  });
  const shown = `${run.stdout}${run.stderr}`.trim();
  if (run.timedOut) throw new Error(`${block.where}: the js block (run in Node: ${why}) didn't finish within 30 s.\n${shown}`);
  if (run.code !== 0) {
    throw new Error(
      `${block.where}: the js block (run in Node as an ES module, ${why}; its line numbers below are the README's) ` +
        `exited ${run.code}:\n${shown}`,
    );
  }
  const logs = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const unlike = shownProblems(block, logs, readme);
  if (unlike.length) throw new Error(`${block.where}: the js block (run in Node) did not print what the README shows:\n${unlike.map((p) => `  - ${p}`).join('\n')}`);
  const lines = run.stdout.trim().split('\n').filter(Boolean);
  return [`ran in Node (${why}) in ${run.ms} ms${lines.length ? `; printed: ${lines.slice(0, 5).join(' | ')}` : ''}`];
}

async function runInBrowser(block, ctx, why) {
  const dir = scratchDir(`L${block.line}`);
  const code = await bundle(writeIn(dir, 'block.mjs', padded(block)), block.where);
  const env = await ctx.browser();
  const base = `/__readme/L${block.line}`;
  env.put(`${base}/block.js`, code);
  // The loader says when the module has finished (top-level awaits included) or failed.
  env.put(
    `${base}/loader.js`,
    "import('./block.js').then(() => { document.documentElement.dataset.readme = 'done'; }, (error) => { document.documentElement.dataset.readme = 'failed'; throw error; });\n",
  );
  const url = env.put(`${base}/index.html`, `<!doctype html>\n<html lang="en"><title>${block.where}</title><script type="module" src="loader.js"></script></html>\n`, { csp: CSP });
  const session = await openPage(env, url, { where: block.where, pageLines: false });
  try {
    await session.page.waitForFunction(() => document.documentElement.dataset.readme, null, { timeout: 20_000 }).catch(() => {
      session.problems.push('the module did not finish within 20 s');
    });
    await session.settle().catch((error) => session.problems.push(error.message));
    const probed = await probeElements(session);
    const { events } = await session.record();
    await session.collectViolations();
    // Bundled, its lines are not the README's: an output it shows is never found, and says so.
    const shown = shownProblems(block, await session.logs(), ctx.file);
    assertNoProblems(block.where, [...session.problems, ...probed.problems, ...eventProblems(events), ...shown], session.notes);
    return [`ran in Chromium (${why}), bundled by esbuild`, ...probed.notes, eventSummary(events)];
  } finally {
    await session.close();
  }
}
