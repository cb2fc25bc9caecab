/**
 * OUI over a Socket.IO-like socket: the browser's socket.io-client Socket, a server-side Socket of socket.io,
 * or anything with `emit`/`on`/`off`. Each protocol event is one named socket event with the payload as its
 * one argument, the names under a namespace so OUI can share a socket with the app's own events:
 *
 *   {ns}:dispatch            action:request       agent → page
 *   {ns}:action:result       action:result        page → agent
 *   {ns}:observation         observation:update   page → agent
 *   {ns}:surface:register    surface:register     page → agent
 *   {ns}:surface:deregister  surface:deregister   page → agent
 *
 * While the socket is down, events wait in a bounded buffer and go out in order once it is back.
 */
import { realTimers, type Timers } from '../transport/timers.js';
import type { WireLimits } from './json.js';
import type { OUIProtocolEventType } from './protocol.js';
import type { OUITransport } from './transport.js';
import { createTransportCore } from './transportCore.js';
import { createConnectWait } from './connectWait.js';

/**
 * The part of a Socket.IO socket the transport uses. `connected`, `connect()` and `disconnect()` are used when
 * present: a server-side socket has no `connect()`, and a socket without `connected` counts as connected.
 */
export interface SocketLike {
  emit(event: string, ...args: any[]): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener?: (...args: any[]) => void): unknown;
  /** Part of every Socket.IO socket; the transport doesn't need it. */
  once?(event: string, listener: (...args: any[]) => void): unknown;
  readonly connected?: boolean;
  connect?(): unknown;
  disconnect?(...args: any[]): unknown;
}

/** How the Socket.IO transport behaves. */
export interface WebSocketTransportConfig {
  /** Prefix of every event name. Default `oui`. */
  namespace?: string;
  /** Events kept while disconnected; beyond it the oldest is dropped and reported. Default 100. */
  maxBufferSize?: number;
  /** How long `connect()` waits before it rejects. Default 10 000. */
  connectTimeoutMs?: number;
  limits?: WireLimits;
  timers?: Timers;
  now?: () => number;
}

const NAMESPACE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Socket event name (after the namespace) of each protocol event. */
export const OUI_SOCKET_EVENTS: Readonly<Record<OUIProtocolEventType, string>> = Object.freeze({
  'action:request': 'dispatch',
  'action:result': 'action:result',
  'observation:update': 'observation',
  'surface:register': 'surface:register',
  'surface:deregister': 'surface:deregister',
});

/** Creates one OUI transport end on a Socket.IO-like socket. */
export function createWebSocketTransport(socket: SocketLike, config: WebSocketTransportConfig = {}): OUITransport {
  if (!socket || typeof socket.emit !== 'function' || typeof socket.on !== 'function' || typeof socket.off !== 'function') {
    throw new TypeError('createWebSocketTransport(): the socket needs emit, on and off (a Socket.IO socket fits)');
  }
  const ns = config.namespace ?? 'oui';
  if (!NAMESPACE.test(ns)) throw new TypeError(`createWebSocketTransport(): namespace ${JSON.stringify(ns)} must be 1–64 letters, digits, "_", "-" or "."`);
  const timers = config.timers ?? realTimers;
  const connectTimeoutMs = config.connectTimeoutMs ?? 10_000;
  const name = `Socket.IO transport "${ns}"`;
  const eventName = (type: OUIProtocolEventType) => `${ns}:${OUI_SOCKET_EVENTS[type]}`;

  const connecting = createConnectWait(timers, connectTimeoutMs, () => {
    const why = `${name}: not connected after ${connectTimeoutMs} ms`;
    core.report('connect-timeout', why);
    return why;
  });
  const settle = connecting.settle;

  const core = createTransportCore({
    name,
    connected: typeof socket.connected === 'boolean' ? socket.connected : true,
    maxBufferSize: config.maxBufferSize,
    limits: config.limits,
    now: config.now,
    post: (type, payload) => void socket.emit(eventName(type), payload),
    connect() {
      if (core.transport.connected) return Promise.resolve();
      const connected = connecting.wait();
      try {
        socket.connect?.();
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
      return connected;
    },
    disconnect() {
      try {
        socket.disconnect?.();
      } finally {
        core.setConnected(false);
      }
    },
    close() {
      for (const [event, listener] of handlers) socket.off(event, listener);
      settle(new Error(`${name}: closed`));
    },
  });

  const handlers: [string, (...args: unknown[]) => void][] = [
    ['connect', () => {
      core.setConnected(true);
      settle();
    }],
    ['disconnect', () => core.setConnected(false)],
  ];
  for (const type of Object.keys(OUI_SOCKET_EVENTS) as OUIProtocolEventType[]) {
    // Only the first argument is the payload; an acknowledgement callback after it is not ours to call.
    handlers.push([eventName(type), (payload: unknown) => core.receive(type, payload)]);
  }
  for (const [event, listener] of handlers) socket.on(event, listener);
  return core.transport;
}
