import { css } from 'lit';
import { chartReady, chartTemplate } from '../../shared/elements/chart/chartSlot.js';
import { taskBudget } from '../model/taskBudget.js';
import { numberFormat } from '../../shared/base/locale.js';
import { attrText, CHART_VALUE_LIMIT, readChartNumbers, type ChartNumbers, type OpNode, type TableData } from '../../../src/ops/index.js';
import type { ChartSeries } from '../../shared/elements/chart/chart.js';
import type { MorphContext, NodeHost, NodeView } from '../screenContext.js';
import { cellText } from './numbers.js';
import { fallback, firstAttr, pending, standIn, streamText } from './parts.js';

type Kind = 'bar' | 'line' | 'pie';
const STARTED = 'chart:started';
const KINDS: Readonly<Record<string, Kind>> = { bar: 'bar', column: 'bar', line: 'line', area: 'line', pie: 'pie', donut: 'pie', doughnut: 'pie' };

/** Currency codes for the signs a model writes beside a number. */
const SIGNS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY', '₪': 'ILS', '₫': 'VND', '₴': 'UAH', '₦': 'NGN', '₱': 'PHP' };

/**
 * How the values are written: money when the `y` axis names a currency code ("USD") or every value carries the
 * same currency (a sign or a code), percent for a `y` of "%" or values that all carry "%".
 */
function valueFormat(y: string, unit: string, locale: string): { format: 'number' | 'currency' | 'percent'; currency: string } {
  if (y === '%' || (y === '' && unit === '%')) return { format: 'percent', currency: 'USD' };
  for (const code of [y, SIGNS[unit] ?? unit]) {
    if (!/^[A-Z]{3}$/.test(code)) continue;
    try {
      numberFormat(locale, { style: 'currency', currency: code });
      return { format: 'currency', currency: code };
    } catch {
      // Not a currency this browser knows: plain numbers.
    }
  }
  return { format: 'number', currency: 'USD' };
}

/** What a chart's node drew from, and the numbers read from it: read again only when the data or language change. */
interface Read {
  readonly data: TableData;
  readonly locale: string;
  readonly numbers: ChartNumbers;
}
const READ = 'chart:read';
const SAID = 'chart:said';

/**
 * Chart: drawn from its table data through `<ae-chart>` (colours, axes, legend and the accessible data table
 * are its own). The first column names the points (and heads the data table); each further column is a series (a
 * pie takes the first series, one slice per row). Cells are read as numbers the way the answer's language writes
 * them (`readChartNumbers`: "1.204,50" in German, units set aside); one that can't be read, or is too large to
 * plot, is a gap, said once per chart (`morph-issue`), in its data table and in a note under it. `type` is `bar`
 * (the default), `line` or `pie` (`column`, `area`, `donut` are read as their nearest); `title` names it, else the
 * `y` axis does; `x` and `y` title the axes; a `y` that is a currency code or `%` (or values that all carry one)
 * formats the values.
 */
export const chart: NodeView = {
  render(node, screen, host) {
    if (!node.closed || node.dataKind !== 'table') return standIn(node, screen, 'chart');
    const ready = chartReady(host);
    if (ready === 'waiting') return pending(screen.words.loading, 'chart');
    if (ready === 'failed') return fallback(screen.words.answerCrashed, 'crashed', 'chart');
    // A chart's element (its data table, a number format per value) costs more than a paragraph: one starts per
    // task, once the answer has caught up. Its picture comes when it is near the viewport (<ae-chart>'s own turn).
    if (!host.local.has(STARTED)) {
      if (!taskBudget.mayStartHeavy()) {
        void taskBudget.heavyTurn().then(() => host.requestUpdate());
        return pending(screen.words.loading, 'chart');
      }
      host.local.set(STARTED, true);
    }
    const data = node.data as TableData;
    let read = host.local.get(READ) as Read | undefined;
    if (!read || read.data !== data || read.locale !== screen.locale) {
      read = { data, locale: screen.locale, numbers: readChartNumbers(data, screen.locale) };
      host.local.set(READ, read);
      say(node, read.numbers, screen, host);
    }
    return chartOf(data, read.numbers, node.attrs, screen);
  },
};

/** Tells of the values left out, once per chart and kind of problem, naming the first few. */
function say(node: OpNode, numbers: ChartNumbers, screen: MorphContext, host: NodeHost): void {
  const said = (host.local.get(SAID) as Set<string> | undefined) ?? new Set<string>();
  host.local.set(SAID, said);
  for (const code of ['unreadable_number', 'value_out_of_range'] as const) {
    const cells = numbers.problems.filter((p) => p.problem === code);
    if (cells.length === 0 || said.has(code)) continue;
    said.add(code);
    const named = cells
      .slice(0, 5)
      .map((p) => `${JSON.stringify(p.text.length > 40 ? `${p.text.slice(0, 40)}…` : p.text)} (row ${p.row + 1}, column ${p.column + 1})`)
      .join(', ');
    const why = code === 'unreadable_number' ? `could not be read as numbers in "${screen.locale}"` : `are beyond ±${CHART_VALUE_LIMIT} and can't be plotted`;
    screen.noted(node, code, `Chart "${node.id}": ${cells.length} value${cells.length === 1 ? '' : 's'} ${why}: ${named}${cells.length > 5 ? ', …' : ''}; left out of the picture`);
  }
}

function chartOf(data: TableData, numbers: ChartNumbers, attrs: Readonly<Record<string, string | true>>, screen: MorphContext) {
  const kind = KINDS[(attrText(attrs, 'type') ?? '').toLowerCase()] ?? 'bar';
  const y = attrText(attrs, 'y') ?? '';
  const x = attrText(attrs, 'x') ?? '';
  const title = firstAttr(attrs, ['title', 'label']) || streamText(y);
  const columns = kind === 'pie' ? numbers.columns.slice(0, 1) : numbers.columns;
  const units = new Set(columns.map((c) => c.unit));
  const { format, currency } = valueFormat(y, units.size === 1 ? [...units][0]! : '', screen.locale);
  const written = new Map<number, (string | undefined)[]>();
  for (const p of numbers.problems) {
    let list = written.get(p.column);
    if (!list) written.set(p.column, (list = new Array<string | undefined>(data.rows.length).fill(undefined)));
    list[p.row] = p.text;
  }
  const values = (c: number) => (numbers.columns[c - 1]?.values ?? []).map((v) => v ?? Number.NaN);
  const labels = data.rows.map((r) => streamText(cellText(r[0])));
  const names = data.columns.slice(1).map((c, i) => streamText(cellText(c)) || `${i + 1}`);
  const pieValues = values(1);
  const series: ChartSeries[] =
    kind === 'pie'
      ? data.rows.map((r, i) => withWritten({ name: streamText(cellText(r[0])), values: [pieValues[i] ?? Number.NaN] }, written.get(1)?.[i]))
      : names.map((name, i) => ({ name, values: values(i + 1), ...(written.has(i + 1) ? { written: written.get(i + 1)! } : {}) }));
  return chartTemplate({
    kind,
    title,
    labels,
    series,
    format,
    currency,
    locale: screen.locale,
    xTitle: streamText(x),
    yTitle: streamText(y),
    categoryTitle: streamText(cellText(data.columns[0])) || streamText(x),
  });
}

const withWritten = (s: ChartSeries, text: string | undefined): ChartSeries => (text === undefined ? s : { ...s, written: [text] });

export const chartStyles = css`
  .chart { display: block; min-width: 0; }
`;
