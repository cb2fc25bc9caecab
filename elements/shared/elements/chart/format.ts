/**
 * How a chart writes its numbers: in tooltips, on its axis, in its data table and in what it announces.
 * The stream gives only a format name ([5.24]); the words and digits come from `Intl` in the page's locale.
 */

/** A chart's number format. */
export type ChartFormat = 'number' | 'currency' | 'percent';

import { numberFormat } from '../../base/locale.js';

/** `full`: every digit; `whole`: no fraction (currency ticks such as "$5,000"); `compact`: "12K", "$1.2M". */
type Mode = 'full' | 'whole' | 'compact';

function formatter(format: ChartFormat, currency: string, locale: string, mode: Mode): Intl.NumberFormat {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  const options: Intl.NumberFormatOptions =
    format === 'currency'
      ? { style: 'currency', currency: code }
      : format === 'percent'
        ? { style: 'percent', maximumFractionDigits: 2 }
        : { maximumFractionDigits: 3 };
  if (mode === 'compact') {
    options.notation = 'compact';
    options.maximumFractionDigits = 1;
  }
  if (mode !== 'full' && format === 'currency') options.minimumFractionDigits = 0;
  if (mode === 'whole') options.maximumFractionDigits = 0;
  return numberFormat(locale, options);
}

/**
 * Writes one of a chart's values. `percent` takes the value as a number of percent: 12 is "12%", not
 * "1,200%" — the way people write percentages in a chart's data, and what a model writes. `currency`
 * defaults to USD; a code that isn't three letters falls back to USD, a malformed locale to `en`.
 */
export function formatValue(value: number, format: ChartFormat = 'number', currency = 'USD', locale = 'en'): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  const kind: ChartFormat = format === 'currency' || format === 'percent' ? format : 'number';
  return formatter(kind, currency, locale, 'full').format(kind === 'percent' ? value / 100 : value);
}

/**
 * Like `formatValue`, shorter for axis ticks. One axis is written one way: when its largest tick (`scale`, the
 * tick's own value by default) is 10,000 or more every tick is compact ("$5K", "$10K"), and whole amounts of money
 * drop their cents ("$500"), so an axis never mixes "$5,000.00" with "$10K".
 */
export function formatTick(value: number, format: ChartFormat = 'number', currency = 'USD', locale = 'en', scale = value): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '';
  const kind: ChartFormat = format === 'currency' || format === 'percent' ? format : 'number';
  const mode: Mode = Math.abs(scale) >= 10_000 ? 'compact' : kind === 'currency' && Number.isInteger(value) ? 'whole' : 'full';
  return formatter(kind, currency, locale, mode).format(kind === 'percent' ? value / 100 : value);
}
