// The engine's signals, from this one module. They are the TC39 proposal's polyfill, the very instance
// `@lit-labs/signals` re-exports (npm installs one copy for both): the elements take theirs from that library
// (elements/shared/base/signals.ts) and an app from it too, and all of them are one signal graph, so a computed
// of the app's sees a screen's state. The engine can't take them from `@lit-labs/signals` itself: that module
// loads Lit, and the engine runs without it (in workers and Node).
export { Signal } from 'signal-polyfill';
