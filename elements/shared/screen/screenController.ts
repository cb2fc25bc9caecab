/**
 * What both screens do the same way around their nodes, as one controller: the generation (each start-over
 * begins a new one, and what an older one began draws nothing and says nothing), drawing every node again when
 * the words or the locale change (they aren't signals), reporting a node that failed to draw (after the render
 * that caught it), how a `stream()` ends (the input ends, and a source that failed says so on the screen), and
 * what a selection copies (what a sighted reader sees: tables as tables, no words said only to screen readers).
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { Signal } from '../base/signals.js';
import { errorText } from '../../../src/stream/index.js';
import type { IntakeResult } from '../controllers/streamIntake.js';
import { copySelection } from './copying.js';

/** A node that failed to draw, as the screen reports it (`node_crashed`). */
export interface NodeCrash {
  readonly code: 'node_crashed';
  readonly severity: 'error';
  readonly line: number;
  readonly id: string;
  readonly message: string;
}

/**
 * How `stream()`'s source failed, for the notice: the server's error status (0: the connection was lost), or a
 * source that was plainly not the format (a web page answering 200).
 */
export interface SourceFailure {
  readonly status: number;
  readonly notTheFormat: boolean;
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
  readonly #sourceFailed = new Signal.State<SourceFailure | null>(null);
  #drawn: { readonly words: unknown; readonly locale: string } | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode },
    private readonly options: ScreenControllerOptions,
  ) {
    host.addController(this);
    host.addEventListener('copy', (e) => copySelection(e, host.renderRoot as ShadowRoot));
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

  /**
   * Ends a `stream()` however its read ended: a newer read's AbortError is rethrown; an abort (`reset()`), or a
   * read of an answer no longer current, ends nothing; otherwise the input ends (`end`), and a failed source is
   * remembered for the notice, then rethrown.
   */
  endRead(read: IntakeResult, end: () => void, current = true): void {
    if (read.status === 'superseded') throw read.error;
    if (read.status === 'aborted' || !current) return;
    if (read.status === 'failed') this.#sourceFailed.set({ status: read.httpStatus ?? 0, notTheFormat: read.notTheFormat === true });
    end();
    if (read.status === 'failed') throw read.error;
  }

  /** Forgets a failed source (a start-over). */
  clearSourceFailure(): void {
    this.#sourceFailed.set(null);
  }

  /**
   * The notice of a failed source, in the screen's words for how it failed (a status, a lost connection, not the
   * format); nothing while the source is fine. Reads a signal: the screen draws again when it changes.
   */
  sourceNotice(words: (failure: SourceFailure) => string, part: string): TemplateResult | typeof nothing {
    const failure = this.#sourceFailed.get();
    if (failure === null) return nothing;
    return html`<p class="screen-notice" part=${part} role="note">${words(failure)}</p>`;
  }
}
