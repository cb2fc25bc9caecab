/**
 * Reads a line into an entry: the line reader, then the line's own checks. Shared by the stream and by updates,
 * so both check a line the same way ([10.32]).
 */
import { LineChecker, type Entry, type Registries } from './lineCheck.js';
import { FAILED, LineReader, SKIP } from './lineReader.js';
import { LIMITS } from './specs.js';
import type { Issue, IssueCode } from './types.js';

const WARNINGS: ReadonlySet<IssueCode> = new Set<IssueCode>(['unknown_escape', 'newer_version']);
const SUBJECT = /^[ \t]*(\$?[A-Za-z_][A-Za-z0-9_]*)[ \t]*=/;

export function makeIssue(code: IssueCode, line: number | null, message: string, id?: string): Issue {
  const severity = WARNINGS.has(code) ? 'warning' : 'error';
  return id === undefined ? { code, severity, line, message } : { code, severity, line, message, id };
}

export class LineIntake {
  readonly reader = new LineReader(LIMITS.nestingDepth);
  readonly checker: LineChecker;
  constructor(reg: Registries) {
    this.checker = new LineChecker(reg);
  }

  /** The entry a line defines, SKIP, or null; issues found go to `out`. */
  read(text: string, n: number, out: Issue[]): Entry | typeof SKIP | null {
    const reader = this.reader;
    const kind = reader.read(text);
    if (kind === SKIP) return SKIP;
    const subject = kind !== FAILED ? reader.id : SUBJECT.exec(text)?.[1];
    if (reader.escapes.length) {
      out.push(makeIssue('unknown_escape', n, `unknown escape ${reader.escapes.map((e) => JSON.stringify(e)).join(', ')} kept as written; only \\" \\\\ and \\n are escapes (write \\\\ for a backslash)`, subject));
    }
    if (kind === FAILED) {
      out.push(makeIssue(reader.error!, n, reader.why, subject));
      return null;
    }
    const e = this.checker.check(reader, kind, n);
    if (!e) out.push(makeIssue(this.checker.code, n, this.checker.message, subject));
    return e;
  }
}

