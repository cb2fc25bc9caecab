import { css, html, nothing } from 'lit';
import { domId, type NodeView } from '../screenContext.js';
import { body } from './container.js';
import { firstAttr } from './parts.js';

/**
 * Form: its fields and Buttons; any Button inside sends it (after `required` is checked). Enter in a field
 * sends nothing by itself: a person sends with a Button, whose label the action carries.
 */
export const form: NodeView = {
  render(node, screen, host) {
    const title = firstAttr(node.attrs, ['title', 'label']);
    const id = domId.title(node.id);
    return html`<form class="form" part="form" novalidate aria-labelledby=${title ? id : nothing} @submit=${(e: Event) => e.preventDefault()}>
      ${title ? html`<div class="card-title" id=${id} dir="auto">${title}</div>` : nothing}
      ${body(node, screen, host)}
    </form>`;
  },
};

export const formStyles = css`
  .form {
    display: flex;
    flex-direction: column;
    gap: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4);
  }
`;
