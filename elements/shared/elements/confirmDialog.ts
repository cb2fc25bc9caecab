/**
 * The renderer's own confirmation ([9.1]): a sentence from the app, Cancel and Confirm. Nothing in a stream
 * can open, skip or draw it; the element that owns a press calls `ask()`.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { query, state } from 'lit/decorators.js';
import { AgentElement } from '../base/agentElement.js';
import { withoutDirectionControls } from '../../../src/stream/directionControls.js';
import { defineElement } from '../base/defineElement.js';

/** The element that has focus, looking inside shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** `ae-confirm-close`: the dialog closed; `confirmed` is the person's answer. */
export class AeConfirmCloseEvent extends Event {
  static readonly eventName = 'ae-confirm-close';
  /** The same answer as `confirmed`, where code reads it as a CustomEvent's `detail`. */
  readonly detail: { readonly confirmed: boolean };
  constructor(
    /** True when the person confirmed; false for Cancel, Escape, or the dialog dismissed. */
    readonly confirmed: boolean,
  ) {
    super(AeConfirmCloseEvent.eventName);
    this.detail = { confirmed };
  }
}

/**
 * A modal confirmation built on the native `<dialog>`: focus moves to Cancel (the safe choice), Tab stays
 * inside, Escape cancels, and focus returns to the opener when it closes. The sentence is always text,
 * never markup. Words come from `strings` (`confirmTitle`, `cancel`, `confirm`).
 *
 * @csspart dialog - The `<dialog>` box.
 * @csspart title - The heading ("Please confirm").
 * @csspart sentence - The app's sentence.
 * @csspart actions - The row of buttons.
 * @csspart cancel - The Cancel button.
 * @csspart confirm - The Confirm button.
 * @fires {AeConfirmCloseEvent} ae-confirm-close - When the dialog closes: `confirmed` (also as `detail.confirmed`). Not composed.
 *
 * @tag ae-confirm-dialog
 */
export class AeConfirmDialog extends AgentElement {
  static override styles = [
    AgentElement.styles,
    css`
      :host {
        display: contents;
      }
      dialog {
        box-sizing: border-box;
        inline-size: min(28rem, calc(100vw - 2 * var(--_space-4)));
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
        margin: 0 0 var(--_space-6);
        white-space: pre-line;
        overflow-wrap: anywhere;
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
      .confirm {
        border: 1px solid var(--_accent);
        background: var(--_accent);
        color: var(--_on-accent);
      }
      button:focus-visible {
        outline: var(--_focus-width) solid var(--_focus);
        outline-offset: var(--_focus-offset);
      }
    `,
  ];

  @state() private sentence = '';
  @query('dialog') private dialog!: HTMLDialogElement;
  @query('.cancel') private cancelButton!: HTMLButtonElement;

  private pending?: { resolve: (confirmed: boolean) => void; opener: HTMLElement | null };
  /** `close` events still to come for closes we made ourselves: the browser fires them later, in a task. */
  private ownCloses = 0;

  /** True while the dialog is open. */
  get open(): boolean {
    return !!this.pending;
  }

  /**
   * Shows `sentence` (as plain text) and resolves true when the person confirms, false when they cancel,
   * press Escape, or another `ask()` replaces this one. Focus goes back to `opener` (default: whatever had
   * focus) when the dialog closes.
   */
  async ask(sentence: string, opener?: HTMLElement | null): Promise<boolean> {
    if (this.pending) this.finish(false);
    const from = opener ?? deepActiveElement();
    const answer = new Promise<boolean>((resolve) => {
      this.pending = { resolve, opener: from };
    });
    // The sentence may carry values from a stream (an app's function writes them in as it likes): shown without
    // the direction controls that could make a value read differently from what will be sent.
    this.sentence = withoutDirectionControls(String(sentence));
    await this.updateComplete;
    if (!this.isConnected || !this.dialog) {
      this.finish(false);
      return answer;
    }
    if (!this.dialog.open) this.dialog.showModal();
    this.cancelButton.focus();
    return answer;
  }

  /** Closes the dialog as if the person cancelled (the element that asked started over). */
  dismiss(): void {
    this.finish(false);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Leaving the page is not a yes.
    if (this.pending) this.finish(false);
  }

  protected override render(): TemplateResult {
    const w = this.words;
    return html`<dialog
      part="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="title"
      aria-describedby="sentence"
      @cancel=${this.onCancel}
      @close=${this.onClose}
    >
      <h2 id="title" part="title">${w.confirmTitle}</h2>
      <p id="sentence" part="sentence">${this.sentence || nothing}</p>
      <div class="actions" part="actions">
        <button type="button" class="cancel" part="cancel" @click=${() => this.finish(false)}>${w.cancel}</button>
        <button type="button" class="confirm" part="confirm" @click=${() => this.finish(true)}>${w.confirm}</button>
      </div>
    </dialog>`;
  }

  private readonly onCancel = (event: Event): void => {
    // Escape: answer no ourselves, so the answer never depends on the browser's close bookkeeping.
    event.preventDefault();
    this.finish(false);
  };

  private readonly onClose = (): void => {
    // The late `close` of a dialog we closed ourselves must not answer the next ask() (Cancel, then a quick press).
    if (this.ownCloses > 0) {
      this.ownCloses--;
      return;
    }
    // Closed by something else (dialog.close() from outside, a form): that is not a yes either.
    if (this.pending) this.finish(false);
  };

  private finish(confirmed: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    if (this.dialog?.open) {
      this.ownCloses++;
      this.dialog.close();
    }
    const opener = pending.opener;
    if (opener?.isConnected) opener.focus();
    pending.resolve(confirmed);
    this.dispatchEvent(new AeConfirmCloseEvent(confirmed));
  }
}

defineElement('ae-confirm-dialog', AeConfirmDialog);

declare global {
  interface HTMLElementTagNameMap {
    'ae-confirm-dialog': AeConfirmDialog;
  }
  interface HTMLElementEventMap {
    'ae-confirm-close': AeConfirmCloseEvent;
  }
}
