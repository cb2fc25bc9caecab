/**
 * A chart on paper. Printing lays the page out again at the paper's width, after `beforeprint`, with no frame in
 * between: chart.js can't resize, and a chart that waits for a task (to load chart.js, to take its turn) isn't
 * drawn in time. So the picture drawn for the screen is scaled to the page, a chart not drawn yet is drawn at once
 * where it can be (`beforePrint`), and one whose picture still isn't drawn prints its values as its data table
 * (`ChartPrint`, `printStyles`).
 */
import { css } from 'lit';

const before = new Set<() => void>();
const printing = (): void => {
  for (const run of [...before]) run();
};

/** Runs `run` before every print of the page, at once (printing won't wait for a task). */
export function beforePrint(run: () => void): void {
  if (before.size === 0) addEventListener('beforeprint', printing);
  before.add(run);
}

/**
 * Whether a chart's picture is drawn, as its `drawn` state (`:host(:state(drawn))`): printed without it, the chart
 * shows its values as the table in its place.
 */
export class ChartPrint {
  private readonly internals: ElementInternals;

  constructor(host: HTMLElement) {
    this.internals = host.attachInternals();
  }

  set drawn(yes: boolean) {
    if (yes) this.internals.states.add('drawn');
    else this.internals.states.delete('drawn');
  }
}

/** The chart's print styles: after its own (they undo the data table's visually hidden box). */
export const printStyles = css`
  @media print {
    canvas {
      max-inline-size: 100% !important;
      block-size: auto !important;
    }
    :host(:not(:state(drawn))) .plot {
      display: none;
    }
    :host(:not(:state(drawn))) .data {
      position: static;
      inline-size: auto;
      block-size: auto;
      margin: var(--_space-3) 0 0;
      overflow: visible;
      clip-path: none;
      white-space: normal;
      content-visibility: visible;
    }
    .data {
      overflow: visible;
      overflow-wrap: anywhere;
    }
  }
`;
