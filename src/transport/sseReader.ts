import { createParser, type EventSourceParser } from 'eventsource-parser';
import { createUtf8Decoder } from '../stream/utf8Decoder.js';
import { isJsonObject } from '../stream/jsonLines.js';
import type { Chunk } from '../stream/readSource.js';

/**
 * Reads Server-Sent Events from bytes or text as they arrive ([10.6]), on eventsource-parser.
 *
 * Bytes go through the engine's one UTF-8 decoder (the one every reader uses), so a character whose bytes are
 * split across reads arrives whole and the events never depend on how the response was split ([3.3]).
 * eventsource-parser does the framing: a blank line ends an event, CR LF counts as LF, `:` lines are comments,
 * several `data:` lines join with LF, `id:` and `retry:` are ignored here, and an event without data is never
 * dispatched.
 */
export interface SseEvent {
  /** The `event:` name, or `message` when the event had none (as EventSource names it). */
  readonly event: string;
  readonly data: string;
}

/** A Server-Sent Events reader: feed it reads, get events. */
export interface SseReader {
  /** Feeds the next read of the response: UTF-8 bytes split anywhere, or text. */
  write(chunk: Chunk): void;
  /**
   * The response ended. An event still missing its closing blank line is not an event, so it is dropped;
   * a character left incomplete by the last bytes can't complete either.
   */
  end(): void;
}

/** What a reader reports besides events, and how much it may hold. */
export interface SseReaderOptions {
  /** Called for each comment line (a `: ping`, say), without the colon. */
  onComment?: (text: string) => void;
  /**
   * Longest text held while waiting for an event's end, in UTF-16 code units; past it the reader stops and
   * calls `onOverflow`, so a server that never ends a line can't make the client hold unbounded memory.
   */
  maxBufferSize?: number;
  onOverflow?: () => void;
}

/** 32 Mi code units: far above any screen (1,000 lines of at most 16,384 code units, JSON-escaped). */
const DEFAULT_MAX_BUFFER = 32 * 1024 * 1024;
const BYTE_ORDER_MARK = 0xfeff;

/** Starts reading a response of Server-Sent Events; `onEvent` gets each complete event in order. */
export function createSseReader(onEvent: (event: SseEvent) => void, options: SseReaderOptions = {}): SseReader {
  // The shared decoder's TextDecoder drops a byte-order mark at the start of the bytes, as SSE asks; one at the
  // start of text given as a string is dropped below, so both kinds of input read the same.
  const decoder = createUtf8Decoder();
  let started = false;
  let stopped = false;
  const parser: EventSourceParser = createParser({
    onEvent(message) {
      if (!stopped) onEvent({ event: message.event ?? 'message', data: message.data });
    },
    onComment: options.onComment,
    onError(error) {
      if (error.type === 'max-buffer-size-exceeded' && !stopped) {
        stopped = true;
        options.onOverflow?.();
      }
    },
    maxBufferSize: options.maxBufferSize ?? DEFAULT_MAX_BUFFER,
  });
  return {
    write(chunk) {
      if (stopped) return;
      let text = decoder.decode(chunk);
      if (!started && typeof chunk === 'string' && text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
      if (typeof chunk === 'string' ? chunk.length > 0 : chunk.byteLength > 0) started = true;
      if (text.length > 0) parser.feed(text);
    },
    end() {
      if (stopped) return;
      stopped = true;
      // Whatever the decoder still holds can only be part of an unfinished event, which is dropped anyway.
      decoder.flush();
      parser.reset();
    },
  };
}

/** Parses an event's data as a JSON object; anything else (not JSON, an array, a number…) is null ([10.7]). */
export function parseEventObject(data: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return isJsonObject(value) ? value : null;
}
