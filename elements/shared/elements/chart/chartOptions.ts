/**
 * What chart.js is given: its options (axes, tooltip, motion, direction) and its datasets (the data with their
 * colours and, on a line, a point shape per series), made from what the element knows. Nothing here reads the
 * page: the same input makes the same options.
 */
import type { ChartData, ChartDataset, ChartOptions, TooltipItem } from 'chart.js';
import { formatTick, formatValue, type ChartFormat } from './format.js';
import { paletteSize, type Colours } from './colours.js';
import { plottable, type ChartKind, type ChartSeries } from './series.js';

type Kinds = 'bar' | 'line' | 'pie';
/** The data of a chart.js chart of any of the three kinds. */
export type AnyChartData = ChartData<Kinds, (number | null)[], string>;

/** A second cue besides colour on line charts: each series has its own point shape. */
export const pointStyles = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'rectRounded', 'cross'] as const;

/** What the options are made of. */
export interface OptionsInput {
  readonly kind: ChartKind;
  readonly colours: Colours;
  readonly rtl: boolean;
  readonly locale: string;
  readonly format: ChartFormat;
  readonly currency: string;
  /** The axes' titles as shown (bar and line). */
  readonly xTitle: string;
  readonly yTitle: string;
  /** Motion is reduced (no animation). */
  readonly reducedMotion: boolean;
}

/** The chart.js options for `input`. */
export function chartOptions(input: OptionsInput): ChartOptions<Kinds> {
  const { kind, colours: c, rtl, locale } = input;
  const pie = kind === 'pie';
  const font = { family: c.font, size: 12 };
  const value = (item: TooltipItem<Kinds>) => (plottable(item.raw) ? formatValue(item.raw, input.format, input.currency, locale) : '');
  const options: ChartOptions<Kinds> = {
    responsive: true,
    maintainAspectRatio: true,
    aspectRatio: pie ? 1.6 : 2,
    layout: { padding: pie ? 0 : { top: 8, left: 8, right: 8 } },
    animation: input.reducedMotion ? false : { duration: 300 },
    locale,
    interaction: { mode: 'nearest', intersect: kind !== 'line' },
    plugins: {
      tooltip: {
        enabled: true,
        rtl,
        textDirection: rtl ? 'rtl' : 'ltr',
        backgroundColor: c.tooltipBackground,
        titleColor: c.tooltipText,
        bodyColor: c.tooltipText,
        titleFont: { ...font, weight: 'bold' },
        bodyFont: font,
        boxPadding: 4,
        callbacks: {
          title: (items) => (pie ? '' : (items[0]?.label ?? '')),
          label: (item) => `${pie ? item.label : (item.dataset.label ?? '')}: ${value(item)}`,
          labelColor: (item) => {
            const colour = c.series[(pie ? item.dataIndex : item.datasetIndex) % paletteSize]!;
            return { borderColor: colour, backgroundColor: colour, borderWidth: 0 };
          },
        },
      },
    },
  };
  if (!pie) (options as ChartOptions<'bar' | 'line'>).scales = scales(input, font);
  return options;
}

/** A bar or line chart's axes: categories along x (reversed right to left), values up y from zero. */
function scales(input: OptionsInput, font: { family: string; size: number }): ChartOptions<'bar' | 'line'>['scales'] {
  const { colours: c, rtl } = input;
  const ticks = { color: c.text, font };
  const titled = (text: string) => ({ display: text !== '', text, color: c.text, font });
  return {
    x: {
      type: 'category',
      reverse: rtl,
      grid: { display: false },
      border: { color: c.axis },
      title: titled(input.xTitle),
      // Fitting the labels measures a sample of them, not every one.
      ticks: { ...ticks, sampleSize: 100 },
    },
    y: {
      type: 'linear',
      beginAtZero: true,
      position: rtl ? 'right' : 'left',
      title: titled(input.yTitle),
      grid: { color: c.axis },
      border: { color: c.axis },
      ticks: {
        ...ticks,
        callback: (v, _i, all) => {
          const scale = all.reduce((m, t) => Math.max(m, Math.abs(Number(t.value))), 0);
          return formatTick(Number(v), input.format, input.currency, input.locale, scale);
        },
      },
    },
  };
}

