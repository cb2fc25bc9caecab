import { css, html, nothing } from 'lit';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

/** Fields in which Enter sends their Form, as a browser's own forms do: one-line text fields. */
const ENTER_SENDS = new Set(['text', 'email', 'tel', 'url', 'number', 'search', 'password', 'date']);

/**
 * Form: its fields and Buttons, in a card frame; any Button inside (a Button node, or one in a sentence) sends
 * it once every field's value can be sent. Enter in a one-line field sends it as its first Button does (a
 * Form without a Button sends nothing: the format sends a Form through a Button). Once sent it says "Sent."
 * and its Buttons say so too, until a field changes: a second press can't send the same thing twice.
 */
export const form: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    const sent = screen.forms.sent(node.id);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement;
      if (!(target instanceof HTMLInputElement) || !ENTER_SENDS.has(target.type)) return;
      // The nearest Form: a Form inside this one handles its own fields.
      if (target.closest('form') !== e.currentTarget) return;
      e.preventDefault();
      screen.forms.submitByEnter(node);
    };
    return html`<form
      class="form framed"
      part="form"
      novalidate
      aria-labelledby=${title ? id : nothing}
      @submit=${(e: Event) => e.preventDefault()}
      @keydown=${onKey}
    >
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      ${body(node, screen, host)}
      <p class="form-status">${sent ? screen.words.formSent : ''}</p>
    </form>`;
  },
};

export const formStyles = css`
  .form-status { margin: 0; font-size: var(--_font-size-sm); color: var(--_success-text); font-weight: 600; }
  .form-status:empty { display: none; }
`;
