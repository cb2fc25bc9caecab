/**
 * The page backend: the engine's Backend over the live DOM. It looks (the accessibility tree of the scope, as
 * observation text and as the tree targets resolve in) and acts as a person would (pointer, keyboard, typing,
 * scrolling, dragging), inside `scope` only and never on what `exclude` names: the runner and its own UI.
 * Every refusal is an Error whose message the model is told.
 */
import type { Backend, Observation } from '../../../src/axstream/backend.js';
import { sleep } from '../../../src/axstream/clock.js';
import { observationLine, observationText, type ObservationTextOptions } from '../../../src/axstream/observation.js';
import { describeTarget, resolveTarget } from '../../../src/axstream/resolveTarget.js';
import { ariaRoles, rolesMatch } from '../../../src/axstream/roles.js';
import type { Resolved } from '../../../src/axstream/step.js';
import type { AxNode, AxTree } from '../../../src/axstream/tree.js';
import type { ActAction, AxTarget } from '../../../src/axstream/types.js';
import { bringIntoView, centreOf, composedParent, deepActiveElement, deepElementFromPoint, settle } from './dom.js';
import { drag } from './drag.js';
import { chooseOption, commit, isTextField, pickOption, refusal, replaceValue, WHOLE_VALUE_TYPES } from './editing.js';
import { detectPlatform, Keyboard, keyTarget, tabOrder, type Platform } from './keyboard.js';
import { checkOpen, readOrigins } from './openPolicy.js';
import { hitWithin, Pointer, type Point } from './pointer.js';
import { PageTree } from './pageTree.js';
import { scrollFrom } from './scrolling.js';

/** How a page backend is set up. Everything is optional. */
export interface PageBackendOptions {
  /** Where the backend looks and acts: an element, the document (default), or a function giving either now. */
  scope?: Element | Document | null | (() => Element | Document | null | undefined);
  /** Elements never listed nor acted on, with everything inside them, shadow roots included (the runner). */
  exclude?: readonly Element[] | (() => readonly Element[]);
  /**
   * Origins `open` (and a link click) may lead to, such as `['https://example.com']`. Default: the page's own
   * origin only; an empty list allows none. Only http(s) addresses are ever opened.
   */
  allowOrigins?: readonly string[] | (() => readonly string[] | undefined);
  /** Goes to an allowed URL (default `location.assign`); an app with a router passes its own. */
  navigate?: (url: URL) => void | Promise<void>;
  /** Whose command key `cmd` is: `mac` (Meta) or `other` (Control). Default: the platform the page runs on. */
  platform?: Platform;
  /** Bounds of the observation text (default: 16,000 characters, 600 lines, names cut at 100 characters). */
  limits?: ObservationTextOptions;
}

/** The page backend: a Backend of DOM elements, and what an element showing its work needs to know. */
export interface PageBackend extends Backend<Element> {
  /** True when the backend may act on `el`: inside the scope and not excluded. */
  allows(el: Element): boolean;
  /** The observation id the backend gave `el`, if it gave one. */
  idOf(el: Element): string;
}

const DEFAULT_LIMITS: ObservationTextOptions = { maxChars: 16_000, maxElements: 600, maxNameLength: 100 };
const fn = <T>(v: T | (() => T)): (() => T) => (typeof v === 'function' ? (v as () => T) : () => v);

/** Describes an element for an error: `e12 button "Save"`. */
function said(node: AxNode): string {
  return observationLine({ ...node, states: [] }, 60);
}

