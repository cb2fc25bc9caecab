import { css, html, nothing } from 'lit';
import type { NodeView } from '../screenContext.js';
import { children } from './children.js';
import { scope, spans } from './spans.js';

/** quote: its spans, then any blocks it holds. */
export const quote: NodeView = {
  render(node, screen, host) {
    const own = node.spans.length > 0 ? html`<p class="prose" dir="auto">${spans(node.spans, scope(screen, node.id, host))}</p>` : nothing;
    return html`<blockquote class="quote">${own}${children(node.children, screen)}</blockquote>`;
  },
};

/** hr: a break between parts. */
export const rule: NodeView = {
  render() {
    return html`<hr class="rule" />`;
  },
};

export const quoteStyles = css`
  .quote {
    margin: 0;
    padding-inline-start: var(--_space-4);
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted-text);
    display: flex;
    flex-direction: column;
    gap: var(--_space-2);
  }
  .rule { border: 0; border-block-start: 1px solid var(--_divider); margin: var(--_space-2) 0; inline-size: 100%; }
`;
