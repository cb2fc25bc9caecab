import type { Timers } from '../transport/clock.js';

/**
 * The callers of a transport's `connect()` waiting for the other side: they all settle together, when it
 * answers (`settle()`), when the transport closes or fails (`settle(error)`), or when `timeoutMs` pass since the
 * first of them began to wait (`onTimeout` says why; they are rejected with it).
 */
export interface ConnectWait {
  /** Waits with the others; starts the clock if it isn't running. */
  wait(): Promise<void>;
  settle(error?: Error): void;
}

export function createConnectWait(timers: Timers, timeoutMs: number, onTimeout: () => string): ConnectWait {
  let waiting: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let timer: unknown;
  const settle = (error?: Error) => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const all = waiting;
    waiting = [];
    for (const w of all) {
      if (error) w.reject(error);
      else w.resolve();
    }
  };
  return {
    settle,
    wait() {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (timer !== undefined) return;
        timer = timers.setTimeout(() => {
          timer = undefined;
          settle(new Error(onTimeout()));
        }, timeoutMs);
      });
    },
  };
}
