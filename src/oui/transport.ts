/**
 * The transport: how protocol events travel between an agent runtime and the surfaces of a page. Every
 * transport in this folder has two ends of the same kind. Whatever one end sends (`dispatch`, `sendResult`,
 * `pushObservation`, `registerSurface`, `deregisterSurface`) the other end hears (`onAction`, `onResult`,
 * `onObservation`, `onSurfaceRegister`, `onSurfaceDeregister`); by convention the agent's end dispatches and
 * the page's end answers, registers and observes.
 *
 * 0.1.0's transport has no way back for results: an app pushes them as the status observation
 * `<surfaceId>:<actionId>:status`. Ours does that too, and adds `sendResult`/`onResult`, the `action:result`
 * event with its `requestId`, so an agent can await the answer to its own request.
 */
import type { Issue } from '../stream/index.js';
import type {
  OUIActionRequest,
  OUIActionResultMessage,
  OUIObservationUpdate,
  OUISurfaceDeregistration,
  OUISurfaceRegistration,
} from './protocol.js';

/** Removes the listener it was returned for. */
export type OUIUnsubscribe = () => void;

/** What went wrong on a transport, in the runtime or in the agent; never thrown. */
export type OUIIssueCode =
  /** An event from the other side that isn't what the protocol says (or one of ours we refused to send). */
  | 'malformed-event'
  /** A `__proto__` key was left out of what arrived. */
  | 'prototype-key'
  /** Disconnected with a full buffer: the oldest event was dropped. */
  | 'buffer-overflow'
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
  | 'too-many';

/** An issue with OUI's codes, in the shape every reader of the project reports in. */
export type OUIIssue = Issue<OUIIssueCode>;

/** The connection between the two ends of a transport. */
export interface OUIConnection {
  /** Whether events sent now go out at once (else they wait in the buffer, or are lost where there is none). */
  readonly connected: boolean;
  /** Resolves once connected; rejects when `connectTimeoutMs` passes first. */
  connect(): Promise<void>;
  disconnect(): void;
  /** Hears `true` once connected (after buffered events were sent) and `false` once the connection is lost. */
  onConnectionChange(listener: (connected: boolean) => void): OUIUnsubscribe;
}

/** One end of an OUI transport. Listeners get checked, copied data; nothing from the wire reaches them raw. */
export interface OUITransport extends OUIConnection {
  /** Agent → page: run an action. */
  dispatch(request: OUIActionRequest): void;
  onAction(listener: (request: OUIActionRequest) => void): OUIUnsubscribe;
  /** Page → agent: an interim or final result, with the surface and action it answers. */
  sendResult(result: OUIActionResultMessage): void;
  onResult(listener: (result: OUIActionResultMessage) => void): OUIUnsubscribe;
  /** Page → agent: a new observation value (also status observations). */
  pushObservation(update: OUIObservationUpdate): void;
  onObservation(listener: (update: OUIObservationUpdate) => void): OUIUnsubscribe;
  /** Page → agent: a surface became available, with its whole definition. */
  registerSurface(registration: OUISurfaceRegistration): void;
  /** Page → agent: a surface is no longer available. */
  deregisterSurface(deregistration: OUISurfaceDeregistration): void;
  onSurfaceRegister(listener: (registration: OUISurfaceRegistration) => void): OUIUnsubscribe;
  onSurfaceDeregister(listener: (deregistration: OUISurfaceDeregistration) => void): OUIUnsubscribe;
  /** Malformed events dropped, buffer overflows, timeouts: reported here, never thrown. */
  onIssue(listener: (issue: OUIIssue) => void): OUIUnsubscribe;
  /** Stops listening to the socket or window and drops the buffer; the end can't be used again. */
  close(): void;
}
