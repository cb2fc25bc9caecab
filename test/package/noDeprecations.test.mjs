// Nothing is deprecated before the first release (issue 30 item 4): an unreleased package has no one to keep an
// old name for, so a rename renames. No `@deprecated` in what ships (and in the generated framework typings), no
// `morph-diag` beside `morph-issue`, and the docs name no deprecated alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(dir, out = []) {
  for (const name of readdirSync(join(root, dir))) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) filesUnder(path, out);
    else if (/\.(ts|mjs|js|md|html)$/.test(name)) out.push(path);
  }
  return out;
}

const shipped = ['src', 'elements', 'strings', 'themes', 'mcp', 'bin', 'scripts/bindings'].flatMap((d) => filesUnder(d));
const docs = ['README.md', ...filesUnder('docs')];
const lines = (files, pattern) =>
  files.flatMap((file) => readFileSync(join(root, file), 'utf8').split('\n').flatMap((text, i) => (pattern.test(text) ? [`${file}:${i + 1}: ${text.trim()}`] : [])));

test('no @deprecated alias in what ships', () => {
  assert.deepEqual(lines(shipped, /@deprecated/), []);
});

test('no morph-diag: <morph-screen> fires morph-issue alone', () => {
  assert.deepEqual(lines([...shipped, ...docs], /morph-diag|MorphDiagEvent/), []);
});

test('the docs name no deprecated alias', () => {
  assert.deepEqual(lines(docs, /deprecated/i), []);
});
