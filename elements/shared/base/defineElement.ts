/**
 * The one way the elements define their tags (house issue #8). It defines only where a custom element
 * registry exists, so importing any entry on a server (Next.js, Nuxt, SvelteKit rendering in Node) or in a
 * worker does nothing instead of throwing. A tag already taken is left to its owner, since the registry can't
 * redefine one: the same class (two entries sharing a chunk) is silent; another class (a second copy of the
 * package, or an app's own element with the same name) gets a warning in development, naming the versions.
 */
import { DEV } from './dev.js';
import { VERSION } from './version.js';

/** Where a class defined by defineElement keeps the version of the package that defined it. */
const versionKey = Symbol.for('agentic-elements.version');

type Stamped = CustomElementConstructor & { [versionKey]?: string };

/**
 * Defines `tag` as `ctor` when there is a registry (`customElements`) and the tag is free. Returns the class
 * that owns the tag afterwards (undefined where there is no registry).
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): CustomElementConstructor | undefined {
  const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
  if (!registry) return undefined;
  const owner = registry.get(tag) as Stamped | undefined;
  if (owner === undefined) {
    (ctor as Stamped)[versionKey] ??= VERSION;
    registry.define(tag, ctor);
    return ctor;
  }
  if (owner !== ctor && DEV) {
    const theirs = owner[versionKey];
    const who = theirs ? `agentic-elements ${theirs}` : `another class (${owner.name || 'anonymous'})`;
    console.warn(
      `agentic-elements ${VERSION}: <${tag}> is already defined by ${who}, so this copy's <${tag}> is not used. ` +
        'Load the package once (one version, one entry path) so every element comes from the same copy.',
    );
  }
  return owner;
}
