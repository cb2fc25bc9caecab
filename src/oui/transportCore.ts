/**
 * What every transport end shares, whatever carries its events: 0.1.0's methods and ours over one set of
 * listeners, the checks on what arrives and what leaves, the buffer kept while disconnected (the first
 * `maxBufferSize` events, sent in order on reconnect), the size a message may have, and the issues. A transport
 * gives it a way to post one event and tells it what arrives and when the connection changes.
 */
import { createIssueSink } from '../stream/index.js';
import type { WireLimits } from './json.js';
import { createListeners, type Listeners } from './listeners.js';
import {
  OUI_PROTOCOL_EVENTS,
  parseStatusObservationId,
  type OUIActionResultMessage,
  type OUIDispatchMessage,
  type OUIObservationUpdate,
  type OUIRegistrationMessage,
  type OUISurfaceDeregistration,
} from './protocol.js';
import type { OUIIssue, OUIIssueCode, OUIRequestTransport, OUISendRefusal } from './transport.js';
import { WIRE_READERS, type WireType } from './wire.js';
import { errorText } from '../stream/errors.js';
import { isPlainObject } from './json.js';

/** The default number of events kept while disconnected. */
export const OUI_MAX_BUFFER_SIZE = 100;

/** What a transport gives the core. */
export interface TransportCoreOptions {
  /** Names the transport in issue messages. */
  name: string;
  /** Sends one checked event now. May throw (a closed socket, a value the window can't clone): reported. */
  post(type: WireType, payload: unknown): void;
  connect(): Promise<void>;
  disconnect(): void;
  /** Detaches from the socket or window. */
  close(): void;
  connected: boolean;
  /** Keep what is sent while disconnected (default true); false drops it, with an issue. */
  bufferWhileDisconnected?: boolean;
  /** Events kept while disconnected: the first ones; beyond it an event is dropped and reported. 0: none kept. */
  maxBufferSize?: number;
  /** Bytes one event may take on the wire, as `measure` counts them; a larger one is refused once and never kept. */
  maxMessageBytes?: number;
  measure?(type: WireType, payload: unknown): number;
  limits?: WireLimits;
  now?: () => number;
}

/** The core's handle for its transport. */
export interface TransportCore {
  readonly transport: OUIRequestTransport;
  /** An event arrived: checked, then heard by the listeners of its type; a malformed one is dropped and reported. */
  receive(type: WireType, raw: unknown): void;
  /** The connection changed: on `true` the buffer is sent first, then the listeners hear it. */
  setConnected(connected: boolean): void;
  report(code: OUIIssueCode, message: string): void;
  readonly closed: boolean;
}

const TYPES = new Set<string>([...Object.values(OUI_PROTOCOL_EVENTS), 'action:cancel']);

/** Whether a string is one of the kinds of event our transports carry. */
export function isWireType(type: unknown): type is WireType {
  return typeof type === 'string' && TYPES.has(type);
}

const WARNINGS = new Set<OUIIssueCode>(['prototype-key', 'duplicate-request', 'not-connected']);

/**
 * A result cut down to what always fits: its outcome (success, the error's code and the start of its message,
 * progress, timings) with `dropped` saying which parts were left out and why. An answer that doesn't fit must
 * still tell the agent the action ran, never leave it waiting into a TIMEOUT.
 */
export function shrinkResult<T extends Partial<OUIActionResultMessage>>(result: T, reason: string): T {
  const { data, error, dropped: _earlier, ...rest } = result;
  const fields: string[] = [];
  if (data !== undefined) fields.push('data');
  const small = { ...rest } as T;
  if (error) {
    const message = error.message.length > 1000 ? `${error.message.slice(0, 999)}…` : error.message;
    if (error.details !== undefined) fields.push('error.details');
    if (message !== error.message) fields.push('error.message');
    small.error = { code: error.code.slice(0, 64), message };
  }
  small.dropped = { fields, reason };
  return small;
}

/** The result a status observation carries, or null for any other observation. */
const statusValue = (payload: unknown): Partial<OUIActionResultMessage> | null => {
  const u = payload as OUIObservationUpdate;
  return parseStatusObservationId(u.observationId) && isPlainObject(u.value) && typeof u.value.success === 'boolean' ? (u.value as Partial<OUIActionResultMessage>) : null;
};

/**
 * An event fitted to the socket's size limit. Refused here, once: a socket that closes on an oversized message
 * would otherwise reconnect and be sent it again, for ever. A result (or the status observation carrying one)
 * still goes, cut down: the action ran.
 */
