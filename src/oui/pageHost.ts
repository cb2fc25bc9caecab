/**
 * The page's side of one transport, shared by every surface runtime on it: one listener for dispatches and
 * cancels, each handed to the runtime of its surface. A dispatch for a surface nobody runs here (and the app
 * didn't register itself) is answered `SURFACE_NOT_FOUND`, as a result when it has a request id and always as the
 * status observation, so an agent never waits on silence.
 *
 * The same surface id mounted again while the old one is still there (a view that mounts before the one it
 * replaces leaves: Vue's `<Transition>`, a router swapping pages) is a handover, not a conflict: the latest mount
 * takes the surface, the one before keeps its place underneath (its requests still running hear their cancels)
 * and gets the surface back if the latest leaves first.
 */
import {
  OUI_ERROR_CODES,
  statusObservationId,
  type OUIActionResultMessage,
  type OUICancelMessage,
  type OUIDispatchMessage,
} from './protocol.js';
import { isRequestTransport, type OUITransport, type OUIUnsubscribe } from './transport.js';

/** What a runtime gives the host for its surface. */
export interface SurfaceSlot {
  dispatch(dispatch: OUIDispatchMessage): void;
  cancel(cancel: OUICancelMessage): void;
  /** A later mount of the same surface id took it over; answers whether this one had it registered. */
  displaced(): boolean;
  /** The later mount left and this one has the surface again. */
  resumed(): void;
}

/** A runtime's hold on its surface id. */
export interface SurfaceHold {
  /** Gives the id up; true when it went back to an earlier mount, which registers the surface itself. */
  leave(): boolean;
  /** The mount it took over had the surface registered. */
  inherited: boolean;
}

/** A transport's host. */
export interface PageHost {
  /** Takes the surface id for a runtime, over any runtime on this transport that has it. */
  add(surfaceId: string, slot: SurfaceSlot): SurfaceHold;
}

const hosts = new WeakMap<OUITransport, PageHost>();

/** The host of a transport, made on first use. */
export function pageHost(transport: OUITransport, now: () => number = Date.now): PageHost {
  const known = hosts.get(transport);
  if (known) return known;
  // Per surface id, every mount still there, the latest (the one that answers) last.
  const slots = new Map<string, SurfaceSlot[]>();
  const top = (surfaceId: string) => slots.get(surfaceId)?.at(-1);
  let unsubscribe: OUIUnsubscribe[] = [];

  const unknown = (d: OUIDispatchMessage) => {
    // A surface the app registered by hand (its own 0.1.0 code on this transport) answers for itself.
    if (isRequestTransport(transport) && transport.registeredSurfaceIds().includes(d.surfaceId)) return;
    const at = now();
    const result: OUIActionResultMessage = {
      requestId: d.requestId ?? '',
      surfaceId: d.surfaceId,
      actionId: d.actionId,
      success: false,
      error: { code: OUI_ERROR_CODES.SURFACE_NOT_FOUND, message: `There is no surface "${d.surfaceId}" on this page` },
      timestamp: at,
    };
    if (d.requestId !== undefined && isRequestTransport(transport)) transport.sendResult(result);
    const { requestId, ...anonymous } = result;
    transport.pushObservation({ surfaceId: d.surfaceId, observationId: statusObservationId(d.actionId), value: d.requestId !== undefined ? { requestId, ...anonymous } : anonymous, timestamp: at });
  };

  const onDispatch = (d: OUIDispatchMessage) => {
    const slot = top(d.surfaceId);
    if (slot) slot.dispatch(d);
    else unknown(d);
  };

  const listen = () => {
    if (isRequestTransport(transport)) {
      unsubscribe = [
        transport.onRequest(onDispatch),
        transport.onCancel((c) => {
          // A request may still run on a mount that was displaced since: each hears it, the one holding it acts.
          for (const slot of [...(slots.get(c.surfaceId) ?? [])]) slot.cancel(c);
        }),
      ];
    } else {
      // A transport that only knows 0.1.0: dispatches without ids, no cancels.
      unsubscribe = [transport.onAction((surfaceId, actionId, params) => onDispatch({ surfaceId, actionId, params, timestamp: now() }))];
    }
  };

  const host: PageHost = {
    add(surfaceId, slot) {
      if (slots.size === 0) listen();
      const stack = slots.get(surfaceId) ?? [];
      const before = stack.at(-1);
      stack.push(slot);
      slots.set(surfaceId, stack);
      const inherited = before ? before.displaced() : false;
      const leave = () => {
        const i = stack.indexOf(slot);
        if (i < 0) return false;
        stack.splice(i, 1);
        if (stack.length > 0) {
          // The mount that had it left first: the one before takes it back.
          if (i < stack.length) return false;
          stack.at(-1)!.resumed();
          return true;
        }
        slots.delete(surfaceId);
        if (slots.size === 0) {
          for (const u of unsubscribe) u();
          unsubscribe = [];
        }
        return false;
      };
      return { leave, inherited };
    },
  };
  hosts.set(transport, host);
  return host;
}
