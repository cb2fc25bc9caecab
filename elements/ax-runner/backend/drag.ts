/**
 * `drag`: press at one place, move, release at another. When what is pressed is draggable (draggable="true", a
 * link, an image), the page gets HTML5 drag and drop (dragstart with a DataTransfer, dragenter and dragover on
 * the target, drop if the target's dragover accepted it, dragend); otherwise pointer and mouse moves in a few
 * steps, to whatever is under the pointer (or to the element that captured it), and the release there.
 */
import { composedParent, deepElementFromPoint } from './dom.js';
import type { Point, Pointer } from './pointer.js';

const STEPS = 5;

function draggableFrom(el: Element): HTMLElement | null {
  for (let n: Node | null = el; n; n = composedParent(n)) {
    if (n instanceof HTMLElement && n.draggable) return n;
  }
  return null;
}

function dragEvent(target: Element, type: string, at: Point, data: DataTransfer, cancelable = true): boolean {
  return target.dispatchEvent(
    new DragEvent(type, { bubbles: true, cancelable, composed: true, clientX: at.x, clientY: at.y, dataTransfer: data, view: window }),
  );
}

/**
 * Drags from `from` to `to`. `source` and `target` are the elements the model named (or hit at its points);
 * `allowed` says whether an element under the pointer on the way may be told about it.
 */
export function drag(pointer: Pointer, source: Element, from: Point, target: Element, to: Point, allowed: (el: Element) => boolean): void {
  pointer.moveTo(source, from);
  const mouse = pointer.down(source, from, 0, 1);
  const draggable = draggableFrom(source);
  const at = (i: number): Point => ({ x: from.x + ((to.x - from.x) * i) / STEPS, y: from.y + ((to.y - from.y) * i) / STEPS });
  if (draggable) {
    const data = new DataTransfer();
    if (!dragEvent(draggable, 'dragstart', at(1), data)) {
      pointer.up(source, from, 0, 1, mouse);
      return;
    }
    // The browser takes the pointer over for the drag: the page hears pointercancel, not pointerup.
    pointer.fire(source, 'pointercancel', at(1), { pointer: true, cancelable: false });
    dragEvent(draggable, 'drag', at(1), data);
    dragEvent(target, 'dragenter', to, data);
    const accepted = !dragEvent(target, 'dragover', to, data);
    if (accepted) dragEvent(target, 'drop', to, data);
    dragEvent(draggable, 'dragend', to, data, false);
    return;
  }
  const captured = (source as Element & { hasPointerCapture?: (id: number) => boolean }).hasPointerCapture?.(1) ? source : null;
  for (let i = 1; i <= STEPS; i++) {
    const point = i === STEPS ? to : at(i);
    const hit = captured ?? (i === STEPS ? target : deepElementFromPoint(point.x, point.y));
    const over = hit && allowed(hit) ? hit : target;
    pointer.fire(over, 'pointermove', point, { pointer: true, buttons: 1 });
    if (mouse) pointer.fire(over, 'mousemove', point, { buttons: 1 });
  }
  pointer.up(captured ?? target, to, 0, 1, mouse);
}
