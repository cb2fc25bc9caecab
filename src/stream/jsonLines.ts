import { createLineStream, type LineStream } from './lineStream.js';
import type { Issue } from './issue.js';
import { errorText } from './errors.js';

/** Why a line is not a JSON value. */
export type JsonLineProblem = 'not_json' | 'line_too_long';

export type JsonLine = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Parses one line as JSON. Never throws: text that isn't JSON comes back with the parser's reason. Surrounding
 * spaces and tabs are allowed, as JSON allows them.
 */
export function parseJsonLine(text: string): JsonLine {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface JsonLineHandlers {
  /** One JSON value per committed line, with its line number (from 1, counting every line). */
  value(value: unknown, line: number): void;
  /** A line that is not JSON, or is longer than the limit; the line is skipped and reading goes on. */
  issue(issue: Issue<JsonLineProblem>): void;
}

export interface JsonLineReaderOptions {
  /** Longest line read, in UTF-16 code units; a longer one is skipped without being held. Default 65,536. */
  maxLineLength?: number;
  /** Blank lines (only spaces, tabs or nothing) are skipped silently. Default true. */
  skipBlank?: boolean;
}

/**
 * Bytes or text in, one JSON value per line out: the reader under the op stream and axstream's fenced lines.
 * A line commits at its newline; the last line without one commits at `end()`. Whatever the chunking, the same
 * values and issues come out in the same order.
 */
export function createJsonLineReader(handlers: JsonLineHandlers, options: JsonLineReaderOptions = {}): LineStream {
  const maxLength = options.maxLineLength ?? 65536;
  const skipBlank = options.skipBlank ?? true;
  return createLineStream(
    {
      line(text, n) {
        if (n === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        if (skipBlank && isBlank(text)) return;
        const parsed = parseJsonLine(text);
        if (parsed.ok) handlers.value(parsed.value, n);
        else handlers.issue({ code: 'not_json', severity: 'error', line: n, message: `line ${n} is not JSON: ${parsed.message}` });
      },
      tooLong(n) {
        handlers.issue({
          code: 'line_too_long',
          severity: 'error',
          line: n,
          message: `line ${n} is longer than ${maxLength} characters and was skipped`,
        });
      },
    },
    maxLength,
  );
}

const SPACE = 0x20;
const TAB = 0x09;

/** Only spaces and tabs, or nothing. */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}
