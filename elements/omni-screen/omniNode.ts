import type { OmniNode as NodeData } from '../../src/omni-ir/index.js';
import { ScreenNodeElement } from '../shared/screen/nodeElement.js';
import type { ScreenContext } from './screenContext.js';
import { renderProbe } from './testHooks.js';
import { viewFor } from './views/index.js';
import { fallback, placeholder, sizeFor } from './views/parts.js';

/**
 * One node of a screen, by id: the screen kernel's node element (`elements/shared/screen/nodeElement.ts`), so an
 * element already shown (an Input with focus and caret) is never replaced while the stream grows or an update
 * arrives ([8] While streaming, [8.8]). A node not yet arrived shows a placeholder, one that never will a
 * fallback, and a failure stays in its slot ([8] Failures).
 *
 * Renders with `display: contents`, so the node itself adds no box. Internal: the screen creates these; apps never do.
 * @internal
 */
export class OmniNodeElement extends ScreenNodeElement<ScreenContext, NodeData> {
  protected override draw(screen: ScreenContext, id: string): unknown {
    const doc = screen.doc;
    const status = doc.status(id);
    if (status === 'pending') return placeholder('block', screen.words.loading);
    const node = doc.node(id);
    if (status === 'missing' || !node) return fallback(screen.words, 'missing');
    return this.contain(
      screen,
      node,
      () => {
        renderProbe.onRender?.(node.id, node.type);
        return viewFor(node).render(node, screen, this);
      },
      () => fallback(screen.words, 'crashed', sizeFor(node.type)),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'omni-node': OmniNodeElement;
  }
}
