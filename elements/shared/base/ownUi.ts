/**
 * The package's own UI: what its elements draw for the person rather than for the app's content (confirmation
 * dialogs, a runner's status and step log, a surface's indicator, a stream's progress line, announcements). An
 * agent must never read it nor reach it, or a model shown "Please confirm" would press Confirm: every page
 * backend leaves it out of what it observes, of the targets a step can name and of where a click, a key or
 * typing may land, whatever its scope. The element that draws a piece marks it here; the mark covers everything
 * inside, shadow roots included. A registry rather than an attribute, so nothing in a page's markup or a stream
 * can take the mark off.
 */
import { noChange } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';

const marked = new WeakSet<Element>();

/** Marks `el` (and all inside it) as the package's own UI: an element marks itself in its constructor. */
export function markOwnUi(el: Element): void {
  marked.add(el);
}

class OwnUiDirective extends Directive {
  render(): typeof noChange {
    return noChange;
  }
  override update(part: ElementPart): typeof noChange {
    marked.add(part.element);
    return noChange;
  }
}

/** In a template, on an element the package draws for the person: `<div ${ownUi()}>` marks it. */
export const ownUi = directive(OwnUiDirective);

/** True when `node` is, or is inside (across shadow roots), the package's own UI. */
export function isOwnUi(node: Node | null): boolean {
  for (let n = node; n; n = n.parentNode instanceof ShadowRoot ? n.parentNode.host : n.parentNode) {
    if (marked.has(n as Element)) return true;
  }
  return false;
}

/** True when `el` itself carries the mark: for a walk that stops descending at marked elements. */
export const ownUiRoot = (el: Element): boolean => marked.has(el);