export function fitMessage(
  type: WireType,
  payload: unknown,
  maxBytes: number,
  measure: TransportCoreOptions['measure'],
): { payload: unknown; shrunk?: string } | { refused: string } {
  const bytes = Number.isFinite(maxBytes) && measure ? measure(type, payload) : 0;
  if (!(bytes > maxBytes)) return { payload };
  const why = `about ${bytes} bytes, more than the ${maxBytes} the socket accepts`;
  const status = type === 'observation:update' ? statusValue(payload) : null;
  const reason = `The whole result was ${why}`;
  const small =
    type === 'action:result'
      ? shrinkResult(payload as OUIActionResultMessage, reason)
      : status && { ...(payload as OUIObservationUpdate), value: shrinkResult(status, reason) };
  if (!small || measure!(type, small) > maxBytes) return { refused: `a ${type} event of ${why}; it was not sent` };
  return { payload: small, shrunk: `a ${type} event of ${why}; its data was left out` };
}

/** What the other side registered and still has, kept from the events heard (bounded like the agent's own list). */
export function hearRegistration(heard: Map<string, OUIRegistrationMessage>, type: WireType, value: unknown): void {
  if (type === 'surface:register') {
    const r = value as OUIRegistrationMessage;
    heard.delete(r.surface.id);
    // A peer registering without end can't grow it.
    if (heard.size < 256) heard.set(r.surface.id, r);
  } else if (type === 'surface:deregister') heard.delete((value as OUISurfaceDeregistration).surfaceId);
}

