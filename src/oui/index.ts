/**
 * OUI (oui-spec 0.1.0) without the DOM: the protocol's types, transports (in memory, Socket.IO-like,
 * postMessage), surface definitions and activation, the surface runtime a page runs, and the agent's side.
 */
export {
  OUI_PROTOCOL_EVENTS,
  OUI_ERROR_CODES,
  statusObservationId,
  parseStatusObservationId,
  type JSONSchema,
  type OUISurface,
  type OUIAction,
  type OUIActionPolling,
  type OUIObservation,
  type OUIActivation,
  type OUIActionRequest,
  type OUIActionResult,
  type OUIObservationUpdate,
  type OUISurfaceRegistration,
  type OUISurfaceDeregistration,
  type OUIProtocolEvent,
  type OUIProtocolEventType,
  type OUIErrorCode,
  type OUIActionResultMessage,
  type OUIDroppedParts,
  OUI_CAPABILITIES,
  type OUIDispatchMessage,
  type OUIRequestMessage,
  type OUICancelMessage,
  type OUIRegistrationMessage,
} from './protocol.js';
export {
  isRequestTransport,
  type OUITransport,
  type OUIActionHandler,
  type OUIObservationHandler,
  type OUITransportConfig,
  type OUIRequestTransport,
  type OUISendRefusal,
  type OUIConnection,
  type OUIUnsubscribe,
  type OUIIssue,
  type OUIIssueCode,
} from './transport.js';
export { OUI_WIRE_LIMITS, type WireLimits as OUIWireLimits } from './json.js';
export {
  readDispatch,
  readActionRequest,
  readActionResult,
  readCancel,
  readObservationUpdate,
  readRegistration,
  readDeregistration,
  type WireRead,
} from './wire.js';
export { createDirectTransportPair, type DirectTransportOptions, type DirectTransportPair } from './directTransport.js';
export {
  createWebSocketTransport,
  OUI_SOCKET_EVENTS,
  SOCKET_IO_MAX_MESSAGE_BYTES,
  type SocketLike,
  type SocketTransportOptions,
  type OUISocketAuthorize,
} from './socketTransport.js';
export {
  createPostMessageTransport,
  type PostMessageTransportConfig,
  type MessageTargetLike,
  type MessageListenerLike,
  type MessageEventLike,
} from './postMessageTransport.js';
export { OUI_MAX_BUFFER_SIZE } from './transportCore.js';
export { validateSurface, assertSurface, OUISurfaceError, OUI_SURFACE_LIMITS, type SurfaceCheck, type ValidateSurfaceOptions } from './validateSurface.js';
export { matchRoute, isActive, routeProblem, type OUIEntity } from './routes.js';
export { resolveDispatchFilter, matchesDispatchFilter, type ResolvedFilter } from './dispatchFilter.js';
export { OUIActionError } from './handlers.js';
export type {
  OUIActionContext,
  OUIActionRun,
  OUISurfaceHandler,
  OUISurfaceHandlerObject,
  OUISurfaceHandlers,
  OUIPollStatus,
  OUIFollowContext,
  OUIEventSource,
} from './handlers.js';
export type { OUIObservationGetters } from './observations.js';
export { createSurfaceRuntime, type SurfaceRuntime, type SurfaceRuntimeOptions, type OUIAccept, type OUIConfirm, type OUIConfirmLimits, type OUIActivity } from './surfaceRuntime.js';
export { createOUIAgent, type OUIAgent, type OUIAgentOptions, type OUICallOptions, type OUIPageLeft } from './agent/agent.js';
export { nameOUITools, qualifiedToolName, OUI_TOOL_NAME, type OUIToolEntry, type OUIToolCollision } from './agent/toolNames.js';
export {
  ouiToolDescription,
  ouiToolParameters,
  ouiResultSchema,
  type OpenAIFunctionTool,
  type OpenAIResponsesTool,
  type AnthropicTool,
  type McpTool,
} from './agent/toolShapes.js';
export { fromModelArgs, strictSchema, OUI_WRAPPED_INPUT } from './agent/modelSchema.js';
export { observationContext, type ObservationContextOptions, type ObservationContextSurface } from './agent/observationContext.js';
