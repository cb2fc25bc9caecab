/**
 * Issues to `morph-issue` events: the engine's issues (refusals, warnings) and the stream's own `diag`
 * ops, gathered while a chunk is applied and fired after it, in line order, so no app listener runs in the
 * middle of the engine applying an op.
 */
import { Signal } from '../../shared/base/signals.js';
import type { OpDocument } from '../../../src/ops/index.js';
import type { DiagOrigin, IssueSource } from '../events.js';

interface Queued {
  readonly origin: DiagOrigin;
  readonly from: IssueSource;
  readonly line: number | null;
}

export class IssueQueue {
  #queue: Queued[] = [];
  #diagsSeen = 0;
  #off: (() => void) | null = null;

  /** Follows a new document (after `reset()`): what was queued for the old one is dropped. */
  follow(doc: OpDocument): void {
    this.#off?.();
    this.#queue = [];
    this.#diagsSeen = 0;
    this.#off = doc.onIssue((issue) => this.#queue.push({ origin: 'engine', from: issue, line: issue.line }));
  }

  /** Fires what the last chunk brought. */
  flush(doc: OpDocument, report: (origin: DiagOrigin, from: IssueSource) => void): void {
    const diags = Signal.subtle.untrack(() => doc.diags);
    for (; this.#diagsSeen < diags.length; this.#diagsSeen++) {
      const diag = diags[this.#diagsSeen]!;
      this.#queue.push({ origin: 'stream', from: diag, line: diag.at });
    }
    if (this.#queue.length === 0) return;
    const out = this.#queue;
    this.#queue = [];
    // Stable: issues and diags each arrive in line order; merge them by line.
    out.sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
    for (const issue of out) report(issue.origin, issue.from);
  }

  stop(): void {
    this.#off?.();
    this.#off = null;
  }
}
