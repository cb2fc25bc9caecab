import { describe, errorText } from './errors.js';
import { orAbort } from './orAbort.js';

/**
 * Reads any source a page or server has into a reader's `write()`: the one place that knows the kinds of source.
 * Every element's `stream()` and every Node script use it, so they accept the same things and fail the same way.
 */

/** A chunk as readers take it: text, or UTF-8 bytes split anywhere. */
export type Chunk = string | Uint8Array | ArrayBuffer;

/** The part of a fetch Response `readSource()` reads (the platform's Response fits; so do Node's and fakes). */
export interface ResponseSource {
  readonly ok: boolean;
  readonly status: number;
  readonly body: ReadableStream<Uint8Array> | null;
  /** Read for the content type, when there: a web page is never read as a stream. */
  readonly headers?: { get(name: string): string | null };
}

/** A source of text: a Response, a ReadableStream, an async or sync iterable of chunks, or a whole string. */
export type Source =
  | ResponseSource
  | ReadableStream<Chunk>
  | AsyncIterable<Chunk>
  | Iterable<Chunk>
  | string;

/** What `stream()` accepts: a source, or a promise of one (`stream(fetch(url))`). */
export type SourceInput = Source | PromiseLike<Source>;

export interface ReadSourceOptions {
  /** Stops reading: the source is cancelled, nothing more is written, and the promise resolves with `'aborted'`. */
  signal?: AbortSignal;
  /** Who is reading, for error messages: `'<omni-screen>.stream()'`. */
  caller?: string;
  /**
   * What the reader reads, such as `'Omni-IR text'`. Given, a source that is plainly something else is refused
   * before anything is written: a Response whose content type is a web page (`text/html`, a login page or a
   * proxy's error page answering 200), or a source whose first characters open an HTML or XML document. It
   * rejects with a SourceError whose `received` says what came back.
   */
  format?: string;
}

/**
 * The source failed while it was read (a lost connection, an error status): not the caller's mistake.
 * A source of the wrong kind is a TypeError instead, thrown before anything is read.
 */
export class SourceError extends Error {
  /** The HTTP status, when the source was a Response that answered with an error. */
  readonly status?: number;
  /**
   * What came back instead of the format, when it was plainly something else: `'a web page (text/html) titled
   * "Sign in"'`. Unset for a source that failed while it was the right kind.
   */
  readonly received?: string;
  constructor(message: string, options: { cause?: unknown; status?: number; received?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SourceError';
    if (options.status !== undefined) this.status = options.status;
    if (options.received !== undefined) this.received = options.received;
  }
}

const ACCEPTS = 'a Response, a promise of one, a ReadableStream, an async iterable, an iterable of text or bytes, or a string';

/**
 * Throws the TypeError `readSource()` would reject with when `input` is plainly not a source, before anything
 * is read: an element checks this before it stops what it was showing. A promise passes (what it resolves to is
 * checked when it does).
 */
export function assertSource(input: unknown, caller = 'readSource()'): void {
  if (!isThenable(input) && kindOf(input) === null) throw new TypeError(`${caller} takes ${ACCEPTS}; it was given ${describe(input)}`);
}

/**
 * Reads `input` to its end, passing each chunk to `write`. Resolves with `'ended'` when the source is exhausted,
 * or `'aborted'` when `signal` aborted first. Rejects with a TypeError naming what was given when the input (or
 * what its promise resolved to, or one of its chunks) is not something it reads, and with a SourceError when
 * the source itself fails: a Response with an error status or without a body, or a stream that errors.
 * It never ends the reader: the caller decides what the end of the source means. When `write` returns a promise
 * (or any thenable: its reader is behind), the next chunk is read only once it settles: a source that has everything at once (a
 * ReadableStream with all its chunks enqueued, an array) is then read no faster than it is written, instead of
 * all of it in one task.
 */
export async function readSource(
  input: SourceInput,
  write: (chunk: Chunk) => unknown,
  options: ReadSourceOptions = {},
): Promise<'ended' | 'aborted'> {
  const caller = options.caller ?? 'readSource()';
  const signal = options.signal;
  let source: unknown = input;
  if (isThenable(source)) {
    try {
      source = await source;
    } catch (error) {
      // A fetch that failed before any answer: the network, not the caller.
      throw new SourceError(`${caller}: the source failed before it answered: ${errorText(error)}`, { cause: error });
    }
  }
  if (signal?.aborted) return 'aborted';
  const kind = kindOf(source);
  if (kind === null) throw new TypeError(`${caller} takes ${ACCEPTS}; it was given ${describe(source)}`);

  let contentType: string | null = null;
  if (kind === 'response') {
    const response = source as ResponseSource;
    if (!response.ok) throw new SourceError(`${caller}: the server answered ${response.status}`, { status: response.status });
    if (!response.body) throw new SourceError(`${caller}: the response has no body`, { status: response.status });
    contentType = response.headers?.get('content-type') ?? null;
    source = response.body;
  }
  // With a format named, the first characters are looked at before any is written (see ReadSourceOptions.format).
  const into: Writer = options.format === undefined ? write : firstLook(write, options.format, caller, contentType);
  if (kind === 'string') {
    if ((source as string).length > 0) into(source as string);
    into.end?.();
    return 'ended';
  }
  const how =
    kind === 'response' || kind === 'stream'
      ? await readStream(source as ReadableStream<Chunk>, into, caller, signal)
      : await readIterable(source as AsyncIterable<Chunk> | Iterable<Chunk>, kind === 'async', into, caller, signal);
  if (how === 'ended') into.end?.();
  return how;
}

type Writer = ((chunk: Chunk) => unknown) & { end?: () => void };

const WEB_PAGE_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\b/i;
const MARKUP_START = /^\s*<(!doctype\b|html\b|head\b|body\b|\?xml\b|!--)/i;
// Enough of the start to tell a document from the format: `<!DOCTYPE html>` and then some.
const LOOK = 512;

/**
 * Holds the first chunks until their start tells whether the source is a web page rather than `format`, then
 * either refuses it (nothing was written) or writes them and gets out of the way. By content type when the
 * Response gives one; else by its first characters, decoded only for the look (the reader still gets the bytes).
 */
function firstLook(write: (chunk: Chunk) => unknown, format: string, caller: string, contentType: string | null): Writer {
  const isPage = contentType !== null && WEB_PAGE_TYPE.test(contentType);
  const held: Chunk[] = [];
  const decoder = new TextDecoder();
  let seen = '';
  let decided = false;
  const refuse = (): never => {
    const title = /<title[^>]*>([^<]{1,120})/i.exec(seen)?.[1]?.trim().replace(/\s+/g, ' ');
    const what = `a web page${isPage ? ` (${contentType!.split(';')[0]!.trim()})` : ''}${title ? ` titled "${title}"` : ''}`;
    throw new SourceError(`${caller}: the source sent ${what}, not ${format}: is the address right, or did a login page or a proxy answer?`, {
      received: what,
    });
  };
  const decide = (): unknown => {
    decided = true;
    if (isPage || MARKUP_START.test(seen)) refuse();
    let behind: unknown;
    for (const chunk of held.splice(0)) behind = write(chunk);
    return behind;
  };
  const into: Writer = (chunk) => {
    if (decided) return write(chunk);
    held.push(chunk);
    seen += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (seen.trimStart().length >= LOOK || (!isPage && /\S/.test(seen) && !/^\s*</.test(seen))) return decide();
    return undefined;
  };
  into.end = () => {
    if (!decided) decide();
  };
  return into;
}

async function readStream(
  stream: ReadableStream<Chunk>,
  write: (chunk: Chunk) => unknown,
  caller: string,
  signal: AbortSignal | undefined,
): Promise<'ended' | 'aborted'> {
  let reader: ReadableStreamDefaultReader<Chunk>;
  try {
    reader = stream.getReader();
  } catch (error) {
    throw new TypeError(`${caller}: the stream can't be read (${errorText(error)}); is another reader using it?`);
  }
  // An abort cancels the pending read at once, rather than waiting for the next chunk to arrive.
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  let reading = true;
  try {
    for (;;) {
      let next: { done: boolean; value?: Chunk };
      try {
        next = await reader.read();
      } catch (error) {
        if (signal?.aborted) return 'aborted';
        throw new SourceError(`${caller}: the source failed: ${errorText(error)}`, { cause: error });
      }
      if (signal?.aborted) return 'aborted';
      if (next.done) {
        reading = false;
        return 'ended';
      }
      const behind = write(asChunk(next.value, caller));
      // A hold that never settles can't keep an abort waiting.
      if (isThenable(behind)) await (signal ? orAbort(behind, signal, undefined) : behind);
      if (signal?.aborted) return 'aborted';
    }
  } catch (error) {
    // The writer refused what it was given (not the format, a chunk of the wrong kind): the rest is not wanted.
    if (reading) void reader.cancel().catch(() => {});
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // Releasing a reader with a read still pending throws in older engines; the stream is cancelled anyway.
    }
  }
}

