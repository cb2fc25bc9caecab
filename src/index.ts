// The engine's public API (dist/engine.js).
export * from './omni-ir/index.js';
export * from './stream/textStream.js';
export * from './omni-ir/prompt.js';
export * from './omni-ir/transport/index.js';
