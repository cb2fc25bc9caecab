/**
 * A chart's picture is made (chart.js loaded, measured and drawn) only once the chart comes near the viewport: a
 * long answer's charts far below, or in a part of the page the browser skips (`content-visibility: auto`), cost
 * nothing until they are scrolled to, and measuring one never makes the browser lay out the part it sits in
 * while that part is off screen. Charts that come near together are drawn one per task (`inTurn`), and every
 * chart not yet drawn is drawn before the page prints.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nextTask } from '../../base/nextTask.js';
import { beforePrint } from './print.js';

/** Within a viewport's height of the viewport. */
const NEAR = '100% 0px';
/** Elements waiting to come near: what to do when one does, and when the page first looked (near or not). */
const watched = new Map<Element, { near: (now: boolean) => void; looked: () => void }>();
let observer: IntersectionObserver | undefined;

function seen(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    const watch = watched.get(entry.target);
    if (!watch) continue;
    if (entry.isIntersecting) {
      observer!.unobserve(entry.target);
      watched.delete(entry.target);
      watch.near(false);
    }
    watch.looked();
  }
}

/** Before printing, every element still waiting comes near, at once. */
function printing(): void {
  for (const [el, watch] of [...watched]) {
    observer?.unobserve(el);
    watched.delete(el);
    watch.near(true);
    watch.looked();
  }
}

/**
 * Calls `near` once `el` comes within a viewport's height of the viewport (at once where the browser can't tell;
 * `now`: before the page prints, when it can't wait for a task), and `looked` once the page has looked the first
 * time, near or not (and again later: it is a resolve function).
 */
export function whenNear(el: Element, near: (now: boolean) => void, looked: () => void): void {
  if (typeof IntersectionObserver !== 'function') {
    near(true);
    looked();
    return;
  }
  if (!observer) {
    observer = new IntersectionObserver(seen, { rootMargin: NEAR });
    beforePrint(printing);
  }
  watched.set(el, { near, looked });
  observer.observe(el);
}

/** `el` no longer waits to come near (it left the page). */
export function forget(el: Element): void {
  const watch = watched.get(el);
  if (!watch) return;
  watched.delete(el);
  observer?.unobserve(el);
  watch.looked();
}

/** Work done one per task, in the order asked (the pictures of charts that came near together). */
let turns: Promise<unknown> = Promise.resolve();
export function inTurn(work: () => Promise<void>): Promise<void> {
  const run = turns.then(() => nextTask()).then(work);
  turns = run.catch(() => undefined);
  return run;
}

/**
 * An element's watch for coming near: `watch()` starts it (once), `onNear` runs when it comes near (`now` before
 * the page prints), and it stops when the element leaves the page (to start again on `watch()`).
 */
export class NearViewportController implements ReactiveController {
  /** Has come near the viewport (stays so: its picture is made at once from then on). */
  near = false;
  /** Resolves once the page has looked whether the element, waiting to be near, is near. */
  private firstLook?: Promise<void>;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly onNear: (now: boolean) => void,
  ) {
    host.addController(this);
  }

  /** Waits for the element to come near (nothing if it waits already). */
  watch(): void {
    if (this.firstLook) return;
    this.firstLook = new Promise<void>((looked) =>
      whenNear(
        this.host,
        (now) => {
          this.near = true;
          this.onNear(now);
        },
        looked,
      ),
    );
  }

  /**
   * Resolves once the page has looked whether the element is near (at once if it isn't waiting). A hidden page
   * doesn't look (it draws no frames) until it is shown: there, it resolves at once too.
   */
  looked(): Promise<void> {
    return this.firstLook && !document.hidden ? this.firstLook : Promise.resolve();
  }

  hostDisconnected(): void {
    forget(this.host);
    this.firstLook = undefined;
  }
}
