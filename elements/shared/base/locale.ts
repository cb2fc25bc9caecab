/**
 * The elements' one door to `Intl`: locale tags made safe (an app's typo must not make every format throw) and
 * formatters made once per locale and options (constructing an `Intl.NumberFormat` costs far more than using
 * one, and a chart formats every tick and every cell).
 */

/** A usable BCP 47 tag, or undefined for a missing or malformed one. */
export function canonicalLocale(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

// Bounded: a stream can name many currencies, and each name is a new formatter.
const MAX_CACHED = 256;
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let f = cache.get(key);
  if (f === undefined) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A number formatter for `locale` (malformed: `en`). Throws a RangeError for options Intl refuses (a bad currency). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const tag = canonicalLocale(locale) ?? 'en';
  return cached(numbers, `${tag}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));
}

/** A date formatter for `locale` (malformed: `en`). */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const tag = canonicalLocale(locale) ?? 'en';
  return cached(dates, `${tag}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));
}
