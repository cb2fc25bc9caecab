/**
 * Min/max decimation for a bar or line chart with more points than its plot can show: the labels are cut into
 * equal slices, and of each slice the points are kept that hold a series' least or greatest value. Every point
 * kept is a real one (its own label and value, nothing averaged), so peaks and dips stay where they are, and the
 * picture of 10,000 points costs what 1,000 do. Work is one pass over the values.
 */

/**
 * Slices the labels are cut into, by kind: at most two points each per series. A line gets about a point per pixel
 * of a wide plot; a bar is wider than a pixel to be seen, and chart.js's work per bar is several times a point's
 * (a thousand bars made one task of 80 ms), so bars get half as many.
 */
export const SLICES = { line: 500, bar: 250 } as const;

/**
 * The indexes of the points to draw, in order, or null when every point is drawn (no more than `2 * slices`).
 * The first and last points are always kept; a slice with no value keeps its first point, so a line still breaks
 * where the data have a gap.
 */
export function decimate(count: number, series: readonly { readonly values: readonly number[] }[], plots: (v: unknown) => boolean, slices: number): number[] | null {
  if (count <= 2 * slices) return null;
  const kept: number[] = [];
  const size = count / slices;
  const slice: number[] = [];
  for (let b = 0; b < slices; b++) {
    const from = Math.floor(b * size);
    const to = b === slices - 1 ? count : Math.floor((b + 1) * size);
    slice.length = 0;
    for (const s of series) {
      let min = -1;
      let max = -1;
      for (let i = from; i < to; i++) {
        const v = s.values[i];
        if (!plots(v)) continue;
        if (min < 0 || v! < s.values[min]!) min = i;
        if (max < 0 || v! > s.values[max]!) max = i;
      }
      if (min >= 0 && !slice.includes(min)) slice.push(min);
      if (max >= 0 && !slice.includes(max)) slice.push(max);
    }
    if (b === 0 && !slice.includes(0)) slice.push(0);
    if (b === slices - 1 && !slice.includes(count - 1)) slice.push(count - 1);
    if (slice.length === 0) slice.push(from);
    slice.sort((x, y) => x - y);
    for (const i of slice) kept.push(i);
  }
  return kept;
}
