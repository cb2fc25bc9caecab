// `npm run test:quick`: the loop to work in. The engine's tests in Node that the change can break and the browser
// tests of the elements you name, side by side, with no build (the engine's tests read the sources; the browser
// tests compile them on the fly). `npm test` runs everything before a submission; this runs what a change to one
// element can break.
//
//   npm run test:quick                          the engine's tests the change can break (scripts/quickPlan.mjs)
//   npm run test:quick -- ax-runner             and <ax-runner>'s browser tests (test/browser/ax-runner/)
//   npm run test:quick -- ax-runner shared      and the shared parts' too (any folder of test/browser/)
//   npm run test:quick -- engine ax-runner      all of the engine's tests, whatever changed
//   npm run test:quick -- engine/axstream ax-runner   only test/engine/axstream of the engine's tests
//   npm run test:quick -- --slow engine         with the slow tier too (files named *.slow.test.*; npm test runs them)
//   npm run test:quick -- --since=HEAD shared   the change is what isn't committed (default: since the branch left main)
//   npm run test:quick -- --browser-jobs=3 shared   three browser files at once (default: what the load allows, BROWSER_FILES_AT_ONCE)
//   npm run test:quick -- --watch ax-runner     again on every save (src/, elements/, strings/, themes/, test/)
//   npm run test:quick -- --list ax-runner      what it would run, without running it
//
// Prints each part's output when it ends, then `engine: …`, `browser: …` and a last line `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOW, browserJobs, changedFiles, engineTestsFor } from './quickPlan.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')).map((a) => a.replace(/=.*/, '')));
const since = args.find((a) => a.startsWith('--since='))?.slice('--since='.length);
const named = args.filter((a) => !a.startsWith('--'));

