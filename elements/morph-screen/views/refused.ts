import { css, html, nothing } from 'lit';
import type { NodeView } from '../screenContext.js';
import { children } from './children.js';
import { fallback } from './parts.js';

/**
 * A node the document refused (a type that isn't one, a node its parent can't hold, content over a limit), or a
 * gap (a position no readable op came for, see `OpDocument`): until a later op for its id fills it. It
 * kept its place, so what follows it draws where it belongs; it shows none of its own content: a small block
 * saying a part of the answer can't be shown where it had some, nothing where it had none, and then whatever
 * it holds, which the document accepted. The box it draws in is the one its parent holds (a list item in a
 * list, a row in a table, a cell in a row), so the structure around it stays what it says it is.
 */
export const refused: NodeView = {
  render(node, screen) {
    const parent = node.parent === null ? undefined : screen.doc.node(node.parent);
    const own = node.refused?.content === true || node.spans.length > 0;
    // A gap (no readable op came for this position) says so; a refused op says its part can't be shown.
    const words = node.refused?.code === 'id_skips' ? screen.words.answerUnread : screen.words.answerCrashed;
    const block = own ? fallback(words, 'refused', 'text') : nothing;
    // A row stands for the refused node in a table: its block sits in a cell, as a table's rows hold only cells.
    const inRow = parent?.type === 'table' && own ? html`<div class="refused-cell" role="cell">${block}</div>` : block;
    return html`${inRow}${children(node.children, screen, parent?.type === 'table' ? 'row' : 'block')}`;
  },
};

export const refusedStyles = css`
  .refused-cell { display: table-cell; padding: var(--_space-2) var(--_space-3); }
`;
