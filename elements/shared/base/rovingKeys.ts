/**
 * The keys of a roving-tabindex list (a tab list, a row of choices): the arrows move one step, wrapping at the
 * ends, in the reading direction (left and right swap in a right-to-left layout); Home and End go to the ends.
 * Returns the index to move to, or null for any other key (then the event is left alone).
 */
export function rovingIndex(event: KeyboardEvent, current: number, count: number): number | null {
  if (count === 0 || current < 0) return null;
  const rtl = getComputedStyle(event.currentTarget as Element).direction === 'rtl';
  let next: number;
  if (event.key === 'ArrowRight') next = rtl ? current - 1 : current + 1;
  else if (event.key === 'ArrowLeft') next = rtl ? current + 1 : current - 1;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = count - 1;
  else return null;
  event.preventDefault();
  return (next + count) % count;
}
