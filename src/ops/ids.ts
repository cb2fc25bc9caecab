/**
 * Ids are positions: indexes from the root joined with dots. Only the canonical spelling is an id (no leading
 * zeros, signs, spaces or empty segments), so one node has exactly one id. The length is checked before
 * anything else, so an id of a hundred thousand segments costs one comparison.
 */
import type { Check } from './check.js';
import { shown } from './check.js';

/** Where an id puts its node. */
export interface IdPlace {
  /** The parent's id, or null for a top-level node. */
  readonly parent: string | null;
  /** Its index among the parent's children. */
  readonly index: number;
  readonly depth: number;
}

const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** The place an id names, or undefined (refused on `check`) when it isn't a canonical id within the limits. */
export function parseId(value: unknown, check: Check): IdPlace | undefined {
  const { maxIdLength, maxDepth, maxNodes } = check.limits;
  if (typeof value !== 'string') return check.fail('bad_id', `id must be a string of indexes joined with dots ("3.0.2"), not ${shown(value)}`);
  if (value.length > maxIdLength) return check.fail('bad_id', `an id is at most ${maxIdLength} characters; this one has ${value.length}`);
  let depth = 1;
  let start = 0;
  let lastDot = -1;
  for (let i = 0; i <= value.length; i++) {
    const c = i < value.length ? value.charCodeAt(i) : DOT;
    if (c === DOT) {
      const len = i - start;
      if (len === 0 || (len > 1 && value.charCodeAt(start) === ZERO)) {
        return check.fail('bad_id', `${shown(value)} is not an id: indexes are whole numbers without leading zeros, joined with single dots`);
      }
      if (i < value.length) {
        depth++;
        lastDot = i;
        start = i + 1;
      }
    } else if (c < ZERO || c > NINE) {
      return check.fail('bad_id', `${shown(value)} is not an id: only digits and dots`);
    }
  }
  if (depth > maxDepth) return check.fail('too_deep', `${shown(value)} is ${depth} levels deep; the document allows ${maxDepth}`);
  const last = value.slice(lastDot + 1);
  // Longer than the node limit's digits: no such position can exist.
  if (last.length > String(maxNodes).length) return check.fail('too_many_nodes', `${shown(value)}: a document holds at most ${maxNodes} nodes`);
  return { parent: lastDot < 0 ? null : value.slice(0, lastDot), index: Number(last), depth };
}
