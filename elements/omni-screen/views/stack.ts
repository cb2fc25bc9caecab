import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { nodes, oneOf } from './parts.js';

/** Stack(children, direction, gap, align): a row or column of its children. */
export const stack: NodeView = {
  render(node, screen) {
    const direction = oneOf(node.props['direction'], ['row', 'column'], 'column');
    const gap = oneOf(node.props['gap'], ['none', 'sm', 'md', 'lg'], 'md');
    const align = oneOf(node.props['align'], ['start', 'center', 'end', 'stretch'], 'stretch');
    return html`<div class="stack ${direction} gap-${gap} align-${align}" part="stack">${nodes(screen, node)}</div>`;
  },
};

export const stackStyles = css`
  .stack {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .stack.row {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .stack.gap-none { gap: 0; }
  .stack.gap-sm { gap: var(--_space-2); }
  .stack.gap-md { gap: var(--_space-3); }
  .stack.gap-lg { gap: var(--_space-6); }
  .stack.align-start { align-items: flex-start; }
  .stack.align-center { align-items: center; }
  .stack.align-end { align-items: flex-end; }
  .stack.align-stretch { align-items: stretch; }
  .stack.row.align-stretch { align-items: center; }
  /* Cards side by side share the row and line up in height; wrapped on a narrow screen, each takes the width. */
  .stack.row > omni-node > .card { flex: 1 1 12rem; align-self: stretch; }
`;
