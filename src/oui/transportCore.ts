/**
 * What every transport end shares, whatever carries its events: the listeners, the checks on what arrives and
 * what leaves, the bounded buffer kept while disconnected and sent in order on reconnect, and the issues.
 * A transport gives it a way to post one event and tells it what arrives and when the connection changes.
 */
import { createIssueSink } from '../stream/index.js';
import type { WireLimits } from './json.js';
import { createListeners, type Listeners } from './listeners.js';
import { OUI_PROTOCOL_EVENTS, type OUIProtocolEventType } from './protocol.js';
import type { OUIIssue, OUIIssueCode, OUITransport } from './transport.js';
import { WIRE_READERS } from './wire.js';
import { errorText } from '../stream/errors.js';

/** The default number of events kept while disconnected. */
export const OUI_MAX_BUFFER_SIZE = 100;

/** What a transport gives the core. */
export interface TransportCoreOptions {
  /** Names the transport in issue messages. */
  name: string;
  /** Sends one checked event now. May throw (a closed socket, a value the window can't clone): reported. */
  post(type: OUIProtocolEventType, payload: unknown): void;
  connect(): Promise<void>;
  disconnect(): void;
  /** Detaches from the socket or window. */
  close(): void;
  connected: boolean;
  /** Events kept while disconnected; the oldest is dropped beyond it. 0: none kept. */
  maxBufferSize?: number;
  limits?: WireLimits;
  now?: () => number;
}

/** The core's handle for its transport. */
export interface TransportCore {
  readonly transport: OUITransport;
  /** An event arrived: checked, then heard by the listeners of its type; a malformed one is dropped and reported. */
  receive(type: OUIProtocolEventType, raw: unknown): void;
  /** The connection changed: on `true` the buffer is sent first, then the listeners hear it. */
  setConnected(connected: boolean): void;
  report(code: OUIIssueCode, message: string): void;
  readonly closed: boolean;
}

const TYPES = new Set<string>(Object.values(OUI_PROTOCOL_EVENTS));

/** Whether a string is one of the protocol's event types. */
export function isProtocolEventType(type: unknown): type is OUIProtocolEventType {
  return typeof type === 'string' && TYPES.has(type);
}

/** Builds one transport end around `options.post`. */
export function createTransportCore(options: TransportCoreOptions): TransportCore {
  const now = options.now ?? Date.now;
  const maxBuffer = Math.max(0, Math.floor(options.maxBufferSize ?? OUI_MAX_BUFFER_SIZE));
  const sink = createIssueSink<OUIIssue>();
  const buffer: { type: OUIProtocolEventType; payload: unknown }[] = [];
  let connected = options.connected;
  let closed = false;
  const heard: Record<OUIProtocolEventType, Listeners<unknown>> = {
    'action:request': createListeners(),
    'action:result': createListeners(),
    'observation:update': createListeners(),
    'surface:register': createListeners(),
    'surface:deregister': createListeners(),
  };
  const connection = createListeners<boolean>();

  const report = (code: OUIIssueCode, message: string) => {
    // Keep the sink's memory bounded: a hostile peer can make issues as fast as it can send.
    if (sink.issues.length >= 200) (sink.issues as OUIIssue[]).splice(0, 100);
    sink.report({ code, severity: code === 'prototype-key' || code === 'duplicate-request' ? 'warning' : 'error', line: null, message });
  };

  const post = (type: OUIProtocolEventType, payload: unknown) => {
    try {
      options.post(type, payload);
    } catch (error) {
      report('send-failed', `${options.name}: a ${type} event could not be sent: ${errorText(error)}`);
    }
  };

  const send = (type: OUIProtocolEventType, raw: unknown) => {
    if (closed) {
      report('send-failed', `${options.name}: the transport is closed; a ${type} event was not sent`);
      return;
    }
    // Our own events are checked too: a malformed one would be dropped by the other side anyway, and the copy
    // keeps a buffered event from changing when the app later mutates the object it passed.
    const read = WIRE_READERS[type](raw, options.limits, now);
    if (!read.ok) {
      report('malformed-event', `${options.name}: refused to send a ${type} event: ${read.reason}`);
      return;
    }
    if (connected) {
      post(type, read.value);
      return;
    }
    if (maxBuffer === 0) {
      report('buffer-overflow', `${options.name}: disconnected and keeping no buffer; a ${type} event was dropped`);
      return;
    }
    if (buffer.length >= maxBuffer) {
      const oldest = buffer.shift()!;
      report('buffer-overflow', `${options.name}: ${maxBuffer} events are waiting for the connection; the oldest (${oldest.type}) was dropped`);
    }
    buffer.push({ type, payload: read.value });
  };

  const transport: OUITransport = {
    get connected() {
      return connected && !closed;
    },
    connect: () => (closed ? Promise.reject(new Error(`${options.name}: the transport is closed`)) : options.connect()),
    disconnect: () => {
      if (!closed) options.disconnect();
    },
    onConnectionChange: (l) => connection.add(l),
    dispatch: (request) => send('action:request', request),
    onAction: (l) => heard['action:request'].add(l as (v: unknown) => void),
    sendResult: (result) => send('action:result', result),
    onResult: (l) => heard['action:result'].add(l as (v: unknown) => void),
    pushObservation: (update) => send('observation:update', update),
    onObservation: (l) => heard['observation:update'].add(l as (v: unknown) => void),
    registerSurface: (registration) => send('surface:register', registration),
    deregisterSurface: (deregistration) => send('surface:deregister', deregistration),
    onSurfaceRegister: (l) => heard['surface:register'].add(l as (v: unknown) => void),
    onSurfaceDeregister: (l) => heard['surface:deregister'].add(l as (v: unknown) => void),
    onIssue: (l) => sink.onIssue(l),
    close: () => {
      if (closed) return;
      closed = true;
      buffer.length = 0;
      try {
        options.close();
      } finally {
        for (const l of Object.values(heard)) l.clear();
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
      heard[type].emit(read.value);
    },
    setConnected(next) {
      if (closed || next === connected) return;
      connected = next;
      if (next) {
        // Sent before anyone hears of the reconnection, so what waited goes out before what they send next.
        const waiting = buffer.splice(0, buffer.length);
        for (const e of waiting) post(e.type, e.payload);
      }
      connection.emit(next);
    },
  };
}
