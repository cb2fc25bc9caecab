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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'engine-without-elements',
      comment: 'The engine (src/) runs in Node and workers without a DOM: it imports nothing of the elements, words, themes, the MCP view or the CLI. Move what both need into src/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(elements|strings|themes|mcp|bin)/' },
    },
    {
      name: 'engine-without-lit',
      comment: 'The engine (src/) runs without Lit: it takes its signals from signal-polyfill (src/signals.ts), never from @lit-labs/signals, which loads Lit.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: LIT },
    },
    {
      name: 'format-through-core',
      comment: 'A format (omni-ir, ops, axstream, oui) does not import another: what two formats share goes into the core (stream, transport, actions).',
      severity: 'error',
      from: { path: `^src/${FORMAT}/` },
      to: { path: `^src/${FORMAT}/`, pathNot: '^src/$1/' },
    },
    {
      name: 'core-knows-no-format',
      comment: 'The core (stream, transport, actions, signals, lazy) is what the formats stand on: it imports none of them.',
      severity: 'error',
      from: { path: '^src/(stream|transport|actions)/|^src/(signals|lazy)[.]ts$' },
      to: { path: `^src/${FORMAT}/` },
    },
    {
      name: 'engine-through-faces',
      comment: "Code outside the engine reaches it through its faces (a folder's index.ts), never a file behind one, so a format can rearrange its insides. Export what is needed from the face.",
      severity: 'error',
      from: { path: '^(elements|strings|themes|mcp|bin)/' },
      to: { path: '^src/', pathNot: FACES },
    },
    {
      name: 'element-own-folder',
      comment: "An element imports its own folder and elements/shared/, never another element's folder or the package entries; elements/shared/ imports no element. What two elements need goes to elements/shared/.",
      severity: 'error',
      from: { path: '^elements/([^/]+)/' },
      to: { path: '^elements/', pathNot: '^elements/($1|shared)/' },
    },
    {
      name: 'words-and-themes-are-leaves',
      comment: 'Words (strings/) and themes (themes/) are read by the elements: they import no element, the MCP view or the CLI.',
      severity: 'error',
      from: { path: '^(strings|themes)/' },
      to: { path: '^(elements|mcp|bin)/' },
    },
    {
      name: 'mcp-view-through-entries',
      comment: "The MCP view (mcp/) is an app of the package: it takes an element through its entry (elements/<tag>/index.ts), like any app.",
      severity: 'error',
      from: { path: '^mcp/' },
      to: { path: '^elements/', pathNot: '^elements/[^/]+/index[.]ts$' },
    },
    {
      name: 'cli-loads-the-engine',
      comment: 'The CLI (bin/) is plain JavaScript run by Node: it loads the engine only through bin/loadEngine.mjs (dist/engine.js, or the sources through tsx in a checkout), never by a static import of the sources.',
      severity: 'error',
      from: { path: '^bin/' },
      to: { path: '^(src|elements|strings|themes|mcp)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]generated[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.mjs'] },
  },
};
