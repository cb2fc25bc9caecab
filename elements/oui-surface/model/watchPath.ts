/**
 * Hears the page's path change, for activation routes. A single-page app navigates with `history.pushState`
 * and `replaceState`, which fire no event, and the back button fires `popstate`. Where the Navigation API
 * exists, `currententrychange` fires for all of them and nothing needs wrapping. Elsewhere the two history
 * methods are wrapped, once per window however many surfaces listen: the wrapper calls the method it
 * replaced, then tells the listeners. When the last listener goes, the original is put back only if nobody
 * wrapped ours in the meantime; if someone did, ours stays in their chain and just passes calls through.
 */

type Listener = (path: string) => void;
type HistoryMethod = History['pushState'];

interface Watch {
  readonly listeners: Set<Listener>;
  last: string;
  teardown: () => void;
}

export interface PathWatchOptions {
  /** Use the Navigation API when the window has one (default true). Tests turn it off to check the wrappers. */
  readonly navigationApi?: boolean;
}

const watches = new WeakMap<Window, Map<boolean, Watch>>();
/** Our wrappers, so tests can tell them apart from the browser's methods. */
const wrappers = new WeakSet<HistoryMethod>();

interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void;
  removeEventListener(type: 'currententrychange', listener: () => void): void;
}

const navigationOf = (win: Window): NavigationLike | undefined => {
  const nav = (win as unknown as { navigation?: NavigationLike }).navigation;
  return nav && typeof nav.addEventListener === 'function' ? nav : undefined;
};

/** Calls `listener` with the new `location.pathname` each time it changes. Returns the unsubscribe. */
export function watchPath(win: Window, listener: Listener, options: PathWatchOptions = {}): () => void {
  const useNav = options.navigationApi !== false && navigationOf(win) !== undefined;
  let byKind = watches.get(win);
  if (!byKind) watches.set(win, (byKind = new Map()));
  let watch = byKind.get(useNav);
  if (!watch) {
    const created: Watch = { listeners: new Set(), last: win.location.pathname, teardown: () => {} };
    const check = () => {
      const path = win.location.pathname;
      if (path === created.last) return;
      created.last = path;
      // A listener that throws must not keep the others from hearing of the navigation.
      for (const l of [...created.listeners]) {
        try {
          l(path);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    };
    created.teardown = useNav ? listenToNavigation(win, check) : wrapHistory(win, check);
    byKind.set(useNav, (watch = created));
  }
  const w = watch;
  w.listeners.add(listener);
  return () => {
    if (!w.listeners.delete(listener) || w.listeners.size > 0) return;
    w.teardown();
    byKind.delete(useNav);
  };
}

function listenToNavigation(win: Window, check: () => void): () => void {
  const nav = navigationOf(win)!;
  nav.addEventListener('currententrychange', check);
  // Some browsers ship the API without firing it for every history call: popstate costs nothing to hear too.
  win.addEventListener('popstate', check);
  return () => {
    nav.removeEventListener('currententrychange', check);
    win.removeEventListener('popstate', check);
  };
}

function wrapHistory(win: Window, check: () => void): () => void {
  const history = win.history;
  let live = true;
  const wrap = (name: 'pushState' | 'replaceState') => {
    const original = history[name];
    const wrapper: HistoryMethod = function (this: History, ...args: Parameters<HistoryMethod>) {
      const out = original.apply(this, args);
      if (live) check();
      return out;
    };
    wrappers.add(wrapper);
    history[name] = wrapper;
    return () => {
      live = false;
      // Put the original back only if ours is still the one in place; otherwise another script wrapped ours,
      // and removing it would cut their wrapper off. Ours then stays, passing calls through.
      if (history[name] === wrapper) history[name] = original;
    };
  };
  const undo = [wrap('pushState'), wrap('replaceState')];
  win.addEventListener('popstate', check);
  return () => {
    win.removeEventListener('popstate', check);
    for (const u of undo) u();
  };
}

/** True when `fn` is one of our history wrappers (for tests). */
export const isPathWrapper = (fn: unknown): boolean => typeof fn === 'function' && wrappers.has(fn as HistoryMethod);
