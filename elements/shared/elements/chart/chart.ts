/**
 * `<ae-chart>`: the one chart every agent element draws with ([8], "Charts"). The data come from the
 * stream; everything a person sees besides the data (colours, sizes, axes, legend, motion, the words of
 * tooltips) comes from the renderer and the app's theme.
 */
import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { Chart, ChartConfiguration, ChartDataset, ChartOptions, TooltipItem } from 'chart.js';
import { AgentElement } from '../../base/agentElement.js';
import { fillRuns } from '../../base/fillRuns.js';
import { visuallyHidden } from '../../styles/blockSize.js';
import { tokenValue, type ColorToken } from '../../../../themes/index.js';
import { formatTick, formatValue, type ChartFormat } from './format.js';
import { streamText } from '../../base/streamText.js';
import { defineElement } from '../../base/defineElement.js';
import { AnnouncerController } from '../../controllers/announcer.js';
import { ChartKeyboardController } from './chartKeyboard.js';
import { lazy } from '../../../../src/lazy.js';
import { CHART_VALUE_LIMIT } from '../../../../src/ops/index.js';
import { nextTask } from '../../base/nextTask.js';
import { guard } from 'lit/directives/guard.js';
import { decimate } from './decimate.js';

export { formatValue, formatTick, type ChartFormat };

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

type AnyChart = Chart<'bar' | 'line' | 'pie', (number | null)[], string>;

/** Every chart instance alive on the page; see `liveChartCount()`. */
const live = new Set<AnyChart>();

/** How many chart.js instances are alive: a test hook proving that removed charts were destroyed. */
export function liveChartCount(): number {
  return live.size;
}

/**
 * A chart's picture is made (chart.js loaded, measured and drawn) only once the chart comes near the viewport: a
 * long answer's charts far below, or in a part of the page the browser skips (`content-visibility: auto`), cost
 * nothing until they are scrolled to, and measuring one never makes the browser lay out the part it sits in
 * while that part is off screen. Its data table is there from the start, for screen readers and search. Charts
 * that come near together are drawn one per task, and every chart not yet drawn is drawn before the page prints.
 */
const NEAR = '100% 0px';
/** Charts waiting to come near: what to do when one does, and when the page first looked (near or not). */
const watched = new Map<Element, { near: (now: boolean) => void; looked: () => void }>();
let observer: IntersectionObserver | undefined;

function seen(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    const watch = watched.get(entry.target);
    if (!watch) continue;
    if (entry.isIntersecting) {
      observer!.unobserve(entry.target);
      watched.delete(entry.target);
      watch.near(false);
    }
    watch.looked();
  }
}

/** Before printing, every chart still waiting comes near, and is drawn at once (printing won't wait for a task). */
function printing(): void {
  for (const [el, watch] of [...watched]) {
    observer?.unobserve(el);
    watched.delete(el);
    watch.near(true);
    watch.looked();
  }
}

/**
 * Calls `near` once `el` comes within a viewport's height of the viewport (at once where the browser can't tell;
 * `now`: before the page prints, when it can't wait for a task), and `looked` once the page has looked the first
 * time, near or not (and again later: it is a resolve function).
 */
function whenNear(el: Element, near: (now: boolean) => void, looked: () => void): void {
  if (typeof IntersectionObserver !== 'function') {
    near(true);
    looked();
    return;
  }
  if (!observer) {
    observer = new IntersectionObserver(seen, { rootMargin: NEAR });
    addEventListener('beforeprint', printing);
  }
  watched.set(el, { near, looked });
  observer.observe(el);
}

/** `el` no longer waits to come near (it left the page). */
function forget(el: Element): void {
  const watch = watched.get(el);
  if (!watch) return;
  watched.delete(el);
  observer?.unobserve(el);
  watch.looked();
}

/** Pictures made one per task, in the order their charts came near. */
let turns: Promise<unknown> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const run = turns.then(() => nextTask()).then(work);
  turns = run.catch(() => undefined);
  return run;
}

/** chart.js, loaded once, on the first chart drawn (a separate chunk in the build). */
const loadChartJs = lazy(() => import('./chartjs.js'), 'chart.js');

