import { css, html } from 'lit';
import { isEndAligned } from '../../../src/ops/index.js';
import type { NodeView } from '../screenContext.js';
import { children } from './children.js';
import { scope, spans } from './spans.js';

/**
 * table: a table built from its rows' and cells' own elements, with table roles (a native `<table>` can't
 * hold the elements each row and cell draws in), inside a focusable region that scrolls sideways when narrow.
 */
export const table: NodeView = {
  render(node, screen) {
    return html`<div class="table-scroll" part="table" role="region" tabindex="0" aria-label=${screen.words.tableScroll}>
      <div class="table" role="table">${children(node.children, screen, 'table')}</div>
    </div>`;
  },
};

/** row: its cells, directly (a chunk between would break the table layout); its element is the row (role `row`), a header row when `head` is set. */
export const row: NodeView = {
  render(node, screen) {
    return children(node.children, screen, 'row');
  },
};

/** cell: its spans; a column header in a header row; aligned to the end when `align` is `right`, else to the start. */
export const cell: NodeView = {
  render(node, screen, host) {
    const content = spans(node.spans, scope(screen, node.id, host));
    // Two fixed templates rather than bound attributes: a table has thousands of cells, and each binding is a
    // part Lit keeps for every one of them.
    return isEndAligned(node.attrs)
      ? html`<div class="cell-body num">${content}</div>`
      : html`<div class="cell-body" dir="auto">${content}</div>`;
  },
};

export const tableStyles = css`
  /* The scroll region's frame and the table's layout: the shared table (elements/shared/screen/viewStyles.ts). */
  .table { display: table; }
  .table > .chunk { display: table-row-group; content-visibility: visible; padding: 0; margin: 0; }
  morph-node[data-box='row'], .pending-row { display: table-row; }
  morph-node[data-box='cell'], .pending-row > .pending, morph-node[data-box='row'] > .pending {
    display: table-cell;
    padding: var(--_space-2) var(--_space-3);
    border-block-end: 1px solid var(--_divider);
    text-align: start;
    vertical-align: top;
  }
  morph-node[role='columnheader'] {
    color: var(--_label-text);
    font-weight: 600;
    font-size: var(--_font-size-sm);
    background: var(--_subtle);
  }
  .cell-body.num { text-align: end; }
  morph-node[data-box='row']:last-child > morph-node[data-box='cell'] { border-block-end: 0; }
`;
