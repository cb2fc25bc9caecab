import type { MessageSocket } from './messageSocket.js';

/** What a WebSocket hands its listeners; only the fields the clients read. */
export interface WebSocketEventLike {
  /** A message's data: a string for a text message, something else (bytes, a Blob) for a binary one. */
  data?: unknown;
  /** A close event's code. */
  code?: number;
}

/**
 * The part of a WebSocket the clients use: our MessageSocket, with the state and close a client that opens the
 * socket needs. The browser's WebSocket, Node 22's and the `ws` package's fit it, so the engine needs no DOM
 * types and a test can drive a fake.
 */
export interface WebSocketLike extends MessageSocket {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: WebSocketEventLike) => void): void;
  removeEventListener(type: string, listener: (event: WebSocketEventLike) => void): void;
}

/** `readyState` of a socket that is open. */
export const WEBSOCKET_OPEN = 1;

/** Opens a socket with the platform's WebSocket; a TypeError when there is none, so the app passes its own. */
export function openPlatformWebSocket(url: string): WebSocketLike {
  const Ctor = (globalThis as { WebSocket?: new (url: string) => WebSocketLike }).WebSocket;
  if (!Ctor) throw new TypeError('No WebSocket available: pass createSocket');
  return new Ctor(url);
}
