import { nothing } from 'lit';
import type { OpNode } from '../../src/ops/index.js';
import { ScreenNodeElement } from '../shared/screen/nodeElement.js';
import type { MorphContext } from './screenContext.js';
import { boxOf, viewFor } from './views/index.js';
import { fallback } from './views/parts.js';

/**
 * One node of an answer document, by id: the screen kernel's node element (`elements/shared/screen/nodeElement.ts`),
 * made once when its parent draws it, so an op re-renders only the nodes whose signals it wrote (a `spans` op:
 * one paragraph; a new child: its parent, which appends one element), and an element already shown keeps its
 * focus and caret.
 *
 * Renders with `display: contents`, except where the structure needs the element itself as the box: a list
 * item, a table row or cell take the role and the display of what they stand for. Drawing shares the task's
 * budget with writing (the kernel's `taskBudget`, paced by `ScreenNodeElement`). Internal: the screen makes these; apps never do.
 * @internal
 */
export class MorphNodeElement extends ScreenNodeElement<MorphContext, OpNode> {
  /** The refusal the box was set for: a retry that fills a refused node or a gap sets it again. */
  #boxedFor: OpNode['refused'] | undefined = undefined;

  protected override draw(screen: MorphContext, id: string): unknown {
    const node = screen.doc.node(id);
    if (!node) return nothing;
    if (this.#boxedFor !== node.refused) {
      // A node's type and place never change once it applied, so neither does the box it needs: set once, and
      // again only when a retry fills a refused node or a gap.
      this.#boxedFor = node.refused;
      const box = boxOf(node, screen.doc);
      if (box) {
        this.setAttribute('role', box.role);
        this.dataset['box'] = box.box;
      }
      this.toggleAttribute('data-task', box?.task === true);
    }
    return this.contain(
      screen,
      node,
      () => viewFor(node, screen).render(node, screen, this),
      () => fallback(screen.words.answerCrashed, 'crashed'),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'morph-node': MorphNodeElement;
  }
}
