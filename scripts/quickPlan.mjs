// Which engine tests `npm run test:quick` runs: those a change can break, judged by folder. The engine's tests
// are most of the loop's time, and a change to an element can't break a format's reader, so the loop runs the
// test folders of the source folders the change touched:
//  - src/<format>/ (omni-ir, ops, axstream, oui) → test/engine/<format>/;
//  - the core everything stands on (src/stream/, src/transport/, src/actions/, src/*.ts), the dependencies or the
//    compiler settings → all of test/engine/;
//  - strings/, themes/ → their folders; bin/ → test/engine/cli/;
//  - elements/ → the source tests that read elements/ (controllers, the element contract, signal imports, the
//    elements' clock);
//  - a test file → itself; a test helper → its folder.
// Files named *.slow.test.* are left out of the loop, never out of `npm test`: each takes many seconds because it
// starts processes (the CLI, the conformance runners, dependency-cruiser for the layers) or feeds a parser hundreds
// of thousands of lines (the hostile streams, the chunking properties).
import { execFileSync } from 'node:child_process';

export const SLOW = /\.slow\.test\.[^/]+$/;
const EVERYTHING = /^src\/(stream|transport|actions)\/|^src\/[^/]+\.ts$|^package(-lock)?\.json$|^tsconfig[^/]*\.json$|^scripts\/node-tests\.mjs$/;

/**
 * The engine test files a change to `changed` (repository paths) can break, out of `files` (every engine test
 * file, repository paths), slow ones left out.
 */
export function engineTestsFor(changed, files) {
  const quick = files.filter((f) => !SLOW.test(f));
  const prefixes = new Set();
  for (const file of changed) {
    if (EVERYTHING.test(file)) return quick;
    const source = /^src\/([^/]+)\//.exec(file) ?? /^(strings|themes)\//.exec(file);
    if (source) prefixes.add(`test/engine/${source[1]}/`);
    else if (file.startsWith('bin/')) prefixes.add('test/engine/cli/');
    else if (file.startsWith('elements/')) {
      prefixes.add('test/engine/controllers.test.ts');
      prefixes.add('test/engine/elementContract.test.ts');
      prefixes.add('test/engine/signalImports.test.ts');
      prefixes.add('test/engine/elementClock.test.ts');
    } else if (file.startsWith('test/engine/')) prefixes.add(/\.test\.[^/]+$/.test(file) ? file : file.slice(0, file.lastIndexOf('/') + 1));
  }
  return quick.filter((f) => [...prefixes].some((p) => f === p || (p.endsWith('/') && f.startsWith(p))));
}

/**
 * How many browser test files run at once when `--browser-jobs` doesn't say: side by side (up to three, no more than
 * the cores) only while the machine has room, a load under its cores; else one at a time. Each file's cost is mostly
 * CPU (a fresh page loading and compiling the elements' modules), so on a busy machine more at once gains nothing:
 * shared's 24 files took 192 s one at a time and 189 s three at a time at load 18 on two cores (issue 30 item 6).
 * The old reason to keep one, the dialogs' inert moment seen late under load, went when the tests' dialogs moved to
 * a manual clock.
 */
export function browserJobs(load, cores) {
  return load < cores ? Math.max(1, Math.min(3, cores)) : 1;
}

/**
 * The files a change touched: what differs from `since` (default: where this branch left main, so a branch's own
 * commits count), committed or not, and files git doesn't track yet. Null when git can't tell.
 */
export function changedFiles(root, since) {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean);
  try {
    let base = since;
    if (!base) {
      try {
        [base] = git('merge-base', 'HEAD', 'main');
      } catch {
        base = 'HEAD';
      }
    }
    return [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])];
  } catch {
    return null;
  }
}
