import { css } from 'lit';
import type { OmniNode } from '../../../src/omni-ir/index.js';
import type { ScreenContext } from '../screenContext.js';
import { child, fallback, listProp, oneOf, placeholder } from './parts.js';
import type { ChartSeries } from '../../shared/elements/chart/chart.js';
import { chartReady, chartTemplate } from '../../shared/elements/chart/chartSlot.js';
import type { NodeHost } from './view.js';

/**
 * Draws a chart from the data its children carry. Series and Slices that haven't arrived are left out, so the
 * chart draws what it has and grows as they arrive ([8] Charts); colours, axes and legend are `<ae-chart>`'s.
 */
export function chart(node: OmniNode, screen: ScreenContext, host: NodeHost, kind: 'bar' | 'line' | 'pie'): unknown {
  const ready = chartReady(host);
  if (ready === 'waiting') return placeholder('chart', screen.words.loading);
  if (ready === 'failed') return fallback(screen.words, 'crashed', 'chart');
  const title = typeof node.props['title'] === 'string' ? node.props['title'] : '';
  const format = oneOf(node.props['format'], ['number', 'currency', 'percent'], 'number');
  const currency = typeof node.props['currency'] === 'string' ? node.props['currency'] : 'USD';
  let labels: string[];
  let series: ChartSeries[];
  if (kind === 'pie') {
    const slices = node.children.map((id) => child(screen, id, 'Slice')).filter((s): s is OmniNode => typeof s !== 'string');
    labels = slices.map((s) => String(s.props['name'] ?? ''));
    series = slices.map((s) => ({ name: String(s.props['name'] ?? ''), values: [numberOf(s.props['value'])] }));
  } else {
    labels = listProp(node.props['labels']).map((l) => String(l));
    series = node.children
      .map((id) => child(screen, id, 'Series'))
      .filter((s): s is OmniNode => typeof s !== 'string')
      .map((s) => ({ name: String(s.props['name'] ?? ''), values: listProp(s.props['values']).map(numberOf) }));
  }
  return chartTemplate({ kind, title, labels, series, format, currency, locale: screen.locale });
}

function numberOf(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export const chartStyles = css`
  .chart { display: block; min-width: 0; }
`;
