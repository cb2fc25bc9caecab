/**
 * A chart in a screen's node, shared by every element that draws one from its format's data: `<ae-chart>` is
 * loaded on the first chart a screen draws (chart.js later still, inside it), so screens without charts load
 * neither. Until it is defined the place shows a pending block of the chart's size and the node draws again once
 * it is; if it can't be loaded (offline), the place shows a fallback instead of loading for ever.
 */
import { html, type TemplateResult } from 'lit';
import { lazy } from '../../../../src/lazy.js';
import type { NodeHost } from '../../base/nodeHost.js';
import type { ChartFormat } from './format.js';
import type { ChartKind, ChartSeries } from './chart.js';

const loadChart = lazy(() => import('./chart.js'), 'the chart');
let failed = false;
const WAITING = 'chart:waiting';

export function chartReady(host: NodeHost): 'ready' | 'waiting' | 'failed' {
  if (customElements.get('ae-chart')) return 'ready';
  if (failed) return 'failed';
  if (!host.local.has(WAITING)) {
    host.local.set(WAITING, true);
    loadChart().then(
      () => void customElements.whenDefined('ae-chart').then(() => host.requestUpdate()),
      () => {
        failed = true;
        host.requestUpdate();
      },
    );
  }
  return 'waiting';
}

/** What a chart shows: every value is set as a property (nothing from a stream becomes an attribute). */
export interface ChartSpec {
  readonly kind: ChartKind;
  readonly title: string;
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly format: ChartFormat;
  readonly currency: string;
  readonly locale: string;
  /** The axes' titles (bar and line). */
  readonly xTitle?: string;
  readonly yTitle?: string;
  /** The data table's header of the labels' column (a table's first column name). */
  readonly categoryTitle?: string;
}

export function chartTemplate(spec: ChartSpec): TemplateResult {
  return html`<ae-chart
    class="chart"
    part="chart"
    .kind=${spec.kind}
    .chartTitle=${spec.title}
    .labels=${spec.labels}
    .series=${spec.series}
    .format=${spec.format}
    .currency=${spec.currency}
    .locale=${spec.locale}
    .xTitle=${spec.xTitle ?? ''}
    .yTitle=${spec.yTitle ?? ''}
    .categoryTitle=${spec.categoryTitle ?? ''}
  ></ae-chart>`;
}
