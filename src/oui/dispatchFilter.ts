/**
 * The filter of a subscribed async action: which app event is the one this request waits for. A filter value
 * `'$dispatchResult'` stands for the handler's whole answer and `'$dispatchResult.a.b'` for a value inside it
 * (own properties and array indexes only, never anything inherited); other values are matched as they are.
 */
import { isPlainObject, jsonEqual } from './json.js';

const PREFIX = '$dispatchResult';

/** The filter with every `$dispatchResult` reference replaced, or the first reference the answer doesn't hold. */
export type ResolvedFilter = { ok: true; filter: Record<string, unknown> } | { ok: false; missing: string };

function lookup(root: unknown, path: string[]): unknown {
  let at = root;
  for (const key of path) {
    if (Array.isArray(at) && /^(0|[1-9]\d*)$/.test(key)) at = at[Number(key)];
    else if (isPlainObject(at) && Object.prototype.hasOwnProperty.call(at, key)) at = at[key];
    else return undefined;
  }
  return at;
}

/** Replaces `$dispatchResult` references in a filter (at any depth) with values of the handler's answer. */
export function resolveDispatchFilter(filter: Record<string, unknown> | undefined, dispatchResult: unknown): ResolvedFilter {
  let missing: string | null = null;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && (v === PREFIX || v.startsWith(`${PREFIX}.`))) {
      const path = v === PREFIX ? [] : v.slice(PREFIX.length + 1).split('.');
      const found = lookup(dispatchResult, path);
      if (found === undefined) missing ??= v;
      return found;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) if (k !== '__proto__') out[k] = walk(v[k]);
      return out;
    }
    return v;
  };
  const resolved = walk(filter ?? {}) as Record<string, unknown>;
  return missing === null ? { ok: true, filter: resolved } : { ok: false, missing };
}

/**
 * Whether an event's payload matches a resolved filter: every key of the filter is an own property of the
 * payload with an equal value; a filter object inside matches the payload's object by its own keys the same way.
 */
export function matchesDispatchFilter(payload: unknown, filter: Record<string, unknown>): boolean {
  if (!isPlainObject(payload)) return Object.keys(filter).length === 0;
  for (const key of Object.keys(filter)) {
    if (!Object.prototype.hasOwnProperty.call(payload, key)) return false;
    const want = filter[key];
    const have = payload[key];
    if (isPlainObject(want) ? !matchesDispatchFilter(have, want) || !isPlainObject(have) : !jsonEqual(have, want)) return false;
  }
  return true;
}
