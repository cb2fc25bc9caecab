/**
 * `scroll`: a wheel turned where the pointer is. The wheel event goes to the element under the pointer (the page
 * may cancel it, as a map or a carousel does); if not cancelled, the nearest ancestor that can scroll that way
 * moves, up to and including the scope. Only with the whole document as the scope may the page itself scroll: an
 * element scope that can't scroll that way leaves the window where it is. One click is 100 CSS pixels, about what
 * a mouse wheel notch gives.
 */
import type { ScrollDirection } from '../../../src/axstream/index.js';
import { composedParent } from './dom.js';

export const PIXELS_PER_CLICK = 100;

function canScroll(el: Element, vertical: boolean, amount: number): boolean {
  const style = getComputedStyle(el);
  const overflow = vertical ? style.overflowY : style.overflowX;
  const isRoot = el === document.scrollingElement;
  if (!isRoot && overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') return false;
  if (vertical) {
    if (el.scrollHeight <= el.clientHeight) return false;
    return amount > 0 ? el.scrollTop + el.clientHeight < el.scrollHeight - 1 : el.scrollTop > 0;
  }
  if (el.scrollWidth <= el.clientWidth) return false;
  return amount > 0 ? Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1 : Math.abs(el.scrollLeft) > 0;
}

/** Scrolls from `origin` (the element under the pointer, or the scope) by `clicks` in `direction`; `scope` null is the whole document. */
export function scrollFrom(origin: Element, direction: ScrollDirection, clicks: number, scope: Element | null, at: { x: number; y: number } | null): void {
  const vertical = direction === 'up' || direction === 'down';
  const amount = (direction === 'down' || direction === 'right' ? 1 : -1) * clicks * PIXELS_PER_CLICK;
  const wheel = new WheelEvent('wheel', {
    bubbles: true,
    cancelable: true,
    composed: true,
    deltaX: vertical ? 0 : amount,
    deltaY: vertical ? amount : 0,
    deltaMode: WheelEvent.DOM_DELTA_PIXEL,
    clientX: at?.x ?? 0,
    clientY: at?.y ?? 0,
    view: window,
  });
  if (!origin.dispatchEvent(wheel)) return;
  let scroller: Element | null = null;
  for (let n: Node | null = origin; n; n = composedParent(n)) {
    if (n instanceof Element && canScroll(n, vertical, amount)) {
      scroller = n;
      break;
    }
    if (n === scope) break;
  }
  const by = vertical ? { top: amount, behavior: 'instant' as ScrollBehavior } : { left: amount, behavior: 'instant' as ScrollBehavior };
  if (scroller && scroller !== document.scrollingElement) scroller.scrollBy(by);
  else if (scope === null || scope === document.scrollingElement || scope === document.documentElement || scope === document.body) window.scrollBy(by);
}
