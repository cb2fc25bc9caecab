/**
 * The one shape every reader reports problems in: Omni-IR, axstream, the op stream and OUI each have their own
 * codes, but an app, a log or a test reads them the same way.
 */
export type Severity = 'error' | 'warning';

export interface Issue<Code extends string = string> {
  readonly code: Code;
  readonly severity: Severity;
  /** Line it concerns (from 1, counting every line of the input), or null when it has none. */
  readonly line: number | null;
  /** Plain-language explanation for developers; wording is free and never compared. */
  readonly message: string;
  /** The id the issue concerns, when there is one. */
  readonly id?: string;
}

export type IssueListener<I extends Issue = Issue> = (issue: I) => void;

/**
 * Keeps every issue a reader found and tells listeners as each arrives. A listener that throws is the app's bug:
 * it is reported the way an event listener's error is, and the others still hear the issue.
 */
export interface IssueSink<I extends Issue = Issue> {
  readonly issues: readonly I[];
  report(issue: I): void;
  /** Adds a listener; returns the function that removes it. */
  onIssue(listener: IssueListener<I>): () => void;
}

export function createIssueSink<I extends Issue = Issue>(): IssueSink<I> {
  const issues: I[] = [];
  const listeners = new Set<IssueListener<I>>();
  return {
    issues,
    report(issue) {
      issues.push(issue);
      for (const listener of listeners) {
        try {
          listener(issue);
        } catch (error) {
          reportError(error);
        }
      }
    },
    onIssue(listener) {
      // Wrapped, so the same function added twice is two listeners and each removal removes one.
      const l: IssueListener<I> = (issue) => listener(issue);
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

/** Reports an error without stopping the caller: the platform's reportError, else an uncaught microtask. */
export function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (e: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else {
    queueMicrotask(() => {
      throw error;
    });
  }
}
