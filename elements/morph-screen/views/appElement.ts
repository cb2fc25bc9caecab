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
import { handOver as handOverProp, isSafePropName } from '../../shared/screen/appElement.js';

export { makeAppElement as appElement } from '../../shared/screen/appElement.js';

/** The properties the screen sets itself, never taken from an attribute of the same name. */
const OURS: ReadonlySet<string> = new Set(['attrs', 'spans', 'data', 'closed', 'nodeId']);

/** What the screen hands the app's element. */
export interface AppProps {
  readonly nodeId: string;
  readonly attrs: Attrs;
  readonly spans: readonly Span[];
  readonly data: OpData | null;
  readonly closed: boolean;
}

/** Sets what changed since the last time on the app's element (the app's setters run only on a change). */
export function handOver(el: HTMLElement, props: AppProps): void {
  for (const name of Object.keys(props.attrs)) if (isSafePropName(name, OURS)) handOverProp(el, name, props.attrs[name]);
  handOverProp(el, 'nodeId', props.nodeId);
  handOverProp(el, 'attrs', props.attrs);
  handOverProp(el, 'spans', props.spans);
  handOverProp(el, 'data', props.data);
  handOverProp(el, 'closed', props.closed);
}
