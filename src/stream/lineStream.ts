import { createLineSplitter, type LineHandlers } from './lineSplitter.js';
import { createUtf8Decoder } from './utf8Decoder.js';

/**
 * The stream stage every format reader shares: bytes or text in, numbered complete lines out.
 * The result never depends on how the input was split into chunks ([3.3]).
 */
export interface LineStream {
  write(chunk: string | Uint8Array | ArrayBuffer): void;
  end(): void;
  readonly ended: boolean;
  /** The number the next line will get. */
  readonly lineNumber: number;
}

export function createLineStream(handlers: LineHandlers, maxLineLength = 16384): LineStream {
  const feed = createUtf8Decoder();
  const splitter = createLineSplitter(handlers, maxLineLength);
  let ended = false;
  return {
    get ended() {
      return ended;
    },
    get lineNumber() {
      return splitter.lineNumber;
    },
    write(chunk) {
      if (ended) throw new Error('write() after end(): the stream has already ended');
      const text = feed.decode(chunk);
      if (text.length > 0) splitter.push(text);
    },
    end() {
      if (ended) return;
      ended = true;
      const rest = feed.flush();
      if (rest.length > 0) splitter.push(rest);
      splitter.end();
    },
  };
}

export type { LineHandlers };
