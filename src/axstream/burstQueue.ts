/**
 * A burst's queue: steps, dropped lines and the reply's end wait in one line in input order and are taken one at
 * a time, so a problem is reported in its place and nothing after a barrier is reported or run. Issues past
 * `maxIssues` are only counted, in their place.
 */
import { END, finish, type BurstState } from './burstState.js';
import type { BurstEnding } from './burstController.js';
import type { BurstOutcome } from './step.js';
import type { AxIssue } from './types.js';

/** Tells an issue now. */
export function report<Ref>(b: BurstState<Ref>, issue: AxIssue): void {
  b.issues.push(issue);
  b.issueListeners.emit(issue);
}

/** A warning about the step running now: it is already in its place, so it is reported at once. */
export function warn<Ref>(b: BurstState<Ref>, issue: AxIssue): void {
  if (b.issuesQueued < b.maxIssues) {
    b.issuesQueued++;
    report(b, issue);
  } else {
    b.issuesOmitted++;
    b.omittedListeners.emit(issue.code, 1);
  }
}

/** A dropped line: it waits its turn to be told (or counted, past `maxIssues`). */
export function dropLine<Ref>(b: BurstState<Ref>, issue: AxIssue, runStep: (index: number) => Promise<void>): void {
  if (b.closed) return;
  if (b.issuesQueued < b.maxIssues) {
    b.issuesQueued++;
    b.queue.push(issue);
  } else {
    const last = b.queue[b.queue.length - 1];
    if (typeof last === 'object' && 'count' in last && last.code === issue.code) last.count++;
    else b.queue.push({ code: issue.code, count: 1 });
  }
  pump(b, runStep);
}

/** Starts taking from the queue unless it is being taken already. */
export function pump<Ref>(b: BurstState<Ref>, runStep: (index: number) => Promise<void>): void {
  if (!b.draining && b.result === null) void drain(b, runStep);
}

async function drain<Ref>(b: BurstState<Ref>, runStep: (index: number) => Promise<void>): Promise<void> {
  b.draining = true;
  try {
    while (b.result === null && b.head < b.queue.length) {
      const entry = b.queue[b.head]!;
      b.queue[b.head++] = undefined;
      // Keeps the queue's memory to what is waiting, without shifting on every step.
      if (b.head >= 1024 && b.head * 2 >= b.queue.length) {
        b.queue = b.queue.slice(b.head);
        b.head = 0;
      }
      if (typeof entry === 'number') {
        await runStep(entry);
        b.current = -1;
      } else if (entry === END) finish(b, endOutcome(b.ending));
      else if ('count' in entry) {
        b.issuesOmitted += entry.count;
        b.omittedListeners.emit(entry.code, entry.count);
      } else report(b, entry);
    }
  } finally {
    b.draining = false;
  }
}

/** The outcome of a burst whose queue drained without a barrier. */
export function endOutcome<Ref>(how: BurstEnding): BurstOutcome<Ref> {
  if (how.reason !== 'truncated') return { reason: how.reason };
  return { reason: 'truncated', line: how.line, detail: `the reply was cut off in the middle of line ${how.line}, which was not run` };
}
