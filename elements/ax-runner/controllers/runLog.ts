/**
 * What the runner shows of a run: for each burst, the model's narration, its steps as they change, how many
 * lines were dropped and how it ended. One signal counts the changes, so the element draws again when anything
 * here changes; the data itself is kept in plain arrays that grow by one entry per line, and steps are replaced
 * in place by index, so a line costs the same however long the run has been.
 */
import { Signal } from 'signal-polyfill';
import type { Step } from '../../../src/axstream/step.js';
import type { AxOutcome } from '../events.js';

/** Narration lines kept per burst, and their longest length: a model can't fill the page with talk. */
const MAX_NARRATION = 200;
const MAX_LINE = 2_000;

/** One burst as the element shows it. */
export interface BurstView {
  readonly number: number;
  readonly narration: string[];
  readonly steps: Step[];
  dropped: number;
  outcome: AxOutcome | null;
  /** Moves whenever this burst changes: the element draws again only the bursts whose version moved. */
  version: number;
}

export class RunLog {
  readonly #version = new Signal.State(0);
  #bursts: BurstView[] = [];
  #count = 0;

  /** The bursts so far (reactive). */
  get bursts(): readonly BurstView[] {
    this.#version.get();
    return this.#bursts;
  }

  /** The view of burst `number`, started now if it is new. */
  burst(number: number): BurstView {
    let view = this.#bursts.find((b) => b.number === number);
    if (!view) {
      view = { number, narration: [], steps: [], dropped: 0, outcome: null, version: 0 };
      this.#bursts.push(view);
      this.#changed();
    }
    return view;
  }

  narration(number: number, text: string): void {
    const view = this.burst(number);
    const line = text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text;
    if (line.trim() === '' || view.narration.length >= MAX_NARRATION) return;
    view.narration.push(line);
    this.#changed(view);
  }

  step(number: number, step: Step): void {
    const view = this.burst(number);
    view.steps[step.index] = step;
    this.#changed(view);
  }

  dropped(number: number): void {
    const view = this.burst(number);
    view.dropped++;
    this.#changed(view);
  }

  end(number: number, outcome: AxOutcome): void {
    const view = this.burst(number);
    view.outcome = outcome;
    this.#changed(view);
  }

  clear(): void {
    this.#bursts = [];
    this.#changed();
  }

  #changed(view?: BurstView): void {
    if (view) view.version++;
    this.#version.set(++this.#count);
  }
}
