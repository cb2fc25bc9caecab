// `agentic-elements/engine`: the core every format stands on, listed by name. The formats have their own entries
// (src/entries/: `agentic-elements/engine/omni-ir`, `/ops`, `/axstream`, `/oui`). What only the elements need
// stays unpublished: they import it by path. api/engine.api.md holds this list (scripts/api-report.mjs).

// The stream stage: bytes → text → lines → JSON lines, from any kind of source, and the shape issues take.
export {
  createUtf8Decoder,
  createLineSplitter,
  createLineStream,
  createJsonLineReader,
  parseJsonLine,
  readSource,
  SourceError,
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
  Severity,
} from './stream/index.js';

// The transport pieces every format's clients share: the Server-Sent Events reader over a body, error bodies
// and Retry-After, and the shapes of fetch, sockets and clocks the clients take.
export { createSseReader, parseEventObject, pumpBody, parseErrorBody, parseRetryAfter } from './transport/index.js';
export type {
  Credentials,
  FetchLike,
  HeadersLike,
  RequestInitLike,
  ResponseLike,
  Clock,
  Timers,
  ErrorBody,
  InterruptOptions,
  PumpEnd,
  SseEvent,
  SseReader,
  SseReaderOptions,
  MessageSocket,
  WebSocketLike,
  WebSocketEventLike,
  TextSink,
  McpAppsInputFeed,
  McpAppsInputFeedOptions,
} from './transport/index.js';

// The governed action pipeline: is the tool registered, do the params match its JSON Schema, what sentence the
// person confirms, every param as shown, and the seal of what was approved.
export {
  reviewAction,
  checkParams,
  ValidatorUnavailableError,
  fill,
  paramDetails,
  sealParams,
  matchesSeal,
  paramsDigest,
} from './actions/index.js';
export type {
  ActionParams,
  ActionRules,
  BlockReason,
  Confirmation,
  Review,
  NumberWriter,
  JsonSchema,
  ParamProblem,
  ParamDetail,
  ParamsSeal,
  FilledValue,
} from './actions/index.js';
