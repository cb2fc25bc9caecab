// `npm test`: every check a submission must pass, in order, each counted; ends with `N passed, N failed`.
// Stages: typecheck (whole project, and the engine alone without DOM types), lint, engine tests in Node,
// build, conformance suites (the shared one, then the project's extra cases in test/conformance/extra), size
// budgets, the docs site and typed bindings, the packed package installed in a scratch project, every code block
// of the README run as written, browser tests in Chromium.
//   npm test                      every stage
//   npm test -- readme browser    only the named stages
//   npm test -- --list            the stages and their commands, without running them
// Each stage is told what ran before it in this run (AGENTIC_TEST_STAGES: [{name, cmd, code}]), so the README's
// `npm run build` and `node scripts/check-size.mjs` are the build and size stages' runs, not second ones.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));

/** Each stage: a command, and how to read its pass/fail counts (null: the stage counts as one check). */
const stages = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'typecheck-engine', cmd: ['npx', 'tsc', '-p', 'tsconfig.engine.json', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'engine', cmd: ['node', 'scripts/node-tests.mjs', '--test-reporter=tap'], counts: tapCounts },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'conformance', cmd: ['node', 'test/conformance/run.mjs'], counts: plainCounts },
  { name: 'conformance-extra', cmd: ['node', 'test/conformance/run.mjs', 'test/conformance/extra'], counts: plainCounts },
  { name: 'size', cmd: ['node', 'scripts/check-size.mjs'], counts: plainCounts },
  // The manifest check's own tests, the React/Vue/Svelte bindings type-checked by each framework's tool, and the
  // docs site: built, served, its playground playing each format, axe on every page.
  { name: 'docs', cmd: ['node', 'scripts/node-tests.mjs', '--test-reporter=tap', 'test/docs', 'test/bindings'], counts: tapCounts },
  // The package as a stranger gets it: npm pack, install in a scratch project, import, bundle, script tag, types, bin.
  { name: 'package', cmd: ['node', 'scripts/node-tests.mjs', '--test-reporter=tap', 'test/install'], counts: tapCounts },
  // Every code block of README.md, read from it and run as written (test/readme/readme.test.mjs says how).
  { name: 'readme', cmd: ['node', 'scripts/node-tests.mjs', '--test-reporter=tap', 'test/readme'], counts: tapCounts },
  { name: 'browser', cmd: ['npx', 'web-test-runner'], counts: plainCounts },
];

function tapCounts(out) {
  const pass = out.match(/^# pass (\d+)$/m);
  const fail = out.match(/^# fail (\d+)$/m);
  const skipped = out.match(/^# skipped (\d+)$/m);
  return pass && fail ? { passed: +pass[1], failed: +fail[1], skipped: skipped ? +skipped[1] : 0 } : null;
}

function plainCounts(out) {
  const clean = out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  const all = [...clean.matchAll(/(\d+) passed, (\d+) failed/g)];
  if (all.length === 0) return null;
  const last = all[all.length - 1];
  return { passed: +last[1], failed: +last[2] };
}

/** What ran before the current stage in this run. */
const ran = [];

function run(stage) {
  return new Promise((resolve) => {
    const [cmd, ...args] = stage.cmd;
    const env = { ...process.env, FORCE_COLOR: '0', AGENTIC_TEST_STAGES: JSON.stringify(ran) };
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        out += d;
        sink.write(d);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

if (args.includes('--list')) {
  for (const stage of stages) console.log(`${stage.name}: ${stage.cmd.join(' ')}`);
  process.exit(0);
}

let passed = 0;
let failed = 0;
const summary = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
  const { code, out } = await run(stage);
  ran.push({ name: stage.name, cmd: stage.cmd, code });
  // A stage whose input isn't here (the external conformance suite in a lone clone) says so and is skipped.
  const skipped = code === 0 && /^skipped: .*/m.exec(out);
  if (skipped) {
    summary.push(`${stage.name}: ${skipped[0]}`);
    continue;
  }
  const counts = stage.counts ? stage.counts(out) : null;
  let p = counts ? counts.passed : code === 0 ? 1 : 0;
  let f = counts ? counts.failed : code === 0 ? 0 : 1;
  // A stage that exits non-zero fails even if its counts look clean (a crash, a runner error).
  if (code !== 0 && f === 0) f = 1;
  if (counts && p + f === 0) f = 1; // ran no test
  passed += p;
  failed += f;
  // Tests skipped because an input isn't here (the shared suite) are said, never hidden.
  const skips = counts?.skipped ? `, ${counts.skipped} skipped (an input is absent; see above)` : '';
  summary.push(`${stage.name}: ${p} passed, ${f} failed${skips}${code !== 0 ? ` (exit ${code})` : ''}`);
}
console.log('\n=== summary');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
