/**
 * When the page may have changed: what `wait_until` waits for between looks, instead of looking on a timer. A
 * MutationObserver on the scope and on every open shadow root inside it (the runner's own excluded, or its log
 * would wake it at every step, and so is any other UI the package draws for the person) hears elements added and
 * removed, attributes (`hidden`, `class`, `style`, `open`, `aria-*`) and text. What no observer hears (a style sheet that loads, a media query, the focus moving) is
 * caught by a look once a second at the latest.
 */

import { ownUiRoot } from '../../shared/base/ownUi.js';
import { realTimers, type Timers } from '../../../src/transport/index.js';

/** The longest wait for a change before looking anyway. */
export const LOOK_ANYWAY_MS = 1000;

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

/** The open shadow roots inside `root` (not inside an excluded element), found once, when the wait starts. */
function shadowRoots(root: ParentNode, excluded: readonly Element[], out: ShadowRoot[] = []): ShadowRoot[] {
  for (const el of root.querySelectorAll('*')) {
    const inner = el.shadowRoot;
    if (!inner || excluded.includes(el) || ownUiRoot(el)) continue;
    out.push(inner);
    shadowRoots(inner, excluded, out);
  }
  return out;
}

/**
 * Resolves at the first change inside `scope`, after `within` ms (at most `LOOK_ANYWAY_MS`) on `timers`, or when
 * `signal` aborts; the observer is gone by then.
 */
export function nextChange(scope: Element | Document, excluded: readonly Element[], within: number, signal: AbortSignal, timers: Timers = realTimers): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const observer = new MutationObserver(() => done());
    const done = () => {
      observer.disconnect();
      timers.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = timers.setTimeout(done, Math.min(Math.max(within, 0), LOOK_ANYWAY_MS));
    signal.addEventListener('abort', done, { once: true });
    const root = scope instanceof Document ? scope.documentElement : scope;
    observer.observe(root, OPTIONS);
    for (const inner of shadowRoots(root, excluded)) observer.observe(inner, OPTIONS);
  });
}
