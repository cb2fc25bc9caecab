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
// Listed by name: the format's face also gives <oui-surface> a few types that are not the engine's API.
export {
  OUIActionError, OUISurfaceError, OUI_CAPABILITIES, OUI_ERROR_CODES, OUI_MAX_BUFFER_SIZE, OUI_PROTOCOL_EVENTS,
  OUI_SOCKET_EVENTS, OUI_SURFACE_LIMITS, OUI_TOOL_NAME, OUI_WIRE_LIMITS, OUI_WRAPPED_INPUT, SOCKET_IO_MAX_MESSAGE_BYTES, assertSurface,
  createDirectTransportPair, createOUIAgent, createPostMessageTransport, createSurfaceRuntime,
  createWebSocketTransport, fromModelArgs, isActive, isRequestTransport, matchRoute, matchesDispatchFilter, nameOUITools,
  observationContext, ouiResultSchema, ouiToolDescription, ouiToolParameters, parseStatusObservationId, qualifiedToolName,
  readActionRequest, readActionResult, readCancel, readDeregistration, readDispatch, readObservationUpdate,
  readRegistration, resolveDispatchFilter, routeProblem, statusObservationId, strictSchema, validateSurface,
} from './oui/index.js';
export type {
  AnthropicTool, DirectTransportOptions, DirectTransportPair, JSONSchema, McpTool, MessageEventLike,
  MessageListenerLike, MessageTargetLike, OUIAccept, OUIAction, OUIActionContext, OUIActionHandler, OUIActionHandlerObject,
  OUIActionHandlers, OUIActionPolling, OUIActionRequest, OUIActionResult, OUIActionResultMessage, OUIActionRun,
  OUIActivation, OUIActivity, OUIAgent, OUIAgentOptions, OUICallOptions, OUICancelMessage, OUIConfirm, OUIPageLeft,
  OUIConnection, OUIDispatchMessage, OUIDroppedParts, OUIEntity, OUIErrorCode, OUIEventSource, OUIFollowContext, OUIIssue,
  OUIIssueCode, OUIObservation, OUIObservationGetters, OUIObservationHandler, OUIObservationUpdate, OUIPollStatus,
  OUIProtocolEvent, OUIProtocolEventType, OUIRegistrationMessage, OUIRequestMessage, OUIRequestTransport,
  OUISendRefusal, OUISocketAuthorize, OUISurface, OUISurfaceDeregistration, OUISurfaceHandler, OUISurfaceHandlerObject,
  OUISurfaceHandlers, OUISurfaceRegistration, OUIToolCollision, OUIToolEntry, OUITransport, OUITransportConfig,
  OUIUnsubscribe, OUIWireLimits, ObservationContextOptions, ObservationContextSurface, OpenAIFunctionTool,
  OpenAIResponsesTool, PostMessageTransportConfig, ResolvedFilter, SocketLike, SocketTransportOptions, SurfaceCheck,
  SurfaceRuntime, SurfaceRuntimeOptions, ValidateSurfaceOptions, WebSocketTransportConfig, WireRead,
} from './oui/index.js';

// The op stream (<morph-screen>'s format): document, reader, component logic, actions and state; no DOM.
export * from './ops/index.js';

// axstream (<ax-runner>'s engine): fence framing, the action model, late-bound targets over an abstract
// accessibility tree, the burst controller and the agent loop. Listed by name: the format's face also gives
// <ax-runner> a few helpers that are not the engine's API.
export {
  ACTIONS, ACTION_SPECS, AXSTREAM_VERSION, AX_LIMITS, AX_ROLE_MAP, KEY_ALIASES, MAX_ALIKE, MODIFIERS,
  REMOTE_PROTOCOL, SECRET_MASK, ActivationChanged, answerRemote, approvedWords, ariaRoles, axSystemPrompt, axUserPrompt, checkApproved,
  createBurst, createBurstController, createFenceReader, createRemoteBackend, createRunSummary, createTargetSearch,
  describeAction, describeTarget, exampleLine, fenced, lineIssue, matchTarget, nameKey, nodeChange, normalizeChord,
  nearestFirst, normalizeKey, observationLine, observationText, platformKey, readAction, readAxTarget, readTarget, realClock,
  isActivationChanged, resolveTarget, roleRank, rolesMatch, runAgent, serveRemoteBackend, shownAction, sleep, summaryLine,
} from './axstream/index.js';
export type {
  ActAction, ActContext, ActionName, ActionSpec, AgentHistory, AgentOptions, AgentResult, AnswerOptions, ApprovalAnswer, Approve,
  ActResult, AssertAction, Assessment, AxAction, AxDestination, AxIssue, AxIssueCode, AxNode, AxPromptOptions, AxTarget,
  AxTree, AxUserPromptInput, Backend, BackendContext, Burst, BurstController, BurstControllerOptions,
  BurstEndReason, BurstEnding, BurstOptions, BurstOutcome, ChatMessage, ChatModel, ChordResult, Clock, DoneAction,
  DragAction, FenceHandlers, FenceReader, FenceReaderOptions, FieldKind, FieldSpec, KeyAction, KeyName,
  MessageSocket, Observation, ObservationTextOptions, ObserveAction, OpenAction, PointTarget, PointerAction,
  PointerActionName, Policy, ReadLine, RemoteBackend, RemoteBackendOptions, RemoteCall, RemoteReply, RemoteRequest,
  ResolveContext, Resolved, ResolvedTargets, Risk, RunSummary, ScrollAction, ScrollDirection, Step, StepStatus,
  Target, TargetMatch, TargetPurpose, TargetResult, TargetSearch, TypeAction, WaitAction, WaitUntilAction,
} from './axstream/index.js';
