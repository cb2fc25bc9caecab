/**
 * Deadlines of actions: an epoch time (ms, as `Date.now()`) after which an action must never run, because
 * whoever asked for it (an agent that was told TIMEOUT, a step that was stopped) has stopped waiting. Checked
 * when asking, while the person decides, and again just before running, so a Confirm pressed in the same
 * instant as the deadline runs nothing.
 */

/**
 * True once `deadline` has come (or it is not a number, `NaN` included: a deadline nobody can read is not a
 * reason to run). No deadline (undefined) never passes.
 */
export function pastDeadline(deadline: number | undefined, now: number = Date.now()): boolean {
  if (deadline === undefined) return false;
  if (typeof deadline !== 'number' || Number.isNaN(deadline)) return true;
  return now >= deadline;
}
