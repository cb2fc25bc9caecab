/**
 * The state of checking one op: how much of the op's budget its text and spans have used, the first reason to
 * refuse it, and the changes made on the way in (a URL dropped, a bad span or item left out, a default used).
 * Checkers return undefined after `fail`, so a refusal stops the walk at once and nothing more is built; a
 * change is only noted (`warn`), and the walk goes on with what is left.
 */
import type { OpLimits } from './limits.js';
import type { OpIssueCode } from './types.js';

/** Why an op is refused: its issue code and a plain message. */
export interface Refusal {
  readonly code: OpIssueCode;
  readonly message: string;
}

/** The codes a change on the way in is noted under. */
export type WarningCode = 'unsafe_url' | 'unknown_value' | 'unknown_span' | 'dropped' | 'converted' | 'too_deep';

/** One op's check: its budget, its first refusal, the changes made on the way in. Reused op after op. */
export class Check {
  text = 0;
  spans = 0;
  error: Refusal | null = null;
  /** What was changed on the way in, by code, when anything was; each message once. */
  warnings: Map<WarningCode, string[]> | null = null;

  constructor(readonly limits: OpLimits) {}

  fail(code: OpIssueCode, message: string): undefined {
    this.error ??= { code, message };
    return undefined;
  }

  /** Counts `n` code units of text against the op's budget; false (and refused) past it. */
  addText(n: number): boolean {
    this.text += n;
    if (this.text <= this.limits.maxOpText) return true;
    this.fail('too_large', `the op carries more than ${this.limits.maxOpText} characters of text`);
    return false;
  }

  /** Counts one span; false (and refused) past the op's limit. */
  addSpan(): boolean {
    if (++this.spans <= this.limits.maxSpans) return true;
    this.fail('too_large', `the op carries more than ${this.limits.maxSpans} spans`);
    return false;
  }

  /** Notes a change made on the way in; the op still applies. A message already noted for this op isn't repeated. */
  warn(code: WarningCode, message: string): void {
    const map = (this.warnings ??= new Map());
    const list = map.get(code);
    if (!list) map.set(code, [message]);
    else if (list.length < 10 && !list.includes(message)) list.push(message);
  }
}

/** A short, safe look at a value from the stream for a message: never its whole text. */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    const s = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(s);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
