// The engine's public entries (scripts/entries.mjs ENGINE_ENTRIES): each lists its exports by name, so a helper
// never becomes a promise by being in a folder; the README and the guides import only what an entry publishes,
// from the entry that publishes it; and the Node scripts' loader (bin/loadEngine.mjs) loads the same entries.
// The types each entry publishes are held by its API report (api/*.api.md, scripts/api-report.mjs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_ENTRIES } from '../../scripts/entries.mjs';
import { ENGINE_FILES } from '../../bin/loadEngine.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file) => readFileSync(join(root, file), 'utf8');

/** The names a source file exports, read from its `export {…}` and `export type {…}` lists (`a as b` is b). */
export function exportedNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.replace(/\/\/.*$/gm, '').trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** Each `import {…} from 'agentic-elements/engine…'` in a markdown text: the entry, the names, the line. */
export function engineImports(markdown) {
  const out = [];
  for (const m of markdown.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'agentic-elements\/(engine[\w/-]*)'/g)) {
    const line = markdown.slice(0, m.index).split('\n').length;
    const names = m[1].split(',').map((p) => p.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim()).filter(Boolean);
    out.push({ entry: m[2], names, line });
  }
  return out;
}

/** The source files under `dir` (no installed or built folders). */
function sources(dir, out = []) {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', '.next', '.angular'].includes(e.name)) continue;
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|vue|svelte|mjs|js|html)$/.test(e.name)) out.push(path);
  }
  return out;
}

const published = Object.fromEntries(Object.entries(ENGINE_ENTRIES).map(([name, file]) => [name, exportedNames(read(file))]));

describe('the engine entries', () => {
  it('each lists its exports by name: no export * in an entry', () => {
    for (const file of Object.values(ENGINE_ENTRIES)) assert.doesNotMatch(read(file), /^export (type )?\*/m, `${file} re-exports a whole module`);
  });

  it('are the core and one per format, and bin/loadEngine.mjs loads the same ones', () => {
    assert.deepEqual(Object.keys(ENGINE_ENTRIES), ['engine', 'engine/omni-ir', 'engine/ops', 'engine/axstream', 'engine/oui']);
    assert.deepEqual(
      ENGINE_FILES,
      Object.entries(ENGINE_ENTRIES).map(([name, file]) => [file, `dist/${name}.js`]),
    );
  });

  it('publish each runtime name once, or the same thing under it (the Node scripts and the script-tag build merge them)', async () => {
    const seen = new Map();
    for (const [name, file] of Object.entries(ENGINE_ENTRIES)) {
      for (const [key, value] of Object.entries(await import(join(root, file)))) {
        if (seen.has(key)) assert.equal(seen.get(key).value, value, `${key}: ${seen.get(key).name} and ${name} publish different things`);
        else seen.set(key, { name, value });
      }
    }
  });

  it('keep internals unpublished: the helpers issue 30 named are in no entry', () => {
    const all = new Set(Object.values(published).flatMap((s) => [...s]));
    for (const helper of ['sleep', 'sha256', 'canonicalJson', 'withQuery', 'headingLevel', 'isHeadRow', 'realClock', 'hasOwn']) {
      assert.ok(!all.has(helper), `${helper} is published`);
    }
  });

  // The README, the guides, and the demo's sources (the framework examples are what an app copies; a merge once
  // left four of them importing the OUI agent from the core).
  const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...sources('demo')];
  for (const doc of docs) {
    it(`${doc} imports only what the engine entry it names publishes`, () => {
      const wrong = [];
      for (const { entry, names, line } of engineImports(read(doc))) {
        const have = published[entry];
        if (!have) wrong.push(`${doc}:${line}: agentic-elements/${entry} is not an entry`);
        else for (const n of names) if (!have.has(n)) wrong.push(`${doc}:${line}: ${n} is not published by agentic-elements/${entry}`);
      }
      assert.deepEqual(wrong, []);
    });
  }

  it('the docs check finds a name an entry does not publish', () => {
    const imports = engineImports("```js\nimport { createOmniParser, type OmniParser } from 'agentic-elements/engine/omni-ir';\nimport { sleep } from 'agentic-elements/engine';\n```");
    assert.deepEqual(imports, [
      { entry: 'engine/omni-ir', names: ['createOmniParser', 'OmniParser'], line: 2 },
      { entry: 'engine', names: ['sleep'], line: 3 },
    ]);
    assert.ok(published['engine/omni-ir'].has('OmniParser') && !published.engine.has('sleep'));
  });
});
