import { css, html, nothing, type TemplateResult } from 'lit';
import type { OpNode } from '../../../src/ops/index.js';
import type { MorphContext, NodeHost, NodeView } from '../screenContext.js';
import { children } from './children.js';
import { settled } from './parts.js';
import { scope, spans } from './spans.js';

/** A component's own inline content as a paragraph, when it has any. */
export function ownText(node: OpNode, screen: MorphContext, host: NodeHost): TemplateResult | typeof nothing {
  const list = node.spans;
  return list.length > 0 ? html`<p class="prose" dir="auto">${spans(list, scope(screen, node.id, host))}</p>` : nothing;
}

/** A component's content: its inline content, then its children. */
export function body(node: OpNode, screen: MorphContext, host: NodeHost): TemplateResult {
  return html`${ownText(node, screen, host)}${children(node.children, screen)}`;
}

/**
 * A component this element doesn't know (and the app registered no element for): a neutral container of its
 * content, busy while it streams. Its name and attributes are never shown or used.
 */
export const container: NodeView = {
  render(node, screen, host) {
    return html`<div class="component" aria-busy=${settled(node, screen) ? nothing : 'true'}>${body(node, screen, host)}</div>`;
  },
};

export const containerStyles = css`
  .component { display: flex; flex-direction: column; gap: var(--_space-3); min-width: 0; }
`;
