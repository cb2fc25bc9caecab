// The engine's public API (dist/engine.js).
export * from './omni-ir/index.js';
// The governed action pipeline.
export * from './actions/index.js';
// The stream stage; its Issue and Severity are the same shapes Omni-IR's are (Omni-IR's Issue narrows the code).
export {
  createUtf8Decoder,
  createLineSplitter,
  createLineStream,
  createJsonLineReader,
  isBlank,
  isJsonObject,
  parseJsonLine,
  readSource,
  SourceError,
  createIssueSink,
  reportError,
  describe,
  errorText,
} from './stream/index.js';
export type {
  Utf8Decoder,
  LineHandlers,
  LineSplitter,
  LineStream,
  JsonLine,
  JsonLineHandlers,
  JsonLineProblem,
  JsonLineReaderOptions,
  Chunk,
  ReadSourceOptions,
  ResponseSource,
  Source,
  SourceInput,
  Issue as StreamIssue,
  IssueListener,
  IssueSink,
} from './stream/index.js';
export * from './omni-ir/prompt.js';
// The transport pieces every element's clients share, then Omni-IR's own clients.
export * from './transport/index.js';
export * from './omni-ir/transport/index.js';

// ---- OUI (oui-spec 0.1.0): protocol types, transports, surface definitions and activation, the surface
// runtime <oui-surface> wraps, and the agent's side (tools for the model APIs, calls, observations as context).
export * from './oui/index.js';

// The op stream (<morph-screen>'s format): document, reader, component logic, actions and state; no DOM.
export * from './ops/index.js';

// axstream (<ax-runner>'s engine): fence framing, the action model, late-bound targets over an abstract
// accessibility tree, the burst controller and the agent loop.
export * from './axstream/index.js';
