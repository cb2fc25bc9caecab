/**
 * `cdn/autoloader.js`: the script tag that loads only what the page uses, and the loader of the npm entry
 * `agentic-elements` (elements/index.ts), where each `import()` below becomes a chunk of the app's bundle. Each
 * element's code is fetched the first time its tag appears in the page, then the element defines itself and
 * upgrades every such tag, as Shoelace's and Web Awesome's autoloaders do. A page with one `<omni-screen>` fetches that element (with Lit and
 * the engine parts it needs), never the other three; chart.js still waits for the first chart.
 *
 * It looks at the document when it runs and then watches it with a MutationObserver, and looks into every open
 * shadow root it meets (and watches it too). A shadow root made later by an element of the app's own is out of
 * its sight: call `discover(root)` for it, or import the element's file (`cdn/omni-screen.js`). The engine's API
 * is `cdn/engine.js`; every cdn/ file shares its parts with the others, so a page may use any of them together.
 */

/** The tags this autoloader knows, and where each one's code is. */
const loaders: Readonly<Record<string, () => Promise<unknown>>> = {
  'omni-screen': () => import('./omni-screen/index.js'),
  'morph-screen': () => import('./morph-screen/index.js'),
  'ax-runner': () => import('./ax-runner/index.js'),
  'oui-surface': () => import('./oui-surface/index.js'),
};
/**
 * Loaded only when asked for (`load('ae-confirm-dialog')`, for an app's own dialog): every element draws one and
 * loads its code on its first question, so finding the tag is no reason to fetch it.
 */
const onRequest: Readonly<Record<string, () => Promise<unknown>>> = {
  'ae-confirm-dialog': () => import('./shared/elements/confirmDialog.js'),
};
const tags = Object.keys(loaders);
const selector = tags.join(',');

/** Each tag's load, once: a second sighting waits for the same one. */
const loading = new Map<string, Promise<void>>();
/** Roots already watched, so a shadow root seen twice gets one observer. */
const watched = new WeakSet<Node>();

/**
 * Fetches and defines `tag` unless it is defined or loading; resolves when it is defined. Where there is no
 * custom element registry (a server rendering the page) there is nothing to define: it resolves at once.
 */
export function load(tag: string): Promise<void> {
  const name = tag.toLowerCase();
  const found = loading.get(name);
  if (found) return found;
  const loader = Object.prototype.hasOwnProperty.call(loaders, name) ? loaders[name] : Object.prototype.hasOwnProperty.call(onRequest, name) ? onRequest[name] : undefined;
  if (!loader) return Promise.reject(new TypeError(`agentic-elements autoloader: no element <${name}>`));
  if (typeof customElements === 'undefined' || customElements.get(name)) return Promise.resolve();
  const started = loader().then(
    () => undefined,
    (error: unknown) => {
      // Forget the failure so a later sighting (after the network came back) tries again.
      loading.delete(name);
      console.error(`agentic-elements autoloader: <${name}> could not be loaded:`, error);
      throw error;
    },
  );
  loading.set(name, started);
  return started;
}

/** Loads every known tag in `root` (an element, a document or a shadow root) and the open shadow roots in it. */
export function discover(root: ParentNode): void {
  if (root instanceof Element && tags.includes(root.localName)) void load(root.localName).catch(() => {});
  for (const el of root.querySelectorAll(selector)) void load(el.localName).catch(() => {});
  // Open shadow roots in this subtree: elements of the page's own that hold ours.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode as Element | null; node; node = walker.nextNode() as Element | null) {
    if (node.shadowRoot) watch(node.shadowRoot);
  }
}

/** Discovers in `root` now and whenever elements are added to it. */
function watch(root: Document | ShadowRoot): void {
  if (watched.has(root)) return;
  watched.add(root);
  discover(root);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) discover(node);
    }
  }).observe(root, { childList: true, subtree: true });
}

if (typeof document !== 'undefined' && typeof customElements !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => watch(document), { once: true });
  watch(document);
}

// A language for the elements this loads (`registerLocale('de', de)`, `de` from `cdn/locales/de.js`): the same
// registry their code reads.
export { registerLocale } from '../strings/locales.js';
