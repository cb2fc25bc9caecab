// `npm test`: every check a submission must pass, each counted; ends with `N passed, N failed`.
// Stages: typecheck (whole project, and the engine alone without DOM types), lint, engine tests in Node, the
// build, conformance suites (test/conformance/suite, then the project's extra cases in test/conformance/extra),
// servers and end-to-end tests, size budgets, the engine's API reports, the docs site and typed bindings, the packed package installed in
// a scratch project, every code block of the README run as written, browser tests in Chromium.
//   npm test                      every stage
//   npm test -- readme browser    only the named stages (and nothing they wait for: they build what they need)
//   npm test -- --list            the stages, their commands and what each waits for, without running them
//   npm test -- --jobs=N          at most N stages at once (default 3; AGENTIC_TEST_JOBS=N too)
//
// Independent stages run side by side; a stage that reads what the build makes starts once the build stage is
// done, and the build runs once: wireit (package.json "wireit") finds it fresh for every later `npm run build`
// (npm pack's prepack, the README's block, ensureBuild() in the tests). Each stage's output is held and printed
// whole when the stage ends, so stages running together never interleave. Each stage is told which stages ended
// before it started (AGENTIC_TEST_STAGES: [{name, cmd, code}]), so the README's `node scripts/check-size.mjs` is
// the size stage's run, not a second one.
//
// Why not wireit for this too: its loggers either hide a passing command's output or pass it through as it
// comes, it has no notion of counts, and its caching would skip a stage whose inputs didn't change, which a
// test gate must never do.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const jobsArg = args.find((a) => a.startsWith('--jobs='));
const jobs = Math.max(1, Number(jobsArg?.slice('--jobs='.length) ?? process.env.AGENTIC_TEST_JOBS ?? 3) || 3);
// Node's test runner runs one file at a time on two cores by default; the engine's files mostly wait (processes
// starting, timers), so a few at once finish much sooner.
const nodeJobs = `--test-concurrency=${2 * availableParallelism()}`;
const node = (...paths) => ['node', 'scripts/node-tests.mjs', '--test-reporter=tap', ...paths];

/**
 * Each stage: a command; how to read its pass/fail counts (none: the stage counts as one check); the stages it
 * waits for (`after`). Listed in the order they start when free to: the longest chains first, so the last to
 * end isn't one that could have started sooner.
 */
