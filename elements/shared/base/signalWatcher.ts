/**
 * `SignalWatcher(Base)`: a Lit element that re-renders when a signal it read during its last update changes.
 *
 * Why our own and not @lit-labs/signals' mixin: that one (0.3.0) registers each element with a module-level
 * FinalizationRegistry whose held value (the element's watcher) is also the key of a WeakMap entry whose value
 * is the element, so the element can never be collected: every element that ever connected stays in memory
 * (found by test/browser/memory). A screen creates one element per component, and an app mounts and removes
 * screens all day, so this matters.
 *
 * Each update runs inside a `Signal.Computed` that records what the render read. A screen has one element per
 * node (thousands in a long answer), so what each keeps counts: a polyfill signal is several objects and
 * arrays, and an entry in a WeakSet the garbage collector walks at every full collection. So an element keeps
 * as little as it can:
 * - a render that read only states (a paragraph reads its node's) keeps no computed: the element listens to
 *   those states themselves, remembering the value it drew from each;
 * - a render that read a computed keeps its computed, listens to it, and runs its next update in it again;
 * - elements share watchers, a few dozen to each: a watcher that hears a change looks at its own few dozen
 *   elements (which of their states moved, which of their computeds are pending), never at the whole page.
 * Nothing outside the element keeps it alive: on disconnect it stops listening, and its watcher holds nothing
 * of it. One thing a listener to states can't see: a state set to a value `Object.is` its drawn one (a state
 * made with an `equals` that calls equal values different) draws nothing; no signal of the package is made so.
 * And it hears a change a microtask later than a watcher of its own would: `getUpdateComplete()` waits for that.
 */
import type { ReactiveElement } from 'lit';
import { Signal } from './signals.js';

type Constructor<T> = abstract new (...args: any[]) => T;
type State = Signal.State<unknown>;

/** Elements per shared watcher: a change makes the watcher look at this many. */
const PER_WATCHER = 32;

/** What a shared watcher asks of an element that listens to states. */
interface StateListener {
  /** Whether a state it drew has moved since (the element then requests its update). */
  [MOVED](): boolean;
  requestUpdate(): void;
}
const MOVED = Symbol('moved');

/** The computed an element's update runs in; it knows its element, so a watcher that finds it pending can reach it. */
class UpdateComputed extends Signal.Computed<void> {
  constructor(
    run: () => void,
    readonly element: ReactiveElement,
  ) {
    super(run);
  }
}

