/**
 * The handlers of a surface's actions: checked against the definition when given, and waited for a moment by a
 * request that came before its handler (a page sets handlers, or its forms are bound, just after the surface is
 * announced), instead of a false "no handler on this page".
 */
import type { Timers } from '../transport/clock.js';
import type { OUISurfaceHandler, OUISurfaceHandlers } from './handlers.js';
import type { OUISurface } from './protocol.js';

export interface HandlerTable {
  /** The handler of an action, if the page gave one. */
  get(actionId: string): OUISurfaceHandler | undefined;
  /** Replaces them all; throws TypeError for one the surface doesn't declare or of the wrong shape. */
  set(next: OUISurfaceHandlers): void;
  /** Resolves once the action has a handler, after `graceMs`, or when `signal` aborts, whichever comes first. */
  waitFor(actionId: string, graceMs: number, signal: AbortSignal): Promise<void> | void;
}

export function createHandlerTable(surface: OUISurface, o: { timers: Timers; hasEvents: boolean }): HandlerTable {
  const actions = new Map(surface.actions.map((a) => [a.id, a]));
  let handlers: Record<string, OUISurfaceHandler> = Object.create(null) as Record<string, OUISurfaceHandler>;
  const waiters = new Set<{ id: string; done: () => void }>();

  const set = (next: OUISurfaceHandlers) => {
    const copy: Record<string, OUISurfaceHandler> = Object.create(null) as Record<string, OUISurfaceHandler>;
    for (const [id, h] of Object.entries(next ?? {})) {
      const action = actions.get(id);
      if (!action) throw new TypeError(`A handler is given for "${id}", which the surface "${surface.id}" doesn't declare`);
      const ok = typeof h === 'function' || (typeof h === 'object' && h !== null && typeof h.run === 'function');
      if (!ok) throw new TypeError(`The handler of "${id}" must be a function or {run, poll?, onEvent?}`);
      if (action.polling && !action.polling.subscribe && (typeof h !== 'object' || typeof h.poll !== 'function')) {
        throw new TypeError(`"${id}" polls: its handler must be {run, poll}`);
      }
      if (action.polling?.subscribe && !o.hasEvents) {
        throw new TypeError(`"${id}" waits for the event "${action.polling.subscribe.event}": give the runtime an events source`);
      }
      copy[id] = h;
    }
    handlers = copy;
    for (const waiter of [...waiters]) if (handlers[waiter.id]) waiter.done();
  };

  const waitFor = (id: string, graceMs: number, signal: AbortSignal): Promise<void> | void => {
    if (handlers[id]) return;
    return new Promise<void>((resolve) => {
      const waiter = {
        id,
        done: () => {
          waiters.delete(waiter);
          o.timers.clearTimeout(timer);
          signal.removeEventListener('abort', waiter.done);
          resolve();
        },
      };
      const timer = o.timers.setTimeout(waiter.done, graceMs);
      waiters.add(waiter);
      signal.addEventListener('abort', waiter.done, { once: true });
    });
  };

  return { get: (id) => handlers[id], set, waitFor };
}
