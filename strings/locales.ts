/**
 * The languages the elements speak. English is built in; an app registers others once
 * (`registerLocale('de', de)`), and every element picks its words by its locale: its `locale` property, its
 * `lang`, the element around it, then the page's `lang`. An exact tag wins (`de-CH`), then the language
 * (`de`), then English. A locale may leave words out: those stay English. Registering after elements are drawn
 * redraws them in the new words.
 */
import { Signal } from '../src/signals.js';
import { en, mergeStrings, type Strings } from './en.js';

const registered = new Map<string, Partial<Strings>>();
const merged = new Map<string, Strings>();
// Read by every element's words, so registering a locale redraws the elements already on the page.
const version = new Signal.State(0);

/** A tag as the registry keys it: lower case, `_` read as `-`. */
const key = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-');

/** Teaches every element a language. `words` may leave keys out (they stay English); other keys are ignored. */
export function registerLocale(tag: string, words: Partial<Strings>): void {
  if (typeof tag !== 'string' || tag.trim() === '') throw new TypeError('registerLocale(tag, words): tag must be a language tag such as "de"');
  if (!words || typeof words !== 'object') throw new TypeError('registerLocale(tag, words): words must be an object of strings');
  registered.set(key(tag), words);
  merged.clear();
  version.set(version.get() + 1);
}

/** The registered tags, in the order they were registered. */
export function registeredLocales(): string[] {
  return [...registered.keys()];
}

/** The complete words for a locale (reactive: changes when a locale is registered). Same object for the same words. */
export function wordsFor(locale: string): Strings {
  version.get();
  const tag = key(locale);
  const found = registered.has(tag) ? tag : registered.has(tag.split('-')[0]!) ? tag.split('-')[0]! : null;
  if (found === null) return en;
  let words = merged.get(found);
  if (!words) merged.set(found, (words = mergeStrings(en, registered.get(found) as Partial<Record<string, unknown>>)));
  return words;
}
