import { LitElement, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import { SignalWatcher } from '../shared/base/signalWatcher.js';
import type { OmniNode as NodeData } from '../../src/omni-ir/index.js';
import { screenContext, type ScreenContext } from './screenContext.js';
import { renderProbe } from './testHooks.js';
import { viewFor } from './views/index.js';
import { fallback, placeholder, sizeFor } from './views/parts.js';
import { defineElement } from '../shared/base/defineElement.js';
import { errorText } from '../../src/stream/index.js';

/**
 * One node of a screen, by id. Each id gets its own small element, keyed by id, so a line re-renders only the
 * nodes that read what it changed, and an element already shown (an Input with focus and caret) is never
 * replaced while the stream grows or an update arrives ([8] While streaming, [8.8]).
 *
 * Renders in light DOM (inside the screen's shadow root, which holds every style) with `display: contents`, so
 * the node itself adds no box. Internal: the screen creates these; apps never do.
 * @internal
 */
export class OmniNodeElement extends SignalWatcher(LitElement) {
  static override properties = { nodeId: { attribute: false } };

  /** The id of the component this element draws. */
  declare nodeId: string;

  /** Per-element memory a view keeps across renders (the open Tab, an app component's element). */
  readonly local = new Map<string, unknown>();

  readonly #screen = new ContextConsumer(this, { context: screenContext });
  #crashedWith: { node: NodeData; message: string } | null = null;

  constructor() {
    super();
    this.nodeId = '';
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  get screen(): ScreenContext | undefined {
    return this.#screen.value;
  }

  protected override shouldUpdate(changed: PropertyValues): boolean {
    // Until the screen's context has answered there is nothing to draw.
    return this.#screen.value !== undefined && super.shouldUpdate(changed);
  }

  protected override render(): unknown {
    const screen = this.#screen.value;
    if (!screen || !this.nodeId) return nothing;
    const doc = screen.doc;
    const status = doc.status(this.nodeId);
    if (status === 'pending') return placeholder('block', screen.words.loading);
    const node = doc.node(this.nodeId);
    if (status === 'missing' || !node) return fallback(screen.words, 'missing');
    try {
      renderProbe.onRender?.(node.id, node.type);
      const out = viewFor(node).render(node, screen, this);
      this.#crashedWith = null;
      return out;
    } catch (error) {
      // Contain the failure to this slot ([8] Failures). Signals read before the throw are still watched, so a
      // change to this node's data (its line, its state) renders it again: the retry.
      const message = errorText(error);
      const previous = this.#crashedWith;
      if (!previous || previous.node !== node || previous.message !== message) screen.crashed(node, error);
      this.#crashedWith = { node, message };
      return fallback(screen.words, 'crashed', sizeFor(node.type));
    }
  }
}

defineElement('omni-node', OmniNodeElement);

declare global {
  interface HTMLElementTagNameMap {
    'omni-node': OmniNodeElement;
  }
}
