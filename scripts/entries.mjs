// The package's entry points. A new element adds ONE line to ELEMENTS (its tag and its size budget); the build
// (rollup.config.mjs), the size budgets (scripts/check-size.mjs) and the package test (test/package/) read this
// list, and the package test says which lines package.json still needs ("exports" and "typesVersions").
//
// Each element's entry is elements/<tag>/index.ts, published as `agentic-elements/<tag>` (dist/<tag>.js, its
// types at dist/types/elements/<tag>/index.d.ts). Its budget is min+gzip of the entry with everything it loads
// statically, Lit and the engine included, as an app that uses only this element ships it. (The budgets of
// `agentic-elements`, every element, and of cdn/agentic-elements.js are in scripts/check-size.mjs: a new
// element raises them too, on purpose.)

// The three elements that ask the person carried the page's confirmation queue, its inert period and visibility
// checks, the list of every param and the seal of what was approved (canonical JSON, SHA-256): about 4 KB each.
// <morph-screen> fails soft (refused nodes keep their place, spans and items degrade), checks Forms beyond
// `required` and paces big answers by a budget per task: about 5 KB. <omni-screen> was at 57.4 KB of 57 on main
// when that merged.
// Issue 17's <ax-runner> half adds 3.5 KB to it (how targets rank and tie, how a reply ended, wait_until woken by
// DOM changes, the log folded round the latest steps, batched announcements, their words); <omni-screen> was
// 57.4 KB on main already and carries the new words too (0.3 KB), every element sharing one table of words.
// Then the confirmation dialog, the queue and the seal loaded on the first ask instead: about 5 KB less for each
// of the three that ask (<omni-screen> 52.5 KB, <oui-surface> 37.9, <ax-runner> 57.4).
// Issue 19's screen kernel: both screens draw through one node element, controller, tab list and set of looks,
// carrying what either needs (the tab list's reveal, app-element hand-over outside signal tracking), plus the
// aliases kept then for a release (gone since issue 30: nothing is deprecated before the first release): <omni-screen>
// 52.9 KB, <morph-screen> 55.8.
// Issue 17's garbage-collection pause on a 20,000-op burst: every element's signal watching keeps less per node
// element (shared watchers, no computed for a render that read only states: 0.3–0.6 KB of code), and
// <morph-screen> draws plain spans as DOM (0.7 KB more): <omni-screen> 53.5, <oui-surface> 38.8, <ax-runner> 58.5,
// <morph-screen> 57.0. Issues 26-29 together (see check-size.mjs): <omni-screen> 58.0, <oui-surface> 41.8,
// <ax-runner> 63.7, <morph-screen> 61.6.
// Issues 28–30 add: the elements take their signals from @lit-labs/signals (one graph with an app's Lit signals;
// its module code isn't marked free of side effects, about 0.3 KB each), copying and printing an answer
// (<morph-screen> +1.4 KB), the agent's calls heard on the connection they went out on, the element contract
// (issues on <ax-runner>, one issue event): <omni-screen> 58.7, <oui-surface> 43.0, <ax-runner> 64.7, <morph-screen> 63.5.
// Then: <omni-screen> copies through the screens' copy handler (+1.4 KB), a failed step's reason said in the
// person's words from its code (<ax-runner> +0.9 KB), every element's clock and reset(): <omni-screen> 60.7,
// <oui-surface> 43.7, <ax-runner> 65.9, <morph-screen> 64.3.
/** @type {readonly {tag: string, budgetKB: number}[]} */
export const ELEMENTS = [
  { tag: 'omni-screen', budgetKB: 60.9 },
  { tag: 'oui-surface', budgetKB: 43.9 },
  { tag: 'ax-runner', budgetKB: 66.1 },
  { tag: 'morph-screen', budgetKB: 64.5 },
];

/**
 * The languages shipped (strings/<tag>.ts), each its own entry: `agentic-elements/locales/<tag>`. English is built
 * in; its entry is the table itself, the keys every other language translates (docs/words.md).
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ar'];

/**
 * The DOM-free engine's entries, for Node, workers and servers: `agentic-elements/engine` is the core every format
 * stands on (the stream stage, the transport pieces, the governed action pipeline), and each format has its own
 * entry over it. Each entry lists its exports by name; what only the elements need stays unpublished (they import
 * it by path). Each entry's public API is held by a report in api/ (scripts/api-report.mjs).
 */
export const ENGINE_ENTRIES = {
  engine: 'src/index.ts',
  'engine/omni-ir': 'src/entries/omni-ir.ts',
  'engine/ops': 'src/entries/ops.ts',
  'engine/axstream': 'src/entries/axstream.ts',
  'engine/oui': 'src/entries/oui.ts',
};

/** The npm entries built from sources: name (dist/<name>.js, `agentic-elements/<name>`) → source file. */
export const NPM_ENTRIES = {
  // `agentic-elements`: every element (elements/index.ts re-exports each element's entry).
  'agentic-elements': 'elements/index.ts',
  ...ENGINE_ENTRIES,
  ...Object.fromEntries(ELEMENTS.map(({ tag }) => [tag, `elements/${tag}/index.ts`])),
  ...Object.fromEntries(LOCALES.map((tag) => [`locales/${tag}`, `strings/${tag}.ts`])),
};

/**
 * The files for a plain <script type="module"> tag, all dependencies inside, built together so they share their
 * parts (cdn/chunks/): `agentic-elements` (every element, and the engine's API), `autoloader` (each element
 * fetched when its tag first appears), one file per element (`cdn/<tag>.js`, what the autoloader fetches),
 * `engine` (every engine entry's API, alone) and one per language. A page may use any of them together: one copy of each part.
 */
export const CDN_ENTRY = {
  'agentic-elements': 'elements/cdn.ts',
  autoloader: 'elements/autoloader.ts',
  engine: 'src/entries/cdn.ts',
  ...Object.fromEntries(ELEMENTS.map(({ tag }) => [tag, `elements/${tag}/index.ts`])),
  ...Object.fromEntries(LOCALES.map((tag) => [`locales/${tag}`, `strings/${tag}.ts`])),
};

/**
 * Types-only entries for templates, generated from custom-elements.json (scripts/bindings/generate.mjs):
 * `agentic-elements/<name>` → dist/types/frameworks/<name>.d.ts. They hold no code, so they have no `default`.
 */
export const FRAMEWORK_TYPES = ['react', 'vue', 'svelte'];

/** Export subpath → types file, for package.json "exports" and "typesVersions". */
export function typesOf(name) {
  if (name === 'agentic-elements') return './dist/types/elements/index.d.ts';
  if (name in ENGINE_ENTRIES) return `./dist/types/${ENGINE_ENTRIES[name].replace(/\.ts$/, '.d.ts')}`;
  if (FRAMEWORK_TYPES.includes(name)) return `./dist/types/frameworks/${name}.d.ts`;
  if (name.startsWith('locales/')) return `./dist/types/strings/${name.slice('locales/'.length)}.d.ts`;
  return `./dist/types/elements/${name}/index.d.ts`;
}
