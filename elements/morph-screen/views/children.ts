/**
 * A node's children (or the document's top level), drawn append-only. Ids are positions and a document only
 * ever grows, so a container never has to compare its list with what it drew: it appends an element for each
 * child it hasn't drawn yet and leaves every other one alone. The work per op is the new child, not the list,
 * and an element already shown (a field with focus, a chart) is never replaced while the answer grows.
 *
 * Children are held in chunks of a few dozen (plain boxes; row groups in a table), each skipped by the browser
 * while it is off screen (`content-visibility: auto`), so a new child costs the browser a chunk's layout and
 * paint, not the whole answer's: a long answer draws its 10,000th op as fast as its first. List items sit in
 * their list directly (a list may hold only items).
 *
 * A flood of children (a hostile stream, a document read at once) gets a few dozen new elements per task:
 * what isn't drawn yet is one block, pending, and the rest follows after the page had its turn. So no run of
 * waiting nodes costs an element each before it is drawn, and input stays answered.
 */
import { noChange, type ReactiveElement } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import type { MorphContext } from '../screenContext.js';

/** New node elements per task across the screen(s) of a page. */
const PER_TASK = 64;
/** Children per chunk. */
const CHUNK = 48;
let used = 0;
let resetting = false;

/** How many of `wanted` new elements may be made in this task. */
function allowance(wanted: number): number {
  if (!resetting) {
    resetting = true;
    setTimeout(() => {
      used = 0;
      resetting = false;
    }, 0);
  }
  const n = Math.max(0, Math.min(wanted, PER_TASK - used));
  used += n;
  return n;
}

/** Containers with children still to draw in a later task: tests wait for none. */
export const drawing = { waiting: 0 };

/**
 * What the container is, for the block standing in for children not drawn yet. A list's items and a row's
 * cells sit in it directly (no chunk between them), since a list holds only items and a table row only cells.
 */
export type ChildBox = 'block' | 'list' | 'table' | 'row';

interface NodeElementLike extends HTMLElement {
  nodeId: string;
  screen: MorphContext | undefined;
}

/** A node element for `id`. Made here, outside any template, so each child costs one element and no diffing. */
export function nodeElement(id: string, screen: MorphContext): HTMLElement {
  const el = document.createElement('morph-node') as NodeElementLike;
  el.nodeId = id;
  el.screen = screen;
  return el;
}

function restBlock(box: ChildBox, screen: MorphContext): HTMLElement {
  const label = document.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = screen.words.loading;
  const block = document.createElement(box === 'list' ? 'li' : 'div');
  block.className = 'pending shimmer';
  block.dataset['size'] = 'text';
  block.append(label);
  if (box === 'row') block.setAttribute('role', 'cell');
  if (box !== 'table') return block;
  block.setAttribute('role', 'cell');
  const row = document.createElement('div');
  row.setAttribute('role', 'row');
  row.className = 'pending-row';
  row.append(block);
  return row;
}

function chunkBox(box: ChildBox): HTMLElement {
  const chunk = document.createElement('div');
  chunk.className = 'chunk';
  if (box === 'table') chunk.setAttribute('role', 'rowgroup');
  return chunk;
}

class ChildList extends Directive {
  #drawn = 0;
  #rest: HTMLElement | null = null;
  #later = false;
  #chunk: HTMLElement | null = null;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('children() belongs in a child position of a template');
  }

  render(_ids: readonly string[], _screen: MorphContext, _box: ChildBox = 'block'): unknown {
    return noChange;
  }

  override update(part: ChildPart, [ids, screen, box = 'block']: [readonly string[], MorphContext, ChildBox?]): unknown {
    // The markers' own parent: on a first render that is still the template's fragment (part.parentNode would
    // say the container it is about to go into).
    const end = part.endNode;
    const parent = (end ?? part.startNode)!.parentNode!;
    const wanted = ids.length - this.#drawn;
    if (wanted > 0) {
      const n = allowance(wanted);
      if (box === 'list' || box === 'row') {
        const batch = document.createDocumentFragment();
        for (let i = 0; i < n; i++) batch.append(nodeElement(ids[this.#drawn + i]!, screen));
        parent.insertBefore(batch, this.#rest ?? end);
      } else {
        for (let i = 0; i < n; ) {
          if (!this.#chunk || this.#chunk.childElementCount >= CHUNK) {
            this.#chunk = chunkBox(box);
            parent.insertBefore(this.#chunk, this.#rest ?? end);
          }
          const room = Math.min(n - i, CHUNK - this.#chunk.childElementCount);
          const batch = document.createDocumentFragment();
          for (let k = 0; k < room; k++) batch.append(nodeElement(ids[this.#drawn + i + k]!, screen));
          this.#chunk.append(batch);
          i += room;
        }
      }
      this.#drawn += n;
    }
    if (this.#drawn < ids.length) {
      if (!this.#rest) {
        this.#rest = restBlock(box, screen);
        parent.insertBefore(this.#rest, end);
      }
      this.#continue(part);
    } else if (this.#rest) {
      this.#rest.remove();
      this.#rest = null;
    }
    return noChange;
  }

  /** Draws the rest in a later task, through the host's own update (so its signals stay the ones tracked). */
  #continue(part: ChildPart): void {
    if (this.#later) return;
    const host = part.options?.host as ReactiveElement | undefined;
    if (!host) return;
    this.#later = true;
    drawing.waiting++;
    setTimeout(() => {
      this.#later = false;
      drawing.waiting--;
      if (host.isConnected) host.requestUpdate();
    }, 0);
  }
}

/**
 * `children(ids, screen, box)`: the node elements of `ids` (a live, append-only list), in a child position of
 * a template. Keep it in the same place of one template for the container's life: a new template starts over.
 */
export const children = directive(ChildList);
