/**
 * The renderer's own confirmation ([9.1]): a sentence from the app, every param that will run, Cancel and
 * Confirm. Nothing in a stream can open, skip or draw it; the element that owns an action asks through the
 * page's one confirmation queue (shared/approvals/approvalQueue.ts), so only one is open at a time.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { query, state } from 'lit/decorators.js';
import { AgentElement } from '../base/agentElement.js';
import { streamText } from '../base/streamText.js';
import { deepActiveElement } from '../base/deepActiveElement.js';
import { defineElement } from '../base/defineElement.js';
import { fill, type ParamDetail } from '../../../src/actions/index.js';
import { approvalQueue, type ConfirmationAnswer, type ApprovalPresenter, type ConfirmationRequest } from '../approvals/approvalQueue.js';
import { canBeSeen, isDrawn } from '../approvals/visibility.js';
import { markOwnUi } from '../base/ownUi.js';
import type { Clock } from '../base/clock.js';

/** `ae-confirm-close`: the dialog closed; `answer` says how, `confirmed` whether the person confirmed. */
export class AeConfirmCloseEvent extends Event {
  static readonly eventName = 'ae-confirm-close';
  /** The same answer as `confirmed` and `answer`, where code reads it as a CustomEvent's `detail`. */
  readonly detail: { readonly confirmed: boolean; readonly answer: ConfirmationAnswer };
  /** True when the person confirmed; false for Cancel, Escape, a withdrawal, or a dialog that could not be seen. */
  readonly confirmed: boolean;
  constructor(
    /** How it ended: `confirmed`, `cancelled`, `withdrawn` or `unseen` (see ConfirmationAnswer). */
    readonly answer: ConfirmationAnswer,
  ) {
    super(AeConfirmCloseEvent.eventName);
    this.confirmed = answer === 'confirmed';
    this.detail = { confirmed: this.confirmed, answer };
  }
}

interface Showing {
  readonly request: ConfirmationRequest;
  readonly settle: (answer: ConfirmationAnswer) => void;
  opener: HTMLElement | null;
}

/**
 * How long (ms) a confirmation's buttons ignore activation after it appears, moves, is resized or its content
 * changes: long enough that a click meant for something else, or the second click of a double-click, lands
 * while they are still inert (browsers wait about as long before a permission prompt takes a click).
 */
export const CONFIRM_INERT_MS = 500;

const sameBox = (a: DOMRect, b: DOMRect) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * A modal confirmation built on the native `<dialog>`. Each element draws its own (in its words and theme), and
 * all of them take turns through the page's confirmation queue: one open at a time, in order.
 *
 * - Only a person answers: its buttons take only trusted clicks (a real pointer, the keyboard, assistive
 *   technology), never a script's `.click()`, a dispatched event or an agent's step. Escape, or closing it any
 *   other way (`close()`, a close request), is a no from any source. It is the package's own UI (ownUi.ts): no
 *   agent's backend observes it, names it as a target or lands a click on it.
 * - Focus moves to Cancel (the safe choice), Tab stays inside, Escape cancels, and focus returns to the opener
 *   when it closes.
 * - Its buttons ignore activation for `CONFIRM_INERT_MS` (500 ms) after it appears, and again after it
 *   moves, is resized or its content changes, as browsers do for permission prompts: a click meant for
 *   something else, or the second click of a double-click, can't answer it; nor can a press that began before
 *   the buttons became active. Confirm looks unavailable (`aria-disabled`) until then.
 * - It opens only where the person can see it: when the element that asks is hidden, 0 × 0 or not in the page,
 *   the answer is `unseen` and the page is never left inert; the same when it stops being visible while open.
 * - Every param of the action is listed below the sentence, required ones first, each value whole, in a
 *   bounded box that scrolls (with the keyboard too). The sentence, names and values are text, never markup,
 *   shown without direction controls.
 *
 * - When the asker says how many more of its requests wait (`waiting`), the count is shown under the sentence;
 *   it changing doesn't restart the inert time (it is not what the person approves, and an agent asking again
 *   and again must not keep the buttons from ever taking a press). When the asker offers `stopAll`, a third
 *   control, "Stop the assistant", refuses this request (`cancelled`) and then lets the asker refuse the rest.
 *
 * Words come from `strings` (`confirmTitle`, `cancel`, `confirm`, `confirmDetails`, `confirmRequired`,
 * `confirmEmptyValue`, `confirmStopAll`, `confirmWaitingOne`, `confirmWaitingMany`).
 *
 * @csspart dialog - The `<dialog>` box.
 * @csspart title - The heading ("Please confirm").
 * @csspart sentence - The app's sentence.
 * @csspart details - The scrolling box listing every param that will run.
 * @csspart detail - One param: its name and its value.
 * @csspart detail-name - A param's name (and whether it is required).
 * @csspart detail-value - A param's whole value.
 * @csspart waiting - How many more requests of the same asker wait (when it says).
 * @csspart actions - The row of buttons.
 * @csspart stop-all - "Stop the assistant" (when the asker offers it).
 * @csspart cancel - The Cancel button.
 * @csspart confirm - The Confirm button (`aria-disabled="true"` while its buttons are still inert).
 * @fires {AeConfirmCloseEvent} ae-confirm-close - When the dialog closes: `answer`, `confirmed` (also as `detail`). Not composed.
 *
 * @tag ae-confirm-dialog
 */
