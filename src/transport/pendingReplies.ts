/**
 * Requests waiting for their replies, by id, with deadlines: the table a request/reply protocol keeps, written
 * once for both of ours (the axstream remote backend, the OUI agent). A reply settles its request once and
 * drops its deadline; a deadline runs a callback, which settles the request or gives it another deadline
 * (an agent that asks the page to withdraw a request waits a little longer for the answer); when the link
 * goes, everything waiting is settled at once.
 */
import { realTimers, type Timers } from './clock.js';

export interface PendingReplies<Id, Entry, Reply> {
  /** Starts waiting for the reply to `id`, keeping `entry` (what the caller needs to know about it) meanwhile. */
  wait(id: Id, entry: Entry): Promise<Reply>;
  /** What is kept for `id` while it waits; undefined once it is settled. */
  get(id: Id): Entry | undefined;
  /** Settles `id` with `reply` and drops its deadline; false when nothing waits for `id` (a late or stray reply). */
  settle(id: Id, reply: Reply): boolean;
  /**
   * Runs `onDeadline` in `ms` unless `id` is settled first, instead of any deadline it had. A `ms` that is not
   * a finite number drops the deadline: the request waits until it is settled.
   */
  deadline(id: Id, ms: number, onDeadline: () => void): void;
  /** Settles everything waiting, each with what `replyFor` gives (the link closed, the caller stopped). */
  settleAll(replyFor: (id: Id, entry: Entry) => Reply): void;
  /** How many requests wait. */
  readonly size: number;
}

interface Waiting<Entry, Reply> {
  entry: Entry;
  resolve(reply: Reply): void;
  timer: unknown;
  /** Counts deadlines set, so one replaced (even by a timer handle that compares equal) never runs. */
  deadlines: number;
}

/** An empty table; `timers` are injectable so a test can pass a minute of silence without waiting. */
export function createPendingReplies<Id, Entry, Reply>(timers: Timers = realTimers): PendingReplies<Id, Entry, Reply> {
  const waiting = new Map<Id, Waiting<Entry, Reply>>();
  const drop = (w: Waiting<Entry, Reply>) => {
    w.deadlines++;
    if (w.timer !== undefined) timers.clearTimeout(w.timer);
    w.timer = undefined;
  };
  const settle = (id: Id, reply: Reply): boolean => {
    const w = waiting.get(id);
    if (!w) return false;
    waiting.delete(id);
    drop(w);
    w.resolve(reply);
    return true;
  };
  return {
    wait(id, entry) {
      // An id asked again replaces the first wait, which is never settled: ids are the caller's to keep unique.
      const before = waiting.get(id);
      if (before) drop(before);
      return new Promise<Reply>((resolve) => {
        waiting.set(id, { entry, resolve, timer: undefined, deadlines: 0 });
      });
    },
    get: (id) => waiting.get(id)?.entry,
    settle,
    deadline(id, ms, onDeadline) {
      const w = waiting.get(id);
      if (!w) return;
      drop(w);
      if (!Number.isFinite(ms)) return;
      const set = w.deadlines;
      w.timer = timers.setTimeout(() => {
        // Only the deadline set last, and only while the request still waits.
        if (waiting.get(id) !== w || w.deadlines !== set) return;
        w.timer = undefined;
        onDeadline();
      }, Math.max(0, ms));
    },
    settleAll(replyFor) {
      for (const [id, w] of [...waiting]) if (waiting.get(id) === w) settle(id, replyFor(id, w.entry));
    },
    get size() {
      return waiting.size;
    },
  };
}
