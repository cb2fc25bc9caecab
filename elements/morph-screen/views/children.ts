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
import { nextTask } from '../../shared/base/nextTask.js';
import { drawing } from '../../shared/screen/pacing.js';
import type { MorphContext } from '../screenContext.js';

/** New node elements per task across the screen(s) of a page. */
const PER_TASK = 64;
/** Children per chunk. */
const CHUNK = 48;
/** New elements made (or granted to a waiting container) in this task. */
let used = 0;
let windowOpen = false;

/**
 * Containers whose children didn't all fit, in the order they asked: each waits here, once, without drawing
 * again, until a later task grants it a share of that task's new elements (`release()`). Waiting in line, rather
 * than each trying again at every task, keeps what a task spends on waiting containers to those it lets go: a
 * burst leaves dozens of lists and tables waiting, and each trying again (a render of its node) every few
 * milliseconds took a third of a 20,000-op burst's time.
 */
let queue: ChildList[] = [];
let head = 0;

/** Opens this task's window of new elements (if none is open); it closes at the next task, which lets the queue go. */
function openWindow(): void {
  if (windowOpen) return;
  windowOpen = true;
  void nextTask().then(() => {
    windowOpen = false;
    used = 0;
    release();
  });
}

/** How many of `wanted` new elements may be made in this task. */
function allowance(wanted: number): number {
  openWindow();
  const n = Math.max(0, Math.min(wanted, PER_TASK - used));
  used += n;
  return n;
}

/** At a new task: grants the waiting containers, first come first served, this task's new elements. */
function release(): void {
  while (head < queue.length && used < PER_TASK) {
    const list = queue[head++]!;
    const n = list.turn(PER_TASK - used);
    if (n > 0) {
      openWindow();
      used += n;
    }
  }
  if (head >= queue.length) {
    queue = [];
    head = 0;
  } else {
    if (head > 1024) {
      queue = queue.slice(head);
      head = 0;
    }
    openWindow();
  }
}

/** Containers with children still to draw in a later task: tests wait for none (the kernel's count). */
export { drawing };

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
  #chunk: HTMLElement | null = null;
  /** In the queue of containers waiting for new elements. */
  #queued = false;
  /** New elements granted by the queue, for this container's next update. */
  #granted = 0;
  /** What the last update was asked to draw, and the element it draws in. */
  #ids: readonly string[] = [];
  #host: ReactiveElement | undefined;

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
    this.#ids = ids;
    const wanted = ids.length - this.#drawn;
    if (wanted > 0) {
      // A grant from the queue was counted in the task that made it; whatever it doesn't cover comes out of this
      // task's new elements.
      const granted = Math.min(wanted, this.#granted);
      this.#granted = 0;
      const n = granted + (granted < wanted ? allowance(wanted - granted) : 0);
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
    this.#host = part.options?.host as ReactiveElement | undefined;
    if (this.#queued || !this.#host) return;
    this.#queued = true;
    drawing.waiting++;
    queue.push(this);
    openWindow();
  }

  /**
   * The queue's turn came, with `room` new elements left in this task: takes what it still needs of them and has
   * its host draw them. A container gone from the page, or one whose own updates drew everything meanwhile, takes
   * nothing.
   */
  turn(room: number): number {
    this.#queued = false;
    drawing.waiting--;
    const host = this.#host;
    const wanted = this.#ids.length - this.#drawn;
    if (!host?.isConnected || wanted <= 0) return 0;
    this.#granted = Math.min(wanted, room);
    host.requestUpdate();
    return this.#granted;
  }
}

/**
 * `children(ids, screen, box)`: the node elements of `ids` (a live, append-only list), in a child position of
 * a template. Keep it in the same place of one template for the container's life: a new template starts over.
 */
export const children = directive(ChildList);
