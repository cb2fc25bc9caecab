/**
 * The page's one line of confirmations. Every element and every instance asks the person through it, so only
 * one confirmation is ever open, in the order they were asked, and the next appears only after the previous
 * one closed: two surfaces can't stack two dialogs at the same spot for one double-click to confirm both.
 * There is one queue per document (a frame has its own).
 *
 * A request may be withdrawn before or while it is shown: its `signal` aborts, or its `deadline` (epoch ms)
 * comes. It then closes (focus goes back) and answers `withdrawn`; a Confirm pressed in the same instant as
 * the deadline answers `withdrawn` too, so whoever stopped waiting is never overruled. The dialog itself
 * (`<ae-confirm-dialog>`) draws the request in the asking element's words and theme, refuses to open where the
 * person can't see it (`unseen`), and ignores its buttons for a moment after it appears.
 */
import { type ParamDetail, pastDeadline } from '../../../src/actions/index.js';

/**
 * How a confirmation ended:
 * - `confirmed`: the person pressed Confirm (and nothing withdrew it first);
 * - `cancelled`: the person pressed Cancel or Escape;
 * - `withdrawn`: whoever asked stopped waiting (its signal aborted, its deadline came, the element was reset
 *   or left the page), before or while it was shown;
 * - `unseen`: it could not be shown where the person can see it (the asking element is hidden, has no size,
 *   or is not in the page), or stopped being visible while open. The page is never left inert.
 */
export type ConfirmationAnswer = 'confirmed' | 'cancelled' | 'withdrawn' | 'unseen';

/** What a confirmation shows and how long it may wait. */
export interface ConfirmationRequest {
  /** What the person is asked, as plain text. */
  readonly sentence: string;
  /** Every param the action will receive, shown below the sentence in full (see `paramDetails()`). */
  readonly details?: readonly ParamDetail[];
  /** Where focus goes back to when it closes (default: whatever had focus when it opened). */
  readonly opener?: HTMLElement | null;
  /** Withdraws the request when it aborts: the dialog closes and the answer is `withdrawn`. */
  readonly signal?: AbortSignal;
  /** Epoch ms (`Date.now()` time) at which the request is withdrawn; a Confirm at or after it is `withdrawn`. */
  readonly deadline?: number;
  /**
   * How many more requests of the same asker wait behind this one, shown in the dialog. Read while drawing: a
   * function that reads signals keeps the count current.
   */
  readonly waiting?: () => number;
  /**
   * Offers the person one more control ("Stop the assistant"): the request is answered `cancelled` and then this
   * is called, once, to refuse everything else the asker has waiting and stop what it runs.
   */
  readonly stopAll?: () => void;
}

/** What the queue needs of a dialog: show one request and call `settle` once with how it ended; close on `withdraw`. */
export interface ApprovalPresenter {
  presentApproval(request: ConfirmationRequest, settle: (answer: ConfirmationAnswer) => void): void;
  withdrawApproval(answer: 'withdrawn' | 'unseen'): void;
}

interface Entry {
  readonly presenter: ApprovalPresenter;
  readonly request: ConfirmationRequest;
  readonly resolve: (answer: ConfirmationAnswer) => void;
  readonly cleanup: (() => void)[];
  settled: boolean;
}

// setTimeout takes at most 2^31 - 1 ms; a later deadline is waited for in steps.
const LONGEST_WAIT = 2_147_483_647;

export class ApprovalQueue {
  readonly #waiting: Entry[] = [];
  #current: Entry | null = null;

  /** The request being shown, if any. */
  get current(): ConfirmationRequest | null {
    return this.#current?.request ?? null;
  }

  /** How many requests wait behind the one shown. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Puts `request` in line for `presenter`; resolves with how it ended. Never rejects. */
  ask(presenter: ApprovalPresenter, request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    if (request.signal?.aborted || pastDeadline(request.deadline)) return Promise.resolve('withdrawn');
    let resolve!: (answer: ConfirmationAnswer) => void;
    const answer = new Promise<ConfirmationAnswer>((r) => (resolve = r));
    const entry: Entry = { presenter, request, resolve, cleanup: [], settled: false };
    const signal = request.signal;
    if (signal) {
      const onAbort = () => this.#withdraw(entry);
      signal.addEventListener('abort', onAbort, { once: true });
      entry.cleanup.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (request.deadline !== undefined) this.#watchDeadline(entry, request.deadline);
    this.#waiting.push(entry);
    this.#next();
    return answer;
  }

  /** Withdraws every request of `presenter`, shown or waiting (its element was reset or left the page). */
  withdrawAll(presenter: ApprovalPresenter): void {
    for (const entry of [...this.#waiting]) if (entry.presenter === presenter) this.#settle(entry, 'withdrawn');
    if (this.#current?.presenter === presenter) this.#withdraw(this.#current);
  }

  #watchDeadline(entry: Entry, deadline: number): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      if (pastDeadline(deadline)) return this.#withdraw(entry);
      // raw timer: a deadline is wall time (the asker's epoch ms) and every check of it reads Date.now(), here, in
      // the Confirm's answer and in what runs after; waited for on the same wall clock, the wait and the checks agree.
      timer = setTimeout(wait, Math.min(Math.max(deadline - Date.now(), 0), LONGEST_WAIT));
    };
    wait();
    entry.cleanup.push(() => clearTimeout(timer));
  }

  #withdraw(entry: Entry): void {
    if (entry.settled) return;
    if (this.#current === entry) {
      // The dialog closes (focus goes back) and answers through settle; if it doesn't, answer anyway.
      entry.presenter.withdrawApproval('withdrawn');
      this.#settle(entry, 'withdrawn');
    } else {
      this.#settle(entry, 'withdrawn');
    }
  }

  #settle(entry: Entry, answer: ConfirmationAnswer): void {
    if (entry.settled) return;
    entry.settled = true;
    for (const undo of entry.cleanup) undo();
    // Whoever asked stopped waiting at the same instant as the Confirm: they are not overruled.
    const said = answer === 'confirmed' && (entry.request.signal?.aborted || pastDeadline(entry.request.deadline)) ? 'withdrawn' : answer;
    if (this.#current === entry) this.#current = null;
    else {
      const at = this.#waiting.indexOf(entry);
      if (at >= 0) this.#waiting.splice(at, 1);
    }
    entry.resolve(said);
    this.#next();
  }

  #next(): void {
    while (!this.#current) {
      const entry = this.#waiting.shift();
      if (!entry) return;
      if (entry.settled) continue;
      this.#current = entry;
      try {
        entry.presenter.presentApproval(entry.request, (answer) => this.#settle(entry, answer));
      } catch {
        // A dialog that can't show a request must not hold the line.
        this.#settle(entry, 'unseen');
      }
    }
  }
}

const queues = new WeakMap<Document, ApprovalQueue>();

/** The confirmation queue of `doc` (the page's by default), made on first use. */
export function approvalQueue(doc: Document = document): ApprovalQueue {
  let queue = queues.get(doc);
  if (!queue) queues.set(doc, (queue = new ApprovalQueue()));
  return queue;
}
