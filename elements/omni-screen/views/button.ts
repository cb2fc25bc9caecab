import { css, html, nothing } from 'lit';
import type { NodeView } from './view.js';
import { oneOf, text } from './parts.js';
import { domId } from '../screenContext.js';
import { ApprovalController } from '../../shared/controllers/approval.js';
import { readsArrived, type PressNote } from '../model/presses.js';
import type { Strings } from '../../../strings/en.js';

/**
 * Button(label, action, variant). Without an action it only looks like a button and never reaches the
 * backend. With one, it stays unavailable until its McpMutation has arrived and every `$key` its params read has
 * been declared ([5.11]), and for good if they never do ([9]); a press goes through the screen's checks ([9.3]),
 * and while the handler runs the button is busy and can't be pressed again. What happened is said in words next
 * to it, in a polite live region; beside them, Cancel while a press waits for the server, and Try again when no
 * answer came (the same press, so the server does it at most once).
 */
export const button: NodeView = {
  render(node, screen) {
    const variant = oneOf(node.props['variant'], ['primary', 'secondary', 'danger'], 'primary');
    const label = text(screen, node.props['label']);
    const governed = typeof node.props['action'] === 'string';
    if (!governed) {
      // In the same box as a governed Button, so both size to their label wherever they are placed.
      return html`<span class="action"><button type="button" class="button ${variant}" part="button">${label}</button></span>`;
    }
    // A press needs the checks, the dialog and the schema checker: start fetching them as the Button appears.
    ApprovalController.warm();
    const words = screen.words;
    const mutation = screen.doc.mutation(node.id);
    const approved = mutation !== undefined && readsArrived(screen.doc, mutation);
    const phase = screen.phase(node.id);
    const note = screen.note(node.id);
    const busy = phase === 'running' || phase === 'checking';
    // What happened to a press: said in a polite live region next to the button.
    const status =
      noteWords(note, phase, words) ??
      (phase === 'running'
        ? words.actionRunning
        : phase === 'blocked'
          ? words.actionBlocked
          : phase === 'changed'
            ? words.actionChanged
            : phase === 'unseen'
              ? words.actionUnseen
              : phase === 'failed'
            ? words.actionFailed
            : phase === 'done'
              ? words.actionDone
              : '');
    // Why it can't be pressed yet: a description, not an announcement.
    const why = approved ? '' : screen.doc.ended ? words.actionBlocked : words.actionPending;
    const statusId = domId.status(node.id);
    const whyId = `${statusId}-why`;
    const describedBy = [why ? whyId : '', status ? statusId : ''].filter(Boolean).join(' ');
    const unavailable = !approved || busy;
    const press = (e: Event) => {
      if (unavailable) return;
      screen.press(node.id, e.currentTarget as HTMLElement);
    };
    return html`<span class="action">
      <button
        type="button"
        class="button ${variant}"
        part="button"
        data-omni-button=${node.id}
        aria-disabled=${unavailable ? 'true' : nothing}
        aria-busy=${busy ? 'true' : nothing}
        aria-describedby=${describedBy || nothing}
        @click=${press}
      >
        ${label}
      </button>
      ${why ? html`<span class="visually-hidden" id=${whyId}>${why}</span>` : nothing}
      <span class="action-status ${phase}" id=${statusId} part="action-status" role="status">${status}</span>
      ${afterPress(note, phase, words, (opener) => screen.press(node.id, opener))}
    </span>`;
  },
};

/** The words a note puts in place of the phase's, while it applies. */
function noteWords(note: PressNote | null, phase: string, words: Strings): string | undefined {
  if (note?.kind === 'withdrawn' && phase === 'idle') return words.actionWithdrawn;
  if (note?.kind === 'unanswered' && phase === 'failed') {
    return note.why === 'stopped' ? words.actionStopped : words.actionNoAnswer;
  }
  return undefined;
}

/**
 * Cancel while a press waits for the server, Try again once no answer came. One template, so the same element
 * changes from one to the other and keeps focus when the person pressed Cancel.
 */
function afterPress(note: PressNote | null, phase: string, words: Strings, again: (opener: HTMLElement) => void) {
  const waiting = note?.kind === 'waiting' && phase === 'running' ? note : null;
  const retry = note?.kind === 'unanswered' && phase === 'failed';
  if (!waiting && !retry) return nothing;
  const act = (e: Event) => (waiting ? waiting.cancel() : again(e.currentTarget as HTMLElement));
  return html`<button type="button" class="button secondary small" part=${waiting ? 'action-cancel' : 'action-retry'} @click=${act}>
    ${waiting ? words.cancel : words.retry}
  </button>`;
}

/*
 * A Button sizes to its label, not to the column it is in. What happened to a press is said under it, never beside
 * it, and its words take no width of their own: so "Working…" turning into "Done." moves no button, neither this
 * one nor a Cancel beside it. In a column they take the column's width (the button keeps the column's alignment
 * inside its box). In a row, where other buttons sit beside it, they go on a line of their own under the row's
 * buttons, the row's width (squeezed under "Pay", its failure took six lines); empty, the status stays at the end
 * of the first line, taking no room. Buttons in a row line up on their labels' baseline.
 */
export const buttonStyles = css`
  .action {
    display: inline-flex;
    flex-direction: column;
    align-items: flex-start;
    max-inline-size: 100%;
  }
  .action-status {
    align-self: stretch;
    contain: inline-size;
  }
  .stack:not(.row) > omni-node > .action { align-self: stretch; }
  .stack.align-center:not(.row) > omni-node > .action { align-items: center; text-align: center; }
  .stack.align-end:not(.row) > omni-node > .action { align-items: flex-end; text-align: end; }
  .stack.row > omni-node > .action { display: contents; }
  .stack.row > omni-node > .action > * { order: 1; }
  .stack.row > omni-node > .action > [part='button'] { order: 0; align-self: baseline; }
  .stack.row > omni-node > .action > .action-status:not(:empty) { flex-basis: 100%; margin-block-start: 0; }
  .action-status:not(:empty) { margin-block-start: var(--_space-1); }
  /* A button's own look, primary and disabled: the shared button (elements/shared/screen/viewStyles.ts). */
  .button.secondary { background: var(--_surface); color: var(--_text); border-color: var(--_input-border); }
  .button.danger { background: var(--_danger); color: var(--_on-danger); }
  .button[aria-busy='true'] { cursor: progress; }
  .action-status { font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .action-status.failed,
  .action-status.blocked { color: var(--_danger-text); }
`;
