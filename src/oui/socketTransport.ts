/**
 * OUI over a Socket.IO-like socket: the browser's socket.io-client Socket, a server-side Socket of socket.io,
 * or anything with `emit`/`on`/`off`. Each event is one named socket event with the payload as its one
 * argument, the names under a namespace so OUI can share a socket with the app's own events. The first four are
 * 0.1.0's, with its payloads; the last two are ours, and a 0.1.0 peer never listens to them:
 *
 *   {ns}:dispatch            {surfaceId, actionId, params, timestamp}    agent → page   (ours add requestId, timeoutMs, maxWaitMs)
 *   {ns}:observation         OUIObservationUpdate                        page → agent
 *   {ns}:surface:register    {surface, timestamp}                        page → agent   (ours add capabilities)
 *   {ns}:surface:deregister  {surfaceId, timestamp}                      page → agent
 *   {ns}:action:result       OUIActionResultMessage                      page → agent   (ours)
 *   {ns}:action:cancel       OUICancelMessage                            agent → page   (ours)
 *
 * While the socket is down, events wait in a bounded buffer and go out in order once it is back. An event
 * larger than the socket accepts (Socket.IO closes the connection on one above its `maxHttpBufferSize`, 1 MB by
 * default, and the client reconnects and sends it again) is refused here, once, with an issue.
 */
import { realTimers, type Timers } from '../transport/clock.js';
import { errorText } from '../stream/errors.js';
import { utf8Length, type WireLimits } from './json.js';
import type { OUIRequestTransport, OUITransportConfig } from './transport.js';
import { createTransportCore } from './transportCore.js';
import { createConnectWait } from './connectWait.js';
import type { WireType } from './wire.js';

/**
 * Minimal socket interface — compatible with Socket.IO client or server socket. Only the methods OUI actually
 * uses. 0.1.0's declaration, as is: `connected`, `connect()` and `disconnect()` are used when present (a
 * server-side socket has no `connect()`, and a socket without `connected` counts as connected).
 */
export interface SocketLike {
  readonly connected?: boolean;
  emit(event: string, data: unknown): void;
  on(event: string, handler: (...args: any[]) => void): void;
  off(event: string, handler: (...args: any[]) => void): void;
  once(event: string, handler: (...args: any[]) => void): void;
  connect?(): void;
  disconnect?(): void;
}

/** Decides whether the other side of a socket may talk to this end; see SocketTransportOptions.authorize. */
export type OUISocketAuthorize = (socket: SocketLike) => boolean | PromiseLike<boolean>;

/** The Socket.IO transport's options: 0.1.0's config, and ours beside it. */
export interface SocketTransportOptions extends OUITransportConfig {
  /**
   * Bytes one event may take on the wire (about: the event's JSON in UTF-8). Default 1 000 000, Socket.IO's
   * `maxHttpBufferSize`: set it to what the server at the other end accepts. A larger event is refused with a
   * `too-large` issue and never sent nor kept.
   */
  maxMessageBytes?: number;
  /**
   * Who may talk to this end. Called with the socket when the transport starts on a connected socket and on each
   * `connect`: check a token (`socket.handshake.auth.token` on a server-side socket) or an origin
   * (`socket.handshake.headers.origin`). Until it answers true the transport counts as disconnected: what
   * arrives waits (nothing reaches a listener), what is sent waits in the buffer. False, or a throw, closes the
   * transport with an `unauthorized` issue and disconnects the socket. Without it, anyone who can open the
   * socket is heard.
   */
  authorize?: OUISocketAuthorize;
  limits?: WireLimits;
  timers?: Timers;
  now?: () => number;
}

/** Socket.IO's default `maxHttpBufferSize`, the largest message a server takes unless told otherwise. */
export const SOCKET_IO_MAX_MESSAGE_BYTES = 1_000_000;

const NAMESPACE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Socket event name (after the namespace) of each kind of event. */
export const OUI_SOCKET_EVENTS: Readonly<Record<WireType, string>> = Object.freeze({
  'action:request': 'dispatch',
  'action:result': 'action:result',
  'action:cancel': 'action:cancel',
  'observation:update': 'observation',
  'surface:register': 'surface:register',
  'surface:deregister': 'surface:deregister',
});

