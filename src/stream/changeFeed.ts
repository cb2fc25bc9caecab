/**
 * The ids each applied line or op touched, in order, for a consumer that follows changes rather than reading
 * signals (a virtual list, an accessibility announcer, a log, a test). Every document a reader builds keeps one
 * (Omni-IR's and the op stream's). A consumer keeps a cursor and asks for what came after
 * it: the work is proportional to what changed, never to the document. Only the most recent entries are kept;
 * a consumer that fell further behind is told to read the document afresh.
 */
import { Signal } from '../signals.js';

/** Stands for the top-level list in the feed (no node has an empty id). */
export const ROOT_ID = '';

/** What changed since a cursor: ids in order (a node may appear more than once) and the cursor to ask from next. */
export interface ChangesSince {
  readonly ids: readonly string[];
  readonly cursor: number;
}

/** The ids touched by each applied op, kept for a while, read from a cursor. */
export class ChangeFeed {
  private log: string[] = [];
  /** Cursor of `log[0]`. */
  private base = 0;
  private sig: Signal.State<number> | undefined;

  constructor(private readonly keep = 8192) {}

  /** The cursor after the last change (tracked): it moves whenever an op applies. */
  get cursor(): number {
    return (this.sig ??= new Signal.State(this.end)).get();
  }

  private get end(): number {
    return this.base + this.log.length;
  }

  push(id: string): void {
    this.log.push(id);
  }

  /** Publishes what was pushed since the last commit: one signal write per op, however many ids it touched. */
  commit(): void {
    if (this.log.length > 2 * this.keep) {
      // Dropping half at once keeps each push O(1) on average.
      const drop = this.log.length - this.keep;
      this.log = this.log.slice(drop);
      this.base += drop;
    }
    this.sig?.set(this.end);
  }

  /** Ids touched after `cursor`, or null when they are no longer kept (read the whole document instead). */
  since(cursor: number): ChangesSince | null {
    const end = this.end;
    if (!Number.isInteger(cursor) || cursor > end || cursor < this.base) return null;
    return { ids: this.log.slice(cursor - this.base), cursor: end };
  }
}
