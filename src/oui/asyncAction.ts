/**
 * Follows an async action after its handler answered: polls every `intervalMs` (up to `maxAttempts`, within
 * `maxDurationMs`), or waits for the subscribed app event whose filter its answer resolves. Each step that is
 * not final becomes an interim result; the follow ends in one final outcome, TIMEOUT when the limits pass.
 */
import type { Timers } from '../transport/clock.js';
import { errorText } from '../stream/index.js';
import { matchesDispatchFilter, resolveDispatchFilter } from './dispatchFilter.js';
import type { OUIActionContext, OUISurfaceHandlerObject, OUIEventSource, OUIFollowContext, OUIPollStatus } from './handlers.js';
import { isPlainObject, toWireJson, type WireLimits } from './json.js';
import { OUI_ERROR_CODES, type OUIActionPolling, type OUIErrorCode } from './protocol.js';
import { settleWithin } from './settleWithin.js';

/** How a follow ended. `aborted`: stopped from outside (the person, dispose), already answered there. */
export type FollowOutcome =
  | { kind: 'done'; data: unknown }
  | { kind: 'failed'; code: OUIErrorCode; message: string; details?: unknown }
  | { kind: 'aborted' };

/** What a follow needs. */
export interface FollowOptions {
  polling: OUIActionPolling;
  handler: OUISurfaceHandlerObject | null;
  dispatchResult: unknown;
  context: OUIActionContext;
  events: OUIEventSource | undefined;
  timers: Timers;
  /** Each poll or event reading may take this long. */
  stepTimeoutMs: number;
  /** The limit when polling names neither maxAttempts nor maxDurationMs, and for subscribe without maxDurationMs. */
  defaultMaxDurationMs: number;
  limits: WireLimits | undefined;
  /** An interim result: progress (when known) and data (when the step gave any). */
  interim(progress: number | undefined, data: unknown): void;
}

const progressOf = (v: unknown): number | undefined => (typeof v === 'number' && v >= 0 && v <= 100 ? v : undefined);

/** Follows one async action to its final outcome. Never rejects. */
export function followAsyncAction(o: FollowOptions): Promise<FollowOutcome> {
  const { polling, timers, context } = o;
  const signal = context.signal;
  return new Promise<FollowOutcome>((resolve) => {
    let over = false;
    let attempt = 0;
    let tick: unknown;
    let deadline: unknown;
    let unsubscribe: (() => void) | undefined;
    let chain: Promise<void> = Promise.resolve();

    const finish = (outcome: FollowOutcome) => {
      if (over) return;
      over = true;
      if (tick !== undefined) timers.clearTimeout(tick);
      if (deadline !== undefined) timers.clearTimeout(deadline);
      signal.removeEventListener('abort', onAbort);
      try {
        unsubscribe?.();
      } catch {
        // The app's unsubscribe failing doesn't change the outcome.
      }
      resolve(outcome);
    };
    const fail = (code: OUIErrorCode, message: string, details?: unknown) => finish({ kind: 'failed', code, message, ...(details !== undefined ? { details } : {}) });
    const onAbort = () => finish({ kind: 'aborted' });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);

    const subscribe = polling.subscribe;
    const maxDuration = polling.maxDurationMs ?? (subscribe || polling.maxAttempts === undefined ? o.defaultMaxDurationMs : Infinity);
    if (maxDuration > 0 && Number.isFinite(maxDuration)) {
      deadline = timers.setTimeout(() => fail(OUI_ERROR_CODES.TIMEOUT, `No final answer within ${maxDuration} ms`), maxDuration);
    }

    // One step's answer: final (done, or failed with its message) or one more interim result.
    const apply = (status: unknown, what: string): void => {
      if (over) return;
      if (!isPlainObject(status) || typeof status.done !== 'boolean') {
        return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, `The ${what} did not answer {done, progress?, data?, error?}`);
      }
      const s = status as unknown as OUIPollStatus;
      let data: unknown;
      if (s.data !== undefined) {
        const wire = toWireJson(s.data, o.limits);
        if (!wire.ok) return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, `The ${what}'s data can't be sent: ${wire.reason}`);
        data = wire.value;
      }
      if (s.done) {
        if (s.error !== undefined) {
          const message = typeof s.error === 'string' ? s.error : isPlainObject(s.error) && typeof s.error.message === 'string' ? s.error.message : 'The job failed';
          const details = isPlainObject(s.error) ? toWireJson(s.error.details, o.limits) : undefined;
          return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, message, details?.ok ? details.value : undefined);
        }
        return finish({ kind: 'done', data });
      }
      o.interim(progressOf(s.progress), data);
    };

    const step = async (what: string, call: (ctx: OUIFollowContext) => unknown): Promise<void> => {
      attempt++;
      const ctx: OUIFollowContext = { ...context, attempt };
      const settled = await settleWithin(() => call(ctx), o.stepTimeoutMs, timers, signal);
      if (over) return;
      if (settled.status === 'timeout') return fail(OUI_ERROR_CODES.TIMEOUT, `The ${what} took longer than ${o.stepTimeoutMs} ms`);
      if (settled.status === 'error') return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, errorText(settled.error));
      if (settled.status === 'aborted') return onAbort();
      apply(settled.value, what);
    };

    if (subscribe) {
      const resolved = resolveDispatchFilter(subscribe.filter, o.dispatchResult);
      if (!resolved.ok) {
        return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, `The subscribe filter needs ${resolved.missing}, which the handler's answer doesn't hold`);
      }
      if (!o.events) return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, 'The action waits for an event, and the page gave no event source');
      const onEvent = o.handler?.onEvent;
      try {
        unsubscribe = o.events.subscribe(subscribe.event, (payload) => {
          if (over || !matchesDispatchFilter(payload, resolved.filter)) return;
          // Events are read one after another, so their interim results keep the order they came in.
          chain = chain.then(() =>
            step('event reader', (ctx) => (onEvent ? onEvent.call(o.handler, payload, o.dispatchResult, ctx) : { done: true, data: payload })),
          );
        });
      } catch (error) {
        return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, `Subscribing to "${subscribe.event}" failed: ${errorText(error)}`);
      }
      if (over) unsubscribe?.();
      return;
    }

    const poll = o.handler?.poll;
    if (!poll) return fail(OUI_ERROR_CODES.ACTION_EXECUTION_ERROR, 'The action polls, and its handler has no poll function');
    const schedule = () => {
      tick = timers.setTimeout(() => {
        tick = undefined;
        void step('poll', (ctx) => poll.call(o.handler, o.dispatchResult, ctx)).then(() => {
          if (over) return;
          if (polling.maxAttempts !== undefined && attempt >= polling.maxAttempts) {
            return fail(OUI_ERROR_CODES.TIMEOUT, `No final answer after ${attempt} polls`);
          }
          schedule();
        });
      }, polling.intervalMs);
    };
    schedule();
  });
}
