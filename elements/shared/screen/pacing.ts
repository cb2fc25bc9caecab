/**
 * How both screens keep a big screen from blocking the page: what `stream()` reads, and what the page `write()`s,
 * goes into the screen a slice at a time, within the task's write budget: once the task has been at work for
 * `WRITE_MS`, the rest waits for a task boundary, so the node elements the writes touched draw, the page paints
 * and input is answered before more is written. Whatever the source, and however much of it is there at once, no
 * task writes more than that. The engines take any chunking, so a large chunk is cut anywhere: text between
 * characters, bytes anywhere (their decoders join split characters).
 *
 * The budget belongs to the task, not to a run of work: chunks already there arrive one microtask after another,
 * all in one task, so a window opens with the first piece of work of a task and stays open until a task boundary
 * has passed, however many runs of work come in between. Writing stops first (`WRITE_MS`), then drawing
 * (`DRAW_MS`): a node element that would draw past it draws in a later task (`ScreenNodeElement`), in the order
 * they were put off, as many per task as the time a drawing has been taking lets fit. One budget for the page
 * (`taskBudget`), so screens of either kind streaming at once share it.
 */
import type { Chunk, SourceInput } from '../../../src/stream/index.js';
import type { IntakeResult, StreamIntakeController } from '../controllers/streamIntake.js';
import { nextTask } from '../base/nextTask.js';

/** Writing stops once the task has run this long, in milliseconds. */
export const WRITE_MS = 8;

/** What the budget measures time and waits for a task with: the page's own, unless a test gives its own. */
export interface BudgetClock {
  now(): number;
  /** Resolves in a later task. */
  nextTask(): Promise<void>;
}

export const PAGE_CLOCK: BudgetClock = { now: () => performance.now(), nextTask };

/** How much of one task a screen may spend writing (`<morph-screen>`'s `TaskBudget` adds its drawing to it). */
export class WriteBudget {
  #open = false;
  #since = 0;
  /** Writers with chunks waiting. */
  protected writers = 0;

  constructor(readonly clock: BudgetClock = PAGE_CLOCK) {}

