// The version the elements stamp on their classes (elements/shared/base/version.ts) is package.json's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

test('elements/shared/base/version.ts says package.json’s version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const source = readFileSync(new URL('../../elements/shared/base/version.ts', import.meta.url), 'utf8');
  assert.match(source, new RegExp(`export const VERSION = '${pkg.version.replace(/\./g, '\\.')}';`), `set VERSION to '${pkg.version}'`);
});
