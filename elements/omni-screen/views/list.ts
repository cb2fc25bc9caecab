import { css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { NodeView } from './view.js';

/** List(children): a real list; each item keeps its own node element inside its <li>. */
export const list: NodeView = {
  render(node, screen) {
    return html`<ul class="list" part="list">
      ${repeat(
        node.children,
        (id) => id,
        (id) => html`<li class="list-slot"><omni-node .nodeId=${id} .screen=${screen}></omni-node></li>`,
      )}
    </ul>`;
  },
};

export const listStyles = css`
  .list {
    list-style: none;
    margin: 0;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    /* Off screen, skipped by the browser, as a Card is (card.ts); nothing in a list takes focus to be clipped. */
    content-visibility: auto;
    contain-intrinsic-block-size: auto 12rem;
  }
  .list-slot + .list-slot { border-block-start: 1px solid var(--_divider); }
`;