  /** How long this task has been at work on screens (opening the window if none is open). */
  elapsed(): number {
    if (!this.#open) {
      this.#open = true;
      this.#since = this.clock.now();
      void this.clock.nextTask().then(() => (this.#open = false));
    }
    return this.clock.now() - this.#since;
  }

  /** Counts the task's window as run for `ms` already (a heavy piece of work takes the rest of the task). */
  protected spend(ms: number): void {
    this.#since = this.clock.now() - ms;
  }

  /** Whether a write may still go in this task. */
  mayWrite(): boolean {
    return this.elapsed() <= WRITE_MS;
  }

  /** A task boundary has passed (the caller waited for one): the next piece of work opens a new window. */
  passed(): void {
    this.#open = false;
  }

  /** A writer has (`true`) or no longer has (`false`) chunks waiting to be written. */
  writing(busy: boolean): void {
    this.writers += busy ? 1 : -1;
  }
}

/** Containers and node elements with drawing still to do in a later task: tests wait for none. */
export const drawing = { waiting: 0 };

/** Drawing stops once the task has run this long; the rest draws in later tasks. */
export const DRAW_MS = 16;
/** A heavy drawing (a chart) starts only while the task has run less than this. */
export const HEAVY_MS = 4;

export class TaskBudget extends WriteBudget {
  /** Drawings put off, in order: those put off again after their turn came go first (`#again`). */
  #waiting: (() => void)[] = [];
  #head = 0;
  #again: (() => void)[] = [];
  #releasing = false;
  /** Heavy drawings waiting for the answers to catch up, in order. */
  #heavy: (() => void)[] = [];
  #heavyScheduled = false;
  /** What one drawing has been taking, on average (milliseconds). */
  #drawCost = 0.25;

  constructor(clock: BudgetClock = PAGE_CLOCK) {
    super(clock);
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
    this.spend(DRAW_MS + 1);
    return true;
  }

  /** Resolves when a heavy drawing put off may try again: in a later task once the answers have caught up, one per task. */
  heavyTurn(): Promise<void> {
    drawing.waiting++;
    const turn = new Promise<void>((resolve) => this.#heavy.push(resolve));
    this.#scheduleHeavy();
    return turn;
  }

  /** Nothing is being written and nothing waits to be drawn, but the heavy drawings. */
  #caughtUp(): boolean {
    return this.writers === 0 && drawing.waiting === this.#heavy.length;
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


/** The page's budget, shared by every screen of either kind, so two screens streaming at once share it. */
export const taskBudget = new TaskBudget();

/** The most of a chunk written at once: a large chunk is cut so a turn can come between its pieces. */
const PIECE = 16 * 1024;

function pieces(chunk: Chunk): Chunk[] {
  if (typeof chunk === 'string') {
    if (chunk.length <= PIECE) return [chunk];
    const out: string[] = [];
    for (let i = 0; i < chunk.length; i += PIECE) out.push(chunk.slice(i, i + PIECE));
    return out;
  }
  const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
  if (bytes.length <= PIECE) return [bytes];
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += PIECE) out.push(bytes.subarray(i, i + PIECE));
  return out;
}

export class PacedWriter {
  #queue: Chunk[] = [];
  #head = 0;
  #draining: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly write: (chunk: Chunk) => void,
    private readonly budget: WriteBudget = taskBudget,
  ) {}

  /** Queues a chunk; it is written soon, in order. */
  push(chunk: Chunk): void {
    if (this.#stopped) return;
    this.#busy(true);
    for (const p of pieces(chunk)) this.#queue.push(p);
    if (this.#running) return;
    const draining = this.#drain();
    // Kept only while it waits for a task: a drain that finished at once is over (and a push right after it, in
    // the same task, must drain again rather than wait on it).
    if (this.#running) this.#draining = draining;
  }

  /** Whether chunks wait to be written in a later task. */
  get pending(): boolean {
    return this.#head < this.#queue.length && !this.#stopped;
  }

  /** Resolves once everything queued was written (or dropped by `stop()`). */
  async done(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /** Drops what is queued and writes nothing more. */
  stop(): void {
    this.#stopped = true;
    this.#queue = [];
    this.#head = 0;
    this.#busy(false);
  }

  #writing = false;

  /** Tells the budget whether this writer has chunks waiting (heavy drawings wait until none has). */
  #busy(on: boolean): void {
    if (this.#writing === on) return;
    this.#writing = on;
    this.budget.writing(on);
  }

  /** A drain is under way (writing, or waiting for a task to write more). */
  #running = false;

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#head < this.#queue.length && !this.#stopped) {
        if (!this.budget.mayWrite()) {
          await this.budget.clock.nextTask();
          this.budget.passed();
          continue;
        }
        const chunk = this.#queue[this.#head]!;
        this.#queue[this.#head++] = '';
        this.write(chunk);
      }
      if (this.#head >= this.#queue.length) {
        this.#queue = [];
        this.#head = 0;
        this.#busy(false);
      }
    } finally {
      this.#running = false;
      this.#draining = null;
    }
  }
}

/**
 * A screen's paced writers, the one mechanism both screens use: the writer `write()` feeds (one per generation,
 * made on first use) and one per `stream()`, which reads its source no faster than it is written (a
 * ReadableStream with everything queued would otherwise be read to its end in one task). `stop()` (the screen's
 * `reset()`) drops what any of them still holds. `current` says whether what a writer writes to is still the
 * screen drawn; a writer of an older generation writes nothing.
 */
export class ScreenPacing {
  readonly #all = new Set<PacedWriter>();
  #written: PacedWriter | undefined;

  /** The writer `write()` feeds this generation through, made on first use. */
  writer(write: (chunk: Chunk) => void, current: () => boolean): PacedWriter {
    return (this.#written ??= this.#make(write, current));
  }

  /** The writer `write()` fed this generation, if it has been used: `end()` waits for what it still holds. */
  get written(): PacedWriter | undefined {
    return this.#written;
  }

  /** Reads `source` through `intake` into `write`, a task's budget at a time; resolves once all of it is written. */
  async read(intake: StreamIntakeController, source: SourceInput, write: (chunk: Chunk) => void, current: () => boolean): Promise<IntakeResult> {
    const paced = this.#make(write, current);
    try {
      const read = await intake.read(source, (chunk) => {
        paced.push(chunk);
        return paced.pending ? paced.done() : undefined;
      });
      await paced.done();
      return read;
    } finally {
      this.#all.delete(paced);
    }
  }

  /** Drops whatever every writer still holds; the next `writer()` is a new one. */
  stop(): void {
    for (const paced of this.#all) paced.stop();
    this.#all.clear();
    this.#written = undefined;
  }

  #make(write: (chunk: Chunk) => void, current: () => boolean): PacedWriter {
    const paced = new PacedWriter((chunk) => {
      if (current()) write(chunk);
    });
    this.#all.add(paced);
    return paced;
  }
}
