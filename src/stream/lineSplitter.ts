/**
 * Splits decoded text into lines as it arrives.
 *
 * A line ends at LF; a CR right before the LF is part of the ending, not of the line ([3.2]). A line longer than
 * `maxLength` UTF-16 code units is reported once, when its end arrives, and its text is never held beyond the
 * limit ([3.7]): once the buffered part passes the limit it is dropped and the rest of the line is only skipped.
 * Work per chunk is proportional to the chunk: partial lines are kept as a list of pieces and joined once.
 */
export interface LineHandlers {
  /** A complete line, without its ending; `n` counts from 1 and includes every line ([3.5]). */
  line(text: string, n: number): void;
  /** A line longer than the limit ended (or the stream ended inside it); its text was not kept. */
  tooLong(n: number): void;
}

export interface LineSplitter {
  push(text: string): void;
  /** Processes a final line without an ending ([3.4]). Further pushes are ignored. */
  end(): void;
  /** Number of the line now being read (the next one to be delivered). */
  readonly lineNumber: number;
}

const LF = 0x0a;
const CR = 0x0d;

export function createLineSplitter(handlers: LineHandlers, maxLength = 16384): LineSplitter {
  let pieces: string[] = [];
  // Code units buffered for the current line; a CR that may turn out to be the line ending counts too,
  // so the limit allows one more unit while the line is still open.
  let buffered = 0;
  let overflow = false;
  let n = 1;
  let ended = false;

  const finish = (tail: string, atEnd: boolean) => {
    const lineNo = n++;
    if (overflow) {
      overflow = false;
      pieces = [];
      buffered = 0;
      handlers.tooLong(lineNo);
      return;
    }
    // Pieces are joined with the tail in one go, into a flat string. `join() + tail` would hang the tail on it
    // (a third kind of string beside sliced and flat ones): V8 keeps a call site such as a reader's charCodeAt
    // fast for at most four kinds of string receiver, and one-byte and two-byte text already make four.
    if (pieces.length > 0 && tail.length > 0) pieces.push(tail);
    let text = pieces.length === 0 ? tail : pieces.length === 1 ? pieces[0]! : pieces.join('');
    pieces = [];
    buffered = 0;
    if (!atEnd && text.length > 0 && text.charCodeAt(text.length - 1) === CR) text = text.slice(0, -1);
    if (text.length > maxLength) handlers.tooLong(lineNo);
    else handlers.line(text, lineNo);
  };

  const keep = (piece: string) => {
    if (overflow || piece.length === 0) return;
    buffered += piece.length;
    if (buffered > maxLength + 1) {
      overflow = true;
      pieces = [];
      buffered = 0;
    } else {
      pieces.push(piece);
    }
  };

  return {
    get lineNumber() {
      return n;
    },
    push(text: string) {
      if (ended) return;
      let start = 0;
      for (;;) {
        const lf = text.indexOf('\n', start);
        if (lf === -1) break;
        const segment = text.slice(start, lf);
        if (overflow) finish('', false);
        else if (buffered + segment.length > maxLength + 1) {
          overflow = true;
          finish('', false);
        } else finish(segment, false);
        start = lf + 1;
      }
      if (start < text.length) keep(start === 0 ? text : text.slice(start));
    },
    end() {
      if (ended) return;
      ended = true;
      if (overflow || pieces.length > 0) finish('', true);
    },
  };
}

export { LF, CR };
