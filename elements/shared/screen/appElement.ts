/**
 * The app's own elements a screen draws a component with (`components` on `<omni-screen>` and `<morph-screen>`):
 * which tags may be made, which property names stream text may reach, and how values are handed over. Security
 * code: both screens use these, and nothing else decides it.
 */
import { Signal } from '../base/signals.js';

/** A valid custom element name ([HTML] "valid custom element name"), ASCII subset. */
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9._]*(-[a-z0-9._]*)+$/;

/**
 * Names HTML reserves, and the screens' own: an app component drawn as a screen or a node element would let a
 * stream nest screens in screens or hand a node element properties it trusts.
 */
const RESERVED = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
  'omni-node',
  'omni-screen',
  'morph-node',
  'morph-screen',
]);

/** True for a tag an app component may be drawn with: a valid custom element name, and not a reserved one. */
export function isCustomElementName(tag: unknown): tag is string {
  return typeof tag === 'string' && CUSTOM_ELEMENT_NAME.test(tag) && !RESERVED.has(tag);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * True for a name stream text may be set under, as a property of an app's element. Anything an HTMLElement
 * already has (its inner or outer HTML, `style`, `slot`, …) could turn stream text into markup, style or code,
 * and so could a name starting with `on`; `title` is the one harmless exception (it only sets a tooltip's
 * text). `ours` are the properties the screen sets itself, never taken from the stream.
 */
export function isSafePropName(name: string, ours: ReadonlySet<string> = NONE): boolean {
  if (name === 'title') return true;
  if (/^on/i.test(name) || ours.has(name)) return false;
  return !(name in HTMLElement.prototype);
}

/** What each app element was last handed, by property name: a setter runs only when its value changed. */
const HANDED = new WeakMap<HTMLElement, Map<string, unknown>>();

/** What `el` was last handed (a screen may forget an entry to hand it over again). */
export function handed(el: HTMLElement): Map<string, unknown> {
  let last = HANDED.get(el);
  if (!last) HANDED.set(el, (last = new Map()));
  return last;
}

/**
 * Sets a property on the app's element when its value changed since the last time. The app's setter is the
 * app's code: whatever signals it reads or writes are its own, not those of the node drawing it.
 */
export function handOver(el: HTMLElement, name: string, value: unknown): void {
  const last = handed(el);
  if (last.has(name) && Object.is(last.get(name), value)) return;
  Signal.subtle.untrack(() => {
    (el as unknown as Record<string, unknown>)[name] = value;
  });
  last.set(name, value);
}

/**
 * A new app element for `tag`, or null while it can't be made: an invalid or reserved tag (never), or one not
 * defined yet (then `whenDefined` is called once it is, so the node draws again).
 */
export function makeAppElement(tag: unknown, whenDefined: () => void): HTMLElement | null {
  if (!isCustomElementName(tag)) return null;
  if (!customElements.get(tag)) {
    void customElements.whenDefined(tag).then(whenDefined);
    return null;
  }
  return document.createElement(tag);
}