const browserFolders = readdirSync(join(root, 'test/browser'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const engineParts = named.filter((a) => /^(test\/)?engine(\/|$)/.test(a)).map((a) => (a.startsWith('test/') ? a : `test/${a}`));

/** The test files under a folder (or the file itself), as repository paths. */
function testFiles(path, out = []) {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) {
    if (/\.test\.(ts|mjs|js)$/.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(full).sort()) testFiles(`${path}/${name}`, out);
  return out;
}
const elements = named.filter((a) => !engineParts.some((p) => p.endsWith(a)));
const unknown = [...elements.filter((e) => !browserFolders.includes(e)), ...engineParts.filter((p) => !existsSync(join(root, p)))];
if (unknown.length) {
  console.error(`test:quick: no tests for ${unknown.join(', ')}. Name a folder of test/browser/ (${browserFolders.join(', ')}) or of test/engine/ (engine/axstream).`);
  process.exit(2);
}

// The engine's part: what was named, or else what the change can break (everything when git can't say).
const slow = flags.has('--slow');
let engineFiles;
let engineWhy;
if (engineParts.length) {
  engineFiles = engineParts.flatMap((p) => testFiles(p)).filter((f) => slow || !SLOW.test(f));
  engineWhy = engineParts.join(', ');
} else {
  const all = testFiles('test/engine');
  const changed = changedFiles(root, since);
  engineFiles = changed ? engineTestsFor(changed, all) : all.filter((f) => !SLOW.test(f));
  if (slow) engineFiles = [...engineFiles, ...all.filter((f) => SLOW.test(f) && !engineFiles.includes(f))];
  engineWhy = changed ? `what the ${changed.length} files changed since ${since ?? 'main'} can break` : 'all (git could not say what changed)';
}
const left = engineParts.length || slow ? 0 : testFiles('test/engine').filter((f) => SLOW.test(f)).length;
console.log(`test:quick: ${engineFiles.length} engine test files (${engineWhy})${left ? `; the slow tier (${left} files) is left to npm test or --slow` : ''}`);

/**
 * Browser test files at once: `--browser-jobs=N`, else as many as the machine has room for now (browserJobs() in
 * quickPlan.mjs: side by side while the load is under the cores, one at a time on a busy machine).
 */
const BROWSER_FILES_AT_ONCE = Math.max(1, Number(args.find((a) => a.startsWith('--browser-jobs='))?.slice('--browser-jobs='.length)) || browserJobs(loadavg()[0], availableParallelism()));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const parts = [
  ...(engineFiles.length ? [{
    name: 'engine',
    cmd: [process.execPath, 'scripts/node-tests.mjs', '--test-reporter=spec', `--test-concurrency=${2 * availableParallelism()}`, ...engineFiles],
    counts: (out) => {
      const pass = out.match(/^ℹ pass (\d+)$/m);
      const fail = out.match(/^ℹ fail (\d+)$/m);
      return pass && fail ? { passed: +pass[1], failed: +fail[1] } : null;
    },
    // The spec reporter lists every test, then the failing ones again at the end: show those.
    failures: (out) => out.slice(Math.max(0, out.search(/^✖ failing tests:$/m))),
  }] : []),
  ...(elements.length
    ? [
        {
          name: 'browser',
          cmd: [npx, 'web-test-runner', '--concurrency', String(BROWSER_FILES_AT_ONCE), ...elements.map((e) => `test/browser/${e}/**/*.test.ts`)],
          counts: (out) => {
            const all = [...out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').matchAll(/(\d+) passed, (\d+) failed/g)];
            const last = all.at(-1);
            return last ? { passed: +last[1], failed: +last[2] } : null;
          },
        },
      ]
    : []),
];

if (flags.has('--list')) {
  for (const part of parts) console.log(`${part.name}: ${part.cmd.map((c) => (c === process.execPath ? 'node' : c)).join(' ')}`);
  process.exit(0);
}

let current = [];

/** Runs one part; resolves with its output and exit code. */
function run(part) {
  return new Promise((resolve) => {
    const child = spawn(part.cmd[0], part.cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' }, detached: true });
    current.push(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (error) => (out += `could not start ${part.cmd[0]}: ${error.message}\n`));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, out }));
  });
}

/** One round: every part at once; prints each part's output whole as it ends, then the counts. */
async function round() {
  const started = Date.now();
  const lines = [];
  let passed = 0;
  let failed = 0;
  let stopped = false;
  await Promise.all(
    parts.map(async (part) => {
      const { code, signal, out } = await run(part);
      if (signal) {
        stopped = true;
        return;
      }
      const counts = part.counts(out);
      const p = counts?.passed ?? 0;
      let f = counts?.failed ?? 0;
      if (code !== 0 && f === 0) f = 1;
      if (!counts || p + f === 0) f = Math.max(f, 1);
      passed += p;
      failed += f;
      // A passing part shows only its closing lines; a failing one what failed (or all it said).
      const shown = code === 0 ? out.trimEnd().split('\n').slice(-10).join('\n') : part.failures ? part.failures(out) : out;
      process.stdout.write(`\n=== ${part.name}\n${shown}\n`);
      lines.push(`${part.name}: ${p} passed, ${f} failed${code !== 0 ? ` (exit ${code})` : ''}`);
    }),
  );
  current = [];
  if (stopped) return null;
  console.log(`\n${lines.join('\n')}\n${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return failed;
}

function stopRound() {
  for (const child of current) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // its process group: the runner and the browser it started
    } catch {
      // already gone
    }
  }
}

// The parts run in process groups of their own (so a new round can stop a whole runner and its browser): Ctrl+C
// stops them too.
process.on('SIGINT', () => {
  stopRound();
  process.exit(130);
});

if (!flags.has('--watch')) {
  const failed = await round();
  process.exit(failed ? 1 : 0);
}

// Watch: a save starts a new round (stopping one still running), a moment after the last change.
const watched = ['src', 'elements', 'strings', 'themes', 'test'];
let timer = null;
let running = null;
const again = () => {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    if (running) {
      stopRound();
      await running;
    }
    console.log(`\ntest:quick: running ${parts.map((p) => p.name).join(' and ')}…`);
    running = round().finally(() => {
      running = null;
      console.log('\ntest:quick: watching src/, elements/, strings/, themes/ and test/ (Ctrl+C to stop)');
    });
  }, 200);
};
for (const dir of watched) {
  watch(join(root, dir), { recursive: true }, (_event, file) => {
    if (file && !/(^|\/)\.|~$|\.swp$/.test(String(file))) again();
  });
}
again();
