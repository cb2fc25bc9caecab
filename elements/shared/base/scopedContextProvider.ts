/**
 * A context provider that hands over only what a new provider below it should take.
 *
 * When a provider connects, every provider of the same context above it hears of it and, in `@lit/context`'s own
 * provider, sends every consumer it has to look for its provider again, so that the ones inside the new provider
 * move to it. Every agent element provides its theme, locale and words and consumes its enclosing element's, so
 * in a long answer every chart that connects sent every chart before it through that again: each one drew again
 * (with its data table), and a 65-chart answer made 6,240 such calls and 2,145 chart drawings where 65 were due —
 * work growing with the square of the number of agent elements on the page.
 *
 * This provider sends only the consumers the new provider encloses (found along the same path an event takes:
 * a slotted node's slot, a node's parent, a shadow root's host); the others would have found this provider again
 * and changed nothing. Everything else is `@lit/context`'s provider as it is.
 */
import type { ReactiveControllerHost } from 'lit';
import { ContextEvent, ContextProvider, type Context, type ContextType } from '@lit/context';

type Host = HTMLElement & Partial<ReactiveControllerHost>;
/** `@lit/context`'s `context-provider` event, which its index doesn't export. */
type ProviderEvent = Event & { context: Context<unknown, unknown>; contextTarget?: Element };

/** True when `inner` lies inside `outer`, on the path an event from `inner` takes up the composed tree. */
export function composedWithin(inner: Node, outer: Node): boolean {
  let node: Node | null = inner;
  while (node) {
    if (node === outer) return true;
    node = (node as Element).assignedSlot ?? node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return false;
}

export class ScopedContextProvider<C extends Context<unknown, unknown>> extends ContextProvider<C, Host> {
  constructor(host: Host, options: { context: C; initialValue?: ContextType<C> }) {
    super(host, options);
    host.removeEventListener('context-provider', this.onProviderRequest);
    this.onProviderRequest = (ev) => this.handOver(ev, options.context);
    host.addEventListener('context-provider', this.onProviderRequest);
  }

  private handOver(ev: ProviderEvent, context: C): void {
    if (ev.context !== context) return;
    const provider = (ev.contextTarget ?? ev.composedPath()[0]) as Element;
    if (provider === this.host) return;
    ev.stopPropagation();
    // Collected first: a consumer that moves leaves `subscriptions` while it is being walked.
    const moving = [];
    for (const [callback, { consumerHost }] of this.subscriptions) {
      if (consumerHost !== provider && composedWithin(consumerHost, provider)) moving.push([callback, consumerHost] as const);
    }
    for (const [callback, consumerHost] of moving) {
      consumerHost.dispatchEvent(new ContextEvent(context, consumerHost, callback, true));
    }
  }
}
