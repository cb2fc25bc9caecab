import { reportError } from '../stream/index.js';
import type { OUIUnsubscribe } from './transport.js';

/** A set of listeners of one kind of event. */
export interface Listeners<T> {
  add(listener: (value: T) => void): OUIUnsubscribe;
  emit(value: T): void;
  clear(): void;
  readonly size: number;
}

/**
 * Listeners called in the order they were added. One that throws is the app's bug: it is reported the way an
 * event listener's error is, and the others still hear the event; the sender never sees the exception.
 */
export function createListeners<T>(): Listeners<T> {
  const set = new Set<(value: T) => void>();
  return {
    add(listener) {
      // Wrapped, so the same function added twice is two listeners and each removal removes one.
      const l = (value: T) => listener(value);
      set.add(l);
      return () => void set.delete(l);
    },
    emit(value) {
      for (const l of [...set]) {
        try {
          l(value);
        } catch (error) {
          reportError(error);
        }
      }
    },
    clear: () => set.clear(),
    get size() {
      return set.size;
    },
  };
}
