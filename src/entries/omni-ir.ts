// `agentic-elements/engine/omni-ir`: Omni-IR (<omni-screen>'s format) without the DOM, listed by name: the
// parser and its catalog facts, the field checks, the prompt that teaches a model the format, and the format's
// own clients (spec section 10). The core it stands on is `agentic-elements/engine`.
export { createOmniParser, checkField, COMPONENT_NAMES, FORMAT_VERSION, LIMITS, RESERVED } from '../omni-ir/index.js';
export type {
  FieldMessage,
  IssueCode,
  Issue,
  StateRef,
  Scalar,
  PropValue,
  OmniNode,
  OmniMutation,
  NodeStatus,
  PictureFamily,
  AppPropDeclaration,
  AppComponentDeclaration,
  OmniRegistries,
  UpdateResult,
  CanonicalResult,
  OmniDocument,
  ChangeFeedReader,
  OmniParser,
} from '../omni-ir/index.js';
export { systemPrompt, toolDescription, promptExamples } from '../omni-ir/prompt.js';
export type { PromptNames, PromptOptions, PromptExample } from '../omni-ir/prompt.js';
export {
  generate,
  mutate,
  createPress,
  followLive,
  generateOverWebSocket,
  createAgUiReader,
  createMcpAppsView,
} from '../omni-ir/transport/index.js';
export type {
  GenerateOptions,
  GenerateOutcome,
  GenerateDone,
  GenerateError,
  MutateOptions,
  MutateResult,
  MutateSuccess,
  MutateFailure,
  Press,
  FollowOptions,
  LiveFollower,
  LiveUpdate,
  LiveError,
  LiveStop,
  WebSocketGenerateOptions,
  AgUiEvent,
  AgUiReader,
  AgUiReaderOptions,
  AgUiRejection,
  McpAppsView,
  McpAppsViewOptions,
} from '../omni-ir/transport/index.js';

// The core's types this entry's signatures name, so its declarations read whole (the same types as the core's).
export type {
  Credentials,
  FetchLike,
  HeadersLike,
  McpAppsInputFeed,
  MessageSocket,
  RequestInitLike,
  ResponseLike,
  Severity,
  StreamIssue,
  TextSink,
  Timers,
  WebSocketEventLike,
  WebSocketLike,
} from '../index.js';
