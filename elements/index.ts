/**
 * `agentic-elements`: every element, each defined when its tag is first used. Importing this module costs a page
 * the loader (elements/autoloader.ts), not the elements: when `<omni-screen>` or another of the four tags first
 * appears in the document (or an open shadow root in it), that element's code is fetched with `import()`, which a
 * bundler splits into its own chunk, and the element defines itself and upgrades every such tag. On a server (no
 * `customElements`) it does nothing.
 *
 * `load(tag)` fetches and defines one now (an element made with `createElement` and not yet in the page, or a
 * framework that picks property or attribute by what the element has as it first renders: React, Svelte).
 * The classes are exported as types here; their values come from the per-element entries
 * (`agentic-elements/omni-screen`), which define their element as they load, eagerly.
 */
export { load, discover } from './autoloader.js';
export { registerLocale, registeredLocales, wordsFor } from '../strings/locales.js';
export { en, type Strings, type StringKey } from '../strings/en.js';
export type * from './all.js';
