/**
 * A set of listeners that all hear each event. A listener that throws is the app's bug: it is reported the way an
 * event listener's error is, and the burst and the other listeners carry on.
 */
import { reportError } from '../stream/issue.js';

/** Listeners for one kind of event. */
export interface Listeners<Args extends unknown[]> {
  /** Adds a listener; returns the function that removes it. */
  add(listener: (...args: Args) => void): () => void;
  emit(...args: Args): void;
}

/** An empty set of listeners. */
export function createListeners<Args extends unknown[]>(): Listeners<Args> {
  const set = new Set<(...args: Args) => void>();
  return {
    add(listener) {
      // Wrapped, so the same function added twice is two listeners and each removal removes one.
      const l = (...args: Args) => listener(...args);
      set.add(l);
      return () => void set.delete(l);
    },
    emit(...args) {
      for (const l of set) {
        try {
          l(...args);
        } catch (error) {
          reportError(error);
        }
      }
    },
  };
}
