/**
 * Small helpers the component views share: reading props as display text, children, and the status of a child
 * a parent draws itself (table rows, chart series, tab labels).
 */
import { en, type Strings } from '../../../strings/en.js';
import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { BlockSize } from '../../shared/styles/blockSize.js';
import type { OmniNode, PropValue, Scalar, StateRef } from '../../../src/omni-ir/index.js';
import type { ScreenContext } from '../screenContext.js';
import { streamText } from '../../shared/base/streamText.js';

export { streamText };

export function isStateRef(value: unknown): value is StateRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as StateRef).kind === 'state';
}

/**
 * A prop as text to show: strings as text nodes, without direction controls (see directionControls.ts), numbers
 * plainly, booleans in words.
 */
export function text(screen: ScreenContext, prop: PropValue | undefined): string {
  return display(screen, screen.value(prop));
}

export function display(screen: ScreenContext, value: Scalar | readonly (string | number)[] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return streamText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? screen.words.on : screen.words.off;
  return streamText(value.map((v) => String(v)).join(', '));
}

/** A prop that must be one of a few words (an enum), else the fallback: streams never pick a class name freely. */
export function oneOf<T extends string>(value: PropValue | undefined, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function numberProp(screen: ScreenContext, prop: PropValue | undefined): number | undefined {
  const v = screen.value(prop);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function listProp(prop: PropValue | undefined): readonly (string | number)[] {
  return Array.isArray(prop) ? (prop as readonly (string | number)[]) : [];
}

/** The $key a field edits (its `value` prop), or undefined. */
export function editedKey(node: OmniNode): string | undefined {
  const v = node.props['value'];
  return isStateRef(v) ? v.key : undefined;
}

/** A child that has arrived (drawn by its own node element), or a run of children that haven't. */
type Slot = { readonly key: string; readonly id: string } | { readonly key: string; readonly id: null };

/**
 * The children of `node`: each one that has arrived in its own node element, keyed by id, so it keeps its
 * element while the list grows or changes; each run of ids that haven't arrived as one block, pending while
 * the stream runs and missing after it ([7.3]). One block per run, not per id: a hostile stream can list
 * thousands of ids it never writes, and an element each took seconds to draw. The parent draws again only
 * when one of its own children arrives or goes (`childrenArrived`), not for every line of the stream.
 */
export function nodes(screen: ScreenContext, node: OmniNode): unknown {
  const doc = screen.doc;
  doc.childrenArrived(node.id);
  const slots: Slot[] = [];
  let inRun = false;
  let runs = 0;
  for (const id of node.children) {
    if (doc.isWritten(id)) {
      slots.push({ key: id, id });
      inRun = false;
    } else if (!inRun) {
      // Keyed by the run's first id: a run that shrinks from its end keeps its block.
      slots.push({ key: `\u0000${id}`, id: null });
      inRun = true;
      runs++;
    }
  }
  // Read `ended` only when a block is drawn: a parent whose children all arrived doesn't draw again at the end.
  const gap = runs === 0 ? null : doc.ended ? fallback(screen.words, 'missing') : placeholder('block', screen.words.loading);
  return repeat(
    slots,
    (s) => s.key,
    (s) => (s.id === null ? gap : html`<omni-node .nodeId=${s.id} .screen=${screen}></omni-node>`),
  );
}

/** A child a parent draws itself: its node when it has arrived with the wanted type. */
export function child(screen: ScreenContext, id: string, type: string | readonly string[]): OmniNode | 'pending' | 'missing' {
  const status = screen.doc.status(id);
  if (status === 'pending') return 'pending';
  const node = screen.doc.node(id);
  const types = typeof type === 'string' ? [type] : type;
  if (status === 'missing' || !node || !types.includes(node.type)) return 'missing';
  return node;
}


const SIZES: Readonly<Record<string, BlockSize>> = {
  Heading: 'text',
  Text: 'text',
  Badge: 'text',
  Rating: 'text',
  Divider: 'text',
  Input: 'control',
  DateInput: 'control',
  Select: 'control',
  Switch: 'control',
  Button: 'control',
  Image: 'media',
  BarChart: 'chart',
  LineChart: 'chart',
  PieChart: 'chart',
};

/** The size of the block that stands in for a component of this type, so the layout doesn't move. */
export const sizeFor = (type: string | undefined): BlockSize =>
  type !== undefined && Object.prototype.hasOwnProperty.call(SIZES, type) ? SIZES[type]! : 'block';

/**
 * What stands in for a component that hasn't arrived ([8] While streaming). A plain block styled by the
 * screen's own stylesheet rather than an `<ae-placeholder>`: a wide line (a Card of 20 children) creates one
 * per child, and a shadow root each made such lines cost several milliseconds.
 */
export const placeholder = (size: BlockSize = 'block', label: string = en.loading): TemplateResult =>
  html`<div class="pending shimmer" data-size=${size}><span class="visually-hidden">${label}</span></div>`;

const FALLBACK_WORDS = { missing: 'missing', crashed: 'crashed', unknown: 'unknownComponent' } as const;

/**
 * What stands in for a component that can't be shown: never arrived ([7.3]), failed while drawing, or needs a
 * newer app. A plain block in the screen's stylesheet, like the pending block it replaces and of its size:
 * a hostile stream can leave thousands of them, and an element with its own shadow root and contexts each
 * took seconds per thousand.
 */
export const fallback = (
  words: Strings,
  kind: 'missing' | 'crashed' | 'unknown' = 'missing',
  size: BlockSize = 'block',
): TemplateResult =>
  html`<div class="fallback" part="fallback" data-kind=${kind} data-size=${size}>${words[FALLBACK_WORDS[kind]]}</div>`;
