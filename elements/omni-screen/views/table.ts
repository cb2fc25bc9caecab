import { css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { OmniNode } from '../../../src/omni-ir/index.js';
import { fill } from '../../../strings/en.js';
import type { ScreenContext } from '../screenContext.js';
import { numberFormat } from '../../shared/base/locale.js';
import type { NodeView } from './view.js';
import { child, fallback, listProp, placeholder, streamText } from './parts.js';

/** One body row of cells; numbers aligned to the end ([8] Tables) and written the way `locale` writes them, whole. */
export function rowCells(row: OmniNode, columns: number, locale: string): TemplateResult {
  const numbers = numberFormat(locale, { maximumFractionDigits: 20 });
  const cells = listProp(row.props['cells']);
  const count = Math.max(columns, cells.length);
  return html`${Array.from({ length: count }, (_, i) => {
    const cell = cells[i];
    return typeof cell === 'number'
      ? html`<td class="num">${numbers.format(cell)}</td>`
      : html`<td>${streamText(cell ?? '')}</td>`;
  })}`;
}

/**
 * Table(columns, children): a real <table> with column headers, drawing its TableRows itself so assistive
 * technology sees one table. Inside a focusable, named scroll region, so a narrow screen scrolls it sideways
 * and keyboard users can scroll it too.
 */
export const table: NodeView = {
  render(node, screen) {
    const columns = listProp(node.props['columns']).map((c) => streamText(String(c)));
    // Named by its columns too, so two tables on one screen are two different regions.
    const name = columns.length > 0 ? fill(screen.words.tableScrollNamed, { columns: columns.join(', ') }) : screen.words.tableScroll;
    const numeric = numericColumns(screen, node.children, columns.length);
    return html`<div class="table-scroll" part="table" role="region" tabindex="0" aria-label=${name}>
      <table class="table">
        <thead>
          <tr>${columns.map((c, i) => html`<th scope="col" class=${numeric[i] ? 'num' : nothing}>${c}</th>`)}</tr>
        </thead>
        <tbody>
          ${repeat(
            node.children,
            (id) => id,
            (id) => row(screen, id, columns.length),
          )}
        </tbody>
      </table>
    </div>`;
  },
};

/** Columns whose arrived cells are all numbers: their headings line up with the cells, at the end ([8] Tables). */
function numericColumns(screen: ScreenContext, ids: readonly string[], columns: number): boolean[] {
  const numeric = Array.from({ length: columns }, () => false);
  const other = Array.from({ length: columns }, () => false);
  for (const id of ids) {
    const r = child(screen, id, 'TableRow');
    if (typeof r === 'string') continue;
    const cells = listProp(r.props['cells']);
    for (let i = 0; i < columns; i++) {
      const cell = cells[i];
      if (typeof cell === 'number') numeric[i] = true;
      else if (cell !== undefined && cell !== '') other[i] = true;
    }
  }
  return numeric.map((n, i) => n && !other[i]);
}

function row(screen: ScreenContext, id: string, columns: number): TemplateResult {
  const r = child(screen, id, 'TableRow');
  if (r === 'pending') return html`<tr><td colspan=${Math.max(1, columns)}>${placeholder('text', screen.words.loading)}</td></tr>`;
  if (r === 'missing') return html`<tr><td colspan=${Math.max(1, columns)}>${fallback(screen.words, 'missing', 'text')}</td></tr>`;
  return html`<tr>${rowCells(r, columns, screen.locale)}</tr>`;
}

export const tableStyles = css`
  /* The scroll region's frame and the table's layout: the shared table (elements/shared/screen/viewStyles.ts). */
  .table-scroll {
    /* Off screen, skipped by the browser, as a Card is (card.ts). */
    content-visibility: auto;
    contain-intrinsic-block-size: auto 12rem;
  }
  .table th,
  .table td {
    padding: var(--_space-2) var(--_space-3);
    text-align: start;
    border-block-end: 1px solid var(--_divider);
    white-space: nowrap;
  }
  .table th {
    color: var(--_label-text);
    font-weight: 600;
    font-size: var(--_font-size-sm);
    background: var(--_subtle);
  }
  .table td.num,
  .table th.num { text-align: end; }
  .table tbody tr:last-child td { border-block-end: 0; }
  @container (max-width: 26rem) { .table th, .table td { padding-inline: var(--_space-2); } }
`;
