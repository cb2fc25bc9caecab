/**
 * Reads sources into an element's `write()`: the part of every element's `stream()` that isn't its format's.
 * Each read can be stopped (`abort()`, called by the element's `reset()`), so a source that never ends stops
 * being read and a stale stream never writes into a screen that started over.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readSource, SourceError, type Chunk, type SourceInput } from '../../../src/stream/readSource.js';

/** How a read ended: the source's end, an abort, or a failure of the source (never the caller's mistake). */
export type IntakeResult = { readonly status: 'ended' } | { readonly status: 'aborted' } | { readonly status: 'failed'; readonly error: unknown };

export class StreamIntakeController implements ReactiveController {
  readonly #reading = new Set<AbortController>();

  /** `caller` names the method in error messages: `'<morph-screen>.stream()'`. */
  constructor(
    host: ReactiveControllerHost,
    private readonly caller: string,
  ) {
    host.addController(this);
  }

  /** True while at least one source is being read. */
  get reading(): boolean {
    return this.#reading.size > 0;
  }

  /**
   * Reads `source` to its end into `write`. Resolves with how it ended: `failed` carries the source's own
   * error when it threw one (a lost connection), else a SourceError (an error status). Rejects only with a
   * TypeError naming what was given, when `source` isn't something it reads: that is the caller's to see.
   */
  async read(source: SourceInput, write: (chunk: Chunk) => void): Promise<IntakeResult> {
    const controller = new AbortController();
    this.#reading.add(controller);
    try {
      const how = await readSource(source, write, { signal: controller.signal, caller: this.caller });
      return { status: how };
    } catch (error) {
      if (error instanceof TypeError) throw error;
      if (controller.signal.aborted) return { status: 'aborted' };
      return { status: 'failed', error: error instanceof SourceError && error.cause !== undefined ? error.cause : error };
    } finally {
      this.#reading.delete(controller);
    }
  }

  /** Stops every read in progress: they resolve `aborted` and write nothing more. */
  abort(): void {
    for (const c of this.#reading) c.abort();
    this.#reading.clear();
  }

  hostConnected(): void {}
}
