/**
 * `SignalWatcher(Base)`: a Lit element that re-renders when a signal it read during its last update changes.
 *
 * Why our own and not @lit-labs/signals' mixin: that one (0.3.0) registers each element with a module-level
 * FinalizationRegistry whose held value (the element's watcher) is also the key of a WeakMap entry whose value
 * is the element, so the element can never be collected: every element that ever connected stays in memory
 * (found by test/browser/memory). A screen creates one element per component, and an app mounts and removes
 * screens all day, so this matters.
 *
 * Here the element and its watcher only point at each other, and the watcher is unhooked from every signal on
 * disconnect, so nothing outside the element keeps it alive. Each update runs inside a fresh `Signal.Computed`
 * that records what the render read; a change to any of those calls `requestUpdate()`. (A fresh computed per
 * update, as the Lit mixin also does, sidesteps a polyfill issue with re-running a computed from `notify`.)
 */
import type { ReactiveElement } from 'lit';
import { Signal } from 'signal-polyfill';

type Constructor<T> = abstract new (...args: any[]) => T;

// Typed as the base it extends: it adds no public member, and a declared return type keeps its private fields out
// of the emitted .d.ts (TS4094 for every element built on it).
export function SignalWatcher<T extends Constructor<ReactiveElement>>(Base: T): T {
  abstract class SignalWatching extends Base {
    #tracked?: Signal.Computed<void>;
    #watcher?: Signal.subtle.Watcher;

    #watch(): Signal.subtle.Watcher {
      // `notify` runs while a signal is being set: it may only schedule work, never read or write signals.
      this.#watcher ??= new Signal.subtle.Watcher(() => this.requestUpdate());
      return this.#watcher;
    }

    protected override performUpdate(): void {
      if (!this.isUpdatePending) return;
      const watcher = this.#watch();
      if (this.#tracked) watcher.unwatch(this.#tracked);
      const tracked = new Signal.Computed(() => {
        super.performUpdate();
      });
      this.#tracked = tracked;
      if (this.isConnected) watcher.watch(tracked);
      tracked.get();
    }

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while disconnected: watch again and look once more.
      if (this.#tracked && this.#watcher) {
        this.#watcher.watch(this.#tracked);
        this.requestUpdate();
      }
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      if (this.#tracked && this.#watcher) this.#watcher.unwatch(this.#tracked);
    }
  }
  return SignalWatching;
}
