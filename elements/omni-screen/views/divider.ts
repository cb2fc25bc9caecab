import { css, html } from 'lit';
import type { NodeView } from './view.js';

/** Divider(): a separator. */
export const divider: NodeView = {
  render() {
    return html`<hr class="divider" />`;
  },
};

export const dividerStyles = css`
  .divider {
    border: 0;
    border-block-start: 1px solid var(--_divider);
    margin: var(--_space-1) 0;
    align-self: stretch;
  }
`;
