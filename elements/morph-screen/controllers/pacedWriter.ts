/**
 * Feeds what `stream()` reads into the answer a slice at a time, giving the page a turn (a task boundary)
 * whenever about a frame's worth of work was done, so a source that delivers a million ops at once (a big
 * file, a fast local stream) never freezes input or painting. The engine takes any chunking, so a large chunk
 * is cut anywhere: text between characters, bytes anywhere (its decoder joins split characters).
 */
import type { Chunk } from '../../../src/stream/readSource.js';

/** Work between turns, in milliseconds. */
const BUDGET_MS = 12;
/** The most of a chunk written at once: a large chunk is cut so a turn can come between its pieces. */
const PIECE = 64 * 1024;

/** A task boundary, without the 4 ms clamp nested timers get. */
function turn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

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
  #draining: Promise<void> | null = null;
  #since = 0;
  #stopped = false;

  constructor(private readonly write: (chunk: Chunk) => void) {}

  /** Queues a chunk; it is written soon, in order. */
  push(chunk: Chunk): void {
    if (this.#stopped) return;
    for (const p of pieces(chunk)) this.#queue.push(p);
    if (this.#draining) return;
    // Cleared once it settles (a drain that never waited has already finished by the time it is assigned).
    const draining = this.#drain();
    this.#draining = draining;
    void draining.finally(() => {
      if (this.#draining === draining) this.#draining = null;
    });
  }

  /** Resolves once everything queued was written (or dropped by `stop()`). */
  async done(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /** Drops what is queued and writes nothing more. */
  stop(): void {
    this.#stopped = true;
    this.#queue = [];
  }

  async #drain(): Promise<void> {
    this.#since = performance.now();
    while (this.#queue.length > 0 && !this.#stopped) {
      if (performance.now() - this.#since > BUDGET_MS) {
        await turn();
        this.#since = performance.now();
        continue;
      }
      this.write(this.#queue.shift()!);
    }
  }
}
