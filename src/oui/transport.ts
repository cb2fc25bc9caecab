/**
 * The transport: how protocol events travel between an agent runtime and the surfaces of a page.
 *
 * `OUITransport` is 0.1.0's, exactly as declared: two one-way channels, dispatches to the page and observations
 * (and registrations) from it, with no request ids and no answers. Code written against the declarations uses
 * it as is, and every transport here is one.
 *
 * `OUIRequestTransport` is what our transports are besides: the same events with request ids and deadlines on
 * the dispatch, plus results and cancels as events of their own and the page's capabilities on its
 * registration. A peer that only knows 0.1.0 ignores all of it and still works: it runs our dispatches and
 * reads our observations, and its own dispatches run here and are answered as status observations.
 */
import type { Issue } from '../stream/index.js';
import type {
  OUIActionResultMessage,
  OUICancelMessage,
  OUIDispatchMessage,
  OUIObservationUpdate,
  OUIRegistrationMessage,
  OUIRequestMessage,
  OUISurface,
} from './protocol.js';

/** Handler for incoming action dispatches (client side). 0.1.0's name and meaning. */
export type OUIActionHandler = (surfaceId: string, actionId: string, params: Record<string, unknown>) => void;

/** Handler for incoming observation updates (server side). 0.1.0's name and meaning. */
export type OUIObservationHandler = (update: OUIObservationUpdate) => void;

/** Transport configuration options, as 0.1.0 declares them. Our transports take more beside these. */
export interface OUITransportConfig {
  /** Namespace prefix for events (default: 'oui') */
  namespace?: string;
  /** Connection timeout in ms */
  connectTimeoutMs?: number;
  /** Whether to buffer dispatches while disconnected (default true; false: what is sent while disconnected is dropped and reported) */
  bufferWhileDisconnected?: boolean;
  /** Max buffer size (messages dropped after this: the first ones are kept). Default 100. */
  maxBufferSize?: number;
}

/**
 * OUI Transport, as 0.1.0 declares it: a dispatch channel (agent → page) and an observation channel (page →
 * agent). No request/response, no correlation ids, no waiting. Each `on…` returns its unsubscribe.
 */
export interface OUITransport {
  /** Dispatch an action to a surface (one-way, fire-and-forget) */
  dispatch(surfaceId: string, actionId: string, params: Record<string, unknown>): void;
  /** Receive dispatched actions (surface/client side) */
  onAction(handler: OUIActionHandler): () => void;
  /** Push an observation update from the surface to the agent runtime */
  pushObservation(update: OUIObservationUpdate): void;
  /** Receive observation updates (runtime/server side) */
  onObservation(handler: OUIObservationHandler): () => void;
  /** Register a surface manifest (client → server) */
  registerSurface(surface: OUISurface): void;
  /** Deregister a surface (client → server) */
  deregisterSurface(surfaceId: string): void;
  /** Receive surface registrations (server side) */
  onSurfaceRegister(handler: (surface: OUISurface) => void): () => void;
  /** Receive surface deregistrations (server side) */
  onSurfaceDeregister(handler: (surfaceId: string) => void): () => void;
  readonly connected: boolean;
  connect(): Promise<void>;
  disconnect(): void;
  onConnectionChange(handler: (connected: boolean) => void): () => void;
}

/** Removes the listener it was returned for. */
export type OUIUnsubscribe = () => void;

/** The connection part of a transport. */
export type OUIConnection = Pick<OUITransport, 'connected' | 'connect' | 'disconnect' | 'onConnectionChange'>;

