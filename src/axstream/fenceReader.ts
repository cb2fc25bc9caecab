/**
 * Fence framing and line commit. Text outside a fence is narration; a line starting with three backticks opens
 * the fence whatever its tag; a line of exactly three backticks closes it (trailing spaces or tabs allowed, as
 * they are invisible in a model's output); inside, each non-blank line is read as one action or dropped with a
 * reason. A line commits at its newline (the spec's §2 and §6.1): the line stream holds the unfinished one, so
 * nothing is read before it is whole. A last line inside the fence that never got its newline was cut off: it is
 * never read, even when it happens to be whole JSON, and is reported as `cut_off`; the reader remembers it, and
 * whether a fence was opened at all, so the burst can say how the reply ended.
 */
import { createLineStream, type LineStream } from '../stream/lineStream.js';
import { isBlank, parseJsonLine } from '../stream/jsonLines.js';
import type { Chunk } from '../stream/readSource.js';
import { lineIssue, readAction } from './readAction.js';
import type { AxAction, AxIssue } from './types.js';
import { AX_LIMITS } from './vocabulary.js';

/** Where the fence reader sends what it reads, line by line, in input order. */
export interface FenceHandlers {
  /** A valid line inside a fence, with its number (from 1, counting every line of the input). */
  action(action: AxAction, line: number): void;
  /** A line inside a fence that was dropped, and why. */
  dropped(issue: AxIssue): void;
  /** The fence closed: the lines it held are whole. */
  fenceClosed?(): void;
  /** A line outside any fence, without its ending. */
  narration?(text: string, line: number): void;
}

/** Options of the fence reader. */
export interface FenceReaderOptions {
  /** Longest line read, in UTF-16 code units (default AX_LIMITS.maxLineLength); a longer one is never held. */
  maxLineLength?: number;
}

/** Reads axstream text as it arrives. */
export interface FenceReader {
  /** Text, or UTF-8 bytes split anywhere. */
  write(chunk: Chunk): void;
  /** The input is over: a last line inside the fence without its newline is reported as cut off, never read. */
  end(): void;
  /** Stops reading: later lines are split (to find where they end) but not read. For a barrier. */
  stop(): void;
  /** True between an opening and a closing fence line. */
  readonly inFence: boolean;
  /** True once a fence has been opened: a reply without one has no actions at all. */
  readonly sawFence: boolean;
  /** After `end()`: the number of the line inside the fence the input stopped in the middle of, else null. */
  readonly cutOff: number | null;
}

const BACKTICK = 0x60;
const SPACE = 0x20;
const TAB = 0x09;
const BOM = 0xfeff;

function opensFence(text: string): boolean {
  return text.charCodeAt(0) === BACKTICK && text.charCodeAt(1) === BACKTICK && text.charCodeAt(2) === BACKTICK;
}

function closesFence(text: string): boolean {
  if (!opensFence(text)) return false;
  for (let i = 3; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}

/** Reads axstream text into actions, dropped lines and narration; the result never depends on the chunking. */
export function createFenceReader(handlers: FenceHandlers, options: FenceReaderOptions = {}): FenceReader {
  const maxLength = options.maxLineLength ?? AX_LIMITS.maxLineLength;
  let inFence = false;
  let sawFence = false;
  let stopped = false;
  // Set by end(): a line delivered from now on had no newline.
  let ending = false;
  let cutOff: number | null = null;

  const line = (text: string, n: number) => {
    if (stopped) return;
    if (n === 1 && text.charCodeAt(0) === BOM) text = text.slice(1);
    if (!inFence) {
      if (opensFence(text)) inFence = sawFence = true;
      else handlers.narration?.(text, n);
      return;
    }
    if (closesFence(text)) {
      inFence = false;
      handlers.fenceClosed?.();
      return;
    }
    if (isBlank(text)) return;
    if (ending) {
      // A fence line cut short (the closing backticks) loses no step; anything else was a line cut off.
      if (text.charCodeAt(0) !== BACKTICK) {
        cutOff = n;
        handlers.dropped(lineIssue('cut_off', n, 'the reply ended in the middle of this line (it has no newline), so it was not run'));
      }
      return;
    }
    if (opensFence(text)) {
      handlers.dropped(lineIssue('not_json', n, 'a fence line with a tag inside the fence is not an action (``` alone closes it)'));
      return;
    }
    const parsed = parseJsonLine(text);
    if (!parsed.ok) {
      handlers.dropped(lineIssue('not_json', n, `not a complete JSON object (${parsed.message})`));
      return;
    }
    const read = readAction(parsed.value, n);
    if (read.ok) handlers.action(read.action, n);
    else handlers.dropped(read.issue);
  };

  const tooLong = (n: number) => {
    if (stopped || !inFence) return;
    if (ending) cutOff = n;
    handlers.dropped(lineIssue('line_too_long', n, `longer than ${maxLength} characters; skipped without being read`));
  };

  const lines: LineStream = createLineStream({ line, tooLong }, maxLength);
  return {
    get inFence() {
      return inFence;
    },
    get sawFence() {
      return sawFence;
    },
    get cutOff() {
      return cutOff;
    },
    write(chunk) {
      lines.write(chunk);
    },
    end() {
      ending = true;
      lines.end();
    },
    stop() {
      stopped = true;
    },
  };
}
