// `agentic-elements/engine/oui`: OUI (oui-spec 0.1.0, <oui-surface>'s protocol) without the DOM, listed by name:
// the protocol's types and codes, its transports (in memory, Socket.IO-like, postMessage), surface checks and
// activation, the surface runtime a page runs, and the agent's side. The core it stands on is
// `agentic-elements/engine`.
export {
  OUI_PROTOCOL_EVENTS,
  OUI_ERROR_CODES,
  OUI_CAPABILITIES,
  OUI_SOCKET_EVENTS,
  OUI_SURFACE_LIMITS,
  statusObservationId,
  parseStatusObservationId,
  createDirectTransportPair,
  createWebSocketTransport,
  createPostMessageTransport,
  validateSurface,
  assertSurface,
  OUISurfaceError,
  matchRoute,
  isActive,
  routeProblem,
  OUIActionError,
  createSurfaceRuntime,
  createOUIAgent,
  ouiResultSchema,
  fromModelArgs,
} from '../oui/index.js';
export type {
  AnthropicTool, DirectTransportOptions, DirectTransportPair, JSONSchema, McpTool, MessageEventLike,
  MessageListenerLike, MessageTargetLike, OUIAccept, OUIAction, OUIActionContext, OUIActionHandler,
  OUIActionPolling, OUIActionRequest, OUIActionResult, OUIActionResultMessage, OUIActionRun,
  OUIActivation, OUIActivity, OUIAgent, OUIAgentOptions, OUICallOptions, OUICancelMessage, OUIConfirm, OUIConfirmLimits, OUIPageLeft,
  OUIConnection, OUIDispatchMessage, OUIDroppedParts, OUIEntity, OUIErrorCode, OUIEventSource, OUIFollowContext, OUIIssue,
  OUIIssueCode, OUIObservation, OUIObservationGetters, OUIObservationHandler, OUIObservationUpdate, OUIPollStatus,
  OUIProtocolEvent, OUIProtocolEventType, OUIRegistrationMessage, OUIRequestMessage, OUIRequestTransport,
  OUISendRefusal, OUISocketAuthorize, OUISurface, OUISurfaceDeregistration, OUISurfaceHandler, OUISurfaceHandlerObject,
  OUISurfaceHandlers, OUISurfaceRegistration, OUIToolCollision, OUIToolEntry, OUITransport, OUITransportConfig,
  OUIUnsubscribe, OUIWireLimits, ObservationContextOptions, ObservationContextSurface, OpenAIFunctionTool,
  OpenAIResponsesTool, PostMessageTransportConfig, SocketLike, SocketTransportOptions, SurfaceCheck,
  SurfaceRuntime, SurfaceRuntimeOptions, ValidateSurfaceOptions,
} from '../oui/index.js';
// The names of the wire's events, as the transports' listeners take them.
export type { WireType } from '../oui/wire.js';

// The core's types this entry's signatures name, so its declarations read whole (the same types as the core's).
export type { Severity, StreamIssue, Timers } from '../index.js';
