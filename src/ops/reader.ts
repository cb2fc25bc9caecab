/**
 * Reads an op stream from bytes or text into a document: plain JSON lines, or SSE whose `data:` lines carry the
 * ops. Both go through the same line splitter first (one UTF-8 decoder, line-length limit, line numbers), so
 * they give the same document and report refusals at the same input lines, however the input is chunked.
 */
import { isBlank, parseJsonLine } from '../stream/jsonLines.js';
import { createLineStream } from '../stream/lineStream.js';
import { readSource, type Chunk, type SourceInput } from '../stream/readSource.js';
import { OpDocument, type OpDocumentOptions } from './document.js';
import { createSseLines, looksLikeSse, type SseLines } from './sseLines.js';

/** How ops arrive: one JSON op per line, or SSE `data:` lines. */
export type OpTransport = 'lines' | 'sse';

/** Options of a reader. */
export interface OpReaderOptions {
  /**
   * `'lines'`, `'sse'`, or `'auto'` (the default): decided by the first line that isn't blank. A line starting
   * with `data:`, `event:`, `id:`, `retry:` or `:` means SSE; anything else (an op starts with `{`) means lines.
   * When the source is a Response, `transportOf(contentType)` gives the answer before any byte arrives.
   */
  readonly transport?: OpTransport | 'auto';
}

/** Feeds bytes or text into a document, line by line as lines commit. */
export interface OpReader {
  /** Feeds text, or UTF-8 bytes split anywhere. Ignored after `end()`. */
  write(chunk: Chunk): void;
  /** The input ended: a last line without a newline is read, and the document is marked finished. */
  end(): void;
  /** The transport in use; null while `'auto'` hasn't seen a line that isn't blank. */
  readonly transport: OpTransport | null;
  readonly ended: boolean;
}

const BOM = 0xfeff;

/** The transport a Content-Type names, or undefined when it names neither. */
export function transportOf(contentType: string | null | undefined): OpTransport | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return 'sse';
  if (type === 'application/x-ndjson' || type === 'application/jsonl' || type === 'application/json-seq' || type === 'application/x-jsonlines') return 'lines';
  return undefined;
}

/** A reader writing into `document`. */
export function createOpReader(document: OpDocument, options: OpReaderOptions = {}): OpReader {
  const asked = options.transport ?? 'auto';
  if (asked !== 'auto' && asked !== 'lines' && asked !== 'sse') throw new TypeError(`transport must be 'auto', 'lines' or 'sse'`);
  const maxLine = document.limits.maxLineLength;
  let transport: OpTransport | null = asked === 'auto' ? null : asked;
  let sse: SseLines | null = null;
  let ended = false;

  const opLine = (text: string, n: number) => {
    if (isBlank(text)) return;
    const parsed = parseJsonLine(text);
    if (parsed.ok) document.apply(parsed.value, n);
    else document.refuseLine('not_json', n, `line ${n} is not JSON: ${parsed.message}`);
  };
  const sseLines = () =>
    (sse ??= createSseLines(
      { data: opLine, lost: (code, n, message) => document.refuseLine(code, n, message) },
      // An event holds one op, or a few: room for several of the longest lines, and no more.
      maxLine * 4,
    ));

  const lines = createLineStream(
    {
      line(text, n) {
        if (n === 1 && text.charCodeAt(0) === BOM) text = text.slice(1);
        if (transport === null) {
          if (isBlank(text)) return;
          transport = looksLikeSse(text) ? 'sse' : 'lines';
        }
        if (transport === 'lines') opLine(text, n);
        else sseLines().line(text, n);
      },
      tooLong(n) {
        document.refuseLine('line_too_long', n, `line ${n} is longer than ${maxLine} characters and was skipped`);
      },
    },
    maxLine,
  );

  return {
    get transport() {
      return transport;
    },
    get ended() {
      return ended;
    },
    write(chunk) {
      if (!ended) lines.write(chunk);
    },
    end() {
      if (ended) return;
      ended = true;
      lines.end();
      sse?.end();
      document.finish();
    },
  };
}

/** Options of a document and its reader together. */
export interface OpStreamOptions extends OpDocumentOptions, OpReaderOptions {}

/** A document and the reader that fills it: what an element or a Node script holds. */
export interface OpStream extends OpReader {
  readonly document: OpDocument;
  /**
   * Reads a whole source (a Response, a promise of one, a ReadableStream, an async or sync iterable, a string)
   * into the document, then ends it. Resolves `'aborted'` without ending when `signal` aborts. A source that
   * fails (an error status, a lost connection) ends the document and rejects with the SourceError; a source of
   * the wrong kind rejects with a TypeError before anything is read.
   */
  read(source: SourceInput, options?: { readonly signal?: AbortSignal }): Promise<'ended' | 'aborted'>;
}

/** A new document with a reader writing into it: the usual way in. */
export function createOpStream(options: OpStreamOptions = {}): OpStream {
  const document = new OpDocument(options);
  const reader = createOpReader(document, options);
  return {
    document,
    get transport() {
      return reader.transport;
    },
    get ended() {
      return reader.ended;
    },
    write: (chunk) => reader.write(chunk),
    end: () => reader.end(),
    async read(source, readOptions = {}) {
      let how: 'ended' | 'aborted';
      try {
        how = await readSource(source, (chunk) => reader.write(chunk), { signal: readOptions.signal, caller: 'OpStream.read()' });
      } catch (error) {
        if (!(error instanceof TypeError)) reader.end();
        throw error;
      }
      if (how === 'ended') reader.end();
      return how;
    },
  };
}

/** Reads a whole op stream given at once (text, or chunks of text or bytes) into a finished document. */
export function parseOps(input: string | Iterable<Chunk>, options: OpStreamOptions = {}): OpDocument {
  const stream = createOpStream(options);
  if (typeof input === 'string') stream.write(input);
  else for (const chunk of input) stream.write(chunk);
  stream.end();
  return stream.document;
}
