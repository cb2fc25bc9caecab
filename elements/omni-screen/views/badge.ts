import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { oneOf, text } from './parts.js';

/** Badge(text, tone): a short label in one of the renderer's tones. */
export const badge: NodeView = {
  render(node, screen) {
    const tone = oneOf(node.props['tone'], ['neutral', 'success', 'warning', 'danger'], 'neutral');
    return html`<span class="badge tone-${tone}" part="badge">${text(screen, node.props['text'])}</span>`;
  },
};

export const badgeStyles = css`
  .badge {
    display: inline-block;
    align-self: flex-start;
    padding: 0.1em 0.6em;
    border-radius: 999px;
    font-size: var(--_font-size-sm);
    font-weight: 600;
    background: var(--_subtle);
    color: var(--_text);
    border: 1px solid var(--_border);
    overflow-wrap: anywhere;
  }
  .badge.tone-success { background: var(--_success-soft); color: var(--_success-text); border-color: transparent; }
  .badge.tone-warning { background: var(--_warning-soft); color: var(--_warning-text); border-color: transparent; }
  .badge.tone-danger { background: var(--_danger-soft); color: var(--_danger-text); border-color: transparent; }
`;