/** Builds one transport end around `options.post`. */
export function createTransportCore(options: TransportCoreOptions): TransportCore {
  const now = options.now ?? Date.now;
  const maxBuffer = Math.max(0, Math.floor(options.maxBufferSize ?? OUI_MAX_BUFFER_SIZE));
  const buffering = options.bufferWhileDisconnected !== false;
  const maxBytes = options.maxMessageBytes ?? Infinity;
  const sink = createIssueSink<OUIIssue>();
  const buffer: { type: WireType; payload: unknown }[] = [];
  const registered = new Set<string>();
  // What the other side registered and still has: an agent attached later learns of it (a direct pair delivers
  // at once, so a registration may come before anyone listens).
  const heardRegistrations = new Map<string, OUIRegistrationMessage>();
  let connected = options.connected;
  let closed = false;
  const heard: Record<WireType, Listeners<unknown>> = {
    'action:request': createListeners(),
    'action:result': createListeners(),
    'action:cancel': createListeners(),
    'observation:update': createListeners(),
    'surface:register': createListeners(),
    'surface:deregister': createListeners(),
  };
  const connection = createListeners<boolean>();

  const report = (code: OUIIssueCode, message: string) => {
    // Keep the sink's memory bounded: a hostile peer can make issues as fast as it can send.
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: WARNINGS.has(code) ? 'warning' : 'error', line: null, message });
  };

  const post = (type: WireType, payload: unknown) => {
    try {
      options.post(type, payload);
    } catch (error) {
      report('send-failed', `${options.name}: a ${type} event could not be sent: ${errorText(error)}`);
    }
  };

  const track = (type: WireType, payload: unknown) => {
    if (type === 'surface:register') registered.add((payload as OUIRegistrationMessage).surface.id);
    else if (type === 'surface:deregister') registered.delete((payload as OUISurfaceDeregistration).surfaceId);
  };

  /** Reports why an event was refused, and says so to the caller. */
  const refuse = (refused: OUIIssueCode, message: string): OUISendRefusal => {
    report(refused, `${options.name}: ${message}`);
    return { refused, message: `${options.name}: ${message}` };
  };

  /** Sends (or buffers) one event; says why when it was refused and never will be sent. */
  const send = (type: WireType, raw: unknown, hint = ''): OUISendRefusal | undefined => {
    if (closed) return refuse('send-failed', `the transport is closed; a ${type} event was not sent`);
    // Our own events are checked too: a malformed one would be dropped by the other side anyway, and the copy
    // keeps a buffered event from changing when the app later mutates the object it passed.
    const read = WIRE_READERS[type](raw, options.limits, now);
    if (!read.ok) return refuse('malformed-event', `refused to send a ${type} event: ${read.reason}${hint}`);
    const fitted = fitMessage(type, read.value, maxBytes, options.measure);
    if ('refused' in fitted) return refuse('too-large', fitted.refused);
    if (fitted.shrunk) report('too-large', `${options.name}: ${fitted.shrunk}`);
    const payload = fitted.payload;
    if (connected) {
      track(type, payload);
      try {
        options.post(type, payload);
      } catch (error) {
        return refuse('send-failed', `a ${type} event could not be sent: ${errorText(error)}`);
      }
      return undefined;
    }
    if (!buffering) return refuse('not-connected', `disconnected, and bufferWhileDisconnected is false; a ${type} event was dropped`);
    if (buffer.length >= maxBuffer) return refuse('buffer-overflow', `${maxBuffer} events are already waiting for the connection; this ${type} event was dropped`);
    track(type, payload);
    buffer.push({ type, payload });
    return undefined;
  };

  const listen = <T>(type: WireType, listener: (value: T) => void) => heard[type].add(listener as (v: unknown) => void);

  const transport: OUIRequestTransport = {
    get connected() {
      return connected && !closed;
    },
    connect: () => (closed ? Promise.reject(new Error(`${options.name}: the transport is closed`)) : options.connect()),
    disconnect: () => {
      if (!closed) options.disconnect();
    },
    onConnectionChange: (handler) => connection.add(handler),

    dispatch: (surfaceId, actionId, params) => void send('action:request', { surfaceId, actionId, params, timestamp: now() }),
    onAction: (handler) => listen<OUIDispatchMessage>('action:request', (d) => handler(d.surfaceId, d.actionId, d.params)),
    sendRequest: (request) => {
      if (!isPlainObject(request) || typeof request.requestId !== 'string') return refuse('malformed-event', 'refused to send a request without a requestId (dispatch() sends one without)');
      return send('action:request', request);
    },
    onRequest: (listener) => listen('action:request', listener),

    pushObservation: (update) => void send('observation:update', update),
    onObservation: (handler) => listen('observation:update', handler),

    registerSurface: (surface) => {
      // Code written against our request-object API passed {surface, timestamp}: say what changed.
      const given: unknown = surface;
      const wrapped = isPlainObject(given) && !('id' in given) && isPlainObject(given.surface);
      void send('surface:register', { surface, timestamp: now() }, wrapped ? ' (registerSurface() takes the surface itself, as 0.1.0 declares; sendRegistration() takes {surface, timestamp})' : '');
    },
    sendRegistration: (registration) => void send('surface:register', registration),
    deregisterSurface: (surfaceId) => {
      const wrapped = isPlainObject(surfaceId);
      void send('surface:deregister', { surfaceId, timestamp: now() }, wrapped ? ' (deregisterSurface() takes the surface id, as 0.1.0 declares)' : '');
    },
    onSurfaceRegister: (handler) => listen<OUIRegistrationMessage>('surface:register', (r) => handler(r.surface)),
    onRegistration: (listener) => listen('surface:register', listener),
    onSurfaceDeregister: (handler) => listen<OUISurfaceDeregistration>('surface:deregister', (d) => handler(d.surfaceId)),
    registeredSurfaceIds: () => [...registered],
    registrations: () => [...heardRegistrations.values()],

    sendResult: (result) => void send('action:result', result),
    onResult: (listener) => listen('action:result', listener),
    sendCancel: (cancel) => void send('action:cancel', cancel),
    onCancel: (listener) => listen('action:cancel', listener),

    onIssue: (l) => sink.onIssue(l),
    close: () => {
      if (closed) return;
      closed = true;
      buffer.length = 0;
      registered.clear();
      heardRegistrations.clear();
      try {
        options.close();
      } finally {
        for (const l of Object.values(heard)) l.clear();
        // Down for good, and said so: an agent answers the calls still waiting on it rather than wait them out.
        if (connected) {
          connected = false;
          connection.emit(false);
        }
        connection.clear();
      }
    },
  };

  return {
    transport,
    get closed() {
      return closed;
    },
    report,
    receive(type, raw) {
      if (closed) return;
      const read = WIRE_READERS[type](raw, options.limits, now);
      if (!read.ok) {
        report('malformed-event', `${options.name}: dropped a ${type} event: ${read.reason}`);
        return;
      }
      if (read.dropped > 0) report('prototype-key', `${options.name}: left ${read.dropped} "__proto__" key(s) out of a ${type} event`);
      hearRegistration(heardRegistrations, type, read.value);
      heard[type].emit(read.value);
    },
    setConnected(next) {
      if (closed || next === connected) return;
      connected = next;
      // A page that lost its connection registers again when it is back.
      if (!next) heardRegistrations.clear();
      if (next) {
        // Sent before anyone hears of the reconnection, so what waited goes out before what they send next.
        const waiting = buffer.splice(0, buffer.length);
        for (const e of waiting) post(e.type, e.payload);
      }
      connection.emit(next);
    },
  };
}
