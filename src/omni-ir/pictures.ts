/**
 * Picture names ([5.17]) and families of them ([5.30]). A stream names a picture; it never supplies a location.
 */
import type { PictureFamily } from './types.js';

/** Shaped like a picture name: lowercase letters, digits and hyphens, starting with a letter or digit. */
export const ASSET_NAME = /^[a-z0-9][a-z0-9-]*$/;
const PREFIX = /^[a-z0-9][a-z0-9-]*-$/;
const DIGITS = /^[0-9]+$/;
const ALNUM = /^[a-z0-9]+$/;
const MAX_NAME = 64;

/** Refuses a malformed family when the app gives it, not while reading a stream ([5.27], [5.30]). */
export function checkFamilies(families: unknown): readonly PictureFamily[] {
  if (families === undefined || families === null) return [];
  if (!Array.isArray(families)) throw new TypeError('pictures must be a list of picture families');
  return families.map((f: unknown, i) => {
    const at = `pictures[${i}]`;
    if (typeof f !== 'object' || f === null) throw new TypeError(`${at} must be an object {prefix, id, maxLength}`);
    const { prefix, id, maxLength } = f as Record<string, unknown>;
    for (const k of Object.keys(f)) {
      if (k !== 'prefix' && k !== 'id' && k !== 'maxLength') throw new TypeError(`${at} has an unknown key "${k}"`);
    }
    if (typeof prefix !== 'string' || !PREFIX.test(prefix) || prefix.length >= MAX_NAME) {
      throw new TypeError(`${at}.prefix must be lowercase letters, digits and hyphens ending in "-", such as "product-"`);
    }
    if (id !== 'digits' && id !== 'alnum') throw new TypeError(`${at}.id must be "digits" or "alnum"`);
    if (typeof maxLength !== 'number' || !Number.isInteger(maxLength) || maxLength < 1) {
      throw new TypeError(`${at}.maxLength must be a whole number of at least 1`);
    }
    return { prefix, id, maxLength };
  });
}

/** Whether a well-formed picture name is registered or belongs to a family. */
export function knownPicture(name: string, assets: ReadonlySet<string>, families: readonly PictureFamily[]): boolean {
  if (assets.has(name)) return true;
  if (name.length > MAX_NAME) return false;
  for (const f of families) {
    if (!name.startsWith(f.prefix)) continue;
    const rest = name.slice(f.prefix.length);
    if (rest.length === 0 || rest.length > f.maxLength) continue;
    if ((f.id === 'digits' ? DIGITS : ALNUM).test(rest)) return true;
  }
  return false;
}
