/**
 * Small pieces the views share: the blocks standing in for a part still coming or one that can't be shown,
 * reading attributes as words or one of a few allowed values, and finding the component a node sits in.
 */
import { html, type TemplateResult } from 'lit';
import { attrText, type Attrs, type OpDocument, type OpNode } from '../../../src/ops/index.js';

/** Sizes of the blocks that stand in for a component, so the layout doesn't move when it arrives. */
export type BlockSize = 'text' | 'control' | 'block' | 'chart' | 'media';

/**
 * A component still streaming, with nothing to show yet: a plain shimmering block in the screen's own
 * stylesheet (no element of its own, no shadow root), read as "Loading…".
 */
export const pending = (label: string, size: BlockSize = 'block'): TemplateResult =>
  html`<div class="pending shimmer" data-size=${size}><span class="visually-hidden">${label}</span></div>`;

/** A part that can't be shown (its data never came, or drawing it failed): a muted block with a sentence. */
export const fallback = (words: string, kind: 'missing' | 'crashed' = 'missing', size: BlockSize = 'block'): TemplateResult =>
  html`<div class="fallback" part="fallback" data-kind=${kind} data-size=${size}>${words}</div>`;

/** An attribute as words: its text, or '' (a bare attribute has no words). */
export const attr = (attrs: Attrs, name: string): string => attrText(attrs, name) ?? '';

/** The first of several attribute names that has words. */
export function firstAttr(attrs: Attrs, names: readonly string[]): string {
  for (const n of names) {
    const v = attrText(attrs, n);
    if (v !== undefined && v !== '') return v;
  }
  return '';
}

/** An attribute that must be one of a few words, else the fallback: a stream never picks a class name. */
export function oneOf<T extends string>(attrs: Attrs, name: string, allowed: readonly T[], fallbackValue: T): T {
  const v = attrText(attrs, name)?.toLowerCase();
  return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : fallbackValue;
}

/**
 * The nearest ancestor of one of `types`, or undefined. Types and places never change, so nothing here is
 * tracked; at most `maxDepth` steps.
 */
export function ancestor(doc: OpDocument, node: OpNode, types: readonly string[]): OpNode | undefined {
  let parent = node.parent === null ? undefined : doc.node(node.parent);
  while (parent) {
    if (types.includes(parent.type)) return parent;
    parent = parent.parent === null ? undefined : doc.node(parent.parent);
  }
  return undefined;
}

/** The options of a Poll, Select, Radio or Checkboxes: its `options` attribute split at `|`. */
export function optionsAttr(attrs: Attrs): string[] {
  const raw = attrText(attrs, 'options');
  if (!raw) return [];
  return raw
    .split('|')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .slice(0, 1000);
}
