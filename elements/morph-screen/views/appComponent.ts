import { html, render as renderInto } from 'lit';
import type { NodeView } from '../screenContext.js';
import { appElement, handOver } from './appElement.js';
import { children } from './children.js';
import { container } from './container.js';

const ELEMENT = 'app:element';

/**
 * A component the app draws with its own element (`components` on the screen). The element is made once
 * and kept; until its tag is defined the component draws as a neutral container, and draws again once it is.
 * See `appElement.ts` for what the element is handed.
 */
export const appComponent = (tag: string): NodeView => ({
  render(node, screen, host) {
    let el = host.local.get(ELEMENT) as HTMLElement | undefined;
    if (!el || el.localName !== tag) {
      const made = appElement(tag, () => host.requestUpdate());
      if (!made) return container.render(node, screen, host);
      el = made;
      host.local.set(ELEMENT, el);
    }
    handOver(el, { nodeId: node.id, attrs: node.attrs, spans: node.spans, data: node.data, closed: node.closed });
    renderInto(html`${children(node.children, screen)}`, el, { host });
    return el;
  },
});
