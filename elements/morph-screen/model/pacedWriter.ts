/**
 * Feeds what `stream()` reads, and what the page `write()`s, into the answer a slice at a time, within the task's budget (`taskBudget.ts`):
 * once the task has been at work for `WRITE_MS`, the rest waits for a task boundary, so the node elements the
 * writes touched draw, the page paints and input is answered before more is written. Whatever the source, and
 * however much of it is there at once, no task writes more than that. The engine takes any chunking, so a large
 * chunk is cut anywhere: text between characters, bytes anywhere (its decoder joins split characters).
 */
import type { Chunk } from '../../../src/stream/index.js';
import { taskBudget, type TaskBudget } from './taskBudget.js';

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
    private readonly budget: TaskBudget = taskBudget,
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
