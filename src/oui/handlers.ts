/**
 * What an app gives the runtime to do its actions. A handler is a function of the params, or, for an async
 * action, an object: `run` answers at once (a job id), then `poll` is asked every `polling.intervalMs` how it
 * goes, or, for `polling.subscribe`, `onEvent` reads each matching app event (without it, the first matching
 * event is the final answer, its payload the data).
 */
import { OUI_ERROR_CODES, type OUIAction, type OUIActionRequest, type OUIErrorCode } from './protocol.js';
import type { OUIUnsubscribe } from './transport.js';

/** What a handler knows besides its params. */
export interface OUIActionContext {
  readonly request: OUIActionRequest;
  readonly action: OUIAction;
  /** Aborted when the action timed out, the person stopped it, or the surface was removed. */
  readonly signal: AbortSignal;
}

/** Runs an action; its answer (or promise of one) becomes the result's data. Throwing fails the action. */
export type OUIActionRun = (params: Record<string, unknown>, context: OUIActionContext) => unknown;

/** How an async action goes, as a poll or an event says. */
export interface OUIPollStatus {
  /** True once there is a final answer. */
  done: boolean;
  /** 0–100, shown to the agent with interim results. */
  progress?: number;
  /** The final data when done (or what to show with an interim result). */
  data?: unknown;
  /** When done: the job failed, with this message (and details). */
  error?: string | { message: string; details?: unknown };
}

/** What a poll or an event reader knows. */
export interface OUIFollowContext extends OUIActionContext {
  /** 1 for the first poll or matching event. */
  readonly attempt: number;
}

/** A handler of an async action. */
export interface OUISurfaceHandlerObject {
  run: OUIActionRun;
  /** Asked how the job goes; `dispatchResult` is what `run` answered. Required for polling without subscribe. */
  poll?(dispatchResult: unknown, context: OUIFollowContext): OUIPollStatus | PromiseLike<OUIPollStatus>;
  /** Reads one matching subscribed event. Default: `{done: true, data: payload}`. */
  onEvent?(payload: unknown, dispatchResult: unknown, context: OUIFollowContext): OUIPollStatus | PromiseLike<OUIPollStatus>;
}

/**
 * The app's code for one action of its surface: a function, or an object with `run` (and `poll` or `onEvent`).
 * (0.1.0's `OUIActionHandler` is something else: a transport listener of `(surfaceId, actionId, params)`.)
 */
export type OUISurfaceHandler = OUIActionRun | OUISurfaceHandlerObject;

/** Action id → the app's code for it. */
export type OUISurfaceHandlers = Readonly<Record<string, OUISurfaceHandler>>;

/** Where subscribed async actions hear the app's realtime events (a WebSocket feed, a store, an EventTarget). */
export interface OUIEventSource {
  subscribe(event: string, listener: (payload: unknown) => void): OUIUnsubscribe;
}

/** The `run` of a handler, whichever form it has. */
export function runOf(handler: OUISurfaceHandler): OUIActionRun {
  return typeof handler === 'function' ? handler : handler.run;
}

/**
 * Thrown by a handler that refuses for a reason the protocol has a code for: params the page's own checks
 * refuse (`INVALID_PARAMS`, naming the field), something the person must allow (`ACTION_DENIED`). Any other
 * throw is `ACTION_EXECUTION_ERROR`.
 */
export class OUIActionError extends Error {
  readonly code: OUIErrorCode;
  readonly details?: unknown;
  constructor(code: OUIErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'OUIActionError';
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}

const CODES = new Set<string>(Object.values(OUI_ERROR_CODES));

/**
 * The code and details an error thrown by a handler asks for, or null. Read by shape, not by class, so an
 * OUIActionError from another copy of this module (a page loading two bundles) still counts.
 */
export function actionErrorOf(error: unknown): { code: OUIErrorCode; details?: unknown } | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { name?: unknown; code?: unknown; details?: unknown };
  if (e.name !== 'OUIActionError' || typeof e.code !== 'string' || !CODES.has(e.code)) return null;
  return { code: e.code as OUIErrorCode, ...(e.details !== undefined ? { details: e.details } : {}) };
}
