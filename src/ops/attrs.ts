/**
 * Attributes of nodes and inline components: a bounded number of names, each mapped to a string or `true`.
 * They are copied into a frozen null-prototype object, so a `__proto__` or `constructor` attribute is only an
 * attribute, and a missing one reads as undefined rather than something inherited.
 */
import { type Check, shown } from './check.js';
import type { Attrs } from './types.js';

/** Letters, digits, `_ . : -`, starting with a letter or `_`. */
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** The attributes of a node that has none. */
export const NO_ATTRS: Attrs = Object.freeze(Object.create(null) as Record<string, string | true>);

/** Checks and copies an `attrs` field; `undefined` (left out) is no attributes. */
export function checkAttrs(value: unknown, check: Check): Attrs | undefined {
  if (value === undefined) return NO_ATTRS;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return check.fail('bad_attrs', `attrs must be an object of names to strings or true, not ${shown(value)}`);
  }
  const { maxAttrs, maxAttrName, maxAttrValue } = check.limits;
  const out = Object.create(null) as Record<string, string | true>;
  let count = 0;
  // for…in stops at the limit without listing every key of an enormous object first.
  for (const name in value) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    if (++count > maxAttrs) return check.fail('too_large', `a node has at most ${maxAttrs} attributes`);
    if (name.length > maxAttrName || !NAME.test(name)) {
      return check.fail('bad_attrs', `attribute name ${shown(name)} is not a name (letters, digits, _ . : -, at most ${maxAttrName})`);
    }
    const v = (value as Record<string, unknown>)[name];
    if (v === true) out[name] = true;
    else if (typeof v === 'string') {
      if (v.length > maxAttrValue) return check.fail('too_large', `attribute ${name} is longer than ${maxAttrValue} characters`);
      if (!check.addText(v.length)) return undefined;
      out[name] = v;
    } else {
      return check.fail('bad_attrs', `attribute ${name} is ${shown(v)}; values are strings, or true for a bare attribute`);
    }
  }
  return count === 0 ? NO_ATTRS : Object.freeze(out);
}

/** Reads an attribute as a string, or undefined (a bare `true` attribute has no string). */
export function attrText(attrs: Attrs, name: string): string | undefined {
  const v = attrs[name];
  return typeof v === 'string' ? v : undefined;
}

/** True for a bare attribute or one written `"true"`. */
export function attrFlag(attrs: Attrs, name: string): boolean {
  const v = attrs[name];
  return v === true || v === 'true';
}
