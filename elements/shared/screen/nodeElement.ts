/**
 * The small element a screen draws one node in (`<omni-node>`, `<morph-node>`): one per node, keyed by id, so a
 * line re-renders only the nodes that read what it changed, and an element already shown (a field with focus and
 * caret) is never replaced while the stream grows.
 *
 * The screen's context reaches a node as its `screen` property, set by whoever draws the node (the screen, or
 * the parent node), not through `@lit/context`: the context is one object per screen, known when the node is
 * made, so a property costs nothing, where a context request is an event up the tree for every node as it
 * connects, and a node drawn into an app element's light DOM would wait for it before it could draw.
 */
import { LitElement, nothing, type PropertyValues } from 'lit';
import { SignalWatcher } from '../base/signalWatcher.js';
import type { NodeHost } from '../base/nodeHost.js';
import { errorText } from '../../../src/stream/index.js';
import { taskBudget } from './pacing.js';

/** What a node element asks of its screen's context itself: to report a node that failed to draw. */
export interface NodeScreen<Node> {
  /** A node failed while drawing: reported once per failure, after the render. */
  crashed(node: Node, error: unknown): void;
}

/**
 * A screen's node element: SignalWatcher (it draws again when a signal it read changes), light DOM (inside the
 * screen's shadow root, which holds every style), a local map a view keeps memory in, and crash containment.
 * Internal: screens make these; apps never do.
 */
export abstract class ScreenNodeElement<Screen extends NodeScreen<Node>, Node extends object>
  extends SignalWatcher(LitElement)
  implements NodeHost
{
  static override properties = { nodeId: { attribute: false }, screen: { attribute: false } };

  /** The id of the node this element draws. */
  declare nodeId: string;
  /** The context of the screen this node belongs to. */
  declare screen: Screen | undefined;

  #local: Map<string, unknown> | undefined;

  /** Per-element memory a view keeps across renders (the open tab, an app component's element); made on first use. */
  get local(): Map<string, unknown> {
    return (this.#local ??= new Map());
  }

  #crashedWith: { node: Node; message: string } | null = null;

  constructor() {
    super();
    this.nodeId = '';
    this.screen = undefined;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override shouldUpdate(changed: PropertyValues): boolean {
    // Until the screen has handed its context there is nothing to draw.
    return this.screen !== undefined && super.shouldUpdate(changed);
  }

  /**
   * Past the task's drawing budget (a big screen or a flood of ops in one task), the update waits for its turn in
   * a later task (Lit's way to time an update: it stays pending, so further changes join it, and `updateComplete`
   * waits). The budget is the page's, shared with writing (`pacing.ts`).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return taskBudget.mayDraw() ? super.scheduleUpdate() : this.#drawLater(false);
  }

  async #drawLater(again: boolean): Promise<void> {
    await taskBudget.later(again);
    if (taskBudget.mayDraw()) super.scheduleUpdate();
    else await this.#drawLater(true);
  }

  /**
   * An update can draw a control anew (an Input becoming a textarea, a Button another template): a person's focus
   * and caret on it move to the one in its place instead of falling to the page.
   */
  protected override update(changed: PropertyValues): void {
    const focused = (this.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    const mine = focused && this.contains(focused) && focused.closest(this.localName) === this ? focused : null;
    const caret = mine instanceof HTMLInputElement || mine instanceof HTMLTextAreaElement ? [mine.selectionStart, mine.selectionEnd] : null;
    const start = taskBudget.clock.now();
    super.update(changed);
    taskBudget.drew(taskBudget.clock.now() - start);
    if (mine && !mine.isConnected) refocus(this, mine, caret);
  }

  protected override render(): unknown {
    const screen = this.screen;
    if (!screen || !this.nodeId) return nothing;
    return this.draw(screen, this.nodeId);
  }

  /** What this element shows for node `id`: the node through its view (with `contain()`), or what stands in for it. */
  protected abstract draw(screen: Screen, id: string): unknown;

  /**
   * Draws `node` with `view`, containing a failure to this element: it shows `crashed()` instead, and the
   * screen hears of it once for each node and message. Signals read before the throw are still watched, so a
   * change to this node's data draws it again: the retry.
   */
  protected contain(screen: Screen, node: Node, view: () => unknown, crashed: () => unknown): unknown {
    try {
      const out = view();
      this.#crashedWith = null;
      return out;
    } catch (error) {
      const message = errorText(error);
      const previous = this.#crashedWith;
      if (!previous || previous.node !== node || previous.message !== message) screen.crashed(node, error);
      this.#crashedWith = { node, message };
      return crashed();
    }
  }
}

const FOCUSABLE = 'input, textarea, select, button, a[href], [tabindex]:not([tabindex="-1"])';

/** Focuses what now stands where `lost` was in `host`: the same id, the same field, else the first control. */
function refocus(host: HTMLElement, lost: HTMLElement, caret: (number | null)[] | null): void {
  const field = lost.dataset['omniField'] ?? lost.dataset['field'];
  const next =
    (lost.id ? host.querySelector<HTMLElement>(`#${CSS.escape(lost.id)}`) : null) ??
    (field !== undefined ? host.querySelector<HTMLElement>(`[data-omni-field="${CSS.escape(field)}"], [data-field="${CSS.escape(field)}"]`) : null) ??
    host.querySelector<HTMLElement>(FOCUSABLE);
  if (!next || next.closest(host.localName) !== host) return;
  next.focus({ preventScroll: true });
  if (caret && (next instanceof HTMLInputElement || next instanceof HTMLTextAreaElement) && caret[0] !== null) {
    next.setSelectionRange(caret[0], caret[1] ?? caret[0]);
  }
}
