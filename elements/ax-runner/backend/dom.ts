/**
 * Small DOM facts the page backend keeps asking: who an element's parent is across shadow roots, whether one
 * element is inside another that way, what is under a point, and what a click would focus. Composed ancestry
 * (parentNode, then a shadow root's host) is what "inside" means for scope and for the runner's own UI: an
 * element in the runner's shadow root is the runner's, wherever it is drawn.
 */
export { deepActiveElement } from '../../shared/base/deepActiveElement.js';

/** The parent across shadow roots: a shadow root's host stands in for the root. */
export function composedParent(node: Node): Node | null {
  const parent = node.parentNode;
  if (parent instanceof ShadowRoot) return parent.host;
  return parent;
}

/** True when `node` is `root` or inside it, crossing shadow roots. */
export function composedContains(root: Node, node: Node | null): boolean {
  for (let n: Node | null = node; n; n = composedParent(n)) if (n === root) return true;
  return false;
}

/** The nearest element at or above `el` matching `selector`, crossing shadow roots. */
export function composedClosest(el: Element, selector: string): Element | null {
  for (let n: Node | null = el; n; n = composedParent(n)) if (n instanceof Element && n.matches(selector)) return n;
  return null;
}

/** The innermost element at a viewport point, looking into open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let el = document.elementFromPoint(x, y);
  while (el?.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

/** True when a person could move focus to `el` (by click or by Tab, depending on `tabbable`). */
export function isFocusable(el: Element, tabbable = false): el is HTMLElement {
  if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) return false;
  if (!el.matches(FOCUSABLE) && !(el instanceof HTMLElement && el.isContentEditable && el.parentElement?.isContentEditable !== true)) return false;
  if (el.matches(':disabled')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  if (tabbable && (el as HTMLElement).tabIndex < 0) return false;
  return true;
}

/** What a click on `el` focuses: the nearest focusable element at or above it, crossing shadow roots. */
export function focusTargetOf(el: Element): HTMLElement | null {
  for (let n: Node | null = el; n; n = composedParent(n)) {
    if (n instanceof Element && isFocusable(n)) return n as HTMLElement;
  }
  return null;
}

/** The centre of an element's box, in viewport coordinates. */
export function centreOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** True when the whole box is inside the viewport (so scrolling it into view would move nothing useful). */
export function inViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}

/** Scrolls `el` to the middle of the view when any of it is outside, at once (a smooth scroll would race the events). */
export function bringIntoView(el: Element): void {
  if (!inViewport(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
}

/**
 * Lets the page's own follow-up work run (a promise chain, a setTimeout(0), a framework's batched update)
 * before the next step looks at it: one macrotask, without the clamping nested timers get.
 */
export { nextTask as settle } from '../../shared/base/nextTask.js';
