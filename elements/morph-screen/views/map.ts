import { css, html } from 'lit';
import type { TableData } from '../../../src/ops/index.js';
import type { NodeView } from '../screenContext.js';
import { cellNumber, cellShown, cellText } from './numbers.js';
import { firstAttr, standIn, streamText } from './parts.js';

/**
 * Map: its places as a table (every place readable without a map), under a slot named `map-<id>` where the
 * app puts its own map: a child of `<morph-screen>` with `slot="map-3"` shows above the table of node "3"
 * (the `morph-end` event, or `state`, tells the app which ids are Maps). An app may instead register its own
 * element for `Map` in `components`; it then gets the table data as `data`.
 */
export const map: NodeView = {
  render(node, screen) {
    if (!node.closed || node.dataKind !== 'table') return standIn(node, screen, 'media');
    const data = node.data as TableData;
    const title = firstAttr(node.attrs, ['title', 'label']) || screen.words.mapPlaces;
    const numeric = data.columns.map((_, i) => data.rows.length > 0 && data.rows.every((r) => r[i] === null || r[i] === undefined || !Number.isNaN(cellNumber(r[i]))));
    return html`<div class="map" part="map">
      <slot name=${`map-${node.id}`}></slot>
      <div class="table-scroll" role="region" tabindex="0" aria-label=${title}>
        <table class="data-table">
          <caption dir="auto">${title}</caption>
          <thead>
            <tr>${data.columns.map((c, i) => html`<th scope="col" class=${numeric[i] ? 'num' : ''} dir="auto">${streamText(cellText(c))}</th>`)}</tr>
          </thead>
          <tbody>
            ${data.rows.map(
              (r) => html`<tr>${data.columns.map((_, i) => html`<td class=${numeric[i] ? 'num' : ''} dir="auto">${streamText(cellShown(r[i], screen.locale))}</td>`)}</tr>`,
            )}
          </tbody>
        </table>
      </div>
    </div>`;
  },
};

export const mapStyles = css`
  .map { display: flex; flex-direction: column; gap: var(--_space-2); min-width: 0; }
  .data-table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  .data-table caption { text-align: start; font-weight: 600; padding: var(--_space-2) var(--_space-3); }
  .data-table th, .data-table td { padding: var(--_space-2) var(--_space-3); border-block-end: 1px solid var(--_divider); text-align: start; }
  .data-table th { color: var(--_label-text); font-size: var(--_font-size-sm); background: var(--_subtle); }
  .data-table .num { text-align: end; }
`;
