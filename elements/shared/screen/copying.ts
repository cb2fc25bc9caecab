/**
 * Copying from a screen. The browser would copy the DOM as it is: a table built of role elements pastes as one
 * value per line and as nested custom elements a spreadsheet can't read, and the words said only to screen
 * readers ("(opens in a new tab)", "Done:") come along. A screen instead puts on the clipboard what a sighted
 * reader sees of the selection, in shapes other programs read: text where a table's cells are separated by tabs
 * and its rows by newlines, and plain HTML (a real `<table>`, the text's own tags, links with their address).
 */
import { ownUiRoot } from '../base/ownUi.js';

/** Roles the screens give their own elements, as the HTML tag that means the same. */
const ROLE_TAGS: Readonly<Record<string, string>> = { table: 'table', row: 'tr', columnheader: 'th', rowheader: 'th', cell: 'td', listitem: 'li' };
/** Tags whose meaning a paste keeps: copied as they are (with `href`, `src`, `alt`, `dir`); other elements copy their content. */
const KEPT = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li a strong em b i s del ins code pre kbd blockquote q sup sub mark br img hr table caption thead tbody tr th td figure figcaption'.split(' '),
);
const ATTRS = ['href', 'src', 'alt', 'dir'];
/** A table's groups of rows (the screens' chunks of rows are such boxes) as the tags a `<table>` may hold. */
const GROUP_TAGS: Readonly<Record<string, string>> = { 'table-row-group': 'tbody', 'table-header-group': 'thead', 'table-footer-group': 'tfoot' };
/** How a table and its parts lay out where no style applies (content made for the copy, not in the page); the rest is inline. */
const DETACHED_DISPLAY: Readonly<Record<string, string>> = {
  div: 'block',
  table: 'table',
  caption: 'table-caption',
  thead: 'table-header-group',
  tbody: 'table-row-group',
  tfoot: 'table-footer-group',
  tr: 'table-row',
  td: 'table-cell',
  th: 'table-cell',
};
/** Blocks followed by a blank line in the copied text, as a reader sees a paragraph end. */
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The `copy` handler of a screen whose content lives in `root`: when the whole selection is in it (and not in
 * a field, which copies its own value), the clipboard gets the selection's text and HTML instead of the DOM's.
 */
export function copySelection(event: ClipboardEvent, root: ShadowRoot): void {
  const from = event.composedPath()[0];
  if (!event.clipboardData || from instanceof HTMLInputElement || from instanceof HTMLTextAreaElement || (from instanceof HTMLElement && from.isContentEditable)) return;
  const range = selectedIn(root);
  if (!range) return;
  const { text, html } = copyOf(range);
  event.clipboardData.setData('text/plain', text);
  event.clipboardData.setData('text/html', html);
  event.preventDefault();
}

/** The selection as a range of `root`'s own nodes, when it starts and ends inside it and selects something. */
function selectedIn(root: ShadowRoot): Range | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const [composed] =
    typeof selection.getComposedRanges === 'function'
      ? selection.getComposedRanges({ shadowRoots: [root] })
      : [inRoot((root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.())];
  if (!composed || composed.collapsed || !root.contains(composed.startContainer) || !root.contains(composed.endContainer)) return null;
  const range = document.createRange();
  range.setStart(composed.startContainer, composed.startOffset);
  range.setEnd(composed.endContainer, composed.endOffset);
  return range;
}

/** Chromium's own selection of a shadow root, where `getComposedRanges` is missing. */
const inRoot = (selection: Selection | null | undefined): Range | undefined => (selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined);

/**
 * The selected part of the tree as plain text and as HTML. A selection across a table's cells keeps the table
 * around the part selected; words within one cell are just words.
 */
function copyOf(range: Range): { text: string; html: string } {
  const common = range.commonAncestorContainer;
  const at = common instanceof Element ? common : common.parentElement;
  // A table of role elements (<morph-screen>'s) or a real one (<omni-screen>'s).
  const inCell = at?.closest('[role="cell"], [role="columnheader"], [role="rowheader"], td, th');
  const from = (inCell ? null : at?.closest('[role="table"], table')) ?? common;
  const box = document.createElement('div');
  const text = new PlainText();
  copyNode(from, range, box, text, { cells: 0, inCell: false });
  // Serialised, never parsed: the clipboard's text/html takes a string, and `box` holds only elements made with
  // createElement and text set as text, so the stream's words come out escaped. Nothing here reads markup in.
  return { text: text.done(), html: box.outerHTML };
}

/** Where in a table the walk is: the cells of the row copied so far (the next one comes after a tab), and whether it is inside a cell. */
interface InTable {
  cells: number;
  inCell: boolean;
}

