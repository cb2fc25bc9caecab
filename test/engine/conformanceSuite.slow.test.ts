// The conformance suites sit in the repository (test/conformance/suite/), so a lone clone runs them all; the
// copy is checked against ../shared/conformance/ wherever that folder is present (test/conformance/suiteCopy.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../conformance/suiteCopy.mjs', import.meta.url));
const suite = fileURLToPath(new URL('../conformance/suite/', import.meta.url));

/** The check, run against `shared` as if it were ../shared/conformance. */
const check = (shared: string) =>
  spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, SHARED_CONFORMANCE: shared }, timeout: 60_000 });

/** A scratch copy of the in-repo suite, to play the shared folder. */
function sharedCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'shared-')), 'conformance');
  cpSync(suite, dir, { recursive: true });
  return dir;
}

test('the suites and the generators\' inputs are in the repository', () => {
  for (const path of ['omni-ir/cases', 'omni-ir/fields/fields.json', 'omni-ir/transport', 'omni-ir/schema.json', 'omni-ir/theme.json', 'axstream/cases.json', 'op-stream/cases.json', 'oui/cases.json']) {
    assert.ok(existsSync(join(suite, path)), `test/conformance/suite/${path}`);
  }
});

test('a copy equal to the shared folder passes', () => {
  const shared = sharedCopy();
  const r = check(shared);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^test\/conformance\/suite\/ equals .* \(\d+ files\)$/m);
  rmSync(shared, { recursive: true, force: true });
});

test('a file changed, added or removed in the shared folder fails, naming it and how to refresh the copy', () => {
  const shared = sharedCopy();
  writeFileSync(join(shared, 'oui', 'cases.json'), '{"cases": []}\n');
  writeFileSync(join(shared, 'axstream', 'more.json'), '{"cases": []}\n');
  rmSync(join(shared, 'omni-ir', 'theme.json'));
  const r = check(shared);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^ {2}oui\/cases\.json: differs from /m);
  assert.match(r.stdout, /^ {2}axstream\/more\.json: in .* but not in the copy$/m);
  assert.match(r.stdout, /^ {2}omni-ir\/theme\.json: in the copy but no longer in /m);
  assert.match(r.stdout, /node test\/conformance\/suiteCopy\.mjs --refresh/);
  rmSync(shared, { recursive: true, force: true });
});

test('with no shared folder beside the checkout, the copy stands alone and says so', () => {
  const r = check(join(tmpdir(), 'no-such-shared-folder'));
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /test\/conformance\/suite\/ is the suite/);
});
