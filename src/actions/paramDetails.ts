/**
 * Every param an action will receive, as a person reads it before approving: the ones its schema requires
 * first (in the schema's order), then the rest in the order they came, each value whole. Nothing is cut and
 * nothing is hidden behind a count: a value a person can't read in full is a value they can't approve. How
 * long values stay readable (a scrolling box) is the dialog's; the words are plain text, never markup.
 */
import type { ActionParams } from './govern.js';

/** One param as shown: its name, its whole value as text (null when it is empty), and whether the schema requires it. */
export interface ParamDetail {
  readonly name: string;
  readonly value: string | null;
  readonly required: boolean;
}

/** The names a schema's top level requires, in its order (none for `true`, `false` or a schema without them). */
export function requiredNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const required = (schema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string') : [];
}

/** Every param of `params`, required ones (by `schema`, any JSON Schema object) first. */
export function paramDetails(params: ActionParams, schema?: unknown): ParamDetail[] {
  const names = Object.keys(params);
  const present = new Set(names);
  const required = [...new Set(requiredNames(schema))].filter((n) => present.has(n));
  const isRequired = new Set(required);
  const order = [...required, ...names.filter((n) => !isRequired.has(n))];
  return order.map((name) => ({ name, value: fullValue(params[name]), required: isRequired.has(name) }));
}

/** One value whole, as text: strings as they are, lists and objects as indented JSON; null when there is nothing. */
export function fullValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v), 2) ?? String(value);
  } catch {
    // A cycle: what can be said of it, rather than nothing.
    return String(value);
  }
}
