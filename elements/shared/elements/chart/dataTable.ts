/**
 * A chart's data table: a real `<table>` (caption, a column per series, a row header per label) holding every
 * value, for screen readers and search, shown under the chart on request (`show-table`), when chart.js can't be
 * loaded, and on paper when the picture isn't drawn. A big table is made a few hundred rows per task.
 */
import { css, html, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { Strings } from '../../../../strings/en.js';
import { fillRuns } from '../../base/fillRuns.js';
import { streamText } from '../../base/streamText.js';
import { plottable, type ChartKind, type ChartSeries } from './series.js';

/** Rows of the data table made per task: a 10,000-row table made at once held the page for hundreds of milliseconds. */
export const TABLE_ROWS_PER_TASK = 250;

/** What the table shows. */
export interface TableInput {
  readonly kind: ChartKind;
  readonly words: Strings;
  /** The title, labels and names as shown, and the titles that may head the labels' column. */
  readonly shown: { readonly title: string; readonly labels: readonly string[]; readonly names: readonly string[]; readonly xTitle: string; readonly categoryTitle: string };
  readonly series: readonly ChartSeries[];
  /** Rows made so far (a bar or line chart's; a pie's slices are all made). */
  readonly rows: number;
  /** A value as the chart writes it. */
  formatted(value: number): string;
  /** What else, besides the labels, series and rows, changes how a value is written (a group of rows is made again only when one does). */
  readonly look: readonly unknown[];
}

export function dataTable(input: TableInput): TemplateResult {
  const { words: w, shown, series } = input;
  const caption = fillRuns(w.chartData, { title: shown.title || shown.names.join(', ') });
  const value = (s: ChartSeries, i: number) => {
    const v = s.values[i];
    if (plottable(v)) return input.formatted(v);
    const written = s.written?.[i];
    return written === undefined ? '' : fillRuns(w.chartValueUnread, { value: streamText(written) });
  };
  const head = shown.categoryTitle || shown.xTitle || w.chartCategory;
  if (input.kind === 'pie') {
    return html`<table part="table">
      <caption>${caption}</caption>
      <thead>
        <tr><th scope="col">${head}</th><th scope="col">${w.chartValue}</th></tr>
      </thead>
      <tbody>
        ${series.map((s, i) => html`<tr><th scope="row">${shown.names[i]}</th><td>${value(s, 0)}</td></tr>`)}
      </tbody>
    </table>`;
  }
  // Row groups of a few hundred rows, each made once (guard): a task makes one more group, never the table again.
  const labels = shown.labels;
  const groups: unknown[] = [];
  const rows = Math.min(labels.length, input.rows);
  for (let from = 0; from < rows; from += TABLE_ROWS_PER_TASK) {
    const to = Math.min(rows, from + TABLE_ROWS_PER_TASK);
    groups.push(
      guard([labels, series, to, ...input.look], () => {
        const out: TemplateResult[] = [];
        for (let i = from; i < to; i++) out.push(html`<tr><th scope="row">${labels[i]}</th>${series.map((s) => html`<td>${value(s, i)}</td>`)}</tr>`);
        return html`<tbody>${out}</tbody>`;
      }),
    );
  }
  return html`<table part="table">
    <caption>${caption}</caption>
    <thead>
      <tr>
        <th scope="col">${head}</th>
        ${shown.names.map((n) => html`<th scope="col">${n}</th>`)}
      </tr>
    </thead>
    ${groups}
  </table>`;
}

/** The rows the table has after `rows`, or null when it holds every row. */
export function moreRows(kind: ChartKind, rows: number, labels: number): number | null {
  return kind !== 'pie' && rows < labels ? rows + TABLE_ROWS_PER_TASK : null;
}

export const dataTableStyles = css`
  :host([show-table]) .data {
    margin-block-start: var(--_space-3);
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    font-size: var(--_font-size-sm);
  }
  caption {
    text-align: start;
    color: var(--_label-text);
    padding-block-end: var(--_space-1);
  }
  th,
  td {
    padding: var(--_space-1) var(--_space-2);
    border-block-end: 1px solid var(--_divider);
    text-align: start;
  }
  th {
    color: var(--_label-text);
    font-weight: 600;
  }
  td {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  /*
   * The data table kept for assistive technology only may hold 10,000 rows: laid out, every new group of rows
   * laid the whole table out again (a task of 80 ms and growing). Kept far above the page it is skipped by the
   * browser's layout (content-visibility), and screen readers still read it.
   */
  .data.visually-hidden {
    inset-block-start: -100000px;
    content-visibility: auto;
    contain-intrinsic-size: 1px 1px;
  }
`;
