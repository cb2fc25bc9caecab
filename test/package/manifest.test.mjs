// package.json agrees with scripts/entries.mjs, the one list of entries: each npm entry is exported with its
// types, found by TypeScript's older "node" resolution too (typesVersions), and marked as running code on
// import when it defines elements. A new element's line in entries.mjs makes this test say what to add.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ELEMENTS, FRAMEWORK_TYPES, NPM_ENTRIES, typesOf } from '../../scripts/entries.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const subpath = (name) => (name === 'agentic-elements' ? '.' : `./${name}`);

test('each entry is exported with its types', () => {
  for (const name of Object.keys(NPM_ENTRIES)) {
    const want = { types: typesOf(name), default: `./dist/${name}.js` };
    assert.deepEqual(pkg.exports[subpath(name)], want, `package.json "exports": "${subpath(name)}": ${JSON.stringify(want)}`);
  }
  assert.equal(pkg.types, typesOf('agentic-elements'));
  assert.equal(pkg.main, './dist/agentic-elements.js');
});

test('the framework bindings are types-only entries, found by every moduleResolution', () => {
  for (const name of FRAMEWORK_TYPES) {
    assert.deepEqual(pkg.exports[`./${name}`], { types: typesOf(name) }, `package.json "exports": "./${name}": {"types": "${typesOf(name)}"}`);
    assert.deepEqual(pkg.typesVersions?.['*']?.[name], [typesOf(name)], `package.json "typesVersions": {"*": {"${name}": ["${typesOf(name)}"]}}`);
  }
});

test('typesVersions lets moduleResolution "node" find each subpath’s types', () => {
  for (const name of Object.keys(NPM_ENTRIES).filter((n) => n !== 'agentic-elements')) {
    assert.deepEqual(pkg.typesVersions?.['*']?.[name], [typesOf(name)], `package.json "typesVersions": {"*": {"${name}": ["${typesOf(name)}"]}}`);
  }
});

test('sideEffects: element entries and element chunks run code on import; the engine does not', () => {
  for (const { tag } of ELEMENTS) assert.ok(pkg.sideEffects.includes(`./dist/${tag}.js`), `package.json "sideEffects": "./dist/${tag}.js"`);
  assert.ok(pkg.sideEffects.includes('./dist/agentic-elements.js'));
  assert.ok(pkg.sideEffects.includes('./dist/chunks/elements-*.js'));
  assert.ok(!pkg.sideEffects.some((p) => /engine/.test(p)), 'the engine is free of side effects');
});

test('the files a stranger needs are published, packing builds them, and installing runs nothing', () => {
  for (const entry of ['dist', 'cdn', 'bin', 'custom-elements.json']) assert.ok(pkg.files.includes(entry), entry);
  for (const maps of ['!dist/**/*.map', '!cdn/**/*.map']) assert.ok(pkg.files.includes(maps), maps);
  // npm pack and publish build first (wireit finds a fresh build and skips it).
  assert.equal(pkg.scripts.prepack, 'npm run build');
  assert.equal(pkg.scripts.build, 'wireit');
  assert.deepEqual(pkg.wireit.build.dependencies.sort(), ['build:bindings', 'build:bundles', 'build:mcp-view', 'build:types']);
  // An install script runs in every project that installs the package (npm 11 warns of each): none.
  for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) assert.equal(pkg.scripts[hook], undefined, hook);
  assert.equal(pkg.unpkg, './cdn/agentic-elements.js');
  assert.equal(pkg.exports['./cdn/*.js'], './cdn/*.js', 'the script-tag files, autoloader included, in "exports"');
});
