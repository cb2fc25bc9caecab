// cdn/engine.js, the engine for a page without a bundler: every public entry's API in one file (the npm package
// keeps them apart: `agentic-elements/engine`, `agentic-elements/engine/omni-ir`, …). One script-tag entry, not
// one per format, so the script-tag build splits its shared parts as before and a page fetches no more.
export * from '../index.js';
export * from './omni-ir.js';
export * from './ops.js';
export * from './axstream.js';
export * from './oui.js';
