/**
 * What both screens do the same way around their nodes, as one controller: the generation (each start-over
 * begins a new one, and what an older one began draws nothing and says nothing), drawing every node again when
 * the words or the locale change (they aren't signals), and reporting a node that failed to draw, after the
 * render that caught it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { errorText } from '../../../src/stream/index.js';

/** A node that failed to draw, as the screen reports it (`node_crashed`). */
export interface NodeCrash {
  readonly code: 'node_crashed';
  readonly severity: 'error';
  readonly line: number;
  readonly id: string;
  readonly message: string;
}

export interface ScreenControllerOptions {
  /** The tag of the screen's node elements (`omni-node`, `morph-node`). */
  readonly nodeTag: string;
  /** What the nodes draw with that isn't a signal: the words and the locale now. */
  readonly looks: () => { readonly words: unknown; readonly locale: string };
  /** Reports a node that failed to draw (called after the render, never during it). */
  readonly report: (crash: NodeCrash) => void;
}

export class ScreenController implements ReactiveController {
  #generation = 0;
  #drawn: { readonly words: unknown; readonly locale: string } | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode },
    private readonly options: ScreenControllerOptions,
  ) {
    host.addController(this);
  }

  /** The generation drawn now. */
  get generation(): number {
    return this.#generation;
  }

  /** Starts a new generation and returns it: whatever the older ones began is no longer current. */
  next(): number {
    return ++this.#generation;
  }

  /** Whether `generation` is still the one drawn. */
  isCurrent(generation: number): boolean {
    return generation === this.#generation;
  }

  hostUpdated(): void {
    const now = this.options.looks();
    const before = this.#drawn;
    this.#drawn = { words: now.words, locale: now.locale };
    if (before && (before.words !== now.words || before.locale !== now.locale)) this.redrawNodes();
  }

  /** Draws every node again: for what a node reads that isn't a signal (words, locale, an app's registries). */
  redrawNodes(): void {
    for (const node of this.host.renderRoot.querySelectorAll<Element & { requestUpdate(): void }>(this.options.nodeTag)) node.requestUpdate();
  }

  /** A node failed while drawing: reported after the render that caught it, since no state is written while rendering. */
  crashed(node: { readonly line: number; readonly id: string; readonly type: string }, error: unknown): void {
    const crash: NodeCrash = {
      code: 'node_crashed',
      severity: 'error',
      line: node.line,
      id: node.id,
      message: `${node.type} "${node.id}" failed while rendering: ${errorText(error)}`,
    };
    queueMicrotask(() => this.options.report(crash));
  }
}