/** Creates a page backend. */
export function createPageBackend(options: PageBackendOptions = {}): PageBackend {
  const scopeOf = fn(options.scope ?? null);
  const excluded = fn(options.exclude ?? []);
  const allowOrigins = fn(options.allowOrigins);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const platform = options.platform ?? detectPlatform();
  const navigate = options.navigate ?? ((url: URL) => location.assign(url.href));
  const scope = (): Element | Document => scopeOf() ?? document;
  const tree = new PageTree({ scope, exclude: excluded });
  const pointer = new Pointer();
  const allows = (el: Element) => tree.inScope(el);
  const origins = () => readOrigins(allowOrigins(), location.origin);

  /** Clicks as Enter or Space do, after checking where a link would lead. */
  const activate = (el: HTMLElement) => {
    checkLink(el);
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 0, view: window }));
  };
  const keyboard = new Keyboard(
    () => platform,
    allows,
    activate,
    () => tabOrder(scope() instanceof Document ? document.body : (scope() as Element), (el) => tree.isShown(el)),
  );

  /** A link that leads off the allowed origins is not followed: the click is refused before it is made. */
  const checkLink = (el: Element) => {
    for (let n: Node | null = el; n; n = composedParent(n)) {
      if ((n instanceof HTMLAnchorElement || n instanceof HTMLAreaElement) && n.hasAttribute('href')) {
        const url = n.href;
        if (!/^https?:/i.test(url)) return;
        const check = checkOpen(url, origins(), document.baseURI);
        if (!check.ok) throw new Error(`the link leads to ${check.error.replace(/ is not an origin this page allows$/, ', which this page does not allow')}`);
        return;
      }
    }
  };

  /** The element and point an action lands on, checked: shown, in scope, not the runner. */
  const land = (where: Resolved<Element> | undefined, what: string): { el: Element; at: Point } => {
    if (!where) throw new Error(`${what} has no target`);
    if (where.kind === 'point') {
      const hit = deepElementFromPoint(where.x, where.y);
      if (!hit) throw new Error(`nothing is at (${where.x}, ${where.y}) in the visible page`);
      if (!allows(hit)) throw new Error(`(${where.x}, ${where.y}) is outside the part of the page the assistant may act in`);
      return { el: hit, at: { x: where.x, y: where.y } };
    }
    const el = where.node.ref;
    if (!(el instanceof Element)) throw new Error('the target is not an element of this page');
    if (!allows(el)) throw new Error(`${said(where.node)} is outside the part of the page the assistant may act in`);
    if (!tree.isShown(el)) throw new Error(`${said(where.node)} is no longer shown on the page`);
    bringIntoView(el);
    const at = centreOf(el);
    return { el: hitWithin(el, at), at };
  };

  const refuseDisabled = (el: Element, node: Resolved<Element> | undefined) => {
    const control = el.closest('button, input, select, textarea, option, fieldset') ?? el;
    if (control.matches(':disabled') || el.closest('[aria-disabled="true"]')) {
      throw new Error(`${node?.kind === 'element' ? said(node.node) : 'the element'} is disabled`);
    }
  };

  /** The element a key or text goes to, checked: something in scope has focus. */
  const focused = (what: string, needFocus: boolean): HTMLElement => {
    const target = keyTarget();
    const nothing = target === document.body || target === document.documentElement;
    if (nothing) {
      if (needFocus) throw new Error(`nothing has focus to ${what}: click the field first`);
      return target;
    }
    if (!allows(target)) throw new Error(`focus is outside the part of the page the assistant may act in, so it can't ${what}`);
    return target;
  };

  const typeText = async (text: string, signal: AbortSignal) => {
    const target = focused('type into', true);
    const segments = text.replace(/\r/g, '').split('\n');
    if (isTextField(target)) {
      const why = refusal(target);
      if (why) throw new Error(`${why}, so nothing was typed`);
    }
    for (let i = 0; i < segments.length; i++) {
      if (signal.aborted) return;
      const segment = segments[i]!;
      const now = keyTarget();
      if (segment !== '') {
        if (now instanceof HTMLSelectElement) {
          if (!chooseOption(now, segment)) throw new Error(`the list has no option "${segment.slice(0, 60)}"`);
        } else if (now instanceof HTMLInputElement && WHOLE_VALUE_TYPES.has(now.type)) {
          replaceValue(now, segment);
          commit(now);
        } else {
          const field = isTextField(now) ? now : null;
          const before = field?.value;
          for (const ch of segment) {
            if (signal.aborted) return;
            keyboard.typeCharacter(ch);
          }
          if (field && field.value !== before) commit(field);
        }
      }
      if (i < segments.length - 1) keyboard.press(['Enter']);
    }
  };

  const treeNow = (): AxTree<Element> => tree.snapshot();

  const backend: PageBackend = {
    allows,
    idOf: (el) => tree.idOf(el),

    observe(): Observation<Element> {
      // Only what the text can show is described in full; the rest is counted.
      const shown = limits.maxElements ?? 400;
      const nodes = tree.snapshot(shown);
      return { text: observationText(nodes, limits), tree: nodes.slice(0, shown) };
    },

    tree: treeNow,

    resolve(target: AxTarget): AxNode<Element> | null {
      if (target.id !== undefined) {
        const el = tree.element(target.id);
        const node = el ? tree.liveNode(el) : null;
        if (node) return node;
        if (target.role === undefined && target.title === undefined) return null;
      }
      // Role and title over the live tree, computing names only for elements of the role asked for.
      const roles = target.role === undefined ? null : ariaRoles(target.role);
      const found: AxNode<Element>[] = [];
      const focus = deepActiveElement();
      const key = target.title === undefined ? null : target.title.trim().replace(/\s+/g, ' ').toLowerCase();
      tree.walk((met) => {
        if (roles !== null && !rolesMatch(roles, met.role)) return 'keep';
        const node = met.kind === 'text' ? { role: 'text', name: met.text!, ref: met.el } : tree.nodeOf(met.el, met.role, met.kind, focus);
        if (node === null) return 'skip';
        found.push(node);
        if (key === null || node.name.trim().replace(/\s+/g, ' ').toLowerCase() === key) return 'stop';
        return 'keep';
      }, roles === null || rolesMatch(roles, 'text'));
      return resolveTarget({ kind: 'ax', ...(target.role === undefined ? {} : { role: target.role }), ...(target.title === undefined ? {} : { title: target.title }) }, found);
    },

    async act(action: ActAction, targets, { signal }): Promise<void> {
      switch (action.do) {
        case 'click': {
          const { el, at } = land(targets.target, 'click');
          refuseDisabled(el, targets.target);
          checkLink(el);
          if (el instanceof HTMLOptionElement && el.parentElement) {
            const select = el.closest('select');
            if (select) {
              select.focus({ preventScroll: true });
              pickOption(select, el);
              break;
            }
          }
          pointer.click(el, at);
          break;
        }
        case 'double_click': {
          const { el, at } = land(targets.target, 'double_click');
          refuseDisabled(el, targets.target);
          checkLink(el);
          pointer.doubleClick(el, at);
          break;
        }
        case 'right_click': {
          const { el, at } = land(targets.target, 'right_click');
          refuseDisabled(el, targets.target);
          pointer.rightClick(el, at);
          break;
        }
        case 'move': {
          const { el, at } = land(targets.target, 'move');
          pointer.moveTo(el, at);
          break;
        }
        case 'drag': {
          const from = land(targets.from, 'drag');
          const to = land(targets.to, 'drag');
          refuseDisabled(from.el, targets.from);
          // The source may have scrolled away while the target was brought into view: measure it again.
          const start = targets.from?.kind === 'element' ? centreOf(from.el) : from.at;
          drag(pointer, from.el, start, to.el, to.at, allows);
          break;
        }
        case 'type':
          await typeText(action.text, signal);
          break;
        case 'key':
          focused('press keys', false);
          keyboard.press(action.chord);
          break;
        case 'scroll': {
          const over = pointer.over && allows(pointer.over) ? pointer.over : null;
          const focus = deepActiveElement();
          const s = scope();
          const origin = over ?? (focus && allows(focus) ? focus : null) ?? (s instanceof Document ? (document.scrollingElement ?? document.body) : s);
          scrollFrom(origin, action.direction, action.clicks, s instanceof Document ? null : s, over ? pointer.at : null);
          break;
        }
        case 'open': {
          const check = checkOpen(action.target, origins(), document.baseURI);
          if (!check.ok) throw new Error(check.error);
          await navigate(check.url);
          break;
        }
        case 'wait':
          await sleep(action.ms, signal);
          return;
        case 'wait_until':
          // The engine runs wait_until itself, by resolving again and again; it never reaches a backend.
          throw new Error(`wait_until is run by the engine (looking for ${describeTarget(action.target)})`);
      }
      await settle();
    },
  };
  return backend;
}
