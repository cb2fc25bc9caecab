/**
 * Small pieces the views share: the blocks standing in for a part still coming or one that can't be shown,
 * reading attributes as words or one of a few allowed values, and finding the component a node sits in.
 */
import { html, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type PartInfo } from 'lit/directive.js';
import { Signal } from '../../shared/base/signals.js';
import { attrText, type Attrs, type OpDocument, type OpNode } from '../../../src/ops/index.js';
import { streamText } from '../../shared/base/streamText.js';
import type { MorphContext } from '../screenContext.js';

export { streamText };

/**
 * Sets a text node to `now`, appending when it only grew: a person's selection in the text being written
 * survives the next token (replacing the data moves every range in the node back to its start).
 */
export function grow(node: Text, now: string): void {
  const was = node.data;
  if (now === was) return;
  if (now.length > was.length && now.startsWith(was)) node.appendData(now.slice(was.length));
  else node.data = now;
}

/**
 * Stream text in a child position as one text node that grows (`grow`), where a plain string would have Lit
 * replace the node's data at every token.
 */
class GrowingText extends Directive {
  #node: Text | undefined;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('growingText() belongs in a child position of a template');
  }

  render(text: string): Text {
    if (this.#node) grow(this.#node, text);
    else this.#node = document.createTextNode(text);
    // The same node each time: Lit leaves a node it already holds in place.
    return this.#node;
  }
}

export const growingText = directive(GrowingText);

/** Sizes of the blocks that stand in for a component, so the layout doesn't move when it arrives. */
export type BlockSize = 'text' | 'control' | 'block' | 'chart' | 'media';

/**
 * A component still streaming, with nothing to show yet: a plain shimmering block in the screen's own
 * stylesheet (no element of its own, no shadow root), read as "Loading…".
 */
export const pending = (label: string, size: BlockSize = 'block'): TemplateResult =>
  html`<div class="pending shimmer" data-size=${size}><span class="visually-hidden">${label}</span></div>`;

/**
 * A part that can't be shown: its data never came (`missing`), the stream's op for it was refused (`refused`),
 * or drawing it failed (`crashed`). A muted block with a sentence.
 */
export const fallback = (words: string, kind: 'missing' | 'refused' | 'crashed' = 'missing', size: BlockSize = 'block'): TemplateResult =>
  html`<div class="fallback" part="fallback" data-kind=${kind} data-size=${size}>${words}</div>`;

/**
 * Nothing more will come for this node: it closed, or the input is over (an answer that stopped without its
 * `end` op leaves nodes open that will never close). Tracked: an open node draws again when the input ends.
 */
export const settled = (node: OpNode, screen: MorphContext): boolean => node.closed || screen.doc.finished;

/**
 * What stands in for a component that has nothing to show: a shimmering block while more may come, then a
 * sentence: its data was refused (it can't be shown), or it never arrived.
 */
export function standIn(node: OpNode, screen: MorphContext, size: BlockSize = 'block'): TemplateResult {
  if (!settled(node, screen)) return pending(screen.words.loading, size);
  return node.refused ? fallback(screen.words.answerCrashed, 'refused', size) : fallback(screen.words.answerMissing, 'missing', size);
}

/** An attribute as words to show: its text without direction controls, or '' (a bare attribute has no words). */
export const attr = (attrs: Attrs, name: string): string => streamText(attrText(attrs, name) ?? '');

/** The first of several attribute names that has words, as words to show (without direction controls). */
export function firstAttr(attrs: Attrs, names: readonly string[]): string {
  for (const n of names) {
    const v = attrText(attrs, n);
    if (v !== undefined && v !== '') return streamText(v);
  }
  return '';
}

/** An attribute that must be one of a few words, else the fallback: a stream never picks a class name. */
export function oneOf<T extends string>(attrs: Attrs, name: string, allowed: readonly T[], fallbackValue: T): T {
  const v = attrText(attrs, name)?.toLowerCase();
  return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : fallbackValue;
}

/**
 * The nearest ancestor of one of `types`, or undefined; a refused node is none of them, whatever its type says.
 * Types, places and a node's refusal change only when a retry fills a refused node, so nothing here is tracked;
 * at most `maxDepth` steps.
 */
export function ancestor(doc: OpDocument, node: OpNode, types: readonly string[]): OpNode | undefined {
  return Signal.subtle.untrack(() => {
    let parent = node.parent === null ? undefined : doc.node(node.parent);
    while (parent) {
      if (types.includes(parent.type) && parent.refused?.what !== 'node') return parent;
      parent = parent.parent === null ? undefined : doc.node(parent.parent);
    }
    return undefined;
  });
}

