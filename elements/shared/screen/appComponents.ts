/**
 * The app-component registry, one shape for both screens: component name → `{ tag, … }`, the tag of the app's
 * own custom element that draws it. `<omni-screen>`'s entries also carry the component's declaration ([5.27]);
 * `<morph-screen>` needs the tag only. A bare tag string (the shape `<morph-screen>` took before its first
 * release) is not an entry: it is left out, and development builds say what to give instead.
 */
import { isJsonObject } from '../../../src/stream/index.js';
import { DEV } from '../base/dev.js';
import { isCustomElementName } from './appElement.js';

/** One entry of the registry: the tag of the app's own custom element for the component. */
export interface AppComponentEntry {
  /** A valid custom element name the app defines (or will define) with `customElements.define`. */
  readonly tag: string;
}

/** The app-component registry: component name → entry. */
export type AppComponents<Entry extends AppComponentEntry = AppComponentEntry> = Readonly<Record<string, Entry>>;

const warned = new Set<string>();

/**
 * The registry's usable tags, name → tag, frozen: entries whose tag isn't a valid custom element name (or is a
 * reserved one) are left out. `element` names the screen in the warning for a string entry.
 */
export function appTags(registry: unknown, element: string): Readonly<Record<string, string>> {
  const tags: Record<string, string> = {};
  if (!isJsonObject(registry)) return Object.freeze(tags);
  for (const [name, entry] of Object.entries(registry)) {
    let tag: unknown;
    if (typeof entry === 'string') warnStringEntry(element, name, entry);
    else if (isJsonObject(entry)) {
      tag = entry['tag'];
    }
    if (isCustomElementName(tag)) tags[name] = tag;
  }
  return Object.freeze(tags);
}

function warnStringEntry(element: string, name: string, tag: string): void {
  const key = `${element} ${name}`;
  if (!DEV || warned.has(key)) return;
  warned.add(key);
  console.warn(
    `${element}: components.${name} is a tag string ("${tag}"), so it is left out. Give each component an ` +
      `object, as <omni-screen> takes: { ${name}: { tag: '${tag}' } }.`,
  );
}