export class AeConfirmDialogElement extends AgentElement implements ApprovalPresenter {
  static override styles = [
    AgentElement.styles,
    css`
      :host {
        display: contents;
      }
      dialog {
        box-sizing: border-box;
        inline-size: min(32rem, calc(100vw - 2 * var(--_space-4)));
        max-block-size: calc(100dvh - 2 * var(--_space-4));
        padding: var(--_space-6);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_surface);
        color: var(--_text);
        font: inherit;
        box-shadow: 0 12px 32px rgb(0 0 0 / 0.24);
      }
      dialog::backdrop {
        background: rgb(0 0 0 / 0.45);
      }
      h2 {
        margin: 0 0 var(--_space-2);
        font-size: var(--_font-size-lg);
        line-height: 1.3;
      }
      p {
        margin: 0 0 var(--_space-4);
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      .run {
        unicode-bidi: isolate;
      }
      .waiting {
        min-block-size: 1lh;
        color: var(--_muted-text, var(--_text));
      }
      .details {
        max-block-size: min(40dvh, 18rem);
        overflow: auto;
        margin: 0 0 var(--_space-6);
        padding: var(--_space-2) var(--_space-3);
        border: 1px solid var(--_input-border);
        border-radius: var(--_radius);
        background: var(--_subtle);
      }
      .details:focus-visible {
        outline: var(--_focus-width) solid var(--_focus);
        outline-offset: var(--_focus-offset);
      }
      dl {
        margin: 0;
      }
      .detail + .detail {
        margin-block-start: var(--_space-2);
        padding-block-start: var(--_space-2);
        border-block-start: 1px solid var(--_divider);
      }
      dt {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .required {
        font-weight: 400;
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      /* A value keeps its own line breaks and spaces (indented JSON, a multi-line note); the template's don't count. */
      dd .run {
        white-space: pre-wrap;
      }
      .empty {
        font-style: italic;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        justify-content: flex-end;
        gap: var(--_space-2);
      }
      button {
        min-block-size: 2.5rem;
        min-inline-size: 6rem;
        padding: var(--_space-2) var(--_space-4);
        border-radius: var(--_radius);
        font: inherit;
        font-weight: 600;
        cursor: pointer;
      }
      .cancel {
        border: 1px solid var(--_input-border);
        background: var(--_surface);
        color: var(--_text);
      }
      .stop-all {
        margin-inline-end: auto;
        border: 1px solid var(--_input-border);
        background: var(--_surface);
        color: var(--_danger-text, var(--_text));
      }
      .confirm {
        border: 1px solid var(--_accent);
        background: var(--_accent);
        color: var(--_on-accent);
      }
      /* Not yet active: an outline of the button it will become, so the wait is seen, not only felt. */
      .confirm[aria-disabled='true'] {
        border-style: dashed;
        background: var(--_surface);
        color: var(--_text);
        cursor: not-allowed;
      }
      button:focus-visible {
        outline: var(--_focus-width) solid var(--_focus);
        outline-offset: var(--_focus-offset);
      }
    `,
  ];

