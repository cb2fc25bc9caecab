// A clock that moves only when the test says (`advance(ms)`), for an element's `clock` (AgentElement.clock): the
// inert moment of a confirmation, the steps' batched announcements, an outline's linger, a press's deadline run
// on it, so a test moves time instead of sleeping on it.
import { sleep, type Clock } from '../../../src/transport/index.js';

export interface ManualClock extends Clock {
  /** Moves the clock `ms` on, running each timer that falls due, in order, at its own time. */
  advance(ms: number): void;
  /** What is still to come, as ms from now. */
  readonly pending: number[];
}

export function manualClock(): ManualClock {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const clock: ManualClock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++;
      due.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
    sleep: (ms, signal) => sleep(ms, signal, clock),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let first: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of due) if (entry[1].at <= end && (!first || entry[1].at < first[1].at)) first = entry;
        if (!first) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = end;
    },
    get pending() {
      return [...due.values()].map((t) => t.at - now);
    },
  };
  return clock;
}
