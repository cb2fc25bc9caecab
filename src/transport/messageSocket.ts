/**
 * The one socket shape of ours: something that sends text and tells of messages and its close. The browser's
 * WebSocket, Node's and the `ws` package's fit, and so does an event emitter with `on`/`off` (a Node stream, an
 * Electron or Tauri bridge). WebSocketLike (webSocketLike.ts) is this shape with what a client that opens the
 * socket itself also needs. OUI's Socket.IO transport takes 0.1.0's declared `SocketLike` instead: named
 * events, not messages.
 */
import { isJsonObject } from '../stream/jsonLines.js';

/**
 * A socket the messages travel on: the browser's WebSocket and `ws` fit, as does anything with `send(text)` and
 * either `addEventListener('message', e => e.data)` or `on('message', data => …)`. A `close` event fails what
 * is pending.
 */
export interface MessageSocket {
  send(data: string): void;
  addEventListener?(type: string, listener: (event: any) => void): void;
  removeEventListener?(type: string, listener: (event: any) => void): void;
  on?(type: string, listener: (...args: any[]) => void): unknown;
  off?(type: string, listener: (...args: any[]) => void): unknown;
}

/** A message's text: a string, UTF-8 bytes, or an event carrying either as `data`; null for anything else. */
function textOf(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data as ArrayBuffer);
  if (isJsonObject(data) && 'data' in data) return textOf(data['data']);
  return null;
}

/** Listens to a socket's messages (as text) and close, whichever way it offers them; returns the function that stops. */
export function listenToSocket(socket: MessageSocket, onMessage: (text: string) => void, onClose: () => void): () => void {
  const message = (event: unknown) => {
    const text = textOf(event);
    if (text !== null) onMessage(text);
  };
  if (typeof socket.addEventListener === 'function') {
    socket.addEventListener('message', message);
    socket.addEventListener('close', onClose);
    return () => {
      socket.removeEventListener?.('message', message);
      socket.removeEventListener?.('close', onClose);
    };
  }
  if (typeof socket.on === 'function') {
    socket.on('message', message);
    socket.on('close', onClose);
    return () => {
      socket.off?.('message', message);
      socket.off?.('close', onClose);
    };
  }
  throw new TypeError('the socket has neither addEventListener() nor on()');
}