  @state() private sentence = '';
  @state() private details: readonly ParamDetail[] = [];
  @state() private waitingOf: (() => number) | null = null;
  @state() private stopAllOf: (() => void) | null = null;
  /** True once the buttons take activation (after the inert period). */
  @state() private active = false;
  @query('dialog') private dialog!: HTMLDialogElement;
  @query('.cancel') private cancelButton!: HTMLButtonElement;

  #showing: Showing | null = null;
  /** `close` events still to come for closes we made ourselves: the browser fires them later, in a task. */
  #ownCloses = 0;
  /** The inert time running: on the clock it started on (the element's, a test's manual one), until `at`. */
  #inert: { readonly clock: Clock; readonly at: number; readonly timer: unknown } | null = null;
  #box: DOMRect | null = null;
  /** A press (pointer or key) began while the buttons were inert: the click it ends in is not an answer. */
  #pressedEarly = false;
  #watchers: (() => void)[] = [];

  constructor() {
    super();
    markOwnUi(this);
  }

  /** True while a request is shown. */
  get open(): boolean {
    return !!this.#showing;
  }

  /** True while the dialog is open and its buttons take activation (the inert period is over). */
  get armed(): boolean {
    return !!this.#showing && this.active && !!this.#inert && this.#inert.clock.now() >= this.#inert.at;
  }

  /**
   * Asks the person, in turn with every other confirmation of the page: resolves true only when they confirm.
   * Focus goes back to `opener` (default: whatever had focus when it opened) when it closes. The simple form of
   * `request()`.
   */
  async ask(sentence: string, opener?: HTMLElement | null): Promise<boolean> {
    return (await this.request({ sentence, opener })) === 'confirmed';
  }

  /**
   * Puts `request` in the page's confirmation queue; resolves with how it ended: `confirmed`, `cancelled`,
   * `withdrawn` (its `signal` aborted, its `deadline` came, `dismiss()`, or the dialog left the page) or `unseen`
   * (it could not be shown where the person can see it). Never rejects.
   */
  request(request: ConfirmationRequest): Promise<ConfirmationAnswer> {
    return approvalQueue(this.ownerDocument).ask(this, request);
  }

