// The layers of the shipped code, declared (dependency-cruiser; `npm run lint` runs it over src/, elements/,
// strings/, themes/, mcp/ and bin/; docs/architecture.md, "Layers", says why each rule is there). A rule names
// what may not be imported; paths are from the repository root. Tests, benchmarks, the demo, the docs site and
// scripts are not checked: they may test an engine file directly.

const FORMAT = '(omni-ir|ops|axstream|oui)';
// The engine's public faces: what code outside src/ may import from it. Each folder's index, the engine's own
// index, its lazy loader and its signals, and Omni-IR's clients (a face of their own, loaded with import() on
// first use).
const FACES = `^src/((stream|transport|actions|${FORMAT.slice(1, -1)})/index|omni-ir/transport/index|index|lazy|signals|entries/(omni-ir|ops|axstream|oui))[.]ts$`;
const LIT = '(^|/)node_modules/(lit|lit-html|lit-element|@lit|@lit-labs)/';

/**
 * A rule, an error: code whose path matches `from` imports nothing whose path matches `to`, except what matches
 * `toNot` (where `$1` is what `from`'s first group matched: an element's own folder, a format's own).
 */
const forbid = (name, comment, { from, to, toNot }) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: toNot === undefined ? { path: to } : { path: to, pathNot: toNot },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'engine-without-elements',
      'The engine (src/) runs in Node and workers without a DOM: it imports nothing of the elements, words, themes, the MCP view or the CLI. Move what both need into src/.',
      { from: '^src/', to: '^(elements|strings|themes|mcp|bin)/' },
    ),
    forbid(
      'engine-without-lit',
      'The engine (src/) runs without Lit: it takes its signals from signal-polyfill (src/signals.ts), never from @lit-labs/signals, which loads Lit.',
      { from: '^src/', to: LIT },
    ),
    forbid(
      'format-through-core',
      'A format (omni-ir, ops, axstream, oui) does not import another: what two formats share goes into the core (stream, transport, actions).',
      { from: `^src/${FORMAT}/`, to: `^src/${FORMAT}/`, toNot: '^src/$1/' },
    ),
    forbid(
      'core-knows-no-format',
      'The core (stream, transport, actions, signals, lazy) is what the formats stand on: it imports none of them.',
      { from: '^src/(stream|transport|actions)/|^src/(signals|lazy)[.]ts$', to: `^src/${FORMAT}/` },
    ),
    forbid(
      'engine-through-faces',
      "Code outside the engine reaches it through its faces (a folder's index.ts), never a file behind one, so a format can rearrange its insides. Export what is needed from the face.",
      { from: '^(elements|strings|themes|mcp|bin)/', to: '^src/', toNot: FACES },
    ),
    forbid(
      'element-own-folder',
      "An element imports its own folder and elements/shared/, never another element's folder or the package entries; elements/shared/ imports no element. What two elements need goes to elements/shared/.",
      { from: '^elements/([^/]+)/', to: '^elements/', toNot: '^elements/($1|shared)/' },
    ),
    forbid(
      'words-and-themes-are-leaves',
      'Words (strings/) and themes (themes/) are read by the elements: they import no element, the MCP view or the CLI.',
      { from: '^(strings|themes)/', to: '^(elements|mcp|bin)/' },
    ),
    forbid(
      'mcp-view-through-entries',
      'The MCP view (mcp/) is an app of the package: it takes an element through its entry (elements/<tag>/index.ts), like any app.',
      { from: '^mcp/', to: '^elements/', toNot: '^elements/[^/]+/index[.]ts$' },
    ),
    forbid(
      'cli-loads-the-engine',
      'The CLI (bin/) is plain JavaScript run by Node: it loads the engine only through bin/loadEngine.mjs (dist/engine.js, or the sources through tsx in a checkout), never by a static import of the sources.',
      { from: '^bin/', to: '^(src|elements|strings|themes|mcp)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]generated[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.mjs'] },
  },
};
