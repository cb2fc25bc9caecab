import type { Timers } from '../transport/clock.js';

/** How a piece of app code ended: its value, its error, out of time, or stopped from outside. */
export type Settled<T> =
  | { status: 'ok'; value: T }
  | { status: 'error'; error: unknown }
  | { status: 'timeout' }
  | { status: 'aborted' };

/**
 * Runs app code (a handler, a poll, a confirmation) and settles when it does, when `ms` pass, or when `signal`
 * aborts, whichever is first. Never rejects: a synchronous throw is an error like a rejection. Code still running
 * after a timeout is left to finish on its own; its answer is ignored. `ms` of 0 or Infinity: no time limit.
 */
export function settleWithin<T>(start: () => T | PromiseLike<T>, ms: number, timers: Timers, signal?: AbortSignal): Promise<Settled<Awaited<T>>> {
  return new Promise((resolve) => {
    let done = false;
    let timer: unknown;
    const finish = (s: Settled<Awaited<T>>) => {
      if (done) return;
      done = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(s);
    };
    const onAbort = () => finish({ status: 'aborted' });
    if (signal?.aborted) return finish({ status: 'aborted' });
    signal?.addEventListener('abort', onAbort);
    if (ms > 0 && Number.isFinite(ms)) timer = timers.setTimeout(() => finish({ status: 'timeout' }), ms);
    try {
      Promise.resolve(start()).then(
        (value) => finish({ status: 'ok', value: value as Awaited<T> }),
        (error: unknown) => finish({ status: 'error', error }),
      );
    } catch (error) {
      finish({ status: 'error', error });
    }
  });
}
