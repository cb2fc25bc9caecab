import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * Reads Server-Sent Events from bytes or text as they arrive ([10.6]), on eventsource-parser.
 *
 * The bytes go through one streaming TextDecoder first, so a character whose bytes are split across reads
 * arrives whole, and the events never depend on how the response was split ([3.3]). eventsource-parser does
 * the framing: a blank line ends an event, CR LF counts as LF, `:` lines are comments, several `data:` lines
 * join with LF, `id:` and `retry:` are ignored here, and an event without data is never dispatched.
 */
export interface SseEvent {
  /** The `event:` name, or `message` when the event had none (as EventSource names it). */
  readonly event: string;
  readonly data: string;
}

export interface SseReader {
  /** Feeds the next read of the response. */
  write(chunk: Uint8Array | string): void;
  /**
   * The response ended. An event still missing its closing blank line is not an event, so it is dropped;
   * a character left incomplete by the last bytes can't complete either.
   */
  end(): void;
}

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

export function createSseReader(onEvent: (event: SseEvent) => void, options: SseReaderOptions = {}): SseReader {
  // The default decoder drops a leading byte-order mark, as the SSE specification asks.
  const decoder = new TextDecoder('utf-8');
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
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text.length > 0) parser.feed(text);
    },
    end() {
      if (stopped) return;
      stopped = true;
      // Whatever the decoder still holds can only be part of an unfinished event, which is dropped anyway.
      decoder.decode();
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
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
