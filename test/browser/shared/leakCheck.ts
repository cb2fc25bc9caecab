// One leak check for every element: mount it, use it for real, remove it, collect, and check that nothing of it
// is still reachable (WeakRefs after forced garbage collection) and that page-wide counts (live chart instances,
// say) are back where they started. What the page keeps across rounds (the app's own area, its transport) stays
// alive on purpose: a removed element must not be held by what outlives it.
//
// Chromium runs with --js-flags=--expose-gc (web-test-runner.config.mjs), which gives the page gc().
import { expect } from '@open-wc/testing';

type Gc = (options?: { type: 'major'; execution: 'async' }) => void | Promise<void>;
const gc = (globalThis as unknown as { gc?: Gc }).gc;

/**
 * A full collection run from a task of its own (V8's asynchronous gc()): with nothing of ours on the stack,
 * Blink's heap is not scanned conservatively, so a stale pointer left on the native stack can't keep an
 * arbitrary removed node alive and fail the check by chance.
 */
const collect = () => gc!({ type: 'major', execution: 'async' });
export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `ready()` holds, or fails saying what was awaited. */
export async function until(ready: () => unknown, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await tick(5);
  }
}

export interface LeakCase {
  /** How many times to mount, use and remove. */
  rounds: number;
  /**
   * Mounts one element and uses it as a person and a model would; resolves with the element and what else it
   * made that must die with it (its nodes, charts, dialogs). The check removes the element itself.
   */
  use(round: number): Promise<{ element: Element; made?: Iterable<object> }>;
  /** Page-wide counts that must return to their value before the first round (live chart instances…). */
  counts?: Record<string, () => number>;
  /** At least this many objects must be watched over all rounds, so the check can't pass by watching nothing. */
  atLeast?: number;
}

/** Runs `leak` and fails, naming what survived, when anything of a removed element is still reachable. */
export async function expectNoLeak(leak: LeakCase): Promise<void> {
  expect(gc, 'Chromium must run with --js-flags=--expose-gc (web-test-runner.config.mjs)').to.be.a('function');
  const before = Object.fromEntries(Object.entries(leak.counts ?? {}).map(([name, count]) => [name, count()]));
  const refs: Watched[] = [];
  for (let round = 0; round < leak.rounds; round++) refs.push(...(await mountUseRemove(leak, round)));
  expect(refs.length, 'objects watched').to.be.at.least(leak.atLeast ?? leak.rounds * 2);
  await tick(50);
  for (const [name, count] of Object.entries(leak.counts ?? {})) expect(count(), name).to.equal(before[name]);
  // A WeakRef's target stays alive until the job that made it ends, and a removed element may still be held
  // for a moment by work it had started (a frame, a lazy chart, a timer): collect between macrotasks until
  // nothing is left, for up to five seconds. Something a removed element left holding it never lets go.
  let alive = refs;
  for (let round = 0; round < 50 && alive.length > 0; round++) {
    await tick(100);
    await collect();
    alive = alive.filter((r) => r.ref.deref() !== undefined);
  }
  const kinds = [...new Set(alive.map((r) => r.what))].join(', ');
  const rounds = [...new Set(alive.map((r) => r.round))];
  const from = rounds.length === leak.rounds ? 'every round' : `round${rounds.length > 1 ? 's' : ''} ${rounds.join(', ')}`;
  expect(alive.length, `${alive.length} of ${refs.length} objects of removed elements are still reachable (${kinds}; from ${from})`).to.equal(0);
}

interface Watched {
  ref: WeakRef<object>;
  what: string;
  round: number;
}

/**
 * One round, in a function of its own: a suspended async function keeps its locals, so the element must never
 * be a local of the loop that goes on to collect.
 */
async function mountUseRemove(leak: LeakCase, round: number): Promise<Watched[]> {
  const { element, made = [] } = await leak.use(round);
  expect(element.isConnected, 'use() resolves with the element in the page').to.equal(true);
  const watched = [element, ...made].map((thing) => ({ ref: new WeakRef(thing), what: describe(thing), round }));
  element.remove();
  await tick();
  return watched;
}

function describe(thing: object): string {
  if (thing instanceof Element) return `<${thing.localName}>`;
  return thing.constructor?.name ?? 'object';
}
