/**
 * Where an element is against what a person sees, for choosing what an observation shows first: 0 when any of
 * its box is in view (the window, within the scope's box when the scope is an element), below 0 above the view,
 * above 0 below it; the size is the distance in heights of the view (sideways, in widths, signed by which half of
 * the view it is level with). An element without a box (display:contents, an option of a closed select) stands
 * where its nearest ancestor with one does. One look at the layout per observation: each element is measured once.
 */
import { composedParent } from './dom.js';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The part of the window the scope shows. */
function viewOf(scope: Element | Document): Box {
  const view = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  if (scope instanceof Document) return view;
  const r = scope.getBoundingClientRect();
  const within = { top: Math.max(view.top, r.top), left: Math.max(view.left, r.left), bottom: Math.min(view.bottom, r.bottom), right: Math.min(view.right, r.right) };
  // A scope out of view: distances are measured from the window.
  return within.bottom > within.top && within.right > within.left ? within : view;
}

/** The box of `el`, or of its nearest ancestor with one. */
function boxOf(el: Element): Box | null {
  for (let n: Node | null = el instanceof HTMLOptionElement ? (el.closest('select') ?? el) : el; n; n = composedParent(n)) {
    if (n instanceof Element && n.getClientRects().length > 0) return n.getBoundingClientRect();
  }
  return null;
}

/** A measure of where elements are against the view now (see the file's comment). */
export function screenPlace(scope: Element | Document): (el: Element) => number {
  const view = viewOf(scope);
  const height = Math.max(view.bottom - view.top, 1);
  const width = Math.max(view.right - view.left, 1);
  const seen = new Map<Element, number>();
  return (el) => {
    let place = seen.get(el);
    if (place !== undefined) return place;
    const box = boxOf(el);
    if (box === null) place = Infinity;
    else {
      const dy = box.bottom <= view.top ? (box.bottom - view.top) / height : box.top >= view.bottom ? (box.top - view.bottom) / height : 0;
      const dx = box.right <= view.left ? (view.left - box.right) / width : box.left >= view.right ? (box.left - view.right) / width : 0;
      if (dy !== 0) place = dy + Math.sign(dy) * dx;
      else if (dx === 0) place = 0;
      else place = (box.top + box.bottom) / 2 < (view.top + view.bottom) / 2 ? -dx : dx;
    }
    seen.set(el, place);
    return place;
  };
}
