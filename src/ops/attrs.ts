/**
 * Attributes of nodes and inline components: a bounded number of names, each mapped to a string or `true`.
 * They are copied into a frozen null-prototype object, so a `__proto__` or `constructor` attribute is only an
 * attribute, and a missing one reads as undefined rather than something inherited. A bad attribute is left out
 * (or, for a number, read as its digits) with a warning, never a reason to refuse its node: a refusal is as
 * small as it can be.
 */
import { type Check, shown } from './check.js';
import type { Attrs } from './types.js';

/** Letters, digits, `_ . : -`, starting with a letter or `_`. */
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** The attributes of a node that has none. */
export const NO_ATTRS: Attrs = Object.freeze(Object.create(null) as Record<string, string | true>);

/**
 * Checks and copies an `attrs` field; `undefined` or null (left out) is no attributes, and so, with a warning,
 * is anything but an object. Refused (undefined) only when its text is over the op's budget. Past `maxAttrs`,
 * a name that isn't one, a value over `maxAttrValue`, and a value that is neither a string nor `true` are left
 * out; a finite number is kept as its digits (`2` is `"2"`). Each is noted on `check`.
 */
export function checkAttrs(value: unknown, check: Check): Attrs | undefined {
  if (value === undefined || value === null) return NO_ATTRS;
  if (typeof value !== 'object' || Array.isArray(value)) {
    check.warn('dropped', `attrs must be an object of names to strings or true, not ${shown(value)}; left out`);
    return NO_ATTRS;
  }
  const { maxAttrs, maxAttrName, maxAttrValue } = check.limits;
  const out = Object.create(null) as Record<string, string | true>;
  let count = 0;
  // for…in stops at the limit without listing every key of an enormous object first.
  for (const name in value) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    if (count >= maxAttrs) {
      check.warn('dropped', `attributes past the first ${maxAttrs} were left out`);
      break;
    }
    if (name.length > maxAttrName || !NAME.test(name)) {
      check.warn('dropped', `attribute name ${shown(name)} is not a name (letters, digits, _ . : -, at most ${maxAttrName}) and was left out`);
      continue;
    }
    const v = (value as Record<string, unknown>)[name];
    let kept: string | true;
    if (v === true) kept = true;
    else if (typeof v === 'string') kept = v;
    else if (typeof v === 'number' && Number.isFinite(v)) {
      kept = String(v);
      check.warn('converted', `attribute ${name} is the number ${kept}; read as the text "${kept}"`);
    } else {
      check.warn('dropped', `attribute ${name} is ${shown(v)}, left out: values are strings, or true for a bare attribute`);
      continue;
    }
    if (kept !== true) {
      if (kept.length > maxAttrValue) {
        check.warn('dropped', `attribute ${name} is longer than ${maxAttrValue} characters and was left out`);
        continue;
      }
      if (!check.addText(kept.length)) return undefined;
    }
    out[name] = kept;
    count++;
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
