/**
 * An app's own element for a component name (the screen's `components`: name → tag). The screen makes the
 * element once per node and hands it the node as properties; the stream never names a tag or a property the
 * app didn't choose.
 *
 * Contract with the app's element:
 * - each attribute of the component is set as a property of the same name, when that name is safe: nothing an
 *   HTMLElement already has (inner HTML, `style`, `slot`, …) and nothing starting with `on`; `title` is allowed
 *   (it only sets a tooltip's text). Values are strings, or `true` for a bare attribute;
 * - `attrs` (all attributes, a frozen object), `spans` (its inline content, the document's span objects),
 *   `data` (its component data, or null) and `closed` (true once final) are always set, and set again as the
 *   stream changes them; `nodeId` is the node's id;
 * - its children are drawn into its light DOM, in order: show them through a `<slot>`.
 */
import type { Attrs, OpData, Span } from '../../../src/ops/index.js';

/** A valid custom element name (ASCII subset of the HTML rule), and not one of ours or the reserved ones. */
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9._]*(-[a-z0-9._]*)+$/;
const RESERVED = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
  'morph-node',
  'morph-screen',
]);

/** The properties the screen sets itself, never taken from an attribute of the same name. */
const OURS = new Set(['attrs', 'spans', 'data', 'closed', 'nodeId']);

export function isCustomElementName(tag: unknown): tag is string {
  return typeof tag === 'string' && CUSTOM_ELEMENT_NAME.test(tag) && !RESERVED.has(tag);
}

/** True for an attribute name that may become a property of the app's element. */
export function isSafePropName(name: string): boolean {
  if (name === 'title') return true;
  if (/^on/i.test(name) || OURS.has(name)) return false;
  return !(name in HTMLElement.prototype);
}

/** What the screen hands the app's element. */
export interface AppProps {
  readonly nodeId: string;
  readonly attrs: Attrs;
  readonly spans: readonly Span[];
  readonly data: OpData | null;
  readonly closed: boolean;
}

const SEEN = new WeakMap<HTMLElement, Map<string, unknown>>();

/** Sets what changed since the last time on the app's element (the app's setters run only on a change). */
export function handOver(el: HTMLElement, props: AppProps): void {
  let last = SEEN.get(el);
  if (!last) SEEN.set(el, (last = new Map()));
  const set = (name: string, value: unknown) => {
    if (last.has(name) && Object.is(last.get(name), value)) return;
    (el as unknown as Record<string, unknown>)[name] = value;
    last.set(name, value);
  };
  for (const name of Object.keys(props.attrs)) if (isSafePropName(name)) set(name, props.attrs[name]);
  set('nodeId', props.nodeId);
  set('attrs', props.attrs);
  set('spans', props.spans);
  set('data', props.data);
  set('closed', props.closed);
}

/** The app's element for a tag, or null while the tag isn't a defined custom element. */
export function appElement(tag: string, waitFor: () => void): HTMLElement | null {
  if (!isCustomElementName(tag)) return null;
  if (!customElements.get(tag)) {
    void customElements.whenDefined(tag).then(waitFor);
    return null;
  }
  return document.createElement(tag);
}
