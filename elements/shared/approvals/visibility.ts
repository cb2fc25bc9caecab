/**
 * Whether a person can see an element: a confirmation opens only where its element can be seen, because a
 * modal dialog inside a hidden container is drawn nowhere yet makes the whole page inert.
 */

/** The element whose box shows `el`: `el`, or for `display: contents` (which has no box) its nearest parent with one. */
function boxOf(el: Element): Element | null {
  let at: Element | null = el;
  while (at && getComputedStyle(at).display === 'contents') {
    const root = at.getRootNode();
    at = at.assignedSlot ?? at.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
  }
  return at;
}

/**
 * True when `el` is in the page and drawn: connected, not inside `hidden`/`display: none`, `visibility:
 * hidden` or `content-visibility: hidden`, and not collapsed to nothing (0 × 0).
 */
export function canBeSeen(el: Element): boolean {
  if (!el.isConnected) return false;
  const box = boxOf(el);
  if (!box) return false;
  if (!box.checkVisibility({ visibilityProperty: true })) return false;
  const rect = box.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0;
}

/** True when a shown dialog box is drawn with a size (a modal in a hidden container is 0 × 0 and not visible). */
export function isDrawn(box: Element): boolean {
  if (!box.isConnected || !box.checkVisibility({ visibilityProperty: true })) return false;
  const rect = box.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}
