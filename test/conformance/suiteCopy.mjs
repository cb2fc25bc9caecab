// The conformance suites live in the repository (test/conformance/suite/), a byte-for-byte copy of the shared
// folder the project is developed beside (../shared/conformance/), so a clone with nothing beside it runs every
// case and every generator test. The copy must not drift from its source: wherever ../shared/conformance/ is
// present, compareWithShared() finds each file added, removed or changed there, and the conformance stage fails
// naming them and how to refresh the copy.
//
//   node test/conformance/suiteCopy.mjs            compare (exit 1 on a difference; says so when there's no ../shared)
//   node test/conformance/suiteCopy.mjs --refresh  make the copy equal to ../shared/conformance (then commit it)
//
// SHARED_CONFORMANCE=DIR compares with (or refreshes from) another folder.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The in-repo copy: what the conformance runner, the generators and the tests read by default. */
export const SUITE = join(root, 'test', 'conformance', 'suite');
/** Where the copy comes from: the shared folder beside the checkout. */
export const SHARED = process.env.SHARED_CONFORMANCE ?? join(root, '..', 'shared', 'conformance');

/** A file of the suite, by its path inside it (`omni-ir/theme.json`). */
export const suiteFile = (path) => join(SUITE, ...path.split('/'));

export const REFRESH = 'node test/conformance/suiteCopy.mjs --refresh';

function filesUnder(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, base, out);
    else out.push(relative(base, path).split(sep).join('/'));
  }
  return out;
}

/**
 * Compares the copy with `shared`. Resolves with null when there's no such folder (nothing to compare with),
 * else with `{files, added, removed, changed}`: the number of files compared, and the paths that are only in
 * the shared folder, only in the copy, or in both with other bytes.
 */
export function compareWithShared(shared = SHARED) {
  if (!existsSync(shared)) return null;
  const theirs = filesUnder(shared);
  const ours = existsSync(SUITE) ? filesUnder(SUITE) : [];
  const mine = new Set(ours);
  const added = theirs.filter((f) => !mine.has(f));
  const removed = ours.filter((f) => !theirs.includes(f));
  const changed = theirs.filter((f) => mine.has(f) && !readFileSync(join(shared, f)).equals(readFileSync(join(SUITE, f))));
  return { files: theirs.length, added, removed, changed };
}

/** What a difference is, in lines a person can act on; an empty list when the copy is equal. */
export function describeDifference(result, shared = SHARED) {
  if (!result) return [];
  const lines = [
    ...result.added.map((f) => `  ${f}: in ${shared} but not in the copy`),
    ...result.removed.map((f) => `  ${f}: in the copy but no longer in ${shared}`),
    ...result.changed.map((f) => `  ${f}: differs from ${shared}`),
  ];
  if (lines.length === 0) return [];
  return [
    `test/conformance/suite/ is not a copy of ${shared}:`,
    ...lines,
    `Refresh it with \`${REFRESH}\`, regenerate what is made from it (node scripts/generate-catalog.mjs,`,
    'node scripts/generate-tokens.mjs), run the tests and commit the result.',
  ];
}

/** Makes the copy equal to `shared`: every file replaced, none left that the shared folder no longer has. */
export function refreshFromShared(shared = SHARED) {
  if (!existsSync(shared)) throw new Error(`no shared conformance folder at ${shared} (set SHARED_CONFORMANCE to one)`);
  rmSync(SUITE, { recursive: true, force: true });
  cpSync(shared, SUITE, { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--refresh')) {
    refreshFromShared();
    console.log(`test/conformance/suite/ now equals ${SHARED} (${filesUnder(SUITE).length} files); commit it`);
  } else {
    const result = compareWithShared();
    if (!result) console.log(`no ${SHARED} to compare with; test/conformance/suite/ is the suite`);
    else {
      const difference = describeDifference(result);
      for (const line of difference) console.log(line);
      if (difference.length) process.exit(1);
      console.log(`test/conformance/suite/ equals ${SHARED} (${result.files} files)`);
    }
  }
}
