import { html } from 'lit';
import type { NodeView } from './view.js';
import { listProp } from './parts.js';
import { rowCells } from './table.js';

/**
 * TableRow(cells). A Table draws its rows itself; this view only runs for a row that isn't inside a Table (a
 * stream error), and still shows its cells as a one-row table rather than nothing.
 */
export const tableRow: NodeView = {
  render(node, screen) {
    return html`<table class="table"><tbody><tr>${rowCells(node, listProp(node.props['cells']).length, screen.locale)}</tr></tbody></table>`;
  },
};
