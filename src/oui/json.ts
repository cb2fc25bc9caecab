/**
 * JSON values across a trust boundary. What arrives from the other side of a transport is copied into fresh
 * plain data within limits before anyone reads it: no `__proto__` key survives (it is the one key whose
 * assignment changes an object's prototype), nothing but JSON's kinds of value, and no more depth, nodes or
 * characters than the limits allow, counted before the copy grows.
 */
import { errorText } from '../stream/errors.js';

/** How much one message may hold. */
export interface WireLimits {
  /** Nesting of arrays and objects. Default 32. */
  maxDepth?: number;
  /** Values in all (every array element, object member and scalar). Default 20 000. */
  maxNodes?: number;
  /** Characters in all strings and keys together. Default 2 000 000. */
  maxChars?: number;
}

/** The limits every transport uses unless its config says otherwise. */
export const OUI_WIRE_LIMITS: Readonly<Required<WireLimits>> = Object.freeze({ maxDepth: 32, maxNodes: 20_000, maxChars: 2_000_000 });

/** A copy that passed, or why it didn't. `dropped` counts `__proto__` keys left out. */
export type JsonRead = { ok: true; value: unknown; dropped: number } | { ok: false; reason: string };

/** A plain object: made by `{}`, `Object.create(null)` or JSON.parse. Not an array, a Date, a Map, a class. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

class Refused extends Error {}

/**
 * Copies untrusted JSON-like data into fresh plain objects and arrays, or says why it can't: a value JSON can't
 * hold (function, symbol, bigint, NaN, a class instance), or more than the limits. `undefined` members of
 * objects are left out as JSON.stringify would; `undefined` elsewhere is refused.
 */
export function readJson(value: unknown, limits: WireLimits = {}): JsonRead {
  const maxDepth = limits.maxDepth ?? OUI_WIRE_LIMITS.maxDepth;
  const maxNodes = limits.maxNodes ?? OUI_WIRE_LIMITS.maxNodes;
  const maxChars = limits.maxChars ?? OUI_WIRE_LIMITS.maxChars;
  let nodes = 0;
  let chars = 0;
  let dropped = 0;
  const text = (s: string): string => {
    chars += s.length;
    if (chars > maxChars) throw new Refused(`more than ${maxChars} characters`);
    return s;
  };
  const copy = (v: unknown, depth: number): unknown => {
    if (++nodes > maxNodes) throw new Refused(`more than ${maxNodes} values`);
    if (v === null || typeof v === 'boolean') return v;
    if (typeof v === 'string') return text(v);
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Refused('a number that is not finite');
      return v;
    }
    if (typeof v !== 'object') throw new Refused(`${v === undefined ? 'undefined' : `a ${typeof v}`}, which JSON can't hold`);
    if (depth >= maxDepth) throw new Refused(`nesting deeper than ${maxDepth}`);
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      // Bound before reading: a sparse array claiming a huge length must not make us loop.
      if (v.length > maxNodes) throw new Refused(`more than ${maxNodes} values`);
      for (let i = 0; i < v.length; i++) out.push(copy(v[i], depth + 1));
      return out;
    }
    if (!isPlainObject(v)) throw new Refused('an object that is not plain data');
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      if (key === '__proto__') {
        dropped++;
        continue;
      }
      const member = v[key];
      if (member === undefined) continue;
      text(key);
      out[key] = copy(member, depth + 1);
    }
    return out;
  };
  try {
    return { ok: true, value: copy(value, 0), dropped };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    // A getter or proxy on the other side threw: that is a refusal too, never our exception.
    return { ok: false, reason: 'a value that could not be read' };
  }
}

/**
 * Our own value (a handler's answer, an observation the app set) as the JSON the other side will see: through
 * JSON.stringify's rules (toJSON, dates as strings, undefined members left out), then read within the limits.
 * A cycle, a bigint or a value over the limits is a refusal with its reason.
 */
export function toWireJson(value: unknown, limits: WireLimits = {}): JsonRead {
  if (value === undefined) return { ok: true, value: undefined, dropped: 0 };
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return { ok: false, reason: errorText(error) };
  }
  if (text === undefined) return { ok: true, value: undefined, dropped: 0 };
  const maxChars = limits.maxChars ?? OUI_WIRE_LIMITS.maxChars;
  if (text.length > maxChars * 2) return { ok: false, reason: `more than ${maxChars} characters` };
  return readJson(JSON.parse(text) as unknown, limits);
}

/** Deep equality of JSON data (what readJson and toWireJson give): same kinds, same members, same order of elements. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The UTF-8 size of a string in bytes, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
