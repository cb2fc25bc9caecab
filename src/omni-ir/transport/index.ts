/**
 * Transports for Omni-IR (spec section 10): the SSE generate client, governed actions, the live feed,
 * WebSockets, AG-UI and MCP Apps. DOM-free: they run wherever fetch, streams and TextDecoder exist.
 */
export { createSseReader, parseEventObject } from './sseReader.js';
export type { SseEvent, SseReader, SseReaderOptions } from './sseReader.js';
export { generate } from './generate.js';
export type { GenerateOptions, GenerateOutcome, GenerateDone, GenerateError, TextSink } from './generate.js';
export { mutate, createPress, newIdempotencyKey, isIdempotencyKey } from './mutate.js';
export type { MutateOptions, MutateResult, MutateSuccess, MutateFailure, Press } from './mutate.js';
export { followLive } from './live.js';
export type { FollowOptions, LiveFollower, LiveUpdate, LiveError, LiveStop } from './live.js';
export { generateOverWebSocket } from './websocket.js';
export type { WebSocketLike, WebSocketGenerateOptions } from './websocket.js';
export { createAgUiReader, OMNI_ACTIVITY } from './agui.js';
export type { AgUiEvent, AgUiReader, AgUiReaderOptions, AgUiRejection } from './agui.js';
export { createMcpAppsView, TOOL_INPUT, TOOL_INPUT_PARTIAL } from './mcpApps.js';
export type { McpAppsView, McpAppsViewOptions } from './mcpApps.js';
export type { FetchLike, ResponseLike, RequestInitLike, Credentials, Timers } from './http.js';
