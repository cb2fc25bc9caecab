/**
 * Time, as the engine uses it: `wait_until` polls and times out, backends wait. Injected so tests run on a fake
 * clock and a benchmark measures only what it means to.
 */
export interface Clock {
  /** Milliseconds from an arbitrary origin; only differences are used. */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (it never rejects: the caller checks the signal). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Resolves after `ms` milliseconds, or at once when `signal` aborts; never rejects. What a backend's `wait`
 * does.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The real clock: `performance.now()` and timers. */
export const realClock: Clock = {
  now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
  sleep,
};
