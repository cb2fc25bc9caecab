/**
 * Numbers as a model writes them in a table ("24100", "$30,800", "12.5%", "1 204"): charts parse cells, the
 * document keeps them as written.
 */
import type { Cell } from '../../../src/ops/index.js';
import { numberFormat } from '../../shared/base/locale.js';

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/** The number a cell holds, or NaN. Thousands separators, spaces, a leading currency sign and a trailing % go. */
export function cellNumber(cell: Cell | undefined): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return Number.NaN;
  let t = cell.trim().replace(/[\s,\u00a0\u202f_]/g, '');
  const negative = /^\((.*)\)$/.exec(t);
  if (negative) t = `-${negative[1]}`;
  t = t.replace(/^([-+]?)[$€£¥₹]/, '$1').replace(/%$/, '');
  return NUMBER.test(t) ? Number(t) : Number.NaN;
}

/** A cell as words for a label or a table. */
export const cellText = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell));

/**
 * A cell as a reader sees it in a table: a number the stream sent as a number is written as the reader's locale
 * writes it (38,72 in French); a string stays as the model wrote it.
 */
export const cellShown = (cell: Cell | undefined, locale: string): string => (typeof cell === 'number' ? shown(cell, locale) : cellText(cell));

/** A number as the reader's locale writes it (a formatter made once per locale: making one costs far more than using it). */
export const shown = (n: number, locale: string): string => numberFormat(locale, { maximumFractionDigits: 6 }).format(n);
