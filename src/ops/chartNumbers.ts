/**
 * A chart's numbers, read as the document's language writes them. The op stream keeps cells as the model wrote
 * them ("1.204,50", "12,5 %", "980 €"); a renderer reads them for its chart here, with the language's decimal
 * and group separators (from `Intl`), so "2.000" is two thousand in German and two in English. A unit around the
 * number (a currency sign or code, %, a unit word such as "kg") is read and set aside. A value that can't be read
 * is a gap, said (`unreadable_number`); one too large to plot (beyond `CHART_VALUE_LIMIT`, where an axis overflows
 * and drawing it froze the page) is a gap too, said (`value_out_of_range`). Plain code: no DOM.
 */
import type { Cell, TableData } from './types.js';

/**
 * The largest magnitude a chart plots: a quadrillion (10^15). Beyond it whole numbers lose their last digits in
 * a double, and near the double's own limit (1.7e308) an axis's range and steps overflow to Infinity, which froze
 * the page for seconds and then ran it out of memory. Real answers' figures (a world's GDP in any currency's
 * units, a country's population in people) fit well inside it.
 */
export const CHART_VALUE_LIMIT = 1e15;

/** Why a cell is a gap in a chart. */
export type ChartValueProblem = 'unreadable_number' | 'value_out_of_range';

/** A cell read as a chart's number. */
export interface ChartValue {
  /** The number, or null: a gap (an empty cell, or a problem). */
  readonly value: number | null;
  /** The unit written with it (`€`, `%`, `kg`), or ''. */
  readonly unit: string;
  /** Why a written value is a gap, or null. */
  readonly problem: ChartValueProblem | null;
}

/** The separators a language writes numbers with. */
interface Separators {
  readonly decimal: string;
  readonly group: string;
}

const separators = new Map<string, Separators>();

/** The decimal and group separators of `locale` (per `Intl`; `en` for a tag it doesn't know). */
function separatorsOf(locale: string): Separators {
  let s = separators.get(locale);
  if (s) return s;
  let decimal = '.';
  let group = ',';
  try {
    for (const part of new Intl.NumberFormat(locale).formatToParts(12345.6)) {
      if (part.type === 'decimal') decimal = part.value;
      else if (part.type === 'group') group = part.value;
    }
  } catch {
    // Not a tag Intl takes: English separators.
  }
  s = { decimal, group };
  if (separators.size > 64) separators.clear();
  separators.set(locale, s);
  return s;
}

const EMPTY: ChartValue = Object.freeze({ value: null, unit: '', problem: null });
/** No value on purpose: an empty cell, or a dash standing for none. */
const NONE = /^[-\u2010-\u2015\u2212]?$/;
/**
 * A number with what may stand around it: a sign (or parentheses for a negative), a unit before (a currency
 * sign or code) or after (a currency, %, ‰ or a unit word), and between them digits with `.`, `,`, spaces,
 * apostrophes as separators, and an exponent.
 */
