/**
 * How much of one task a morph screen may spend on an answer: writing what a source delivered and drawing what
 * that changed. A source that delivers a lot at once (a big file, a fast local stream, an array or a
 * ReadableStream whose chunks are all there) would otherwise be written and drawn in one task, freezing input
 * and painting for as long as that takes.
 *
 * The budget belongs to the task, not to a run of work: chunks already there arrive one microtask after another,
 * all in one task, and the node elements a write touched draw in the microtasks after it, still in that task. So
 * a window opens with the first piece of work of a task and stays open until a task boundary has passed, however
 * many runs of work come in between; every piece of work asks how long the window has been open. Writing stops
 * first (`WRITE_MS`), then drawing (`DRAW_MS`): a node element that would draw past it draws in a later task,
 * in the order they were put off, as many per task as the time a drawing has been taking lets fit (its update
 * stays pending meanwhile, so more changes to it are one drawing, and `updateComplete` waits for it). One budget
 * for the page, as for the screens' new elements, so two screens streaming at once share it.
 */
import { drawing } from '../views/children.js';
import { nextTask } from '../../shared/base/nextTask.js';

/** Writing stops once the task has run this long, in milliseconds. */
export const WRITE_MS = 8;
/** Drawing stops once the task has run this long; the rest draws in later tasks. */
export const DRAW_MS = 16;
/** A heavy drawing (a chart) starts only while the task has run less than this. */
export const HEAVY_MS = 4;

/** What the budget measures time and waits for a task with: the page's own, unless a test gives its own. */
export interface BudgetClock {
  now(): number;
  /** Resolves in a later task. */
  nextTask(): Promise<void>;
}

export const PAGE_CLOCK: BudgetClock = { now: () => performance.now(), nextTask };

export class TaskBudget {
  #open = false;
  #since = 0;
  /** Drawings put off, in order: those put off again after their turn came go first (`#again`). */
  #waiting: (() => void)[] = [];
  #head = 0;
  #again: (() => void)[] = [];
  #releasing = false;
  /** Heavy drawings waiting for the answers to catch up, in order. */
  #heavy: (() => void)[] = [];
  #heavyScheduled = false;
  /** Writers with chunks waiting. */
  #writers = 0;
  /** What one drawing has been taking, on average (milliseconds). */
  #drawCost = 0.25;

  constructor(readonly clock: BudgetClock = PAGE_CLOCK) {}

  /** How long this task has been at work on answers (opening the window if none is open). */
  elapsed(): number {
    if (!this.#open) {
      this.#open = true;
      this.#since = this.clock.now();
      void this.clock.nextTask().then(() => (this.#open = false));
    }
    return this.clock.now() - this.#since;
  }

  /** Whether a write may still go in this task. */
  mayWrite(): boolean {
    return this.elapsed() <= WRITE_MS;
  }

  /** A task boundary has passed (the caller waited for one): the next piece of work opens a new window. */
  passed(): void {
    this.#open = false;
  }

  /** Whether a drawing may still go in this task. */
  mayDraw(): boolean {
    return this.elapsed() <= DRAW_MS;
  }

  /**
   * Whether a drawing that costs more than most may start now (a chart's element: its data table and a number
   * format per value; its picture is drawn later, once it is near the viewport): only once the answers have
   * caught up (nothing being written, nothing waiting to be drawn but such drawings), only early in a task, and
   * then it takes the rest of the task's drawing time, so nothing else draws after it in this task. Those that
   * can't start wait for `heavyTurn()`.
   */
  mayStartHeavy(): boolean {
    if (this.elapsed() > HEAVY_MS || !this.#caughtUp()) return false;
    this.#since = this.clock.now() - DRAW_MS - 1;
    return true;
  }

  /** Resolves when a heavy drawing put off may try again: in a later task once the answers have caught up, one per task. */
  heavyTurn(): Promise<void> {
    drawing.waiting++;
    const turn = new Promise<void>((resolve) => this.#heavy.push(resolve));
    this.#scheduleHeavy();
    return turn;
  }

  /** A writer has (`true`) or no longer has (`false`) chunks waiting to be written. */
  writing(busy: boolean): void {
    this.#writers += busy ? 1 : -1;
  }

  /** Nothing is being written and nothing waits to be drawn, but the heavy drawings. */
  #caughtUp(): boolean {
    return this.#writers === 0 && drawing.waiting === this.#heavy.length;
  }

  #scheduleHeavy(): void {
    if (this.#heavyScheduled) return;
    this.#heavyScheduled = true;
    void this.clock.nextTask().then(() => {
      this.#heavyScheduled = false;
      if (this.#heavy.length === 0) return;
      if (this.#caughtUp()) {
        drawing.waiting--;
        this.#heavy.shift()!();
      }
      if (this.#heavy.length > 0) this.#scheduleHeavy();
    });
  }

  /**
   * Resolves when a drawing put off may go: in a later task, in the order they were put off (`again`: one
   * whose turn came but found this task's time spent, which goes before the others), as many per task as
   * the time a drawing has been taking lets fit.
   */
  later(again = false): Promise<void> {
    drawing.waiting++;
    const turn = new Promise<void>((resolve) => (again ? this.#again : this.#waiting).push(resolve));
    this.#scheduleRelease();
    return turn.then(() => void drawing.waiting--);
  }

  /** A drawing took `ms`: how long drawings take, for how many to let go per task. */
  drew(ms: number): void {
    this.#drawCost = this.#drawCost * 0.9 + ms * 0.1;
  }

  #scheduleRelease(): void {
    if (this.#releasing) return;
    this.#releasing = true;
    void this.clock.nextTask().then(() => {
      this.#releasing = false;
      this.#release();
    });
  }

  /** In a new task: lets the first drawings put off go, as many as should fit in this task's drawing time. */
  #release(): void {
    let room = Math.max(4, Math.min(512, Math.floor(DRAW_MS / Math.max(0.05, this.#drawCost))));
    const again = this.#again;
    this.#again = [];
    for (const go of again) {
      go();
      room--;
    }
    const end = Math.min(this.#waiting.length, this.#head + Math.max(0, room));
    for (; this.#head < end; this.#head++) this.#waiting[this.#head]!();
    if (this.#head >= this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    } else {
      if (this.#head > 1024) {
        this.#waiting = this.#waiting.slice(this.#head);
        this.#head = 0;
      }
      this.#scheduleRelease();
    }
  }
}

/** The page's budget, shared by every morph screen. */
export const taskBudget = new TaskBudget();
