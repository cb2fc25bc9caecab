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
 * Steps can finish far faster than a screen repaints (a thousand no-op steps take a few milliseconds), so while
 * steps run the log is drawn in a frame, and no more often than every `DRAW_EVERY_MS`: what changed in between is
 * drawn together. A step that comes on its own (a model writes a few a second) is drawn in the next frame. What
 * the person must see at once is drawn at once: a new burst, a step waiting for their approval, the end of a
 * burst, the log folded or unfolded, the log cleared.
 */
import { Signal } from '../../shared/base/signals.js';
import type { Step, AxIssueCode } from '../../../src/axstream/index.js';
import type { AxOutcome } from '../events.js';

/** Narration lines kept per burst, and their longest length: a model can't fill the page with talk. */
const MAX_NARRATION = 200;
const MAX_LINE = 2_000;
/** Steps per chunk: the unit the view draws again when one of its steps changes. */
export const CHUNK = 64;
/** While steps keep coming, the log is drawn no more often than this. */
export const DRAW_EVERY_MS = 100;
/** Chunks added to the drawing per frame when the person asks to see every step: a thousand take four frames. */
export const CHUNKS_PER_FRAME = 4;

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
  /** When expanded: how many chunks are drawn so far (they are added a few a frame). */
  shown: number;
  /** Moves whenever this burst changes: the element draws again only the bursts whose version moved. */
  version: number;
}

export class RunLog {
  readonly #version = new Signal.State(0);
  #bursts: BurstView[] = [];
  #count = 0;
  #frame = 0;
  #drawnAt = -Infinity;

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
      view = { number, narration: [], steps: [], chunks: [], cursor: -1, unreadable: 0, overLimit: 0, outcome: null, expanded: false, shown: 0, version: 0 };
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
    if (view.expanded && chunk >= view.shown) this.#grow(view);
  }

  /**
   * `count` lines of the burst were dropped for `code` (more than one when they were only counted). A line cut
   * off at the end of the reply is not counted: the burst's outcome says the reply was cut off.
   */
  dropped(number: number, code: AxIssueCode, count = 1): void {
    if (code === 'cut_off') return;
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

  /**
   * Shows every step of burst `number`, or only the latest again. Every step is drawn a few chunks a frame, so a
   * thousand of them never hold the page for long.
   */
  expand(number: number, expanded: boolean): void {
    const view = this.burst(number);
    if (view.expanded === expanded) return;
    view.expanded = expanded;
    view.shown = expanded ? CHUNKS_PER_FRAME : 0;
    this.#changed(view, true);
    if (expanded) this.#grow(view);
  }

  readonly #growing = new WeakSet<BurstView>();

  /** Adds chunks to an expanded burst's drawing, a few a frame, until every chunk is drawn. */
  #grow(view: BurstView): void {
    if (this.#growing.has(view)) return;
    this.#growing.add(view);
    const next = () => {
      if (!view.expanded || view.shown >= view.chunks.length || !this.#bursts.includes(view)) {
        this.#growing.delete(view);
        return;
      }
      view.shown += CHUNKS_PER_FRAME;
      this.#changed(view, true);
      requestAnimationFrame(next);
    };
    requestAnimationFrame(next);
  }

  clear(): void {
    this.#bursts = [];
    this.#changed(undefined, true);
  }

  /** Marks a change: drawn in a coming frame (see DRAW_EVERY_MS), or at once when `now`. */
  #changed(view: BurstView | undefined, now = false): void {
    if (view) view.version++;
    if (now) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
      this.#draw();
    } else if (!this.#frame) this.#frame = requestAnimationFrame(this.#onFrame);
  }

  readonly #onFrame = (time: number): void => {
    // Drawn recently: this frame is left to the page, a later one draws everything that changed meanwhile.
    if (time - this.#drawnAt < DRAW_EVERY_MS) {
      this.#frame = requestAnimationFrame(this.#onFrame);
      return;
    }
    this.#frame = 0;
    this.#draw();
  };

  #draw(): void {
    this.#drawnAt = performance.now();
    this.#version.set(++this.#count);
  }
}
