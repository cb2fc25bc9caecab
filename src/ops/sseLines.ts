/**
 * Ops served as Server-Sent Events: each `data:` line carries one op. The framing is the project's SSE reader
 * (eventsource-parser underneath); it is fed one committed line at a time, so the input line of every `data:`
 * line is known and an op refused from SSE is reported at the line it came on, as for plain JSON lines.
 */
import { createSseReader } from '../transport/sseReader.js';

/** Where the ops found in SSE, and the lines lost to framing, go. */
export interface SseLineHandlers {
  /** The text of one `data:` line (one op) and the input line it came on. */
  data(text: string, line: number): void;
  /** Lines lost to framing: an event the input ended inside, or an event too large to hold. */
  lost(code: 'sse_unfinished' | 'sse_overflow', line: number, message: string): void;
}

/** SSE framing fed one committed input line at a time. */
export interface SseLines {
  /** One committed input line, without its ending. */
  line(text: string, n: number): void;
  end(): void;
}

const COLON = 0x3a;

/** True when a line starts an SSE field the reader cares about (`data:`, `event:`, `id:`, `retry:`) or is a comment. */
export function looksLikeSse(line: string): boolean {
  return line.charCodeAt(0) === COLON || /^(?:data|event|id|retry)(?::|$)/.test(line);
}

/** SSE framing on the shared SSE reader; `maxEventSize` bounds the data one event may hold. */
export function createSseLines(handlers: SseLineHandlers, maxEventSize: number): SseLines {
  // Input lines of the data: lines of the event being read, in order.
  let pending: number[] = [];
  let current = 0;
  let stopped = false;
  const reader = createSseReader(
    (event) => {
      const lines = pending;
      pending = [];
      const texts = event.data.split('\n');
      for (let i = 0; i < texts.length; i++) {
        // A lone CR inside a line splits it for SSE but not for the line splitter: such pieces share a line.
        handlers.data(texts[i]!, lines[Math.min(i, lines.length - 1)] ?? current);
      }
    },
    {
      maxBufferSize: maxEventSize,
      onOverflow() {
        stopped = true;
        pending = [];
        handlers.lost('sse_overflow', current, `line ${current}: an SSE event grew past ${maxEventSize} characters without ending; the rest of the input is not read`);
      },
    },
  );
  return {
    line(text, n) {
      if (stopped) return;
      current = n;
      if (text === 'data' || text.startsWith('data:')) pending.push(n);
      reader.write(`${text}\n`);
    },
    end() {
      if (stopped) return;
      for (const n of pending) {
        handlers.lost('sse_unfinished', n, `line ${n}: the input ended inside an SSE event (no blank line after it), so its data was not applied`);
      }
      pending = [];
      reader.end();
    },
  };
}
