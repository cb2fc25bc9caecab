/**
 * The one clock the engine runs on. Every part that waits, polls or times out takes it injected, so tests run a
 * 45-second silence or a minute of backoff on a fake clock without waiting, and a benchmark measures only what it
 * means to. Each option asks for the part it uses (`Timers` for scheduling, `Pick<Clock, 'now' | 'sleep'>` for
 * the axstream burst), so a fake needs only that part.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Time as the engine uses it: the timers, a monotonic `now()` and a `sleep()` a signal can cut short. */
export interface Clock extends Timers {
  /** Milliseconds from an arbitrary origin; only differences are used. */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (it never rejects: the caller checks the signal). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The platform's timers. */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Resolves after `ms` milliseconds, or at once when `signal` aborts; never rejects. What a backend's `wait`
 * does. Runs on `timers` (the platform's by default).
 */
export function sleep(ms: number, signal?: AbortSignal, timers: Timers = realTimers): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      timers.clearTimeout(handle);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const handle = timers.setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The real clock: `performance.now()` (or `Date.now()` where there is none) and the platform's timers. */
export const realClock: Clock = {
  ...realTimers,
  now: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
  sleep: (ms, signal) => sleep(ms, signal),
};
