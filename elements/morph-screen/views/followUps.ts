import { css, html } from 'lit';
import { followUpAction, type ListData } from '../../../src/ops/index.js';
import type { NodeView } from '../screenContext.js';
import { body } from './container.js';
import { settled, standIn } from './parts.js';
import { inline, scope } from './spans.js';

/** FollowUps: each item a button that asks it (the `ask` action, with the item's words). */
export const followUps: NodeView = {
  render(node, screen, host) {
    if (node.dataKind !== 'list') {
      if (settled(node, screen) && !node.refused && (node.spans.length > 0 || node.children.length > 0)) return body(node, screen, host);
      return standIn(node, screen, 'control');
    }
    const items = (node.data as ListData).items;
    const at = scope(screen, node.id, host);
    return html`<ul class="follow-ups" part="follow-ups" aria-label=${screen.words.followUps}>
      ${items.map(
        (item) => html`<li>
          <button type="button" class="chip" part="follow-up" @click=${() => screen.act(followUpAction(node.id, item))}>
            <bdi>${inline(item, at)}</bdi>
          </button>
        </li>`,
      )}
    </ul>`;
  },
};

export const followUpsStyles = css`
  .follow-ups { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--_space-2); }
  .chip {
    font: inherit;
    font-size: var(--_font-size-sm);
    color: var(--_accent);
    background: var(--_surface);
    border: 1px solid var(--_input-border);
    border-radius: 999px;
    padding: var(--_space-1) var(--_space-3);
    cursor: pointer;
    text-align: start;
  }
  .chip:hover { background: var(--_accent-soft); }
`;
