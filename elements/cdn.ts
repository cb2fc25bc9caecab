/**
 * The entry of cdn/agentic-elements.js, the file for a page without a bundler (`<script type="module">`):
 * every element, and the engine's public API beside them (the core and every format's entry), so such a page
 * reaches `createOmniParser` and the rest from the same file. The npm entries keep them apart
 * (`agentic-elements`, `agentic-elements/engine`, `agentic-elements/engine/omni-ir`, …).
 */
export * from './all.js';
export * from '../src/index.js';
export * from '../src/entries/omni-ir.js';
export * from '../src/entries/ops.js';
export * from '../src/entries/axstream.js';
export * from '../src/entries/oui.js';
// Three type names mean one thing to <omni-screen> and another to the engine's action pipeline: this file
// speaks for the elements (the engine's own are at `agentic-elements/engine`). Types only: no value clashes.
export type { ActionParams, BlockReason, Confirmation } from './all.js';