  /** Withdraws what this dialog shows or has waiting (the element that asked started over): answered `withdrawn`. */
  dismiss(): void {
    approvalQueue(this.ownerDocument).withdrawAll(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Leaving the page is not a yes.
    this.dismiss();
  }

  /** Called by the queue when it is this request's turn. @internal */
  presentApproval(request: ConfirmationRequest, settle: (answer: ConfirmationAnswer) => void): void {
    const showing: Showing = { request, settle, opener: null };
    this.#showing = showing;
    // Not in the page: nothing to draw it in (and an element never connected never renders).
    if (!this.isConnected) return this.#finish('unseen');
    this.active = false;
    this.sentence = streamText(String(request.sentence ?? ''));
    this.details = Array.isArray(request.details) ? request.details : [];
    this.waitingOf = typeof request.waiting === 'function' ? request.waiting : null;
    this.stopAllOf = typeof request.stopAll === 'function' ? request.stopAll : null;
    void this.#show(showing);
  }

  /** Called by the queue when the request is withdrawn while shown. @internal */
  withdrawApproval(answer: 'withdrawn' | 'unseen'): void {
    this.#finish(answer);
  }

  async #show(showing: Showing): Promise<void> {
    await this.updateComplete;
    if (this.#showing !== showing) return;
    // A modal in a hidden container is drawn nowhere yet makes the page inert: never open it there.
    if (!this.dialog || !canBeSeen(this)) return this.#finish('unseen');
    showing.opener = showing.request.opener ?? deepActiveElement();
    if (!this.dialog.open) this.dialog.showModal();
    if (!isDrawn(this.dialog)) return this.#finish('unseen');
    this.cancelButton.focus();
    this.#startInert();
    this.#watch();
  }

  /** Starts (or starts again) the time the buttons ignore activation. */
  #startInert(): void {
    this.#stopInert();
    this.active = false;
    this.#box = this.dialog?.getBoundingClientRect() ?? null;
    const clock = this.clock;
    const timer = clock.setTimeout(() => {
      if (this.#showing) this.active = true;
    }, CONFIRM_INERT_MS);
    this.#inert = { clock, at: clock.now() + CONFIRM_INERT_MS, timer };
  }

  #stopInert(): void {
    if (this.#inert) this.#inert.clock.clearTimeout(this.#inert.timer);
    this.#inert = null;
  }

  /** Watches the open dialog: resized, moved or changed starts the inert time again; no longer drawn is `unseen`. */
  #watch(): void {
    const dialog = this.dialog;
    const resized = new ResizeObserver(() => {
      if (!this.#showing) return;
      if (!isDrawn(dialog)) return this.#finish('unseen');
      const box = dialog.getBoundingClientRect();
      if (!this.#box || !sameBox(box, this.#box)) this.#startInert();
    });
    resized.observe(dialog);
    const changed = new MutationObserver((records) => {
      const count = dialog.querySelector('.waiting');
      if (count && records.every((r) => count.contains(r.target))) return;
      if (this.#showing) this.#startInert();
    });
    changed.observe(dialog, { childList: true, characterData: true, subtree: true });
    const view = this.ownerDocument.defaultView;
    const moved = () => {
      if (this.#showing) this.#startInert();
    };
    view?.addEventListener('resize', moved);
    this.#watchers.push(
      () => resized.disconnect(),
      () => changed.disconnect(),
      () => view?.removeEventListener('resize', moved),
    );
  }

  /**
   * Whether a click on a button is an answer: a person's (trusted: a real pointer, key or assistive technology,
   * never a script's `.click()`, a dispatched event or an agent's step), the buttons are active, the box hasn't
   * moved, the press began after.
   */
  #accepts(event: Event): boolean {
    if (!event.isTrusted) return false;
    const early = this.#pressedEarly;
    this.#pressedEarly = false;
    if (!this.armed || early) return false;
    const box = this.dialog.getBoundingClientRect();
    if (this.#box && !sameBox(box, this.#box)) {
      this.#startInert();
      return false;
    }
    return true;
  }

  protected override render(): TemplateResult {
    const w = this.words;
    return html`<dialog
      part="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="title"
      aria-describedby=${this.waitingOf ? 'sentence waiting' : 'sentence'}
      @cancel=${this.#onCancel}
      @close=${this.#onClose}
      @pointerdown=${this.#onPress}
      @keydown=${this.#onKey}
    >
      <h2 id="title" part="title">${w.confirmTitle}</h2>
      <p id="sentence" part="sentence">${this.sentence ? html`<span class="run">${this.sentence}</span>` : nothing}</p>
      ${this.waitingOf ? html`<p id="waiting" class="waiting" part="waiting">${this.#waitingWords(this.waitingOf)}</p>` : nothing}
      ${this.details.length > 0 ? this.#detailsView() : nothing}
      <div class="actions" part="actions">
        ${this.stopAllOf ? html`<button type="button" class="stop-all" part="stop-all" @click=${this.#onStopAll}>${w.confirmStopAll}</button>` : nothing}
        <button type="button" class="cancel" part="cancel" @click=${(e: Event) => this.#accepts(e) && this.#finish('cancelled')}>${w.cancel}</button>
        <button
          type="button"
          class="confirm"
          part="confirm"
          aria-disabled=${this.active ? nothing : 'true'}
          @click=${(e: Event) => this.#accepts(e) && this.#finish('confirmed')}>${w.confirm}</button>
      </div>
    </dialog>`;
  }

  /** The count of what else waits: nothing when none (the line keeps its place, so the dialog doesn't move). */
  #waitingWords(waiting: () => number): string {
    const n = Math.max(0, Math.floor(Number(waiting()) || 0));
    const w = this.words;
    return n === 0 ? '' : n === 1 ? w.confirmWaitingOne : fill(w.confirmWaitingMany, { count: n });
  }

  readonly #onStopAll = (event: Event): void => {
    const stopAll = this.#showing?.request.stopAll;
    if (!this.#accepts(event) || !stopAll) return;
    this.#finish('cancelled');
    stopAll();
  };

  #detailsView(): TemplateResult {
    const w = this.words;
    return html`<div class="details" part="details" role="region" tabindex="0" aria-label=${w.confirmDetails}>
      <dl>
        ${this.details.map(
          (d) =>
            html`<div class="detail" part="detail">
              <dt part="detail-name">
                <span class="run">${streamText(String(d.name))}</span>${d.required ? html` <span class="required">(${w.confirmRequired})</span>` : nothing}
              </dt>
              <dd part="detail-value">
                ${d.value === null || d.value === undefined
                  ? html`<span class="empty">${w.confirmEmptyValue}</span>`
                  : html`<span class="run">${streamText(String(d.value))}</span>`}
              </dd>
            </div>`,
        )}
      </dl>
    </div>`;
  }

  // Only a person's press counts as begun early: a script's events can't spoil the person's next click.
  readonly #onPress = (event: Event): void => {
    if (event.isTrusted) this.#pressedEarly = !this.armed;
  };

  readonly #onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Tab') return this.#keepFocusInside(event);
    if (event.key === 'Escape' || event.repeat || !event.isTrusted) return;
    this.#pressedEarly = !this.armed;
  };

  /** Tab and Shift+Tab go round the dialog's own stops: a modal dialog alone doesn't keep focus from leaving the page. */
  #keepFocusInside(event: KeyboardEvent): void {
    const stops = [...this.dialog.querySelectorAll<HTMLElement>('.details, button')];
    if (stops.length === 0) return;
    const at = stops.indexOf(this.shadowRoot?.activeElement as HTMLElement);
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    if (event.shiftKey && at <= 0) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (at === -1 || at === stops.length - 1)) {
      event.preventDefault();
      first.focus();
    }
  }

  readonly #onCancel = (event: Event): void => {
    // Escape (or any close request, from anywhere): a no is always safe, so it needs neither waiting nor a person;
    // answered here, never by the browser's close bookkeeping (its returnValue is never read).
    event.preventDefault();
    this.#finish('cancelled');
  };

  readonly #onClose = (): void => {
    // The late `close` of a dialog we closed ourselves must not answer the next request (Cancel, then a quick press).
    if (this.#ownCloses > 0) {
      this.#ownCloses--;
      return;
    }
    // Closed by something else (dialog.close() from outside, a form): that is not a yes either.
    if (this.#showing) this.#finish('cancelled');
  };

  #finish(answer: ConfirmationAnswer): void {
    const showing = this.#showing;
    if (!showing) return;
    this.#showing = null;
    this.#stopInert();
    this.active = false;
    this.#pressedEarly = false;
    for (const undo of this.#watchers.splice(0)) undo();
    if (this.dialog?.open) {
      this.#ownCloses++;
      this.dialog.close();
    }
    const opener = showing.opener;
    if (opener?.isConnected) opener.focus();
    showing.settle(answer);
    this.dispatchEvent(new AeConfirmCloseEvent(answer));
  }
}

defineElement('ae-confirm-dialog', AeConfirmDialogElement);

declare global {
  interface HTMLElementTagNameMap {
    'ae-confirm-dialog': AeConfirmDialogElement;
  }
  interface HTMLElementEventMap {
    'ae-confirm-close': AeConfirmCloseEvent;
  }
}
