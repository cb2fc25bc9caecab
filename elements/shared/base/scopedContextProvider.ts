/**
 * A context provider that hands over only what a new provider below it should take.
 *
 * When a provider connects, every provider of the same context above it hears of it and, in `@lit/context`'s own
 * provider, sends every consumer it has to look for its provider again, so that the ones inside the new provider
 * move to it. Every agent element provides its theme, locale and words and consumes its enclosing element's, so
 * in a long answer every chart that connected sent every chart before it through that again: each one drew again
 * (with its data table), and a 65-chart answer made 6,240 such calls and 2,145 chart drawings where 65 were due —
 * work growing with the square of the number of agent elements on the page.
 *
 * This provider sends only the consumers the new provider encloses (found along the same path an event takes:
 * a slotted node's slot, a node's parent, a shadow root's host); the others would have found this provider again
 * and changed nothing. Everything else is `@lit/context`'s provider as it is.
 */
import type { ReactiveControllerHost } from 'lit';
import { ContextEvent, ContextProvider, type Context, type ContextType } from '@lit/context';

/** The next node up the path an event takes: a slotted node's slot, else its parent, a shadow root's host. */
export const composedParent = (node: Node): Node | null =>
  (node as Element).assignedSlot ?? node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);

/** True when `inner` lies inside `outer`, on the path an event from `inner` takes up the composed tree. */
export function composedWithin(inner: Node, outer: Node): boolean {
  for (let node: Node | null = inner; node; node = composedParent(node)) if (node === outer) return true;
  return false;
}

export class ScopedContextProvider<C extends Context<unknown, unknown>> extends ContextProvider<C, HTMLElement & Partial<ReactiveControllerHost>> {
  constructor(host: HTMLElement & Partial<ReactiveControllerHost>, options: { context: C; initialValue?: ContextType<C> }) {
    super(host, options);
    host.removeEventListener('context-provider', this.onProviderRequest);
    this.onProviderRequest = (ev) => {
      const provider = ev.contextTarget ?? ev.composedPath()[0];
      if (ev.context !== options.context || provider === host) return;
      ev.stopPropagation();
      // A copy: a consumer that moves leaves `subscriptions` while it is walked.
      for (const [callback, { consumerHost }] of [...this.subscriptions]) {
        if (consumerHost !== provider && composedWithin(consumerHost, provider)) {
          consumerHost.dispatchEvent(new ContextEvent(options.context, consumerHost, callback, true));
        }
      }
    };
    host.addEventListener('context-provider', this.onProviderRequest);
  }
}