/** What the datasets are made of. */
export interface DataInput {
  readonly kind: ChartKind;
  readonly colours: Colours;
  /** The chart's title as shown (a pie's one dataset's label). */
  readonly title: string;
  /** The labels drawn along x (bar and line). */
  readonly labels: readonly string[];
  /** The series drawn (bar and line), or the slices (pie). */
  readonly series: readonly ChartSeries[];
  /** The series' (or slices') names as shown. */
  readonly names: readonly string[];
}

/**
 * Puts `input` into chart.js's `data`, in place: a dataset there already is updated (chart.js then moves it rather
 * than drawing it anew), one too many is dropped.
 */
export function fillData(data: AnyChartData, input: DataInput): void {
  const c = input.colours;
  if (input.kind === 'pie') {
    data.labels = [...input.names];
    const colours = input.series.map((_, i) => c.series[i % paletteSize]!);
    const fresh: Partial<ChartDataset<'pie', (number | null)[]>> = {
      label: input.title,
      data: input.series.map((s) => (plottable(s.values[0]) ? Math.max(0, s.values[0]) : null)),
      backgroundColor: colours,
      hoverBackgroundColor: colours,
      borderColor: c.surface,
      hoverBorderColor: c.text,
      borderWidth: 2,
      hoverBorderWidth: 2,
      hoverOffset: 6,
    };
    if (data.datasets[0]) Object.assign(data.datasets[0], fresh);
    else data.datasets.push(fresh as ChartDataset<Kinds, (number | null)[]>);
    data.datasets.length = 1;
    return;
  }
  data.labels = [...input.labels];
  const dense = input.labels.length > DENSE;
  input.series.forEach((s, i) => {
    const fresh = dataset(input.kind, input.names[i] ?? '', s.values, c.series[i % paletteSize]!, c.text, i, dense, input.series.length > 1);
    const existing = data.datasets[i];
    if (existing) Object.assign(existing, fresh);
    else data.datasets.push(fresh as ChartDataset<Kinds, (number | null)[]>);
  });
  data.datasets.length = input.series.length;
}

/**
 * More points than a line shows marks for: they would touch and overlap, one blot, and drawing a thousand of them
 * was a third of a big chart's picture. There the line is drawn without marks; the point the keyboard or pointer is
 * on still shows its mark.
 */
export const DENSE = 200;

/** One series of a bar or line chart: its values (gaps where not plottable) in its colour. */
function dataset(kind: ChartKind, label: string, values: readonly number[], colour: string, text: string, i: number, dense: boolean, many: boolean) {
  const data = values.map((v) => (plottable(v) ? v : null));
  if (kind !== 'line') {
    // One series is never set beside another: chart.js then skips looking for the bars beside each bar, which was
    // most of its work per bar.
    return { label, data, grouped: many, backgroundColor: colour, hoverBackgroundColor: colour, borderColor: colour, hoverBorderColor: text, borderWidth: 0, hoverBorderWidth: 2 };
  }
  return {
    label,
    data,
    borderColor: colour,
    backgroundColor: colour,
    hoverBackgroundColor: colour,
    hoverBorderColor: colour,
    pointBackgroundColor: colour,
    pointBorderColor: colour,
    pointHoverBackgroundColor: colour,
    pointHoverBorderColor: text,
    pointStyle: pointStyles[i % pointStyles.length],
    pointRadius: dense ? 0 : 3,
    pointHoverRadius: 6,
    pointHoverBorderWidth: 2,
    borderWidth: 2,
    tension: 0,
    fill: false,
    // The first and last points sit on the chart area's edges: draw them whole.
    clip: 8,
  };
}
