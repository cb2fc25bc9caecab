/**
 * OUI between a page and a frame (an iframe, a popup) through `postMessage`. Each side names the window it
 * talks to and that window's origin: what it sends is addressed to that origin only, and what it hears is
 * read only when it comes from that window and that origin. `'*'` is refused unless the app says so.
 *
 * A message is `{oui: <namespace>, type, payload}`, `type` one of the protocol's event types (or our
 * `action:cancel`): the OUIProtocolEvent shape with the namespace beside it. `action:request` carries any
 * dispatch, with or without a request id. Three more types make the connection: `hello` (sent
 * by `connect()`, with this end's random `peer` id), `welcome` (the answer) and `bye` (`disconnect()`). A
 * `hello` from a new peer id while connected means the other side reloaded: listeners hear the connection
 * drop and come back, so surfaces register again.
 */
import { realTimers, type Timers } from '../transport/clock.js';
import { isPlainObject, type WireLimits } from './json.js';
import { newId } from './ids.js';
import type { OUIRequestTransport } from './transport.js';
import { createTransportCore, isWireType } from './transportCore.js';
import { errorText } from '../stream/errors.js';
import { createConnectWait } from './connectWait.js';

/** The window messages are sent to: `iframe.contentWindow`, `window.parent`, `window.opener`. */
export interface MessageTargetLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What a `message` event carries that the transport reads. */
export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Where this side hears messages: its own `window`. */
export interface MessageListenerLike {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

/** How the postMessage transport is wired. */
export interface PostMessageTransportConfig {
  /** The other side's window. Messages from any other source are ignored. */
  target: MessageTargetLike;
  /** The other side's origin, like `https://app.example`: messages go only there, and only its messages are read. */
  targetOrigin: string;
  /** This side's window, where `message` events arrive. */
  listen: MessageListenerLike;
  /** Allows `targetOrigin: '*'`: any origin may read what is sent and be heard (the source check stays). */
  allowAnyOrigin?: boolean;
  /** Tells this conversation apart from others on the same windows. Default `oui`. */
  namespace?: string;
  /** Sends `hello` at once. Default true. */
  autoConnect?: boolean;
  /** Keep what is sent before the other side answers (default true). */
  bufferWhileDisconnected?: boolean;
  /** Events kept meanwhile: the first ones. Default 100. */
  maxBufferSize?: number;
  connectTimeoutMs?: number;
  limits?: WireLimits;
  timers?: Timers;
  now?: () => number;
}

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i;

/** Creates one OUI transport end over postMessage. */
export function createPostMessageTransport(config: PostMessageTransportConfig): OUIRequestTransport {
  const { target, listen, targetOrigin } = config;
  if (!target || typeof target.postMessage !== 'function') throw new TypeError('createPostMessageTransport(): target must be a window (something with postMessage)');
  if (!listen || typeof listen.addEventListener !== 'function') throw new TypeError('createPostMessageTransport(): listen must be this side\'s window');
  if (targetOrigin === '*') {
    if (config.allowAnyOrigin !== true) throw new TypeError('createPostMessageTransport(): targetOrigin "*" lets any page read the messages; name the origin, or set allowAnyOrigin: true');
  } else if (typeof targetOrigin !== 'string' || (!ORIGIN.test(targetOrigin) && targetOrigin !== 'null')) {
    throw new TypeError(`createPostMessageTransport(): targetOrigin must be an origin like "https://app.example", got ${JSON.stringify(targetOrigin)}`);
  }
  const ns = config.namespace ?? 'oui';
  const timers = config.timers ?? realTimers;
  const connectTimeoutMs = config.connectTimeoutMs ?? 10_000;
  const name = `postMessage transport "${ns}"`;
  const me = newId();
  let peer: string | null = null;

  const postRaw = (message: Record<string, unknown>) => target.postMessage(message, targetOrigin);
  const hello = (type: 'hello' | 'welcome' | 'bye') => {
    try {
      postRaw({ oui: ns, type, peer: me });
    } catch (error) {
      core.report('send-failed', `${name}: ${type} could not be sent: ${errorText(error)}`);
    }
  };

  const connecting = createConnectWait(timers, connectTimeoutMs, () => {
    const why = `${name}: no answer from ${targetOrigin} after ${connectTimeoutMs} ms`;
    core.report('connect-timeout', why);
    return why;
  });
  const settle = connecting.settle;

  const core = createTransportCore({
    name,
    connected: false,
    bufferWhileDisconnected: config.bufferWhileDisconnected,
    maxBufferSize: config.maxBufferSize,
    limits: config.limits,
    now: config.now,
    post: (type, payload) => postRaw({ oui: ns, type, payload }),
    connect() {
      if (core.transport.connected) return Promise.resolve();
      const answered = connecting.wait();
      hello('hello');
      return answered;
    },
    disconnect() {
      if (core.transport.connected) hello('bye');
      peer = null;
      core.setConnected(false);
    },
    close() {
      listen.removeEventListener('message', onMessage);
      settle(new Error(`${name}: closed`));
    },
  });

  const joined = (from: string) => {
    if (core.transport.connected && peer !== null && peer !== from) {
      // The other side is a new page (a reload): what was registered there is gone.
      core.setConnected(false);
    }
    peer = from;
    core.setConnected(true);
    settle();
  };

  function onMessage(event: MessageEventLike): void {
    // Other windows and other origins may post to us for their own reasons: not ours, not reported.
    if (event.source !== target) return;
    if (targetOrigin !== '*' && event.origin !== targetOrigin) return;
    const data = event.data;
    if (!isPlainObject(data) || data.oui !== ns) return;
    const type = data.type;
    if (type === 'hello' || type === 'welcome') {
      if (typeof data.peer !== 'string' || data.peer === '' || data.peer.length > 128) {
        core.report('malformed-event', `${name}: dropped a ${type} without a peer id`);
        return;
      }
      if (type === 'hello') hello('welcome');
      joined(data.peer);
      return;
    }
    if (type === 'bye') {
      peer = null;
      core.setConnected(false);
      return;
    }
    if (!isWireType(type)) {
      core.report('malformed-event', `${name}: dropped a message of unknown type ${JSON.stringify(String(type).slice(0, 64))}`);
      return;
    }
    core.receive(type, data.payload);
  }

  listen.addEventListener('message', onMessage);
  if (config.autoConnect !== false) {
    // Nobody may be listening yet (the frame still loading): the other side's own hello will join us then.
    core.transport.connect().catch(() => {});
  }
  return core.transport;
}
