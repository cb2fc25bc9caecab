/**
 * The page as the model sees it: one walk over the rendered tree (open shadow roots entered, slotted content
 * where its slot is, closed <details> and unrendered light DOM skipped), giving an AxNode for each element a
 * person could act on (numbered e1, e2…, each element keeping its number for as long as it lives), for the
 * structure that explains the page (headings, dialogs, alerts, landmarks), and for runs of text.
 *
 * Left out: what is hidden (display:none, visibility:hidden, aria-hidden, content-visibility), what is inert
 * (the inert attribute, or everything outside an open modal dialog), whatever `exclude` names (the runner), and
 * the package's own UI wherever it is (any element's confirmation, log, indicator: shared/base/ownUi.ts), so
 * no agent reads it, names it or lands on it, whatever the scope. The cost is one pass over the elements; names
 * are computed only for elements that are kept, and a resolve by role computes names only for elements of that
 * role.
 */
import { nearestFirst, type AxNode } from '../../../src/axstream/index.js';
import { composedContains, composedParent, deepActiveElement } from './dom.js';
import { isOwnUi, ownUiRoot } from '../../shared/base/ownUi.js';
import { isEditableRole, kindOf, NAME_FROM_CONTENT, nameOf, needsName, roleOf, statesOf, valueOf, type Kind } from './nodeInfo.js';

export interface PageTreeOptions {
  /** Where to look: an element, or the whole document. */
  scope(): Element | Document;
  /** Elements never listed nor acted on, with everything inside them (the runner itself). */
  exclude(): readonly Element[];
}

/** What a walk meets: an element worth a line, or a run of text. */
export interface Met {
  readonly el: Element;
  readonly role: string;
  readonly kind: Exclude<Kind, 'pass'> | 'text';
  readonly depth: number;
  /** The text of a run (kind `text`). */
  readonly text?: string;
}

/** What the visitor says of an element it met: list it (its children go one level deeper), pass it, or stop. */
export type Verdict = 'keep' | 'skip' | 'stop';

const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'datalist', 'iframe', 'object', 'embed', 'canvas', 'audio', 'video', 'svg', 'math']);
/** Phrasing elements whose text joins the text around them, rather than starting a run of its own. */
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'font', 'label', 'output']);
const MAX_TEXT = 300;
const MAX_DEPTH = 256;

type Walk = (met: Met) => Verdict;

/** The open modal dialog in the document's light tree, when there is one: everything else is inert. */
function openModal(): HTMLDialogElement | null {
  let found: HTMLDialogElement | null = null;
  for (const d of document.querySelectorAll('dialog[open]')) if (d.matches(':modal')) found = d as HTMLDialogElement;
  return found;
}

export class PageTree {
  readonly #ids = new WeakMap<Element, string>();
  readonly #byId = new Map<string, WeakRef<Element>>();
  #next = 1;

  constructor(private readonly options: PageTreeOptions) {}

  /** The element's id, given now if it has none. */
  idOf(el: Element): string {
    let id = this.#ids.get(el);
    if (id === undefined) {
      id = `e${this.#next++}`;
      this.#ids.set(el, id);
      this.#byId.set(id, new WeakRef(el));
    }
    return id;
  }

  /** The element an id was given to, while it lives. */
  element(id: string): Element | null {
    const ref = this.#byId.get(id);
    const el = ref?.deref() ?? null;
    if (ref && !el) this.#byId.delete(id);
    return el;
  }