async function readIterable(
  iterable: AsyncIterable<Chunk> | Iterable<Chunk>,
  isAsync: boolean,
  write: (chunk: Chunk) => unknown,
  caller: string,
  signal: AbortSignal | undefined,
): Promise<'ended' | 'aborted'> {
  const iterator = isAsync
    ? (iterable as AsyncIterable<Chunk>)[Symbol.asyncIterator]()
    : (iterable as Iterable<Chunk>)[Symbol.iterator]();
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<Chunk>;
      try {
        next = await iterator.next();
      } catch (error) {
        finished = true; // a throwing iterator is done; return() would only throw again
        if (signal?.aborted) return 'aborted';
        throw new SourceError(`${caller}: the source failed: ${errorText(error)}`, { cause: error });
      }
      if (next.done) {
        finished = true;
        return 'ended';
      }
      if (signal?.aborted) return 'aborted';
      const behind = write(asChunk(next.value, caller));
      // A hold that never settles can't keep an abort waiting.
      if (isThenable(behind)) await (signal ? orAbort(behind, signal, undefined) : behind);
      if (signal?.aborted) return 'aborted';
    }
  } finally {
    // Stopped early (aborted, or a bad chunk): let the source clean up, as for-of would.
    if (!finished) {
      try {
        await iterator.return?.();
      } catch {
        // Its cleanup failing doesn't change why reading stopped.
      }
    }
  }
}

type Kind = 'string' | 'response' | 'stream' | 'async' | 'sync';

function kindOf(value: unknown): Kind | null {
  if (typeof value === 'string') return 'string';
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string | symbol, unknown>;
  if (typeof v['status'] === 'number' && 'body' in v && typeof v['ok'] === 'boolean') return 'response';
  if (typeof v['getReader'] === 'function') return 'stream';
  if (typeof v[Symbol.asyncIterator] === 'function') return 'async';
  // Bytes are one chunk, not an iterable of numbers.
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return null;
  if (typeof v[Symbol.iterator] === 'function') return 'sync';
  return null;
}

function asChunk(value: unknown, caller: string): Chunk {
  if (typeof value === 'string' || value instanceof Uint8Array || value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError(`${caller}: the source gave ${describe(value)} as a chunk; chunks must be text or bytes`);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