/** What went wrong on a transport, in the runtime or in the agent; never thrown. */
export type OUIIssueCode =
  /** An event from the other side that isn't what the protocol says (or one of ours we refused to send). */
  | 'malformed-event'
  /** A `__proto__` key was left out of what arrived. */
  | 'prototype-key'
  /** Disconnected with a full buffer: an event sent after the first `maxBufferSize` was dropped. */
  | 'buffer-overflow'
  /** Disconnected with `bufferWhileDisconnected: false`: an event was dropped. */
  | 'not-connected'
  /**
   * An event larger than the socket accepts (`maxMessageBytes`): refused, never sent nor kept; a result (or a
   * status observation) goes cut down instead, its data left out and `dropped` saying so.
   */
  | 'too-large'
  /** The `authorize` hook refused the other side (or failed): the transport closed. */
  | 'unauthorized'
  | 'connect-timeout'
  /** The underlying socket or window refused a message. */
  | 'send-failed'
  /** An observation value that doesn't match its schema, can't be sent, or isn't declared. */
  | 'observation-mismatch'
  /** Two surfaces declare actions with the same id: their tools got longer names. */
  | 'tool-name-collision'
  /** A request id seen before: it was not run again. */
  | 'duplicate-request'
  /** An event about a surface that isn't registered. */
  | 'unknown-surface'
  /** A result nobody is waiting for (its call timed out, or it was never made here). */
  | 'unexpected-result'
  /** A registration that replaced one of the same id, or a surface refused for a limit. */
  | 'surface-replaced'
  /** A surface definition that 0.1.0 accepts but that breaks a convention (an id's style): used, with a warning. */
  | 'surface-style'
  | 'too-many';

/** An issue with OUI's codes, in the shape every reader of the project reports in. */
export type OUIIssue = Issue<OUIIssueCode>;

/**
 * One end of one of our transports: 0.1.0's transport, and beside it requests with ids and deadlines, results,
 * cancels and capabilities. Listeners get checked, copied data; nothing from the wire reaches them raw.
 */
export interface OUIRequestTransport extends OUITransport {
  /**
   * Agent → page: a dispatch with its request id (and deadline). Travels as the 0.1.0 dispatch, fields added.
   * Returns why when the request was refused here and will never be sent (larger than the connection carries,
   * malformed, the transport closed, the buffer full), so the caller can answer at once; nothing when it was
   * sent or is kept for the connection.
   */
  sendRequest(request: OUIRequestMessage): OUISendRefusal | void;
  /** Hears every dispatch, a 0.1.0 one (no `requestId`) as well as ours. */
  onRequest(listener: (dispatch: OUIDispatchMessage) => void): OUIUnsubscribe;
  /** Page → agent: an interim or final result of a request that had an id. */
  sendResult(result: OUIActionResultMessage): void;
  onResult(listener: (result: OUIActionResultMessage) => void): OUIUnsubscribe;
  /** Agent → page: the agent stopped waiting for a request. */
  sendCancel(cancel: OUICancelMessage): void;
  onCancel(listener: (cancel: OUICancelMessage) => void): OUIUnsubscribe;
  /** Page → agent: a registration with what the page can do beyond 0.1.0. Travels as the 0.1.0 registration, a field added. */
  sendRegistration(registration: OUIRegistrationMessage): void;
  /** Hears every registration whole, with its capabilities (absent from a 0.1.0 page). */
  onRegistration(listener: (registration: OUIRegistrationMessage) => void): OUIUnsubscribe;
  /** The ids of the surfaces registered through this end and not deregistered since (a page's end). */
  registeredSurfaceIds(): readonly string[];
  /**
   * The registrations heard from the other side and not deregistered since, forgotten when the connection drops
   * (an agent's end): what a listener added later has missed.
   */
  registrations(): readonly OUIRegistrationMessage[];
  /** Malformed events dropped, buffer overflows, timeouts: reported here, never thrown. */
  onIssue(listener: (issue: OUIIssue) => void): OUIUnsubscribe;
  /** Stops listening to the socket or window and drops the buffer; the end can't be used again. */
  close(): void;
}

/** Why an event was refused by the end that was to send it: the issue reported, and its message. */
export interface OUISendRefusal {
  refused: OUIIssueCode;
  message: string;
}

/** Whether a transport is one of ours (requests, results and issues beside the 0.1.0 methods). */
export function isRequestTransport(t: OUITransport): t is OUIRequestTransport {
  const r = t as Partial<OUIRequestTransport>;
  return typeof r.sendRequest === 'function' && typeof r.onRequest === 'function' && typeof r.sendResult === 'function' && typeof r.onResult === 'function';
}
