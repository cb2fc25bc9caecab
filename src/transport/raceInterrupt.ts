import { realTimers, type Timers } from './clock.js';

/** What may interrupt a wait: the app's signal, or silence for too long. */
export interface InterruptOptions {
  signal?: AbortSignal;
  /** Give up after this long without progress ([10.10]); 0 or Infinity: never. */
  silenceTimeoutMs?: number;
  timers?: Timers;
}

/** How a raced wait ended: with the promise's value, interrupted by the signal or by silence, or with its failure. */
export type RaceResult<T> = { value: T } | { interrupted: 'cancelled' | 'silent' } | { failed: unknown };

/**
 * Waits for a promise unless the signal aborts or the silence timer fires first. The fetch itself may ignore
 * the signal (a test's fake, an old polyfill), so a client never depends on it to stop waiting. Never rejects.
 */
export function raceInterrupt<T>(promise: Promise<T>, options: InterruptOptions): Promise<RaceResult<T>> {
  const timers = options.timers ?? realTimers;
  const silence = options.silenceTimeoutMs ?? 0;
  return new Promise((resolve) => {
    let timer: unknown;
    const done = (result: RaceResult<T>) => {
      if (timer !== undefined) timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => done({ interrupted: 'cancelled' });
    if (options.signal?.aborted) {
      done({ interrupted: 'cancelled' });
      promise.catch(() => {});
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (silence > 0 && Number.isFinite(silence)) timer = timers.setTimeout(() => done({ interrupted: 'silent' }), silence);
    promise.then(
      (value) => done({ value }),
      (failed) => done(options.signal?.aborted ? { interrupted: 'cancelled' } : { failed }),
    );
  });
}
