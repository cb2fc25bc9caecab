/**
 * "Did you mean …?" for a name a stream got wrong (`Buton`, `payments.confrim`, a prop `lable`): the names the
 * catalog or the app's registries know that are closest to it, ignoring case, by optimal string alignment distance
 * (an insertion, a deletion, a change or a swap of two neighbours each count one, so `confrim` is one from
 * `confirm`).
 *
 * It runs only for a rejected line, but a hostile stream can send thousands of those, so it is bounded: a name
 * longer than MAX_NAME gets no suggestion, at most MAX_CANDIDATES candidates are looked at, a candidate whose length
 * alone puts it too far away is skipped before any comparison, and a comparison stops as soon as it can't come
 * close enough. Only close matches are offered: none for a name of 1 or 2 characters (only a difference of case),
 * one edit up to 4 characters, two up to 10, three beyond.
 */

const MAX_NAME = 40;
const MAX_CANDIDATES = 2000;
const MAX_SHOWN = 3;

/** How many edits still count as close for a name of `length` characters (a 2-letter name matches only in case). */
const allowedDistance = (length: number): number => (length <= 2 ? 0 : length <= 4 ? 1 : length <= 10 ? 2 : 3);

/** Reused rows for the distance table: no arrays allocated per comparison. */
let before = new Int32Array(MAX_NAME + 2);
let previous = new Int32Array(MAX_NAME + 2);
let current = new Int32Array(MAX_NAME + 2);

/** The distance between `a` and `b` (both lower case), or `limit + 1` as soon as it must exceed `limit`. */
function distance(a: string, b: string, limit: number): number {
  const n = b.length;
  if (current.length < n + 1) {
    before = new Int32Array(n + 1);
    previous = new Int32Array(n + 1);
    current = new Int32Array(n + 1);
  }
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    const t = before;
    before = previous;
    previous = current;
    current = t;
  }
  return previous[n]!;
}

/**
 * The known names closest to `name` (at most three, in the candidates' order), or none when nothing is close.
 * A name that differs only in case is the closest of all.
 */
export function closestNames(name: string, candidates: Iterable<string>): string[] {
  if (name.length === 0 || name.length > MAX_NAME) return [];
  const wanted = name.toLowerCase();
  let best = allowedDistance(name.length);
  let found: string[] = [];
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > MAX_CANDIDATES) break;
    if (candidate === name || candidate.length > MAX_NAME || Math.abs(candidate.length - name.length) > best) continue;
    const d = distance(wanted, candidate.toLowerCase(), best);
    if (d > best) continue;
    if (d < best) {
      best = d;
      found = [];
    }
    if (found.length < MAX_SHOWN) found.push(candidate);
  }
  return found;
}

/** `; did you mean "Button"?` (or `"a" or "b"`) to end a message with, or '' when nothing known is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const close = closestNames(name, candidates);
  if (close.length === 0) return '';
  const quoted = close.map((c) => `"${c}"`);
  const last = quoted.pop()!;
  return `; did you mean ${quoted.length ? `${quoted.join(', ')} or ${last}` : last}?`;
}
