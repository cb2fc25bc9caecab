/**
 * A chart read point by point from the keyboard: the plot is focusable; Left/Right move along the labels (in the
 * reading direction), Up/Down between series (on a pie, every arrow moves between slices), Home/End jump to the
 * ends, Escape hides the tooltip. The point is shown in chart.js's tooltip and said politely. Points without a
 * value are stepped over; when the data change under the point, it starts again at the first point that has one.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Chart } from 'chart.js';
import type { AnnouncerController } from '../../controllers/announcer.js';
import type { ChartKind, ChartSeries } from './series.js';

/** A point: the series (`datasetIndex`, always 0 on a pie) and the label or slice (`index`). */
export interface ChartPoint {
  readonly datasetIndex: number;
  readonly index: number;
}

/** What the keyboard reads of the chart, read afresh at every key. */
export interface ChartPlot {
  /** The chart.js instance, once drawn. */
  chart(): Chart<'bar' | 'line' | 'pie', (number | null)[], string> | undefined;
  kind(): ChartKind;
  series(): readonly ChartSeries[];
  /** The category labels (their number is the number of points along a bar or line chart). */
  labels(): readonly string[];
  /** The labels and series names as they are shown (and said). */
  shown(): { readonly labels: readonly string[]; readonly names: readonly string[] };
  rtl(): boolean;
  /** A value as the chart writes it. */
  formatted(value: number): string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export class ChartKeyboardController implements ReactiveController {
  #active: ChartPoint = { datasetIndex: 0, index: 0 };
  #showing = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly plot: ChartPlot,
    private readonly announcer: AnnouncerController,
  ) {
    host.addController(this);
  }

  /** The point the keyboard is on, while one is shown. */
  get activePoint(): ChartPoint | undefined {
    return this.#showing ? { ...this.#active } : undefined;
  }

  hostDisconnected(): void {
    // The chart goes with the element: nothing is shown on it any more.
    this.#showing = false;
  }

  /** The chart was drawn again (new data, colours or options): the point shown stays shown, silently. */
  redrawn(): void {
    if (this.#showing) this.#show(false);
  }

  /** The chart was destroyed: nothing is shown on it any more. */
  forget(): void {
    this.#showing = false;
  }

  readonly onFocus = (): void => {
    this.#show(true);
  };

  readonly onBlur = (): void => {
    this.#hide();
  };

  readonly onKeydown = (event: KeyboardEvent): void => {
    const pie = this.plot.kind() === 'pie';
    const rtl = this.plot.rtl();
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    let moved = true;
    switch (event.key) {
      case forward:
        this.#move(0, 1);
        break;
      case back:
        this.#move(0, -1);
        break;
      case 'ArrowDown':
        if (pie) this.#move(0, 1);
        else this.#move(1, 0);
        break;
      case 'ArrowUp':
        if (pie) this.#move(0, -1);
        else this.#move(-1, 0);
        break;
      case 'Home':
        this.#moveTo(this.#active.datasetIndex, -1, 1);
        break;
      case 'End':
        this.#moveTo(this.#active.datasetIndex, this.#pointCount(), -1);
        break;
      case 'Escape':
        if (this.#showing) this.#hide();
        else moved = false;
        break;
      default:
        moved = false;
    }
    if (moved) event.preventDefault();
  };

  #pointCount(): number {
    return this.plot.kind() === 'pie' ? this.plot.series().length : this.plot.labels().length;
  }

  #valueAt(datasetIndex: number, index: number): number | undefined {
    const series = this.plot.series();
    const v = this.plot.kind() === 'pie' ? series[index]?.values[0] : series[datasetIndex]?.values[index];
    return finite(v) ? v : undefined;
  }

  #move(datasetStep: number, indexStep: number): void {
    const { datasetIndex, index } = this.#active;
    if (!this.#showing && this.#valueAt(datasetIndex, index) !== undefined) {
      // The first arrow press shows where we are before moving on.
      this.#show(true);
      return;
    }
    if (datasetStep) {
      const datasets = this.plot.kind() === 'pie' ? 1 : this.plot.series().length;
      for (let d = datasetIndex + datasetStep; d >= 0 && d < datasets; d += datasetStep) {
        if (this.#valueAt(d, index) !== undefined) {
          this.#active = { datasetIndex: d, index };
          break;
        }
      }
    } else {
      this.#moveTo(datasetIndex, index, indexStep);
      return;
    }
    this.#show(true);
  }

  /** Moves from `index` in the direction of `step` to the next point that has a value. */
  #moveTo(datasetIndex: number, index: number, step: number): void {
    const count = this.#pointCount();
    for (let i = index + step; i >= 0 && i < count; i += step) {
      if (this.#valueAt(datasetIndex, i) !== undefined) {
        this.#active = { datasetIndex: this.plot.kind() === 'pie' ? 0 : datasetIndex, index: i };
        break;
      }
    }
    this.#show(true);
  }

  #show(announce: boolean): void {
    const chart = this.plot.chart();
    if (!chart) return;
    let { datasetIndex, index } = this.#active;
    if (this.plot.kind() === 'pie') datasetIndex = 0;
    if (this.#valueAt(datasetIndex, index) === undefined) {
      // The remembered point is gone (data changed): start at the first point with a value.
      const first = this.#firstPoint();
      if (!first) return;
      ({ datasetIndex, index } = first);
    }
    this.#active = { datasetIndex, index };
    const element = chart.getDatasetMeta(datasetIndex).data[index];
    if (!element) return;
    const activeElements = [{ datasetIndex, index }];
    chart.setActiveElements(activeElements);
    const position = element.tooltipPosition(true);
    chart.tooltip?.setActiveElements(activeElements, { x: position.x ?? 0, y: position.y ?? 0 });
    chart.render();
    this.#showing = true;
    if (announce) this.announcer.announce(this.#describe(datasetIndex, index));
  }

  #firstPoint(): ChartPoint | undefined {
    const datasets = this.plot.kind() === 'pie' ? 1 : this.plot.series().length;
    for (let d = 0; d < datasets; d++) {
      for (let i = 0; i < this.#pointCount(); i++) if (this.#valueAt(d, i) !== undefined) return { datasetIndex: d, index: i };
    }
    return undefined;
  }

  #hide(): void {
    this.#showing = false;
    this.announcer.clear();
    const chart = this.plot.chart();
    if (!chart) return;
    chart.setActiveElements([]);
    chart.tooltip?.setActiveElements([], { x: 0, y: 0 });
    chart.render();
  }

  #describe(datasetIndex: number, index: number): string {
    const v = this.#valueAt(datasetIndex, index);
    const text = v === undefined ? '' : this.plot.formatted(v);
    const shown = this.plot.shown();
    if (this.plot.kind() === 'pie') return `${shown.names[index] ?? ''}: ${text}`;
    const name = shown.names[datasetIndex];
    return `${shown.labels[index] ?? ''}, ${name ? `${name}: ` : ''}${text}`;
  }
}
