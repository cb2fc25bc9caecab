import { css, html } from 'lit';
import { attrText, type TableData } from '../../../src/ops/index.js';
import type { MorphContext, NodeHost, NodeView } from '../screenContext.js';
import { cellNumber, cellText } from './numbers.js';
import { fallback, firstAttr, pending } from './parts.js';

type Kind = 'bar' | 'line' | 'pie';
const KINDS: Readonly<Record<string, Kind>> = { bar: 'bar', column: 'bar', line: 'line', area: 'line', pie: 'pie', donut: 'pie', doughnut: 'pie' };

let loading: Promise<unknown> | null = null;
const WAITING = 'chart:waiting';

/**
 * `<ae-chart>` is defined on the first chart a screen draws (chart.js loads later still, inside it), so an
 * answer without charts loads neither. Until then the chart's place shows a block of its size.
 */
function chartReady(host: NodeHost): boolean {
  if (customElements.get('ae-chart')) return true;
  if (!loading) {
    loading = import('../../shared/elements/chart/chart.js');
    loading.catch(() => {
      loading = null;
    });
  }
  if (!host.local.has(WAITING)) {
    host.local.set(WAITING, true);
    void customElements.whenDefined('ae-chart').then(() => host.requestUpdate());
  }
  return false;
}

/** How the values are written: money when the `y` axis names a currency code ("USD"), percent for "%". */
function valueFormat(y: string, locale: string): { format: 'number' | 'currency' | 'percent'; currency: string } {
  if (y === '%') return { format: 'percent', currency: 'USD' };
  if (/^[A-Z]{3}$/.test(y)) {
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency: y });
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
    if (!node.closed || node.dataKind !== 'table') {
      return node.closed ? fallback(screen.words.answerMissing, 'missing', 'chart') : pending(screen.words.loading, 'chart');
    }
    if (!chartReady(host)) return pending(screen.words.loading, 'chart');
    return chartOf(node.data as TableData, node.attrs, screen);
  },
};

function chartOf(data: TableData, attrs: Readonly<Record<string, string | true>>, screen: MorphContext) {
  const kind = KINDS[(attrText(attrs, 'type') ?? '').toLowerCase()] ?? 'bar';
  const y = attrText(attrs, 'y') ?? '';
  const title = firstAttr(attrs, ['title', 'label']) || y;
  const { format, currency } = valueFormat(y, screen.locale);
  const labels = data.rows.map((r) => cellText(r[0]));
  const names = data.columns.slice(1).map((c, i) => cellText(c) || `${i + 1}`);
  const series =
    kind === 'pie'
      ? data.rows.map((r) => ({ name: cellText(r[0]), values: [cellNumber(r[1])] }))
      : names.map((name, i) => ({ name, values: data.rows.map((r) => cellNumber(r[i + 1])) }));
  return html`<ae-chart
    class="chart"
    part="chart"
    .kind=${kind}
    .chartTitle=${title}
    .labels=${labels}
    .series=${series}
    .format=${format}
    .currency=${currency}
    .locale=${screen.locale}
  ></ae-chart>`;
}

export const chartStyles = css`
  .chart { display: block; min-width: 0; }
`;