  /**
   * Every element and run of text worth a line, in document order. Only `detailed` nodes (what an observation
   * can show: the first, or with `place` the nearest the screen) get the name, value and states that cost the
   * most; the others are listed by role alone, only counted in the lines saying what was left out.
   */
  snapshot(detailed = Infinity, place?: (el: Element) => number): AxNode<Element>[] {
    this.#forget();
    const focused = deepActiveElement();
    const met: Met[] = [];
    this.walk((m) => {
      // Structure that is nothing without a name (a region, a group) is passed: its children take its place.
      if (m.kind === 'structure' && needsName(m.role) && nameOf(m.el) === '') return 'skip';
      met.push(m);
      return 'keep';
    }, true);
    const nearest = place && met.length > detailed ? new Set(nearestFirst(met.length, (i) => place(met[i]!.el)).slice(0, detailed)) : null;
    return met.map((m, i) => {
      if (m.kind === 'text') return { role: 'text', name: m.text!, depth: m.depth, ref: m.el };
      const full = nearest ? nearest.has(i) : i < detailed;
      const node = full ? this.nodeOf(m.el, m.role, m.kind, focused, m.depth) : null;
      if (node) return node;
      return m.kind === 'interactive' ? { id: this.idOf(m.el), role: m.role, name: '', depth: m.depth, ref: m.el } : { role: m.role, name: '', depth: m.depth, ref: m.el };
    });
  }

  /** The AxNode of one element met on a walk; null for structure whose name is needed and empty. */
  nodeOf(el: Element, role: string, kind: Met['kind'], focused: Element | null, depth = 0): AxNode<Element> | null {
    const name = nameOf(el);
    if (kind === 'structure' && name === '' && needsName(role)) return null;
    const value = valueOf(el, role);
    const states = statesOf(el, role, focused);
    const node: { -readonly [K in keyof AxNode<Element>]: AxNode<Element>[K] } = { role, name, depth, ref: el };
    if (kind === 'interactive') node.id = this.idOf(el);
    if (value !== undefined) node.value = value;
    if (states.length > 0) node.states = states;
    return node;
  }

  /** The node of an element found by id, if a person could still act on it now. */
  liveNode(el: Element): AxNode<Element> | null {
    if (!this.isShown(el)) return null;
    const role = roleOf(el) ?? 'generic';
    return this.nodeOf(el, role, 'interactive', deepActiveElement());
  }

  /** True when `el` is connected, inside the scope, rendered, not inert, not hidden and not excluded. */
  isShown(el: Element): boolean {
    if (!el.isConnected || !this.inScope(el)) return false;
    for (let n: Node | null = el; n; n = composedParent(n)) {
      if (!(n instanceof Element)) continue;
      if ((n as HTMLElement).inert || n.getAttribute('aria-hidden') === 'true') return false;
      if (n instanceof HTMLDetailsElement && !n.open && n !== el && !n.querySelector(':scope > summary')?.contains(el)) return false;
    }
    const modal = openModal();
    if (modal && !composedContains(modal, el)) return false;
    const box = el instanceof HTMLOptionElement ? (el.closest('select') ?? el) : el;
    return box.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  }

  /** True when `el` is inside the scope and not inside an excluded element nor the package's own UI. */
  inScope(el: Node): boolean {
    if (isOwnUi(el)) return false;
    for (const x of this.options.exclude()) if (composedContains(x, el)) return false;
    const scope = this.options.scope();
    return scope instanceof Document ? el.isConnected && el.ownerDocument === scope : composedContains(scope, el);
  }