const SHAPE =
  /^([-+\u2212]?)\s*(\p{Sc}|[A-Z]{3}(?=[\s\d]))?\s*([-+\u2212]?)\s*(\d[\d.,'\u2019\s]*(?:[eE][-+]?\d+)?|[.,]\d+)\s*(%|\u2030|\p{Sc}|[\p{L}°][\p{L}°/²³.]{0,11})?$/u;
const SPACES = /[\s'\u2019]/g;
const MAX_NUMBER_TEXT = 64;
/**
 * Digits with at most a `.` and a fraction not of three digits: read alike in every language (three digits after
 * one `.` may be a group, and go the long way). Most cells are written so; reading them without the pattern above
 * makes no garbage, which a 10,000-row chart's collection paid for.
 */
const PLAIN = /^-?\d+(?:\.(?:\d\d?|\d{4,}))?$/;

/** Reads one chart cell as the language of `locale` writes numbers. A JSON number is taken as it is. */
export function readChartValue(cell: Cell | undefined, locale: string): ChartValue {
  if (cell === null || cell === undefined) return EMPTY;
  if (typeof cell === 'number') return bounded(cell, '');
  const text = cell.trim();
  if (NONE.test(text)) return EMPTY;
  // No number is longer; and a long run of spaces can't make the pattern below backtrack for long.
  if (text.length > MAX_NUMBER_TEXT) return { value: null, unit: '', problem: 'unreadable_number' };
  if (PLAIN.test(text)) return bounded(Number(text), '');
  let t = text;
  let negative = false;
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  const m = SHAPE.exec(t);
  if (!m) return { value: null, unit: '', problem: 'unreadable_number' };
  const [, sign1, before, sign2, digits, after] = m;
  const n = digitsValue(digits!, separatorsOf(locale));
  if (n === null || (sign1 && sign2)) return { value: null, unit: '', problem: 'unreadable_number' };
  const minus = negative !== ((sign1 || sign2) === '-' || (sign1 || sign2) === '\u2212');
  // A scale word after the number ("5k", "1,2 Mio.", "3 bn") multiplies it; any other word is its unit.
  const scale = after === undefined ? undefined : SCALES.get(after.length === 1 ? after : after.toLowerCase());
  return bounded((minus ? -n : n) * (scale ?? 1), scale === undefined ? (before ?? after ?? '') : (before ?? ''));
}

/**
 * Words for thousands, millions and billions after a number, as answers in English, German and French write them
 * (one letter only as written: "5 m" is five metres, "5 M" five million).
 */
const SCALES = new Map<string, number>([
  ['k', 1e3],
  ['K', 1e3],
  ['M', 1e6],
  ['tsd', 1e3],
  ['tsd.', 1e3],
  ['thousand', 1e3],
  ['mn', 1e6],
  ['mio', 1e6],
  ['mio.', 1e6],
  ['million', 1e6],
  ['millions', 1e6],
  ['bn', 1e9],
  ['mrd', 1e9],
  ['mrd.', 1e9],
  ['md', 1e9],
  ['billion', 1e9],
  ['billions', 1e9],
  ['milliards', 1e9],
  ['milliard', 1e9],
]);

function bounded(n: number, unit: string): ChartValue {
  if (!Number.isFinite(n) || Math.abs(n) > CHART_VALUE_LIMIT) return { value: null, unit, problem: 'value_out_of_range' };
  return { value: n === 0 ? 0 : n, unit, problem: null };
}

/**
 * The digits of a number with its separators: spaces and apostrophes always group; where both `.` and `,`
 * appear, the last is the decimal; one kind appearing more than once groups; one appearing once is the decimal
 * unless exactly three digits follow it, where the language decides (German "2.000" is 2000, English 2). Groups
 * must look like groups (three digits, or two before the last three as in "12,34,567"): "1.2.3" is no number.
 */
function digitsValue(raw: string, sep: Separators): number | null {
  const exp = /[eE][-+]?\d+$/.exec(raw);
  const t = (exp ? raw.slice(0, exp.index) : raw).replace(SPACES, '');
  const dot = t.lastIndexOf('.');
  const comma = t.lastIndexOf(',');
  let decimal: string | null = null;
  if (dot >= 0 && comma >= 0) decimal = dot > comma ? '.' : ',';
  else if (dot >= 0 || comma >= 0) {
    const c = dot >= 0 ? '.' : ',';
    const at = Math.max(dot, comma);
    if (t.indexOf(c) !== at) decimal = null;
    else if (t.length - at - 1 !== 3) decimal = c;
    else decimal = sep.decimal === c || (sep.group !== c && c === '.') ? c : null;
  }
  const at = decimal === null ? t.length : t.lastIndexOf(decimal);
  const whole = t.slice(0, at);
  const fraction = t.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return null;
  const groups = whole.split(/[.,]/);
  for (let i = 1; i < groups.length; i++) {
    const n = groups[i]!.length;
    if (!(n === 3 || (n === 2 && i < groups.length - 1))) return null;
  }
  if (groups.length > 1 && !/^\d{1,3}$/.test(groups[0]!)) return null;
  const digits = groups.join('');
  if (digits === '' && fraction === '') return null;
  const n = Number(`${digits || '0'}.${fraction || '0'}${exp ? exp[0] : ''}`);
  return n;
}

/** One series' values as a chart reads them. */
export interface ChartColumn {
  readonly values: (number | null)[];
  /** The unit every written value of the column carries, or '' (none, or not all the same). */
  readonly unit: string;
}

/** A cell a chart couldn't read: where, as written, and why. */
export interface ChartCellProblem {
  readonly row: number;
  readonly column: number;
  readonly text: string;
  readonly problem: ChartValueProblem;
}

/** A chart table's numbers: the columns after the first (its labels), read. */
export interface ChartNumbers {
  readonly columns: ChartColumn[];
  readonly problems: ChartCellProblem[];
}

/** Reads the value columns of a chart's table data (every column after the first) in `locale`. */
export function readChartNumbers(data: TableData, locale: string): ChartNumbers {
  let width = data.columns.length;
  for (const r of data.rows) width = Math.max(width, r.length);
  width -= 1;
  const problems: ChartCellProblem[] = [];
  const columns: ChartColumn[] = [];
  for (let c = 1; c <= width; c++) {
    const values: (number | null)[] = [];
    let unit: string | null = null;
    for (let r = 0; r < data.rows.length; r++) {
      const cell = data.rows[r]![c];
      const read = readChartValue(cell, locale);
      values.push(read.value);
      if (read.problem) problems.push({ row: r, column: c, text: String(cell), problem: read.problem });
      else if (read.value !== null) unit = unit === null || unit === read.unit ? read.unit : '';
    }
    columns.push({ values, unit: unit ?? '' });
  }
  return { columns, problems };
}