const paletteSize = 8;
/** A second cue besides colour on line charts: each series has its own point shape. */
const pointStyles = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'rectRounded', 'cross'] as const;

interface Colours {
  series: string[];
  axis: string;
  text: string;
  surface: string;
  tooltipBackground: string;
  tooltipText: string;
  font: string;
}

const reducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;
/** A value the chart plots: finite and within `CHART_VALUE_LIMIT` (an axis stretched beyond it froze the page). */
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= CHART_VALUE_LIMIT;
/** Rows of the data table made per task: a 10,000-row table made at once held the page for hundreds of milliseconds. */
const TABLE_ROWS_PER_TASK = 250;

/**
 * A bar, line or pie chart drawn with chart.js, with an HTML legend and an accessible data table.
 *
 * - Colours come only from the theme: `--ae-chart-1` … `--ae-chart-8` for data (a colour-blind-safe
 *   palette), `--ae-chart-axis` for axes and grid, `--ae-muted-text` for ticks; they are read again, and the
 *   canvas redrawn, when `theme` (here or on an enclosing agent element) or the system's colour scheme changes,
 *   and on `refreshTheme()` (of this chart or any element around it) after the page changes `--ae-*` itself.
 * - A legend (swatch and name) is shown for two or more series, and for every pie.
 * - Keyboard: the plot is focusable; Left/Right move along the labels, Up/Down between series (on a pie,
 *   every arrow moves between slices), Home/End jump to the ends, Escape hides the tooltip. The value is
 *   shown in the tooltip and announced politely (ChartKeyboardController).
 * - Assistive technology: the plot is an image named by the title (`role="img"`), and a real `<table>`
 *   (caption, a column per series, a row header per label) holds every value. The table is visually hidden
 *   unless `show-table` is set, so screen readers read the values, not the pixels. We chose this over
 *   hiding the canvas because a focusable element needs a role and a name, and `img` is the one axe and
 *   screen readers handle for a picture whose content is described elsewhere.
 * - Big data stay light: a bar or line chart with more points than its plot can show (over 1,000) draws, per
 *   slice of its labels, the points holding each series' least and greatest value (min/max decimation: every
 *   point drawn is a real one, with its label; peaks and dips stay), and the keyboard moves over those; the data
 *   table holds every value, made a few hundred rows per task and, while only for assistive technology, kept out
 *   of the page's layout. A value beyond `CHART_VALUE_LIMIT` is a gap.
 * - Growing data update the same chart instance (`update('none')`); only a change of `kind` makes a new one.
 *   The chart is destroyed on disconnect and made again on reconnect.
 * - The picture is made once the chart comes within a viewport's height of the viewport (and, for every chart,
 *   before the page prints): charts far down a long page cost nothing until scrolled to. The data table is
 *   there from the start. `updateComplete` resolves once a chart near the viewport is drawn.
 *
 * @csspart title - The chart's title.
 * @csspart plot - The focusable box around the canvas.
 * @csspart legend - The legend list.
 * @csspart legend-item - One legend entry.
 * @csspart swatch - A legend entry's colour swatch.
 * @csspart data - The box around the data table; visually hidden unless `show-table`.
 * @csspart note - The sentence under the chart counting values that couldn't be read (left out of the picture).
 * @csspart table - The data table.
 * @cssprop --ae-chart-1 - Series colour 1 (of 8; `--ae-chart-2` … `--ae-chart-8` likewise).
 * @cssprop --ae-chart-axis - Axis and grid lines.
 * @cssprop --ae-muted-text - Tick labels and legend text.
 * @cssprop --ae-focus - The plot's focus ring.
 *
 * @tag ae-chart
 */