/** Creates one OUI transport end on a Socket.IO-like socket. */
export function createWebSocketTransport(socket: SocketLike, config: SocketTransportOptions = {}): OUIRequestTransport {
  if (!socket || typeof socket.emit !== 'function' || typeof socket.on !== 'function' || typeof socket.off !== 'function') {
    throw new TypeError('createWebSocketTransport(): the socket needs emit, on and off (a Socket.IO socket fits)');
  }
  const ns = config.namespace ?? 'oui';
  if (!NAMESPACE.test(ns)) throw new TypeError(`createWebSocketTransport(): namespace ${JSON.stringify(ns)} must be 1–64 letters, digits, "_", "-" or "."`);
  if (config.authorize !== undefined && typeof config.authorize !== 'function') throw new TypeError('createWebSocketTransport(): authorize must be a function');
  const timers = config.timers ?? realTimers;
  const connectTimeoutMs = config.connectTimeoutMs ?? 10_000;
  const name = `Socket.IO transport "${ns}"`;
  const eventName = (type: WireType) => `${ns}:${OUI_SOCKET_EVENTS[type]}`;
  const authorize = config.authorize;
  const socketUp = () => (typeof socket.connected === 'boolean' ? socket.connected : true);
  // Held while the authorize hook decides: bounded, so a peer can't fill memory before it is refused.
  let held: [WireType, unknown][] = [];
  let authorized = !authorize;
  let checking = 0;

  const connecting = createConnectWait(timers, connectTimeoutMs, () => {
    const why = `${name}: not connected after ${connectTimeoutMs} ms`;
    core.report('connect-timeout', why);
    return why;
  });
  const settle = connecting.settle;

  const core = createTransportCore({
    name,
    connected: socketUp() && authorized,
    bufferWhileDisconnected: config.bufferWhileDisconnected,
    maxBufferSize: config.maxBufferSize,
    maxMessageBytes: config.maxMessageBytes ?? SOCKET_IO_MAX_MESSAGE_BYTES,
    // Socket.IO frames an event as `2["name",payload]` (plus a namespace): counted with a little room.
    measure: (type, payload) => utf8Length(JSON.stringify([eventName(type), payload])) + 16,
    limits: config.limits,
    now: config.now,
    post: (type, payload) => void socket.emit(eventName(type), payload),
    connect() {
      if (core.transport.connected) return Promise.resolve();
      const connected = connecting.wait();
      try {
        if (socketUp() && authorize) check();
        else socket.connect?.();
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
      return connected;
    },
    disconnect() {
      try {
        socket.disconnect?.();
      } finally {
        authorized = !authorize;
        core.setConnected(false);
      }
    },
    close() {
      for (const [event, listener] of handlers) socket.off(event, listener);
      held = [];
      settle(new Error(`${name}: closed`));
    },
  });

  const refuse = (why: string) => {
    core.report('unauthorized', `${name}: ${why}; the transport is closed`);
    held = [];
    core.transport.close();
    try {
      socket.disconnect?.();
    } catch {
      // Already gone.
    }
  };

  // Asks the hook; only the latest question counts (a reconnection asks again).
  function check(): void {
    if (!authorize) return;
    const asked = ++checking;
    // Asked on a later microtask, so whoever subscribes right after creating the transport hears the outcome.
    Promise.resolve()
      .then(() => authorize(socket))
      .then(
        (yes) => {
          if (asked !== checking || core.closed) return;
          if (yes !== true) return refuse('authorize refused the other side');
          authorized = true;
          if (!socketUp()) return;
          core.setConnected(true);
          const waiting = held;
          held = [];
          for (const [type, payload] of waiting) core.receive(type, payload);
          settle();
        },
        (error: unknown) => {
          if (asked === checking && !core.closed) refuse(`authorize refused the other side: ${errorText(error)}`);
        },
      );
  }

  const maxHeld = Math.max(16, config.maxBufferSize ?? 100);
  const handlers: [string, (...args: unknown[]) => void][] = [
    [
      'connect',
      () => {
        if (!authorized) return check();
        core.setConnected(true);
        settle();
      },
    ],
    [
      'disconnect',
      () => {
        if (authorize) {
          authorized = false;
          checking++;
          held = [];
        }
        core.setConnected(false);
      },
    ],
  ];
  for (const type of Object.keys(OUI_SOCKET_EVENTS) as WireType[]) {
    // Only the first argument is the payload; an acknowledgement callback after it is not ours to call.
    handlers.push([
      eventName(type),
      (payload: unknown) => {
        if (authorized) return core.receive(type, payload);
        if (held.length < maxHeld) held.push([type, payload]);
      },
    ]);
  }
  for (const [event, listener] of handlers) socket.on(event, listener);
  if (authorize && socketUp()) check();
  return core.transport;
}
