// Signals come from one module per layer (issue 30 item 5): the engine's from src/signals.ts (the polyfill, since
// `@lit-labs/signals` loads Lit), the elements' from elements/shared/base/signals.ts (`@lit-labs/signals`, the
// library an app using Lit's signals takes them from). No other shipped file names either package, so switching
// the library is one line, and test/browser/shared/signals.test.ts checks that all of them make one graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rel, root, sourceFiles } from './sources.ts';

const SHIPPED = ['src', 'elements', 'strings', 'themes', 'mcp', 'bin'];
const OWNER: Record<string, string> = { 'signal-polyfill': 'src/signals.ts', '@lit-labs/signals': 'elements/shared/base/signals.ts' };

/** The signal packages a source names in an import or export (static or dynamic). */
const signalImports = (source: string) =>
  [...source.matchAll(/(?:from\s*|import\s*\(?\s*)['"](signal-polyfill|@lit-labs\/signals)(?:\/[^'"]*)?['"]/g)].map((m) => m[1]);

test('the import finder sees every form an import of a signal package takes', () => {
  assert.deepEqual(signalImports("import { Signal } from 'signal-polyfill';"), ['signal-polyfill']);
  assert.deepEqual(signalImports('export { Signal } from "@lit-labs/signals";'), ['@lit-labs/signals']);
  assert.deepEqual(signalImports("const m = await import('signal-polyfill');"), ['signal-polyfill']);
  assert.deepEqual(signalImports("import type { Signal } from 'signal-polyfill/dist/wrapper.js';"), ['signal-polyfill']);
  assert.deepEqual(signalImports("import { Signal } from '../base/signals.js';"), []);
});

test('every shipped file takes its signals from the one module of its layer', () => {
  const wrong: string[] = [];
  const owners = new Map<string, string[]>();
  for (const dir of SHIPPED) {
    for (const file of sourceFiles(join(root, dir), /\.(ts|mjs|js)$/)) {
      const path = rel(file);
      for (const pkg of signalImports(readFileSync(file, 'utf8'))) {
        if (OWNER[pkg] === path) owners.set(pkg, [...(owners.get(pkg) ?? []), path]);
        else wrong.push(`${path} imports ${pkg}: take Signal from ${pkg === 'signal-polyfill' && !path.startsWith('src/') ? OWNER['@lit-labs/signals'] : OWNER[pkg]}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(Object.fromEntries(owners), { 'signal-polyfill': ['src/signals.ts'], '@lit-labs/signals': ['elements/shared/base/signals.ts'] });
});