export class AeChart extends AgentElement {
  static override styles = [
    AgentElement.styles,
    visuallyHidden,
    css`
      :host {
        display: block;
        min-inline-size: 0;
      }
      .title {
        margin: 0 0 var(--_space-2);
        font-size: var(--_font-size);
        font-weight: 600;
        color: var(--_text);
      }
      .plot {
        position: relative;
        inline-size: 100%;
        border-radius: var(--_radius);
      }
      .plot:focus {
        outline: none;
      }
      .plot:focus-visible {
        outline: var(--_focus-width) solid var(--_focus);
        outline-offset: var(--_focus-offset);
      }
      canvas {
        display: block;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: var(--_space-1) var(--_space-4);
        margin: var(--_space-2) 0 0;
        padding: 0;
        list-style: none;
        color: var(--_muted-text);
        font-size: var(--_font-size-sm);
      }
      /* Each name and label is its own run: right-to-left text in one can't reorder the words around it. */
      .title,
      .name,
      caption,
      th,
      td {
        unicode-bidi: isolate;
      }
      .legend li {
        display: inline-flex;
        align-items: center;
        gap: var(--_space-2);
        min-inline-size: 0;
        overflow-wrap: anywhere;
      }
      .swatch {
        flex: none;
        inline-size: 0.75rem;
        block-size: 0.75rem;
        border-radius: 2px;
        /* Windows High Contrast replaces colours; the border keeps a visible box. */
        border: 1px solid transparent;
      }
      .swatch.line {
        block-size: 0.25rem;
        inline-size: 1rem;
      }
      .c1 { background-color: var(--_chart-1); }
      .c2 { background-color: var(--_chart-2); }
      .c3 { background-color: var(--_chart-3); }
      .c4 { background-color: var(--_chart-4); }
      .c5 { background-color: var(--_chart-5); }
      .c6 { background-color: var(--_chart-6); }
      .c7 { background-color: var(--_chart-7); }
      .c8 { background-color: var(--_chart-8); }
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
      .note {
        margin: var(--_space-2) 0 0;
        color: var(--_muted-text);
        font-size: var(--_font-size-sm);
      }
    `,
  ];

  /** `bar` (default), `line` or `pie`. */
  @property({ reflect: true }) kind: ChartKind = 'bar';

  /** The chart's title: shown above it, and its name for assistive technology. */
  @property({ attribute: 'chart-title' }) chartTitle = '';

  /** The category labels along the x axis (bar and line; a pie names its slices in `series`). */
  @property({ attribute: false }) labels: readonly string[] = [];

  /** The data: one entry per series, or per slice of a pie (`{ name, values: [value] }`). */
  @property({ attribute: false }) series: readonly ChartSeries[] = [];

  /** How values are written: `number` (default), `currency` or `percent` (12 means 12%). */
  @property() format: ChartFormat = 'number';

  /** ISO 4217 code for `format="currency"`; USD by default. */
  @property() currency = 'USD';

  /** The x axis's title (bar and line). Shown as text. */
  @property({ attribute: 'x-title' }) xTitle = '';

  /** The data table's header of the labels' column, e.g. "Week" (else the x axis's title, else "Category"). */
  @property({ attribute: 'category-title' }) categoryTitle = '';

  /** The y axis's title (bar and line). Shown as text. */
  @property({ attribute: 'y-title' }) yTitle = '';

  /** Show the data table under the chart instead of keeping it for screen readers only. */
  @property({ type: Boolean, reflect: true, attribute: 'show-table' }) showTable = false;

  @query('canvas') private canvas!: HTMLCanvasElement;
  /**
   * The title, labels and series names as they are shown (on the canvas, in the legend, the table, the tooltip and
   * what is announced): without direction controls, which could make a name show something other than it says.
   */
  private shown = { title: '', labels: [] as string[], names: [] as string[], xTitle: '', yTitle: '', categoryTitle: '' };
  /**
   * What the picture and the keyboard use: the labels and series as given, or, for a bar or line chart with more
   * points than a plot shows, the decimated ones (see `decimate`).
   */
  private drawn = { labels: [] as string[], series: [] as readonly ChartSeries[] };
  /** Rows of the data table made so far (a few hundred more per task, up to every label). */
  @state() private tableRows = TABLE_ROWS_PER_TASK;
  /** Values left out because what was written couldn't be read. */
  private unread = 0;
  /** chart.js could not be loaded: the values show as a table, with a sentence saying why. */
  @state() private unavailable = false;