/** A watcher shared by up to `PER_WATCHER` elements. */
class SharedWatcher {
  // `notify` runs while a signal is being set: it may only schedule work, never read or write signals.
  readonly watcher = new Signal.subtle.Watcher(() => this.#heard());
  /** Elements given this watcher (never reused once full). */
  given = 0;
  /** The elements listening to states, and how many of them listen to each state (a watcher counts no one). */
  readonly #listeners = new Set<StateListener>();
  readonly #counts = new Map<State, number>();
  /** A change was heard and is handed out in a microtask. */
  queued = false;

  listen(who: StateListener, states: readonly State[]): void {
    this.#listeners.add(who);
    for (const s of states) {
      const n = this.#counts.get(s) ?? 0;
      this.#counts.set(s, n + 1);
      if (n === 0) this.watcher.watch(s);
    }
  }

  stopListening(who: StateListener, states: readonly State[]): void {
    this.#listeners.delete(who);
    for (const s of states) {
      const n = this.#counts.get(s) ?? 0;
      if (n > 1) this.#counts.set(s, n - 1);
      else {
        this.#counts.delete(s);
        this.watcher.unwatch(s);
      }
    }
  }

  #heard(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    this.queued = false;
    // Listening again before handing out the work: a change while the elements update notifies once more.
    this.watcher.watch();
    for (const computed of this.watcher.getPending()) (computed as UpdateComputed).element.requestUpdate();
    for (const who of this.#listeners) if (who[MOVED]()) who.requestUpdate();
  }
}

let filling: SharedWatcher | null = null;

/** A watcher with room for one more element. */
function sharedWatcher(): SharedWatcher {
  if (!filling || filling.given >= PER_WATCHER) filling = new SharedWatcher();
  filling.given++;
  return filling;
}

const now = (s: State): unknown => Signal.subtle.untrack(() => s.get());

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** A state no one reads: setting it moves the polyfill's clock (see `performUpdate`). */
const clock = new Signal.State(0);
let ticks = 0;

// Typed as the base it extends: it adds no public member, and a declared return type keeps its private fields out
// of the emitted .d.ts (TS4094 for every element built on it).
export function SignalWatcher<T extends Constructor<ReactiveElement>>(Base: T): T {
  abstract class SignalWatching extends Base {
    #shared?: SharedWatcher;
    /** Its last render read a computed: that render's computed, run again for the next update. */
    #computed?: UpdateComputed;
    /** Its last render read only states: those, and the value it drew from each. */
    #states?: readonly State[];
    #drawn?: unknown[];
    #listening = false;

    /** For its shared watcher (private to apps: `StateListener`). */
    protected [MOVED](): boolean {
      const states = this.#states;
      const drawn = this.#drawn;
      if (!states || !drawn) return false;
      for (let i = 0; i < states.length; i++) if (!Object.is(now(states[i]!), drawn[i])) return true;
      return false;
    }

    protected override performUpdate(): void {
      if (!this.isUpdatePending) return;
      // A computed it read changed: its computed runs the update again, reading afresh.
      if (this.#computed) {
        this.#computed.get();
        if (!this.isUpdatePending) return;
      }
      let runs = 0;
      const run = new UpdateComputed(() => {
        runs++;
        super.performUpdate();
      }, this);
      try {
        run.get();
      } finally {
        // Did the update itself change a signal after reading it (a render that starts a record it reads,
        // `updated()` setting one)? Then what it drew is already stale. The polyfill knows, but looks only once
        // its clock moved since the computation ended: moved, a computed asked again runs again exactly when a
        // signal it read changed since it read it. That second run finds no update pending and draws nothing;
        // the element asks for one more update instead, which reads afresh.
        clock.set(++ticks);
        run.get();
        if (runs > 1) {
          this.#stop();
          this.#computed = this.#states = this.#drawn = undefined;
          this.requestUpdate();
        } else this.#keep(run);
      }
    }

    /** Keeps what the render read, and listens to it while connected. */
    #keep(run: UpdateComputed): void {
      const sources = Signal.subtle.introspectSources(run);
      const states = this.#states;
      if (states && this.#listening && sameList(states, sources)) {
        // The same states as last time (a node drawn again): still listening, only the values drawn are new.
        this.#drawn = states.map(now);
        return;
      }
      this.#stop();
      if (sources.some((s) => Signal.isComputed(s))) {
        this.#computed = run;
        this.#states = this.#drawn = undefined;
      } else {
        this.#computed = undefined;
        this.#states = sources as State[];
        this.#drawn = this.#states.map(now);
      }
      if (this.isConnected) this.#start();
    }

    #start(): void {
      if (this.#listening) return;
      const shared = (this.#shared ??= sharedWatcher());
      if (this.#computed) shared.watcher.watch(this.#computed);
      else if (this.#states && this.#states.length > 0) shared.listen(this as unknown as StateListener, this.#states);
      this.#listening = true;
    }

    #stop(): void {
      if (!this.#listening || !this.#shared) return;
      if (this.#computed) this.#shared.watcher.unwatch(this.#computed);
      else if (this.#states && this.#states.length > 0) this.#shared.stopListening(this as unknown as StateListener, this.#states);
      this.#listening = false;
    }

    /**
     * Also waits for a change its watcher heard but has not handed out yet (that happens a microtask after the
     * signal was set), so `set(); await el.updateComplete` sees the update the change asks for.
     */
    protected override async getUpdateComplete(): Promise<boolean> {
      if (this.#shared?.queued) await null;
      return super.getUpdateComplete();
    }

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while disconnected: listen again and look once more.
      if (this.#computed || this.#states) {
        this.#start();
        this.requestUpdate();
      }
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#stop();
    }
  }
  return SignalWatching;
}
