/**
 * What a chart plots: its kinds, its series, and which values can be drawn.
 */
import { CHART_VALUE_LIMIT } from '../../../../src/ops/index.js';

/** The kinds of chart. */
export type ChartKind = 'bar' | 'line' | 'pie';

/** One series of a bar or line chart (one value per label), or one slice of a pie (`values: [value]`). */
export interface ChartSeries {
  name: string;
  values: readonly number[];
  /**
   * Where a value is a gap because what was written couldn't be read (or is too large to plot), the text as
   * written, at the value's index: the data table shows it with a note, and a note under the chart counts them.
   */
  written?: readonly (string | undefined)[];
}

/** A value the chart plots: finite and within `CHART_VALUE_LIMIT` (an axis stretched beyond it froze the page). */
export const plottable = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= CHART_VALUE_LIMIT;

/** How many values are gaps because what was written couldn't be read. */
export function unreadCount(series: readonly ChartSeries[]): number {
  let unread = 0;
  for (const s of series) if (s.written) for (const w of s.written) if (w !== undefined) unread++;
  return unread;
}
