import { css } from 'lit';
import { chartReady, chartTemplate } from '../../shared/elements/chart/chartSlot.js';
import { taskBudget } from '../model/taskBudget.js';
import { numberFormat } from '../../shared/base/locale.js';
import { attrText, type TableData } from '../../../src/ops/index.js';
import type { MorphContext, NodeView } from '../screenContext.js';
import { cellNumber, cellText } from './numbers.js';
import { fallback, firstAttr, pending, standIn, streamText } from './parts.js';

type Kind = 'bar' | 'line' | 'pie';
const STARTED = 'chart:started';
const KINDS: Readonly<Record<string, Kind>> = { bar: 'bar', column: 'bar', line: 'line', area: 'line', pie: 'pie', donut: 'pie', doughnut: 'pie' };

/** How the values are written: money when the `y` axis names a currency code ("USD"), percent for "%". */
function valueFormat(y: string, locale: string): { format: 'number' | 'currency' | 'percent'; currency: string } {
  if (y === '%') return { format: 'percent', currency: 'USD' };
  if (/^[A-Z]{3}$/.test(y)) {
    try {
      numberFormat(locale, { style: 'currency', currency: y });
      return { format: 'currency', currency: y };
    } catch {
      // Not a currency this browser knows: plain numbers.
    }
  }
  return { format: 'number', currency: 'USD' };
}

/**
 * Chart: drawn from its table data through `<ae-chart>` (colours, axes, legend and the accessible data table
 * are its own). The first column names the points; each further column is a series (a pie takes the first
 * series, one slice per row). Cells are parsed as numbers; one that isn't a number is a gap. `type` is `bar`
 * (the default), `line` or `pie` (`column`, `area`, `donut` are read as their nearest); `title` names it, else
 * the `y` axis does; a `y` that is a currency code or `%` formats the values.
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
    return chartOf(node.data as TableData, node.attrs, screen);
  },
};

function chartOf(data: TableData, attrs: Readonly<Record<string, string | true>>, screen: MorphContext) {
  const kind = KINDS[(attrText(attrs, 'type') ?? '').toLowerCase()] ?? 'bar';
  const y = attrText(attrs, 'y') ?? '';
  const title = firstAttr(attrs, ['title', 'label']) || streamText(y);
  const { format, currency } = valueFormat(y, screen.locale);
  const labels = data.rows.map((r) => streamText(cellText(r[0])));
  const names = data.columns.slice(1).map((c, i) => streamText(cellText(c)) || `${i + 1}`);
  const series =
    kind === 'pie'
      ? data.rows.map((r) => ({ name: streamText(cellText(r[0])), values: [cellNumber(r[1])] }))
      : names.map((name, i) => ({ name, values: data.rows.map((r) => cellNumber(r[i + 1])) }));
  return chartTemplate({ kind, title, labels, series, format, currency, locale: screen.locale });
}

export const chartStyles = css`
  .chart { display: block; min-width: 0; }
`;
