/**
 * The transport pieces every element's clients share (spec section 10 for Omni-IR, and the same shapes for the
 * formats that follow): fetch types and helpers, error bodies and Retry-After, waits that an abort or silence
 * interrupts, the Server-Sent Events reader, the socket shapes, the MCP Apps input feed and the text sink.
 * DOM-free: they run wherever fetch, streams and TextDecoder exist.
 */
export { callFetch, defaultFetch } from './fetchLike.js';
export type { Credentials, FetchLike, HeadersLike, RequestInitLike, ResponseLike } from './fetchLike.js';
export { realClock, realTimers, sleep, type Clock, type Timers } from './clock.js';
export { parseErrorBody, type ErrorBody } from './errorBody.js';
export { parseRetryAfter } from './retryAfter.js';
export { withQuery } from './withQuery.js';
export { withOwnHeaders } from './withOwnHeaders.js';
export { isEventStream } from './isEventStream.js';
export { raceInterrupt, type InterruptOptions, type RaceResult } from './raceInterrupt.js';
export { pumpBody, type PumpEnd } from './pumpBody.js';
export { createSseReader, parseEventObject } from './sseReader.js';
export type { SseEvent, SseReader, SseReaderOptions } from './sseReader.js';
export { openPlatformWebSocket, WEBSOCKET_OPEN } from './webSocketLike.js';
export type { WebSocketEventLike, WebSocketLike } from './webSocketLike.js';
export type { MessageSocket } from './messageSocket.js';
export { createMcpAppsInputFeed, TOOL_INPUT, TOOL_INPUT_PARTIAL } from './mcpAppsInputFeed.js';
export type { McpAppsInputFeed, McpAppsInputFeedOptions } from './mcpAppsInputFeed.js';
export type { TextSink } from './textSink.js';
