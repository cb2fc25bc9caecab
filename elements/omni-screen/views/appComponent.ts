import { css, html, render as renderInto } from 'lit';
import type { OmniNode, Scalar } from '../../../src/omni-ir/index.js';
import type { AppComponentView, ScreenContext } from '../screenContext.js';
import type { NodeHost, NodeView } from './view.js';
import { fallback, isStateRef, nodes, streamText } from './parts.js';
import { fieldMessage } from './field.js';
import { warnOnce } from '../../shared/base/dev.js';
import { handed, handOver, isCustomElementName, isSafePropName } from '../../shared/screen/appElement.js';

/** The properties the screen itself sets on a field's element: never taken from a prop of the same name. */
const OURS: ReadonlySet<string> = new Set(['invalid', 'errorMessage']);

/** Tells the app's developer, once per component and prop, that a declared prop is never set (dev builds only). */
function warnUnsafeProp(type: string, name: string): void {
  warnOnce(
    `omni-screen app prop ${type}.${name}`,
    `<omni-screen>: the app component ${type} declares the prop "${name}", which is never set on its element: ` +
      'HTMLElement already has a member of that name (or it starts with "on"), so stream text could reach markup, ' +
      'style or code through it. Give the prop another name.',
  );
}

const plainItem = <T>(v: T): T | string => (typeof v === 'string' ? streamText(v) : v);

const ELEMENT = 'app:element';
const CURRENT = 'app:node';
const WAITING = 'app:waiting';

/** The value an app field's element may hand back for its declared kind, or undefined to ignore it. */
function acceptable(view: AppComponentView, value: unknown): Scalar | undefined {
  const decl = view.props['value'];
  if (!decl || decl.kind !== 'state') return undefined;
  if (value === null) return null;
  if (decl.holds === 'text' && typeof value === 'string') return value;
  if (decl.holds === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (decl.holds === 'boolean' && typeof value === 'boolean') return value;
  return undefined;
}

/**
 * An app component ([8.7]): drawn only by the app's own custom element, named by the `tag` the app gave with
 * its declaration. Contract with that element:
 * - each declared prop is set as a property: text and numbers with a `$key` replaced by its current value,
 *   lists as arrays, a picture prop as `{name, src, width, height}` (only `{name}` when the app has no picture);
 * - its children (omni nodes) are rendered into its light DOM in order: show them through a `<slot>`;
 * - a field (a `value` prop declared `kind: 'state'`) gets `value`, and changes it by calling the
 *   `onValueChange(value)` property or by firing a `change` or `input` CustomEvent with `detail.value`; a value
 *   of the wrong kind is ignored. It also gets `invalid` (boolean) and `errorMessage` (string) for [8.5], and
 *   the screen shows the message under it, tied with aria-invalid and aria-describedby on the element.
 * Where the app has no element for it (no tag, an invalid one, or not defined), a fallback shows instead, and
 * the element is drawn as soon as it is defined.
 */
export const appComponent: NodeView = {
  render(node, screen, host) {
    const view = screen.appView(node.type);
    const tag = view?.tag;
    if (!view || !isCustomElementName(tag)) return fallback(screen.words, 'unknown');
    if (!customElements.get(tag)) {
      if (!host.local.has(WAITING)) {
        host.local.set(WAITING, true);
        void customElements.whenDefined(tag).then(() => host.requestUpdate());
      }
      return fallback(screen.words, 'unknown');
    }
    host.local.set(CURRENT, node);
    const el = element(host, tag, screen, view);
    const last = handed(el);
    const set = (name: string, value: unknown) => handOver(el, name, value);
    for (const [name, decl] of Object.entries(view.props)) {
      if (!isSafePropName(name, OURS)) {
        warnUnsafeProp(node.type, name);
        continue;
      }
      const raw = node.props[name];
      if (decl.kind === 'picture') {
        const pictureName = typeof raw === 'string' ? raw : undefined;
        const picture = pictureName ? screen.picture(pictureName) : undefined;
        const key = `picture:${pictureName ?? ''}:${picture?.src ?? ''}:${picture?.width ?? ''}:${picture?.height ?? ''}`;
        if (last.get(`${name}#key`) !== key) {
          last.set(`${name}#key`, key);
          last.delete(name);
          set(name, pictureName === undefined ? undefined : Object.freeze({ name: pictureName, ...picture }));
        }
      } else if (decl.kind === 'state') {
        set(name, isStateRef(raw) ? screen.doc.state(raw.key) ?? null : null);
      } else {
        // Text for the app to show: without direction controls, as the catalog's components show it.
        const value = isStateRef(raw) ? screen.doc.state(raw.key) : raw;
        set(name, Array.isArray(value) ? Object.freeze(value.map(plainItem)) : plainItem(value));
      }
    }
    // Only a component that holds children gets anything in its light DOM.
    if (view.children || node.children.length > 0) renderInto(nodes(screen, node), el);
    if (!isField(view)) return html`${el}`;
    const field = fieldMessage(node, screen);
    set('invalid', field.message !== null);
    set('errorMessage', field.message ?? '');
    if (field.message) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', field.describedBy as string);
    } else {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
    }
    return html`<div class="field app-field">${el} ${field.template}</div>`;
  },
};

function isField(view: AppComponentView): boolean {
  return view.props['value']?.kind === 'state';
}

/** The app's element for this node, created once and kept, so it keeps its own state across renders. */
function element(host: NodeHost, tag: string, screen: ScreenContext, view: AppComponentView): HTMLElement {
  const existing = host.local.get(ELEMENT) as HTMLElement | undefined;
  if (existing && existing.localName === tag) return existing;
  const el = document.createElement(tag);
  host.local.set(ELEMENT, el);
  if (isField(view)) {
    const current = () => host.local.get(CURRENT) as OmniNode;
    const change = (value: unknown) => {
      const v = acceptable(view, value);
      if (v !== undefined) screen.edit(current(), v);
    };
    (el as unknown as { onValueChange: (v: unknown) => void }).onValueChange = change;
    const fromEvent = (e: Event) => {
      if (e.target !== el || !(e instanceof CustomEvent) || typeof e.detail !== 'object' || e.detail === null) return;
      if ('value' in e.detail) change((e.detail as { value: unknown }).value);
    };
    el.addEventListener('change', fromEvent);
    el.addEventListener('input', fromEvent);
    el.addEventListener('focusout', () => screen.leave(current()));
    el.setAttribute('data-omni-field', current().id);
  }
  return el;
}

export const appComponentStyles = css`
  .app-field { display: flex; flex-direction: column; gap: var(--_space-1); }
`;
