import { LitElement, nothing, type PropertyValues } from 'lit';
import { SignalWatcher } from '../shared/base/signalWatcher.js';
import { taskBudget } from './controllers/taskBudget.js';
import type { MorphContext } from './screenContext.js';
import { boxOf, viewFor } from './views/index.js';
import { fallback } from './views/parts.js';

/**
 * One node of an answer document, by id. Each node gets its own small element, made once when its parent
 * draws it, so an op re-renders only the nodes whose signals it wrote (a `spans` op: one paragraph; a new
 * child: its parent, which appends one element), and an element already shown keeps its focus and caret.
 *
 * Renders in light DOM (inside the screen's shadow root, which holds every style) with `display: contents`,
 * except where the structure needs the element itself as the box: a list item, a table row or cell take
 * the role and the display of what they stand for. Internal: the screen makes these; apps never do.
 * @internal
 */
export class MorphNodeElement extends SignalWatcher(LitElement) {
  static override properties = { nodeId: { attribute: false }, screen: { attribute: false } };

  /** The id of the node this element draws. */
  declare nodeId: string;
  /** The screen's context for the document this node belongs to. */
  declare screen: MorphContext | undefined;

  /** Per-element memory a view keeps across renders (the open tab, a Flashcards' position, an app's element). */
  readonly local = new Map<string, unknown>();

  #crashed: string | null = null;
  #boxed = false;

  constructor() {
    super();
    this.nodeId = '';
    this.screen = undefined;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override shouldUpdate(changed: PropertyValues): boolean {
    return this.screen !== undefined && super.shouldUpdate(changed);
  }

  /**
   * Past the task's drawing budget (a flood of ops in one task), the update waits for its turn in a later task
   * (Lit's way to time an update: it stays pending, so further changes join it, and `updateComplete` waits).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return taskBudget.mayDraw() ? super.scheduleUpdate() : this.#drawLater(false);
  }

  async #drawLater(again: boolean): Promise<void> {
    await taskBudget.later(again);
    if (taskBudget.mayDraw()) super.scheduleUpdate();
    else await this.#drawLater(true);
  }

  protected override update(changed: PropertyValues): void {
    const start = taskBudget.clock.now();
    super.update(changed);
    taskBudget.drew(taskBudget.clock.now() - start);
  }

  protected override render(): unknown {
    const screen = this.screen;
    const node = screen?.doc.node(this.nodeId);
    if (!screen || !node) return nothing;
    if (!this.#boxed) {
      // A node's type and place never change, so neither does the box it needs: set once.
      this.#boxed = true;
      const box = boxOf(node, screen.doc);
      if (box) {
        this.setAttribute('role', box.role);
        this.dataset['box'] = box.box;
        if (box.task) this.dataset['task'] = '';
      }
    }
    try {
      const out = viewFor(node, screen).render(node, screen, this);
      this.#crashed = null;
      return out;
    } catch (error) {
      // Contain the failure to this node. Signals read before the throw are still watched, so a later op on
      // this node (its spans, its close) draws it again: the retry.
      const message = error instanceof Error ? error.message : String(error);
      if (this.#crashed !== message) screen.crashed(node, error);
      this.#crashed = message;
      return fallback(screen.words.answerCrashed, 'crashed');
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'morph-node': MorphNodeElement;
  }
}
