/**
 * A chart's colours, read from the theme where the chart is: `--ae-chart-1` … `--ae-chart-8` for data (a
 * colour-blind-safe palette), `--ae-chart-axis` for axes and grid, `--ae-muted-text` for ticks, the surface and
 * text for slices' borders and the tooltip; the theme's light values where a token is unset.
 */
import { css } from 'lit';
import { tokenValue, type ColorToken } from '../../../../themes/index.js';

/** Series colours before they repeat. */
export const paletteSize = 8;

export interface Colours {
  series: string[];
  axis: string;
  text: string;
  surface: string;
  tooltipBackground: string;
  tooltipText: string;
  font: string;
}

/**
 * The colours as CSS paints them on `host`, each as chart.js can parse it. A value may be more than a colour
 * chart.js parses (light-dark() when the page picks the scheme, an app's color-mix()): a probe in `root` (the
 * host's tree) resolves it as CSS would paint it there.
 */
export function readColours(host: Element, root: Node): Colours {
  const style = getComputedStyle(host);
  let probe: HTMLElement | null = null;
  const resolve = (value: string): string => {
    if (value === '' || /^#[0-9a-f]{3,8}$/i.test(value)) return value;
    probe ??= root.appendChild(document.createElement('span'));
    probe.style.color = '';
    probe.style.color = value;
    if (probe.style.color === '') return '';
    const painted = getComputedStyle(probe).color;
    const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(painted);
    return rgb ? `#${rgb.slice(1).map((c) => Number(c).toString(16).padStart(2, '0')).join('')}` : painted;
  };
  const read = (name: string, token: ColorToken) => resolve(style.getPropertyValue(name).trim()) || tokenValue('light', token);
  const colours: Colours = {
    series: Array.from({ length: paletteSize }, (_, i) => read(`--_chart-${i + 1}`, `chart${i + 1}` as ColorToken)),
    axis: read('--_chart-axis', 'chartAxis'),
    text: read('--_muted-text', 'mutedText'),
    surface: read('--_surface', 'surface'),
    tooltipBackground: read('--_text', 'text'),
    tooltipText: read('--_surface', 'surface'),
    font: style.getPropertyValue('--_font').trim() || 'system-ui, sans-serif',
  };
  (probe as HTMLElement | null)?.remove();
  return colours;
}

/** A legend swatch's colour: `.c1` … `.c8`, as the series it stands for. */
export const swatchStyles = css`
  .c1 { background-color: var(--_chart-1); }
  .c2 { background-color: var(--_chart-2); }
  .c3 { background-color: var(--_chart-3); }
  .c4 { background-color: var(--_chart-4); }
  .c5 { background-color: var(--_chart-5); }
  .c6 { background-color: var(--_chart-6); }
  .c7 { background-color: var(--_chart-7); }
  .c8 { background-color: var(--_chart-8); }
`;
