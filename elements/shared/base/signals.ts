// The elements' signals, from this one module: from `@lit-labs/signals`, the library an app using Lit's signals
// takes them from, so its signals and the elements' are one graph (the engine's too: src/signals.ts, the same
// polyfill instance). Its `SignalWatcher` mixin is not used: elements/shared/base/signalWatcher.ts says why.
export { Signal } from '@lit-labs/signals';
