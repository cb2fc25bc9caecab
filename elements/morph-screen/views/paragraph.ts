import { html } from 'lit';
import type { NodeView } from '../screenContext.js';
import { scope, spans } from './spans.js';

/** p: a paragraph of spans, its direction told by its own first strong character. */
export const paragraph: NodeView = {
  render(node, screen, host) {
    return html`<p class="prose" dir="auto">${spans(node.spans, scope(screen, node.id, host))}</p>`;
  },
};
