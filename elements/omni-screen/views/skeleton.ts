import { css, html } from 'lit';
import type { NodeView } from './view.js';

/** Skeleton(lines): grey bars where content will be; read as "Loading…" by assistive technology. */
export const skeleton: NodeView = {
  render(node, screen) {
    const n = typeof node.props['lines'] === 'number' ? Math.min(6, Math.max(1, Math.trunc(node.props['lines']))) : 3;
    const bars = Array.from({ length: n }, (_, i) => i);
    return html`<div class="skeleton">
      <span class="visually-hidden">${screen.words.loading}</span>
      ${bars.map((i) => html`<div class="skeleton-bar ${i === n - 1 && n > 1 ? 'last' : ''}" aria-hidden="true"></div>`)}
    </div>`;
  },
};

export const skeletonStyles = css`
  .skeleton {
    display: flex;
    flex-direction: column;
    gap: var(--_space-2);
  }
  .skeleton-bar {
    height: 0.9em;
    border-radius: 4px;
    background: linear-gradient(90deg, var(--_placeholder), var(--_placeholder-highlight), var(--_placeholder));
    background-size: 200% 100%;
    animation: omni-shimmer 1.4s ease-in-out infinite;
  }
  .skeleton-bar.last { width: 60%; }
  @keyframes omni-shimmer {
    from { background-position: 100% 0; }
    to { background-position: -100% 0; }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton-bar { animation: none; }
  }
`;
