// The docs stay true to the repository: every npm script, file and folder the README and the guides name exists.
// A guide that names `build:manifest-check` or `src/ops/old.ts` after a rename sends a newcomer looking for
// something that isn't there; this finds it in review instead.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripts = new Set(Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts));
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The repository's own top-level folders a path in the docs can start with. */
const FOLDERS = ['src', 'elements', 'strings', 'themes', 'mcp', 'bin', 'test', 'scripts', 'bench', 'demo', 'docs', 'site', '.ci'];
const pathPattern = new RegExp(`^(?:\\./)?((?:${FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./@-]*)`);
// Paths that are built, not kept (the build's outputs), and placeholders a sentence fills in.
const built = /^(dist|cdn|docs-site|demo\/dist|demo\/frameworks\/[\w-]+\/(dist|\.next|\.angular))\b/;

/** What a document names: npm scripts and repository paths, each with its line. */
function named(file) {
  return namedIn(readFileSync(join(root, file), 'utf8'));
}

function namedIn(markdown) {
  const out = [];
  markdown
    .split('\n')
    .forEach((text, i) => {
      const line = i + 1;
      for (const m of text.matchAll(/\bnpm run(?:-script)? (?:--silent )?([\w:.-]+)/g)) out.push({ kind: 'script', name: m[1], line });
      // A script named on its own in code, as the docs do: `build:manifest`, `test:quick`.
      for (const m of text.matchAll(/`((?:build|test|docs|catalog|lint|typecheck|analyze|bench|start)(?::[\w-]+)+)`/g)) out.push({ kind: 'script', name: m[1], line });
      for (const m of text.matchAll(/`([^`\s]+)`|\]\(((?:\.\.\/)?[\w./-]+)\)|\bnode ((?:\.\/)?[\w./-]+\.m?[jt]s)\b/g)) {
        const raw = (m[1] ?? m[2] ?? m[3]).replace(/^\.\.\//, '');
        // Placeholders a guide asks the reader to fill in (`src/my-format/`) and patterns are not names.
        if (/[*<>{}…$]|\bmy-[\w-]+/.test(raw)) continue;
        const p = pathPattern.exec(raw)?.[1]?.replace(/[#:].*$/, '').replace(/[.,;]+$/, '');
        if (p && !built.test(p)) out.push({ kind: 'path', name: p.replace(/\/$/, ''), line });
      }
    });
  return out;
}

const missingIn = (names) => names.filter(({ kind, name }) => (kind === 'script' ? !scripts.has(name) : !existsSync(join(root, name))));

describe('what the docs name exists', () => {
  for (const file of docs) {
    it(file, () => {
      const missing = missingIn(named(file)).map(({ kind, name, line }) => `${file}:${line}: ${kind === 'script' ? `npm script "${name}"` : name}`);
      assert.deepEqual(missing, [], `named in the docs but not in the repository:\n${missing.join('\n')}`);
    });
  }

  it('the check finds what is missing, in every form the docs name things', () => {
    const doc = [
      'Run `npm run build:nothing` and then `test:nowhere`.',
      'The reader is `src/ops/gone.ts`, its tests in [the folder](../test/engine/gone/), run by `node scripts/gone.mjs`.',
      'Fill in `src/my-format/`, build to `dist/x.js`; `src/ops/document.ts` and `npm run build` exist.',
    ].join('\n');
    assert.deepEqual(
      missingIn(namedIn(doc)).map((n) => n.name),
      ['build:nothing', 'test:nowhere', 'src/ops/gone.ts', 'test/engine/gone', 'scripts/gone.mjs'],
    );
  });
});