  /**
   * Walks the rendered tree in document order, calling `visit` for each element with a role worth a line and,
   * with `withText`, for each run of text. Stops when `visit` says so.
   */
  walk(visit: Walk, withText: boolean): void {
    const scope = this.options.scope();
    const start = scope instanceof Document ? scope.body : scope;
    if (!start || isOwnUi(start)) return;
    const excluded = new Set(this.options.exclude());
    const modal = openModal();
    let root: Element = start;
    if (modal) {
      if (!composedContains(start, modal)) return;
      root = modal;
    }
    let text = '';
    let textDepth = 0;
    let textAt: Element = root;
    let stopped = false;

    const flush = () => {
      if (!withText || stopped) return;
      const t = text.replace(/\s+/g, ' ').trim();
      text = '';
      if (t !== '' && visit({ el: textAt, role: 'text', kind: 'text', depth: textDepth, text: t }) === 'stop') stopped = true;
    };
    const addText = (data: string, at: Element, depth: number) => {
      if (text.length >= MAX_TEXT) return;
      if (text === '') {
        textAt = at;
        textDepth = depth;
      }
      text += text.length + data.length > MAX_TEXT ? data.slice(0, MAX_TEXT - text.length) : data;
    };

    /** `quiet`: inside an element whose name already says its text (a button, a heading, a field). */
    /** `textHidden`: the parent is visibility:hidden, so its own text is hidden (its children may not be). */
    const visitChildren = (children: Iterable<Node>, depth: number, quiet: boolean, parent: Element, textHidden: boolean) => {
      for (const child of children) {
        if (stopped) return;
        if (child.nodeType === Node.TEXT_NODE) {
          if (withText && !quiet && !textHidden) addText((child as Text).data, parent, depth);
        } else if (child instanceof Element) visitElement(child, depth, quiet);
      }
    };

    const visitElement = (el: Element, depth: number, quiet: boolean): void => {
      const tag = el.localName;
      if (SKIP_TAGS.has(tag) || excluded.has(el) || ownUiRoot(el) || depth > MAX_DEPTH) return;
      if ((el as HTMLElement).inert || el.getAttribute('aria-hidden') === 'true') return;
      const inline = INLINE_TAGS.has(tag);
      if (!inline) flush();
      let self = true;
      let ownText = true;
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) {
        const display = getComputedStyle(el).display;
        if (display === 'none') return;
        // display:contents has no box but its children do; visibility:hidden hides only what doesn't override it.
        self = false;
        ownText = display === 'contents';
      }
      const role = self ? roleOf(el) : null;
      const kind = role === null ? 'pass' : kindOf(role);
      let childDepth = depth;
      let childQuiet = quiet;
      if (kind !== 'pass') {
        if (text !== '') flush();
        const verdict = visit({ el, role: role!, kind, depth });
        if (verdict === 'stop') {
          stopped = true;
          return;
        }
        if (verdict === 'keep') childDepth = depth + 1;
        if (NAME_FROM_CONTENT.has(role!) || isEditableRole(role!)) childQuiet = true;
        if (isEditableRole(role!) && !(el instanceof HTMLSelectElement)) {
          if (!inline) flush();
          return;
        }
      }
      if (el instanceof HTMLSelectElement) {
        if (kind !== 'pass') for (const option of el.options) if (!stopped) visitOption(option, childDepth);
        return;
      }
      if (tag === 'label' && (el as HTMLLabelElement).control) childQuiet = true;
      visitChildren(childrenOf(el), childDepth, childQuiet, el, !ownText);
      if (!inline) flush();
    };

    const visitOption = (option: HTMLOptionElement, depth: number) => {
      if (option.hidden || excluded.has(option)) return;
      if (visit({ el: option, role: 'option', kind: 'interactive', depth }) === 'stop') stopped = true;
    };

    visitElement(root, 0, false);
    flush();
  }

  /** Drops ids whose elements are gone, so the table holds only what may still be met. */
  #forget(): void {
    for (const [id, ref] of this.#byId) if (!ref.deref()) this.#byId.delete(id);
  }
}

/** The children a person sees: a shadow root's, a slot's assigned nodes (or its fallback), a closed <details>' summary. */
function childrenOf(el: Element): Iterable<Node> {
  if (el.shadowRoot) return el.shadowRoot.childNodes;
  if (el instanceof HTMLSlotElement) {
    const assigned = el.assignedNodes();
    return assigned.length > 0 ? assigned : el.childNodes;
  }
  if (el instanceof HTMLDetailsElement && !el.open) {
    const summary = el.querySelector(':scope > summary');
    return summary ? [summary] : [];
  }
  return el.childNodes;
}
