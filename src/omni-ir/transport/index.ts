/**
 * Omni-IR's own clients (spec section 10): the SSE generate client, governed actions, the live feed, generate
 * over a WebSocket, the AG-UI activity reader and the MCP Apps view's input. The generic pieces they stand on
 * (fetch helpers, the SSE reader, the WebSocket shape, the MCP Apps input feed, the text sink) are in
 * src/transport/. DOM-free: they run wherever fetch, streams and TextDecoder exist.
 */
export { generate } from './generate.js';
export type { GenerateOptions, GenerateOutcome, GenerateDone, GenerateError } from './generate.js';
export { mutate, createPress, newIdempotencyKey, isIdempotencyKey } from './mutate.js';
export type { MutateOptions, MutateResult, MutateSuccess, MutateFailure, Press } from './mutate.js';
export { followLive } from './live.js';
export type { FollowOptions, LiveFollower, LiveUpdate, LiveError, LiveStop } from './live.js';
export { generateOverWebSocket } from './websocket.js';
export type { WebSocketGenerateOptions } from './websocket.js';
export { createAgUiReader, OMNI_ACTIVITY } from './agui.js';
export type { AgUiEvent, AgUiReader, AgUiReaderOptions, AgUiRejection } from './agui.js';
export { createMcpAppsView } from './mcpApps.js';
export type { McpAppsView, McpAppsViewOptions } from './mcpApps.js';
