// The release path: scripts/release-check.mjs refuses a tag that disagrees with package.json or the changelog,
// and the release workflow checks, tests, then publishes with provenance, in that order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { releaseProblems } from '../../scripts/release-check.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (f) => readFileSync(`${root}${f}`, 'utf8');
const log = (version) => `# Changelog\n\n## Unreleased\n\n## ${version} — 2027-01-15\n\n### Added\n- x\n`;

test('a tag, package.json and a changelog section that agree are releasable', () => {
  assert.deepEqual(releaseProblems('v0.1.0', { version: '0.1.0' }, log('0.1.0')), []);
  assert.deepEqual(releaseProblems('refs/tags/v1.2.3-rc.1', { version: '1.2.3-rc.1' }, log('1.2.3-rc.1')), []);
});

test('each disagreement is named', () => {
  assert.deepEqual(releaseProblems('v0.2.0', { version: '0.1.0' }, log('0.1.0')), [
    'package.json says 0.1.0, the tag 0.2.0',
    'CHANGELOG.md has no "## 0.2.0 — YYYY-MM-DD" section',
  ]);
  assert.match(releaseProblems('latest', { version: '0.1.0' }, log('0.1.0'))[0], /not v<major>/);
  assert.deepEqual(releaseProblems('v0.1.0', { version: '0.1.0', private: true }, log('0.1.0')), ['package.json is private']);
  // "Unreleased" is not a release, and 0.1.0 must not match 0.1.01 or 0x1y0.
  assert.equal(releaseProblems('v0.1.0', { version: '0.1.0' }, '## Unreleased\n## 0x1y0 — 2027-01-01\n').length, 1);
});

test('the repository as it is: not releasable until the changelog dates the version (nothing is published by accident)', () => {
  const pkg = JSON.parse(read('package.json'));
  assert.deepEqual(releaseProblems(`v${pkg.version}`, pkg, read('CHANGELOG.md')), [`CHANGELOG.md has no "## ${pkg.version} — YYYY-MM-DD" section`]);
  assert.match(read('CHANGELOG.md'), /^## How versions are numbered$/m);
});

test('the release workflow checks the version, runs npm test, then publishes with provenance', () => {
  const wf = read('.github/workflows/release.yml');
  assert.match(wf, /tags: \['v\*'\]/);
  assert.match(wf, /id-token: write/);
  const order = ['node scripts/release-check.mjs', 'npm ci', 'npm test', 'npm publish --provenance'].map((step) => wf.indexOf(step));
  assert.ok(order.every((i) => i > 0), `every step present: ${order}`);
  assert.deepEqual([...order].sort((a, b) => a - b), order, 'in that order');
});
