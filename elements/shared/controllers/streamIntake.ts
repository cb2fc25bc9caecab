/**
 * Reads sources into an element's `write()`: the part of every element's `stream()` that isn't its format's.
 * An element reads one source at a time: a new read replaces the one in progress, which stops at once and
 * writes nothing more, so two sources never mix their bytes in one parser. A read can also be stopped without a
 * replacement (`abort()`, called by the element's `reset()`), so a source that never ends stops being read and a
 * stale stream never writes into a screen that started over.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readSource, SourceError, type Chunk, type SourceInput } from '../../../src/stream/index.js';

/**
 * How a read ended: the source's end; an abort (`reset()`); replaced by a newer call, with the AbortError its
 * caller rejects with; or a failure of the source (never the caller's mistake), with the HTTP status when the
 * server answered with an error.
 */
export type IntakeResult =
  | { readonly status: 'ended' }
  | { readonly status: 'aborted' }
  | { readonly status: 'superseded'; readonly error: DOMException }
  | { readonly status: 'failed'; readonly error: unknown; readonly httpStatus?: number; readonly notTheFormat?: boolean };

interface Read {
  readonly controller: AbortController;
  replacedBy?: string;
}

export class StreamIntakeController implements ReactiveController {
  #current: Read | null = null;

  /**
   * `caller` names the method in error messages: `'<morph-screen>.stream()'`. `format`, when given, is what the
   * element reads (`'the op stream'`): a source that is plainly a web page instead fails (see readSource()).
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly caller: string,
    private readonly format?: string,
  ) {
    host.addController(this);
  }

  /** True while a source is being read. */
  get reading(): boolean {
    return this.#current !== null;
  }

  /**
   * Reads `source` to its end into `write`, replacing any read in progress (that one resolves `superseded`).
   * Resolves with how it ended: `failed` carries the source's own error when it threw one (a lost connection),
   * else a SourceError (an error status, with `httpStatus`). Rejects only with a TypeError naming what was given,
   * when `source` isn't something it reads: that is the caller's to see.
   */
  async read(source: SourceInput, write: (chunk: Chunk) => unknown): Promise<IntakeResult> {
    this.supersede(this.caller);
    const read: Read = { controller: new AbortController() };
    this.#current = read;
    try {
      const how = await readSource(source, write, { signal: read.controller.signal, caller: this.caller, ...(this.format ? { format: this.format } : {}) });
      return how === 'aborted' ? this.#stopped(read) : { status: how };
    } catch (error) {
      if (error instanceof TypeError) throw error;
      if (read.controller.signal.aborted) return this.#stopped(read);
      const httpStatus = error instanceof SourceError ? error.status : undefined;
      // Not the format: the SourceError itself says what came back; rejected with as it is.
      if (error instanceof SourceError && error.received !== undefined) return { status: 'failed', error, notTheFormat: true };
      const cause = error instanceof SourceError && error.cause !== undefined ? error.cause : error;
      return httpStatus === undefined ? { status: 'failed', error: cause } : { status: 'failed', error: cause, httpStatus };
    } finally {
      if (this.#current === read) this.#current = null;
    }
  }

  /**
   * Stops the read in progress because `by` (such as `'<omni-screen>.write()'`) replaces it: it writes nothing
   * more and resolves `superseded`, its caller rejecting with an AbortError that names what replaced it.
   */
  supersede(by: string): void {
    const read = this.#current;
    if (!read) return;
    this.#current = null;
    read.replacedBy = by;
    read.controller.abort();
  }

  /** Stops the read in progress without a replacement: it resolves `aborted` and writes nothing more. */
  abort(): void {
    const read = this.#current;
    this.#current = null;
    read?.controller.abort();
  }

  #stopped(read: Read): IntakeResult {
    if (read.replacedBy === undefined) return { status: 'aborted' };
    return { status: 'superseded', error: new DOMException(`${this.caller} was replaced by ${read.replacedBy} before its source ended`, 'AbortError') };
  }

  hostConnected(): void {}
}