  /** Says the point a keyboard moves to, politely, once per frame. */
  private readonly announcer = new AnnouncerController(this);
  /** Point by point from the keyboard. */
  private readonly keyboard = new ChartKeyboardController(
    this,
    {
      chart: () => this.chart,
      kind: () => this.kind,
      series: () => this.drawn.series,
      labels: () => this.drawn.labels,
      shown: () => ({ labels: this.drawn.labels, names: this.shown.names }),
      rtl: () => this.isRtl,
      formatted: (v) => this.formatted(v),
    },
    this.announcer,
  );

  private chart?: AnyChart;
  private chartKind?: ChartKind;
  private drawing?: Promise<void>;
  /** Has come near the viewport (its picture is made at once from then on). */
  private near = false;
  /** Resolves once the page has looked whether this chart, waiting to be near, is near. */
  private firstLook?: Promise<void>;
  private colours?: Colours;
  private appliedLook?: string;
  private readonly media: MediaQueryList[] = [];

  /** The chart.js instance, once drawn, near the viewport (for tests and apps that need chart.js itself). */
  get chartInstance(): AnyChart | undefined {
    return this.chart;
  }

  protected override themeChanged(): void {
    this.colours = undefined;
    if (this.chart) this.applyAll(this.chart);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    for (const query of ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)']) {
      const list = matchMedia(query);
      list.addEventListener('change', this.onMediaChange);
      this.media.push(list);
    }
    // Reconnected: draw again (updated() makes the chart when there is none).
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const list of this.media.splice(0)) list.removeEventListener('change', this.onMediaChange);
    forget(this);
    this.firstLook = undefined;
    this.destroyChart();
    // While away, the theme or the system's colour scheme may change unheard: read the colours again on return.
    this.colours = undefined;
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    // Resolves after the chart is drawn too, so `await el.updateComplete` sees the canvas in use (once the page has
    // looked whether it is near the viewport: one far away isn't drawn yet). A hidden page doesn't look (it draws no
    // frames) until it is shown: there, it resolves without waiting for that.
    let done = await super.getUpdateComplete();
    if (this.firstLook && !document.hidden) await this.firstLook;
    while (this.drawing) {
      const drawing = this.drawing;
      await drawing;
      if (this.drawing === drawing) this.drawing = undefined;
      done = (await super.getUpdateComplete()) && done;
    }
    return done;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const data = changed.has('labels') || changed.has('series') || changed.has('kind') || !this.hasUpdated;
    if (data || changed.has('chartTitle') || changed.has('xTitle') || changed.has('yTitle') || changed.has('categoryTitle')) {
      const plain = (v: unknown) => streamText(String(v ?? ''));
      this.shown = {
        title: plain(this.chartTitle),
        labels: this.labels.map(plain),
        names: this.series.map((s) => plain(s.name)),
        xTitle: plain(this.xTitle),
        yTitle: plain(this.yTitle),
        categoryTitle: plain(this.categoryTitle),
      };
    }
    if (data) {
      const kept = this.kind === 'pie' ? null : decimate(this.labels.length, this.series, finite);
      this.drawn = kept
        ? { labels: kept.map((i) => this.shown.labels[i]!), series: this.series.map((s) => ({ name: s.name, values: kept.map((i) => s.values[i]!) })) }
        : { labels: this.shown.labels, series: this.series };
      let unread = 0;
      for (const s of this.series) if (s.written) for (const w of s.written) if (w !== undefined) unread++;
      this.unread = unread;
      this.tableRows = TABLE_ROWS_PER_TASK;
    }
  }

  protected override render(): TemplateResult {
    const w = this.words;
    const { title, names } = this.shown;
    const pie = this.kind === 'pie';
    const showLegend = pie ? this.series.length > 0 : this.series.length >= 2;
    const label = title || names.join(', ') || w.loading;
    return html`
      ${title ? html`<div class="title" part="title">${title}</div>` : nothing}
      <div
        class="plot"
        part="plot"
        tabindex="0"
        role="img"
        aria-label=${label}
        @keydown=${this.keyboard.onKeydown}
        @focus=${this.keyboard.onFocus}
        @blur=${this.keyboard.onBlur}
      >
        <canvas></canvas>
      </div>
      ${showLegend
        ? html`<ul class="legend" part="legend" aria-label=${w.chartLegend}>
            ${names.map(
              (name, i) =>
                html`<li part="legend-item">
                  <span class="swatch c${(i % paletteSize) + 1} ${this.kind}" part="swatch" aria-hidden="true"></span
                  ><span class="name">${name}</span>
                </li>`,
            )}
          </ul>`
        : nothing}
      ${this.announcer.render()}
      ${this.unread > 0 ? html`<p class="note" part="note">${fillRuns(w.chartUnread, { count: this.unread })}</p>` : nothing}
      ${this.unavailable ? html`<p class="unavailable" part="unavailable">${w.chartUnavailable}</p>` : nothing}
      <div class="data ${this.showTable || this.unavailable ? '' : 'visually-hidden'}" part="data">${this.renderTable()}</div>
    `;
  }

  private renderTable(): TemplateResult {
    const w = this.words;
    const { title, labels, names, xTitle, categoryTitle } = this.shown;
    const caption = fillRuns(w.chartData, { title: title || names.join(', ') });
    const value = (s: ChartSeries, i: number) => {
      const v = s.values[i];
      if (finite(v)) return this.formatted(v);
      const written = s.written?.[i];
      return written === undefined ? '' : fillRuns(w.chartValueUnread, { value: streamText(written) });
    };
    const head = categoryTitle || xTitle || w.chartCategory;
    if (this.kind === 'pie') {
      return html`<table part="table">
        <caption>${caption}</caption>
        <thead>
          <tr><th scope="col">${head}</th><th scope="col">${w.chartValue}</th></tr>
        </thead>
        <tbody>
          ${this.series.map((s, i) => html`<tr><th scope="row">${names[i]}</th><td>${value(s, 0)}</td></tr>`)}
        </tbody>
      </table>`;
    }
    // Row groups of a few hundred rows, each made once (guard): a task makes one more group, never the table again.
    const groups: unknown[] = [];
    const rows = Math.min(labels.length, this.tableRows);
    const series = this.series;
    for (let from = 0; from < rows; from += TABLE_ROWS_PER_TASK) {
      const to = Math.min(rows, from + TABLE_ROWS_PER_TASK);
      groups.push(
        guard([labels, series, to, this.format, this.currency, this.resolvedLocale, w], () => {
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
          ${names.map((n) => html`<th scope="col">${n}</th>`)}
        </tr>
      </thead>
      ${groups}
    </table>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.isConnected) return;
    if (this.kind !== 'pie' && this.tableRows < this.labels.length) {
      // The next rows of the data table, in the next task: the page gets its turn in between.
      const at = this.tableRows;
      void nextTask().then(() => {
        if (this.tableRows === at) this.tableRows = at + TABLE_ROWS_PER_TASK;
      });
    }
    const chart = this.chart;
    if (!chart || this.chartKind !== this.kind) {
      if (chart) this.destroyChart();
      if (this.near) this.drawing = this.createChart();
      else this.watchNear();
      return;
    }
    const look = this.lookSignature();
    if (look !== this.appliedLook) this.colours = undefined;
    // Growing data, a new format or a new theme: the same instance, updated without animation.
    const drawn: PropertyKey[] = ['labels', 'series', 'format', 'currency', 'chartTitle', 'xTitle', 'yTitle'];
    if (look !== this.appliedLook || drawn.some((k) => changed.has(k as keyof AeChart))) this.applyAll(chart);
  }

  /** What, besides the data, changes the picture: theme, direction and locale. */
  private lookSignature(): string {
    return `${this.resolvedTheme}|${this.isRtl}|${this.resolvedLocale}`;
  }

  /** Makes the picture once the chart comes near the viewport. */
  private watchNear(): void {
    if (this.firstLook) return;
    this.firstLook = new Promise<void>((looked) =>
      whenNear(
        this,
        (now) => {
          this.near = true;
          this.drawing = now ? this.createChart() : inTurn(() => (this.chart ? Promise.resolve() : this.createChart()));
        },
        looked,
      ),
    );
  }

  private async createChart(): Promise<void> {
    let mod: typeof import('./chartjs.js');
    try {
      mod = await loadChartJs();
    } catch (error) {
      // The picture can't be drawn in this page (a reload can): show the values as a table instead, and say so.
      console.error('ae-chart:', error);
      this.unavailable = true;
      return;
    }
    if (!this.isConnected || this.chart || !this.canvas) return;
    const kind = this.kind;
    const config: ChartConfiguration<'bar' | 'line' | 'pie', (number | null)[], string> = {
      type: kind,
      data: { labels: [], datasets: [] },
      options: this.options(),
    };
    const chart = new mod.Chart(this.canvas, config) as AnyChart;
    this.chart = chart;
    this.chartKind = kind;
    live.add(chart);
    this.applyAll(chart);
  }

  private destroyChart(): void {
    const chart = this.chart;
    if (!chart) return;
    this.chart = undefined;
    this.chartKind = undefined;
    this.keyboard.forget();
    live.delete(chart);
    chart.destroy();
  }

  /** Puts the current data, colours and options into the chart and redraws it without animation. */
  private applyAll(chart: AnyChart): void {
    const recoloured = this.colours === undefined;
    this.syncData(chart);
    const options = this.options();
    if (recoloured) {
      // chart.js copies fresh options into the ones its bars and points share only in an animated update mode,
      // never in update('none'): without this the canvas keeps the old colours while the legend shows new ones.
      // One update in the default mode with animation off copies them at once; the next restores the options.
      chart.options = { ...options, animation: false };
      chart.update();
    }
    chart.options = options;
    chart.update('none');
    this.appliedLook = this.lookSignature();
    this.keyboard.redrawn();
  }

  private syncData(chart: AnyChart): void {
    const c = this.readColours();
    const data = chart.data;
    if (this.kind === 'pie') {
      data.labels = [...this.shown.names];
      const colours = this.series.map((_, i) => c.series[i % paletteSize]!);
      const fresh: Partial<ChartDataset<'pie', (number | null)[]>> = {
        label: this.shown.title,
        data: this.series.map((s) => (finite(s.values[0]) ? Math.max(0, s.values[0]) : null)),
        backgroundColor: colours,
        hoverBackgroundColor: colours,
        borderColor: c.surface,
        hoverBorderColor: c.text,
        borderWidth: 2,
        hoverBorderWidth: 2,
        hoverOffset: 6,
      };
      if (data.datasets[0]) Object.assign(data.datasets[0], fresh);
      else data.datasets.push(fresh as ChartDataset<'pie', (number | null)[]>);
      data.datasets.length = 1;
      return;
    }
    data.labels = [...this.drawn.labels];
    this.drawn.series.forEach((s, i) => {
      const colour = c.series[i % paletteSize]!;
      const values = s.values.map((v) => (finite(v) ? v : null));
      const fresh =
        this.kind === 'line'
          ? {
              label: this.shown.names[i],
              data: values,
              borderColor: colour,
              backgroundColor: colour,
              hoverBackgroundColor: colour,
              hoverBorderColor: colour,
              pointBackgroundColor: colour,
              pointBorderColor: colour,
              pointHoverBackgroundColor: colour,
              pointHoverBorderColor: c.text,
              pointStyle: pointStyles[i % pointStyles.length],
              pointRadius: 3,
              pointHoverRadius: 6,
              pointHoverBorderWidth: 2,
              borderWidth: 2,
              tension: 0,
              fill: false,
              // The first and last points sit on the chart area's edges: draw them whole.
              clip: 8,
            }
          : {
              label: this.shown.names[i],
              data: values,
              backgroundColor: colour,
              hoverBackgroundColor: colour,
              borderColor: colour,
              hoverBorderColor: c.text,
              borderWidth: 0,
              hoverBorderWidth: 2,
            };
      const existing = data.datasets[i];
      if (existing) Object.assign(existing, fresh);
      else data.datasets.push(fresh as ChartDataset<'bar' | 'line', (number | null)[]>);
    });
    data.datasets.length = this.drawn.series.length;
  }

  private readColours(): Colours {
    if (this.colours) return this.colours;
    const style = getComputedStyle(this);
    // A value may be more than a colour chart.js can parse (light-dark() when the page picks the scheme, an app's
    // color-mix()): a probe in this element's tree resolves it as CSS would paint it here.
    let probe: HTMLElement | null = null;
    const resolve = (value: string): string => {
      if (value === '' || /^#[0-9a-f]{3,8}$/i.test(value)) return value;
      probe ??= this.renderRoot.appendChild(document.createElement('span'));
      probe.style.color = '';
      probe.style.color = value;
      if (probe.style.color === '') return '';
      const painted = getComputedStyle(probe).color;
      const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(painted);
      return rgb ? `#${rgb.slice(1).map((c) => Number(c).toString(16).padStart(2, '0')).join('')}` : painted;
    };
    const read = (name: string, token: ColorToken) => resolve(style.getPropertyValue(name).trim()) || tokenValue('light', token);
    const series = Array.from({ length: paletteSize }, (_, i) => read(`--_chart-${i + 1}`, `chart${i + 1}` as ColorToken));
    this.colours = {
      series,
      axis: read('--_chart-axis', 'chartAxis'),
      text: read('--_muted-text', 'mutedText'),
      surface: read('--_surface', 'surface'),
      tooltipBackground: read('--_text', 'text'),
      tooltipText: read('--_surface', 'surface'),
      font: style.getPropertyValue('--_font').trim() || 'system-ui, sans-serif',
    };
    (probe as HTMLElement | null)?.remove();
    return this.colours;
  }

  private options(): ChartOptions<'bar' | 'line' | 'pie'> {
    const c = this.readColours();
    const rtl = this.isRtl;
    const pie = this.kind === 'pie';
    const font = { family: c.font, size: 12 };
    const value = (item: TooltipItem<'bar' | 'line' | 'pie'>) => {
      const raw = item.raw;
      return finite(raw) ? this.formatted(raw) : '';
    };
    const axis = {
      grid: { color: c.axis },
      border: { color: c.axis },
      ticks: { color: c.text, font },
    };
    const options: ChartOptions<'bar' | 'line' | 'pie'> = {
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio: pie ? 1.6 : 2,
      layout: { padding: pie ? 0 : { top: 8, left: 8, right: 8 } },
      animation: reducedMotion() ? false : { duration: 300 },
      locale: this.resolvedLocale,
      interaction: { mode: 'nearest', intersect: this.kind !== 'line' },
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
    if (!pie) {
      const { xTitle, yTitle } = this.shown;
      const titled = (text: string) => ({ display: text !== '', text, color: c.text, font });
      (options as ChartOptions<'bar' | 'line'>).scales = {
        x: {
          type: 'category',
          reverse: rtl,
          ...axis,
          grid: { display: false },
          border: { color: c.axis },
          title: titled(xTitle),
          // Fitting the labels measures a sample of them, not every one.
          ticks: { ...axis.ticks, sampleSize: 100 },
        },
        y: {
          type: 'linear',
          beginAtZero: true,
          position: rtl ? 'right' : 'left',
          title: titled(yTitle),
          ...axis,
          ticks: {
            ...axis.ticks,
            callback: (v, _i, ticks) => {
              const scale = ticks.reduce((m, t) => Math.max(m, Math.abs(Number(t.value))), 0);
              return formatTick(Number(v), this.format, this.currency, this.resolvedLocale, scale);
            },
          },
        },
      };
    }
    return options;
  }

  private formatted(v: number): string {
    return formatValue(v, this.format, this.currency, this.resolvedLocale);
  }

  private readonly onMediaChange = (): void => {
    this.themeChanged();
  };

  /** The point the keyboard is on: `{ datasetIndex, index }` (a pie's slice is `index`). */
  get activePoint(): { datasetIndex: number; index: number } | undefined {
    return this.keyboard.activePoint;
  }
}

defineElement('ae-chart', AeChart);

declare global {
  interface HTMLElementTagNameMap {
    'ae-chart': AeChart;
  }
}
