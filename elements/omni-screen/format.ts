/** Formatting the renderer does itself with Intl, in the element's locale ([8] Content and styling). */
import { dateFormat, numberFormat } from '../shared/base/locale.js';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;


/** A number, or a string that is plainly a number, as money; anything else is returned as text. */
export function formatCurrency(value: string | number, currency: string | undefined, locale: string): string {
  const n = typeof value === 'number' ? value : NUMERIC.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n)) return String(value);
  try {
    return numberFormat(locale, { style: 'currency', currency: currency ?? 'USD' }).format(n);
  } catch {
    return String(value);
  }
}

/**
 * A date-only "YYYY-MM-DD" as that calendar day in every time zone: the parts are read as a UTC date and
 * formatted in UTC, so nobody west of Greenwich sees the day before. Invalid dates are returned unchanged.
 */
export function formatDate(value: string, locale: string): string {
  const m = DATE_ONLY.exec(value.trim());
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  date.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return value;
  try {
    return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  } catch {
    return value;
  }
}

/** A number for reading aloud or showing beside stars: up to two decimals, in the locale. */
export function formatNumber(n: number, locale: string): string {
  try {
    return numberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  } catch {
    return String(n);
  }
}
