/**
 * What a screen reader hears of the steps, in batches. A step that finished is said at once when the runner has
 * been quiet; while steps keep finishing, they are gathered and said together at most once every `EVERY_MS`
 * ("12 steps done, the latest: Click button “Add”."), so a burst of a thousand steps is a few sentences, not a
 * thousand. A step that needs the person (held for approval), fails or is refused is never folded into a count:
 * what was gathered before it is said first, then it, in full, at once. What is gathered when the runner leaves
 * the page is about a moment that has passed: it is dropped, unsaid.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Step } from '../../../src/axstream/index.js';
import { clockOf, type Clock } from '../../shared/base/clock.js';

/** The shortest time between two batches of finished steps. */
export const EVERY_MS = 1000;

/** Says the words it is given (the element's announcer). */
type Say = (words: string) => void;

/** The sentence for one step, and for a batch of finished steps ending with `last`. */
export interface StepSentences {
  one(step: Step): string;
  many(count: number, last: Step): string;
}

export class StepAnnouncementsController implements ReactiveController {
  #count = 0;
  #last: Step | null = null;
  #timer: { readonly clock: Clock; readonly handle: unknown } | undefined;
  #saidAt = -Infinity;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly say: Say,
    private readonly sentences: () => StepSentences,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.clear();
  }

  /** A step changed state; finished, held, failed, refused and withdrawn steps are said. */
  changed(step: Step): void {
    switch (step.status) {
      case 'done':
        this.#count++;
        this.#last = step;
        this.#schedule();
        return;
      case 'held':
      case 'failed':
      case 'refused':
      case 'withdrawn':
        this.flush();
        this.say(this.sentences().one(step));
        this.#saidAt = clockOf(this.host).now();
        return;
      default:
        return;
    }
  }

  /** Says what has been gathered now (the burst ended, or something important comes next). */
  flush(): void {
    this.#timer?.clock.clearTimeout(this.#timer.handle);
    this.#timer = undefined;
    const last = this.#last;
    const count = this.#count;
    this.#count = 0;
    this.#last = null;
    if (!last) return;
    const s = this.sentences();
    this.say(count === 1 ? s.one(last) : s.many(count, last));
    this.#saidAt = clockOf(this.host).now();
  }

  /** Forgets what was gathered, unsaid (the log started over, or the runner left the page). */
  clear(): void {
    this.#timer?.clock.clearTimeout(this.#timer.handle);
    this.#timer = undefined;
    this.#count = 0;
    this.#last = null;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const clock = clockOf(this.host);
    const wait = Math.max(0, this.#saidAt + EVERY_MS - clock.now());
    this.#timer = { clock, handle: clock.setTimeout(() => this.flush(), wait) };
  }
}
