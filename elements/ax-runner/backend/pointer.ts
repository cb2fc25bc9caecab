/**
 * The mouse, as events: what a page hears when a person points, presses and releases. Each press goes to the
 * innermost element under the pointer (so a listener on a button's icon hears it, as it would), unless something
 * else covers the target, when it goes to the target itself: the model asked for that element, and a sticky
 * header in the way is not what it meant. Synthetic events don't move focus, so the press does that itself, as
 * the browser's default action for mousedown would.
 */
import { composedContains, deepActiveElement, deepElementFromPoint, focusTargetOf } from './dom.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Mouse button numbers as MouseEvent.button has them, and the bit each sets in `buttons`. */
const LEFT = 0;
const RIGHT = 2;
const BITS = [1, 4, 2];

function fire(target: Element, type: string, at: Point, init: { button?: number; buttons?: number; detail?: number; pointer?: boolean; cancelable?: boolean; bubbles?: boolean; related?: Element | null } = {}): boolean {
  const common = {
    bubbles: init.bubbles ?? true,
    cancelable: init.cancelable ?? true,
    composed: true,
    clientX: at.x,
    clientY: at.y,
    screenX: at.x + window.screenX,
    screenY: at.y + window.screenY,
    button: init.button ?? 0,
    buttons: init.buttons ?? 0,
    detail: init.detail ?? 0,
    relatedTarget: init.related ?? null,
    view: window,
  };
  const event = init.pointer
    ? new PointerEvent(type, { ...common, pointerId: 1, pointerType: 'mouse', isPrimary: true, width: 1, height: 1, pressure: init.buttons ? 0.5 : 0 })
    : new MouseEvent(type, common);
  return target.dispatchEvent(event);
}

/** Where an action lands: the element hit at the point when it is the target or inside it, else the target. */
export function hitWithin(target: Element, at: Point): Element {
  const hit = deepElementFromPoint(at.x, at.y);
  return hit && composedContains(target, hit) ? hit : target;
}

/** Tracks the element under the pointer, so hovering elsewhere tells the old one it was left. */
export class Pointer {
  #over: Element | null = null;
  #at: Point | null = null;

  /** The element last pointed at, if it is still in the page. */
  get over(): Element | null {
    return this.#over?.isConnected ? this.#over : null;
  }

  get at(): Point | null {
    return this.#at;
  }

  /** Moves the pointer onto `el` at `at`: out/leave on the old element, over/enter and move on the new. */
  moveTo(el: Element, at: Point, buttons = 0): void {
    const old = this.over;
    if (old !== el) {
      if (old) {
        fire(old, 'pointerout', at, { pointer: true, related: el, buttons });
        fire(old, 'pointerleave', at, { pointer: true, related: el, bubbles: false, cancelable: false, buttons });
        fire(old, 'mouseout', at, { related: el, buttons });
        fire(old, 'mouseleave', at, { related: el, bubbles: false, cancelable: false, buttons });
      }
      fire(el, 'pointerover', at, { pointer: true, related: old, buttons });
      fire(el, 'pointerenter', at, { pointer: true, related: old, bubbles: false, cancelable: false, buttons });
      fire(el, 'mouseover', at, { related: old, buttons });
      fire(el, 'mouseenter', at, { related: old, bubbles: false, cancelable: false, buttons });
    }
    this.#over = el;
    this.#at = at;
    fire(el, 'pointermove', at, { pointer: true, buttons });
    fire(el, 'mousemove', at, { buttons });
  }

  /** Presses a button on `el`. Returns whether the mouse events were allowed (pointerdown not cancelled). */
  down(el: Element, at: Point, button = LEFT, detail = 1): boolean {
    const buttons = BITS[button] ?? 1;
    const pointerOk = fire(el, 'pointerdown', at, { pointer: true, button, buttons, detail });
    // A cancelled pointerdown suppresses the compatibility mouse events, as in a browser.
    if (!pointerOk) return false;
    if (fire(el, 'mousedown', at, { button, buttons, detail })) moveFocusFor(el);
    return true;
  }

  /** Releases the button over `el`; `mouse` false when pointerdown was cancelled. */
  up(el: Element, at: Point, button = LEFT, detail = 1, mouse = true): void {
    fire(el, 'pointerup', at, { pointer: true, button, detail });
    if (mouse) fire(el, 'mouseup', at, { button, detail });
  }

  /** A whole click: press, release, click (a right click ends in contextmenu instead). */
  click(el: Element, at: Point, detail = 1, button = LEFT): void {
    this.moveTo(el, at);
    const mouse = this.down(el, at, button, detail);
    this.up(el, at, button, detail, mouse);
    if (button === RIGHT) fire(el, 'contextmenu', at, { button, detail: 0 });
    else fire(el, 'click', at, { button, detail });
  }

  doubleClick(el: Element, at: Point): void {
    this.click(el, at, 1);
    this.click(el, at, 2);
    fire(el, 'dblclick', at, { detail: 2 });
  }

  rightClick(el: Element, at: Point): void {
    this.click(el, at, 1, RIGHT);
  }

  /** Forgets the element pointed at (the page backend is reset, or that element left). */
  reset(): void {
    this.#over = null;
    this.#at = null;
  }

  /** Fires a mouse or pointer event of any other type: drag's moves and release. */
  fire(el: Element, type: string, at: Point, init: Parameters<typeof fire>[3] = {}): boolean {
    return fire(el, type, at, init);
  }
}

/**
 * What mousedown's default action does with focus: the focusable element at or above the pressed one takes it;
 * pressing nothing focusable takes it away from whatever had it. A text field takes the caret at its end, where
 * a person clicking into it usually lands.
 */
export function moveFocusFor(el: Element): void {
  const target = focusTargetOf(el);
  if (target) {
    if (deepActiveElement() !== target) target.focus({ preventScroll: true });
    caretToEnd(target);
    return;
  }
  deepActiveElement()?.blur();
}

const SELECTABLE = new Set(['text', 'search', 'url', 'tel', 'password', '']);

/** Puts the caret after the last character of a text field or editable region. */
export function caretToEnd(el: Element): void {
  if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && SELECTABLE.has(el.type))) {
    const end = el.value.length;
    el.setSelectionRange(end, end);
  } else if (el instanceof HTMLElement && el.isContentEditable) {
    const selection = (el.getRootNode() as Document | ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.() ?? document.getSelection();
    if (!selection) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
}
