/**
 * What the runner shows of a run: for each burst, the model's narration, its steps as they change, how many
 * lines were skipped (and why) and how it ended. One signal counts the changes, so the element draws again when
 * anything here changes; the data itself is kept in plain arrays that grow by one entry per line, and steps are
 * replaced in place by index, so a line costs the same however long the run has been.
 *
 * The steps are kept in chunks of `CHUNK` with a version each, so a burst of a thousand steps draws again only the
 * chunk a step changed in; and the log says where the burst has got to (`cursor`), so the view can show the steps
 * around it and fold the rest away (a run of a thousand steps is never a thousand list items on the page unless
 * the person asks to see them all).
 *
 * Steps can finish far faster than a screen repaints (a thousand no-op steps take a few milliseconds), so the log
 * is drawn at most once a frame while steps run: what changed in between is drawn together. What the person must
 * see at once is drawn at once: a new burst, a step waiting for their approval, the end of a burst, the log
 * folded or unfolded, the log cleared.
 */
import { Signal } from 'signal-polyfill';
import type { Step } from '../../../src/axstream/step.js';
import type { AxIssueCode } from '../../../src/axstream/types.js';
import type { AxOutcome } from '../events.js';

/** Narration lines kept per burst, and their longest length: a model can't fill the page with talk. */
const MAX_NARRATION = 200;
const MAX_LINE = 2_000;
/** Steps per chunk: the unit the view draws again when one of its steps changes. */
export const CHUNK = 64;

/** One burst as the element shows it. */
export interface BurstView {
  readonly number: number;
  readonly narration: string[];
  readonly steps: Step[];
  /** One version per chunk of `CHUNK` steps: it moves when a step in that chunk changes. */
  readonly chunks: number[];
  /** The latest step that has started (running, held or finished); -1 before the first. */
  cursor: number;
  /** Lines dropped because they could not be read (not JSON, not an action, too long, cut off). */
  unreadable: number;
  /** Lines dropped because the burst already held as many steps as a burst may. */
  overLimit: number;
  outcome: AxOutcome | null;
  /** True while the person asked to see every step rather than the latest ones. */
  expanded: boolean;
  /** Moves whenever this burst changes: the element draws again only the bursts whose version moved. */
  version: number;
}

export class RunLog {
  readonly #version = new Signal.State(0);
  #bursts: BurstView[] = [];
  #count = 0;
  #frame = 0;

  /** The bursts so far (reactive). */
  get bursts(): readonly BurstView[] {
    this.#version.get();
    return this.#bursts;
  }

  /** The view of burst `number`, started now if it is new. */
  burst(number: number): BurstView {
    // The burst written to is nearly always the last one.
    const last = this.#bursts[this.#bursts.length - 1];
    let view = last?.number === number ? last : this.#bursts.find((b) => b.number === number);
    if (!view) {
      view = { number, narration: [], steps: [], chunks: [], cursor: -1, unreadable: 0, overLimit: 0, outcome: null, expanded: false, version: 0 };
      this.#bursts.push(view);
      this.#changed(undefined, true);
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
    const chunk = Math.floor(step.index / CHUNK);
    view.chunks[chunk] = (view.chunks[chunk] ?? 0) + 1;
    if (step.status !== 'queued' && step.index > view.cursor) view.cursor = step.index;
    this.#changed(view, step.status === 'held');
  }

  /** `count` lines of the burst were dropped for `code` (more than one when they were only counted). */
  dropped(number: number, code: AxIssueCode, count = 1): void {
    const view = this.burst(number);
    if (code === 'too_many_steps') view.overLimit += count;
    else view.unreadable += count;
    this.#changed(view);
  }

  end(number: number, outcome: AxOutcome): void {
    const view = this.burst(number);
    view.outcome = outcome;
    // Steps still waiting will never run now: each chunk that holds one draws again, to say so.
    for (let c = Math.floor((view.cursor + 1) / CHUNK); c < view.chunks.length; c++) view.chunks[c] = (view.chunks[c] ?? 0) + 1;
    this.#changed(view, true);
  }

  /** Shows every step of burst `number`, or only the latest again. */
  expand(number: number, expanded: boolean): void {
    const view = this.burst(number);
    if (view.expanded === expanded) return;
    view.expanded = expanded;
    this.#changed(view, true);
  }

  clear(): void {
    this.#bursts = [];
    this.#changed(undefined, true);
  }

  /** Draws what is waiting to be drawn now (the runner left the page: no frame will come for it). */
  flush(): void {
    if (!this.#frame) return;
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#version.set(++this.#count);
  }

  /** Marks a change: drawn at the next frame, or at once when `now`. */
  #changed(view: BurstView | undefined, now = false): void {
    if (view) view.version++;
    if (now) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
      this.#version.set(++this.#count);
    } else if (!this.#frame) {
      this.#frame = requestAnimationFrame(() => {
        this.#frame = 0;
        this.#version.set(++this.#count);
      });
    }
  }
}