export const stages = [
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'engine', cmd: node(nodeJobs, 'test/engine', 'test/package'), counts: tapCounts },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  // The manifest check's own tests, the React/Vue/Svelte bindings type-checked by each framework's tool, and the
  // docs site: built, served, its playground playing each format, axe on every page.
  { name: 'docs', cmd: node('test/docs', 'test/bindings'), counts: tapCounts, after: ['build'] },
  // The browser tests read dist/mcp-view.html (the package's MCP view, opened as built).
  { name: 'browser', cmd: ['npx', 'web-test-runner'], counts: plainCounts, after: ['build'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings=0', '.'] },
  // The layers of the shipped folders (.dependency-cruiser.cjs), the second half of `npm run lint`.
  { name: 'layers', cmd: ['npm', 'run', '--silent', 'lint:layers'] },
  { name: 'typecheck-engine', cmd: ['npx', 'tsc', '-p', 'tsconfig.engine.json', '--noEmit'] },
  { name: 'conformance', cmd: ['node', 'test/conformance/run.mjs'], counts: plainCounts },
  { name: 'conformance-extra', cmd: ['node', 'test/conformance/run.mjs', 'test/conformance/extra'], counts: plainCounts },
  { name: 'size', cmd: ['node', 'scripts/check-size.mjs'], counts: plainCounts, after: ['build'] },
  // The engine entries' public API against its reports (api/*.api.md), read from the built declarations: a change
  // to what the package publishes fails here until its report is updated (`node scripts/api-report.mjs --local`).
  { name: 'api', cmd: ['node', 'scripts/api-report.mjs'], counts: plainCounts, after: ['build'] },
  // The demo and MCP servers, and the end-to-end tests driving the demo in Chromium (cdn/).
  { name: 'e2e', cmd: node('--test-concurrency=2', 'test/e2e'), counts: tapCounts, after: ['build'] },
  { name: 'server', cmd: node('test/server'), counts: tapCounts, after: ['build'] },
  // The package as a stranger gets it: npm pack, install in a scratch project, import, bundle, script tag, types, bin.
  { name: 'package', cmd: node('test/install'), counts: tapCounts, after: ['build'] },
  // Every code block of README.md, read from it and run as written (test/readme/readme.test.mjs says how).
  { name: 'readme', cmd: node('test/readme'), counts: tapCounts, after: ['build', 'size'] },
];

function tapCounts(out) {
  const pass = out.match(/^# pass (\d+)$/m);
  const fail = out.match(/^# fail (\d+)$/m);
  const skipped = out.match(/^# skipped (\d+)$/m);
  return pass && fail ? { passed: +pass[1], failed: +fail[1], skipped: skipped ? +skipped[1] : 0 } : null;
}

function plainCounts(out) {
  const clean = out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  const all = [...clean.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)];
  if (all.length === 0) return null;
  const last = all[all.length - 1];
  return { passed: +last[1], failed: +last[2], skipped: last[3] ? +last[3] : 0 };
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** What ended before a stage started in this run. */
const ran = [];

function run(stage) {
  return new Promise((resolve) => {
    const [cmd, ...rest] = stage.cmd;
    const env = { ...process.env, FORCE_COLOR: '0', AGENTIC_TEST_STAGES: JSON.stringify(ran) };
    const child = spawn(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (error) => (out += `could not start ${cmd}: ${error.message}\n`));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

if (args.includes('--list')) {
  for (const stage of stages) console.log(`${stage.name}: ${stage.cmd.join(' ')}${stage.after ? `   (after ${stage.after.join(', ')})` : ''}`);
  process.exit(0);
}

const unknown = only.filter((name) => !stages.some((s) => s.name === name));
if (unknown.length) {
  console.error(`npm test: no stage named ${unknown.join(', ')} (stages: ${stages.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
const chosen = stages.filter((s) => !only.length || only.includes(s.name));
const names = new Set(chosen.map((s) => s.name));
const started = Date.now();
console.log(`npm test: ${chosen.length} stages, up to ${jobs} at a time; each stage's output follows when it ends`);

let passed = 0;
let failed = 0;
const results = new Map();
const waiting = [...chosen];
const running = new Set();

/** A stage may start when every stage it waits for (and that runs in this run) has ended. */
const ready = (stage) => (stage.after ?? []).every((name) => !names.has(name) || results.has(name));

function record(stage, { code, out }, ms) {
  ran.push({ name: stage.name, cmd: stage.cmd, code });
  const counts = stage.counts ? stage.counts(out) : null;
  const p = counts ? counts.passed : code === 0 ? 1 : 0;
  let f = counts ? counts.failed : code === 0 ? 0 : 1;
  // A stage that exits non-zero fails even if its counts look clean (a crash, a runner error).
  if (code !== 0 && f === 0) f = 1;
  if (counts && p + f === 0) f = 1; // ran no test
  passed += p;
  failed += f;
  // Skipped tests are said, never hidden.
  const skips = counts?.skipped ? `, ${counts.skipped} skipped` : '';
  const line = `${stage.name}: ${p} passed, ${f} failed${skips}${code !== 0 ? ` (exit ${code})` : ''}`;
  results.set(stage.name, { line, ms });
  process.stdout.write(`\n=== ${stage.name}: ${stage.cmd.join(' ')}\n${out}${out.endsWith('\n') || !out ? '' : '\n'}--- ${line} in ${seconds(ms)}\n`);
}

await new Promise((done) => {
  const next = () => {
    for (const stage of [...waiting]) {
      if (running.size >= jobs) break;
      if (!ready(stage)) continue;
      waiting.splice(waiting.indexOf(stage), 1);
      running.add(stage);
      const t0 = Date.now();
      run(stage).then((result) => {
        running.delete(stage);
        record(stage, result, Date.now() - t0);
        next();
      });
    }
    if (running.size === 0 && waiting.length === 0) done();
  };
  next();
});

console.log(`\n=== summary (${seconds(Date.now() - started)} in all)`);
for (const stage of chosen) {
  const r = results.get(stage.name);
  console.log(`${r.line} (${seconds(r.ms)})`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