function copyNode(node: Node, range: Range, into: Node, text: PlainText, table: InTable): void {
  if (node instanceof Text) {
    const end = node === range.endContainer ? range.endOffset : node.length;
    const data = node.data.slice(node === range.startContainer ? range.startOffset : 0, end);
    if (!data) return;
    text.words(data, !table.inCell && node.parentElement?.closest('pre') != null);
    into.appendChild(document.createTextNode(data));
    return;
  }
  if (!(node instanceof Element)) {
    for (const child of node.childNodes) if (range.intersectsNode(child)) copyNode(child, range, into, text, table);
    return;
  }
  if (unseen(node)) return;
  const display = getComputedStyle(node).display || (DETACHED_DISPLAY[node.localName] ?? 'inline');
  if (display === 'none') return;
  const tag = ROLE_TAGS[node.getAttribute('role') ?? ''] ?? GROUP_TAGS[display] ?? (KEPT.has(node.localName) ? node.localName : null);
  const block = !display.startsWith('inline') && display !== 'contents';
  let inside = into;
  if (tag !== null || block) {
    const copy = document.createElement(tag ?? 'div');
    for (const name of ATTRS) {
      const value = node.getAttribute(name);
      if (value !== null) copy.setAttribute(name, value);
    }
    into.appendChild(copy);
    inside = copy;
  }
  // A row is a line and its cells are split by tabs; whatever a cell holds stays on its line.
  let within = table;
  if (display === 'table-row') within = { cells: 0, inCell: false };
  else if (display === 'table-cell') {
    if (table.cells++ > 0) text.tab();
    within = { cells: 0, inCell: true };
  }
  const line = display === 'table-row' || (block && display !== 'table-cell');
  if (line) text.breakLine(table.inCell ? 0 : 1);
  if (node.localName === 'br') text.words(table.inCell ? ' ' : '\n', !table.inCell);
  // A component drawn in its own shadow root (a chart: a picture and a legend) copies what it offers for a copy
  // (the chart: its data table with every value, whatever part of it the selection spans), else its own table.
  const offered = (node as Element & { copyContent?: () => Node }).copyContent;
  const own = typeof offered === 'function' ? offered.call(node) : node.shadowRoot?.querySelector('table');
  if (own) {
    const whole = document.createRange();
    whole.selectNode(own);
    copyNode(own, whole, inside, text, { cells: 0, inCell: false });
  }
  for (const child of node.childNodes) if (range.intersectsNode(child)) copyNode(child, range, inside, text, within);
  if (line) text.breakLine(table.inCell ? 0 : PARAGRAPHS.has(node.localName) ? 2 : 1);
}

/** Not seen by a sighted reader, or not the answer's content: words for screen readers, hidden parts, the package's own UI. */
function unseen(el: Element): boolean {
  return el.classList.contains('visually-hidden') || (el instanceof HTMLElement && el.hidden !== false) || ownUiRoot(el) || el.localName === 'style' || el.localName === 'template';
}

/**
 * Text as a reader sees it laid out: runs of spaces collapsed (but in code), a newline between blocks (two after
 * a paragraph), a tab between a row's cells. A break is owed until words follow, so none leads or trails.
 */
class PlainText {
  #out = '';
  /** The separator owed before the next words: '', ' ', or newlines. */
  #owed = '';

  words(data: string, pre: boolean): void {
    if (pre) {
      this.#write(data);
      return;
    }
    const words = data.replace(/\s+/g, ' ');
    if (words.startsWith(' ')) this.#owe(' ');
    const inner = words.trim();
    if (inner) this.#write(inner);
    if (inner && words.endsWith(' ')) this.#owe(' ');
  }

  /** A block's edge: `lines` newlines before the next words; none (a block inside a table cell) is a space. */
  breakLine(lines: number): void {
    this.#owe(lines === 0 ? ' ' : '\n'.repeat(lines));
  }

  /** A tab between two cells, even when the cells before it were empty, so the columns stay in place. */
  tab(): void {
    // A row whose first cells were empty still starts on its own line.
    if (this.#out && this.#owed.startsWith('\n')) this.#out += this.#owed;
    this.#out += '\t';
    this.#owed = '';
  }

  done(): string {
    return this.#out;
  }

  #owe(separator: string): void {
    // A newline wins over a space, and two newlines over one.
    if (separator.length > this.#owed.length || (separator.startsWith('\n') && !this.#owed.startsWith('\n'))) this.#owed = separator;
  }

  #write(data: string): void {
    if (this.#out && !this.#out.endsWith('\t')) this.#out += this.#owed;
    this.#owed = '';
    this.#out += data;
  }
}
