/**
 * Reading a key of an object that came from outside (a stream, a page, an app's table) without reaching what
 * its prototype has: `constructor`, `toString` or `__proto__` are no component type, tool name or word.
 */
import { isJsonObject } from './jsonLines.js';

/** Whether `key` is `o`'s own property (false for nothing, and for what it inherits). */
export function hasOwn(o: object | null | undefined, key: PropertyKey): boolean {
  return !!o && Object.prototype.hasOwnProperty.call(o, key);
}

/** `value[key]` when `value` is an object (not an array) with `key` of its own; undefined otherwise. */
export function ownValue(value: unknown, key: string): unknown {
  return isJsonObject(value) && hasOwn(value, key) ? value[key] : undefined;
}
