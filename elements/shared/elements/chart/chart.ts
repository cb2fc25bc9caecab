/**
 * `<ae-chart>`: the one chart every agent element draws with ([8], "Charts"). The data come from the
 * stream; everything a person sees besides the data (colours, sizes, axes, legend, motion, the words of
 * tooltips) comes from the renderer and the app's theme.
 *
 * The element holds the parts together; each part has one job: when the picture is made (nearViewport.ts), paper
 * (print.ts), what chart.js is given (chartOptions.ts), the colours (colours.ts), the data table (dataTable.ts),
 * the keyboard (chartKeyboard.ts), which points are drawn (decimate.ts).
 */
import { css, html, nothing, render, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { Chart, ChartConfiguration } from 'chart.js';
import { AgentElement } from '../../base/agentElement.js';
import { fillRuns } from '../../base/fillRuns.js';
import { visuallyHidden } from '../../styles/blockSize.js';
import { formatTick, formatValue, type ChartFormat } from './format.js';
import { streamText } from '../../base/streamText.js';
import { defineElement } from '../../base/defineElement.js';
import { AnnouncerController } from '../../controllers/announcer.js';
import { ChartKeyboardController } from './chartKeyboard.js';
import { lazy } from '../../../../src/lazy.js';
import { nextTask } from '../../base/nextTask.js';
import { decimate, SLICES } from './decimate.js';
import { inTurn, NearViewportController } from './nearViewport.js';
import { ChartPrint, printStyles } from './print.js';
import { chartOptions, fillData } from './chartOptions.js';
import { paletteSize, readColours, swatchStyles, type Colours } from './colours.js';
import { dataTable, dataTableStyles, moreRows, TABLE_ROWS_PER_TASK } from './dataTable.js';
import { plottable, unreadCount, type ChartKind, type ChartSeries } from './series.js';

export { formatValue, formatTick, type ChartFormat, type ChartKind, type ChartSeries };

type AnyChart = Chart<'bar' | 'line' | 'pie', (number | null)[], string>;

/** Every chart instance alive on the page; see `liveChartCount()`. */
const live = new Set<AnyChart>();

/** How many chart.js instances are alive: a test hook proving that removed charts were destroyed. */
export function liveChartCount(): number {
  return live.size;
}

let loaded = false;
/** chart.js, loaded once, on the first chart drawn (a separate chunk in the build). */
const loadChartJs = lazy(() => import('./chartjs.js').then((mod) => ((loaded = true), mod)), 'chart.js');

let ahead = false;
/**
 * Loads chart.js when the page is next idle (within a few seconds if it never is), once a chart waits to come near:
 * a page may be printed before that chart comes near, and printing won't wait for a task, so the library must be
 * there already for the chart to print as a picture. A page without a chart never loads it.
 */
function loadAhead(): void {
  if (ahead) return;
  ahead = true;
  const load = (): void => void loadChartJs().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 4000 });
  // Safari has no requestIdleCallback: a second's wait instead. raw timer: it waits for the page, once per page,
  // for every chart on it, so no one element's clock is its clock.
  else setTimeout(load, 1000);
}

/** Whether chart.js is loaded: a test hook proving it is loaded ahead, before a chart is drawn. */
export function chartJsLoaded(): boolean {
  return loaded;
}

const reducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;

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
 * - Big data stay light: a bar or line chart with more points than its plot can show (over 1,000 points, 500
 *   bars) draws, per slice of its labels, the points holding each series' least and greatest value (min/max
 *   decimation: every point drawn is a real one, with its label; peaks and dips stay), and the keyboard moves over
 *   those; a line of more than 200 points is drawn without a mark on each. The picture is made in two tasks (the
 *   axes, then the data). The data table holds every value, made a few hundred rows per task and, while only for
 *   assistive technology, kept out of the page's layout. A value beyond `CHART_VALUE_LIMIT` is a gap.
 * - Growing data update the same chart instance (`update('none')`); only a change of `kind` makes a new one.
 *   The chart is destroyed on disconnect and made again on reconnect.
 * - The picture is made once the chart comes within a viewport's height of the viewport (and, for every chart,
 *   before the page prints): charts far down a long page cost nothing until scrolled to, but chart.js itself is
 *   loaded in the page's idle time once one waits, so that one can still be drawn when the page prints. The data
 *   table is there from the start. `updateComplete` resolves once a chart near the viewport is drawn.
 * - Printed, the picture is scaled to the page; one not drawn by then (chart.js not loaded yet) prints its values
 *   as the data table.
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
export class AeChartElement extends AgentElement {
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
      .note {
        margin: var(--_space-2) 0 0;
        color: var(--_muted-text);
        font-size: var(--_font-size-sm);
      }
    `,
    swatchStyles,
    dataTableStyles,
    printStyles,
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
  /** Whether the picture is drawn, as printing needs to know. */
  private readonly print = new ChartPrint(this);
  /** When the picture is made: once near the viewport (at once before the page prints), one chart per task. */
  private readonly near = new NearViewportController(this, (now) => {
    this.drawing = now ? this.createChart(true) : inTurn(() => (this.chart ? Promise.resolve() : this.createChart()));
  });

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
  /** The chart is made and its data come in the next task (what changes until then comes with them). */
  private axesOnly = false;
  private colours?: Colours;
  private appliedLook?: string;
  private readonly media: MediaQueryList[] = [];

  /** The chart.js instance, once drawn, near the viewport (for tests and apps that need chart.js itself). */
  get chartInstance(): AnyChart | undefined {
    return this.axesOnly ? undefined : this.chart;
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
    this.destroyChart();
    // While away, the theme or the system's colour scheme may change unheard: read the colours again on return.
    this.colours = undefined;
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    // Resolves after the chart is drawn too, so `await el.updateComplete` sees the canvas in use (once the page has
    // looked whether it is near the viewport: one far away isn't drawn yet). A hidden page doesn't look (it draws no
    // frames) until it is shown: there, it resolves without waiting for that.
    let done = await super.getUpdateComplete();
    await this.near.looked();
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
      const kept = this.kind === 'pie' ? null : decimate(this.labels.length, this.series, plottable, SLICES[this.kind]);
      this.drawn = kept
        ? { labels: kept.map((i) => this.shown.labels[i]!), series: this.series.map((s) => ({ name: s.name, values: kept.map((i) => s.values[i]!) })) }
        : { labels: this.shown.labels, series: this.series };
      this.unread = unreadCount(this.series);
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
      <div class="data ${this.showTable || this.unavailable ? '' : 'visually-hidden'}" part="data">${this.#table(this.tableRows)}</div>
    `;
  }

  #table(rows: number): TemplateResult {
    const w = this.words;
    return dataTable({
      kind: this.kind,
      words: w,
      shown: this.shown,
      series: this.series,
      rows,
      formatted: (v) => this.formatted(v),
      look: [this.format, this.currency, this.resolvedLocale, w],
    });
  }

  /**
   * What a copy of a selection spanning the chart puts on the clipboard (elements/shared/screen/copying.ts): its
   * data table with every row, made now, even while the one on screen is still made a few hundred rows per task.
   * @internal
   */
  copyContent(): Node {
    const box = document.createElement('div');
    render(this.#table(this.labels.length), box);
    return box.querySelector('table') ?? box;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.isConnected) return;
    const more = moreRows(this.kind, this.tableRows, this.labels.length);
    if (more !== null) {
      // The next rows of the data table, in the next task: the page gets its turn in between.
      const at = this.tableRows;
      void nextTask().then(() => {
        if (this.tableRows === at) this.tableRows = more;
      });
    }
    const chart = this.chart;
    if (!chart || this.chartKind !== this.kind) {
      if (chart) this.destroyChart();
      if (this.near.near) this.drawing = this.createChart();
      else {
        this.near.watch();
        loadAhead();
      }
      return;
    }
    if (this.axesOnly) return;
    const look = this.lookSignature();
    if (look !== this.appliedLook) this.colours = undefined;
    // Growing data, a new format or a new theme: the same instance, updated without animation.
    const drawn: PropertyKey[] = ['labels', 'series', 'format', 'currency', 'chartTitle', 'xTitle', 'yTitle'];
    if (look !== this.appliedLook || drawn.some((k) => changed.has(k as keyof AeChartElement))) this.applyAll(chart);
  }

  /** What, besides the data, changes the picture: theme, direction and locale. */
  private lookSignature(): string {
    return `${this.resolvedTheme}|${this.isRtl}|${this.resolvedLocale}`;
  }

  /**
   * Makes the chart.js instance: its axes first, the data in the next task (a 10,000-point chart's picture was one
   * task of up to 80 ms: sizing the canvas and drawing the empty axes, then laying out and drawing the data, each
   * about half). Before the page prints (`now`), all at once: printing won't wait for a task.
   */
  private async createChart(now = false): Promise<void> {
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
    if (!now) {
      this.axesOnly = true;
      await nextTask();
      this.axesOnly = false;
      if (this.chart !== chart) return;
    }
    this.applyAll(chart);
    this.print.drawn = true;
  }

  private destroyChart(): void {
    const chart = this.chart;
    if (!chart) return;
    this.chart = undefined;
    this.chartKind = undefined;
    this.keyboard.forget();
    this.print.drawn = false;
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
    const drawn = this.kind === 'pie' ? { labels: [], series: this.series } : this.drawn;
    fillData(chart.data, { kind: this.kind, colours: this.readColours(), title: this.shown.title, names: this.shown.names, ...drawn });
  }

  private readColours(): Colours {
    this.colours ??= readColours(this, this.renderRoot);
    return this.colours;
  }

  private options(): ReturnType<typeof chartOptions> {
    return chartOptions({
      kind: this.kind,
      colours: this.readColours(),
      rtl: this.isRtl,
      locale: this.resolvedLocale,
      format: this.format,
      currency: this.currency,
      xTitle: this.shown.xTitle,
      yTitle: this.shown.yTitle,
      reducedMotion: reducedMotion(),
    });
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

defineElement('ae-chart', AeChartElement);

declare global {
  interface HTMLElementTagNameMap {
    'ae-chart': AeChartElement;
  }
}
