/**
 * The page's side of one transport, shared by every surface runtime on it: one listener for dispatches and
 * cancels, each handed to the runtime of its surface. A dispatch for a surface nobody runs here (and the app
 * didn't register itself) is answered `SURFACE_NOT_FOUND`, as a result when it has a request id and always as the
 * status observation, so an agent never waits on silence.
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
}

/** A transport's host. */
export interface PageHost {
  /** Takes the surface id for a runtime; throws when another runtime on this transport has it. */
  add(surfaceId: string, slot: SurfaceSlot): OUIUnsubscribe;
}

const hosts = new WeakMap<OUITransport, PageHost>();

/** The host of a transport, made on first use. */
export function pageHost(transport: OUITransport, now: () => number = Date.now): PageHost {
  const known = hosts.get(transport);
  if (known) return known;
  const slots = new Map<string, SurfaceSlot>();
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
    const slot = slots.get(d.surfaceId);
    if (slot) slot.dispatch(d);
    else unknown(d);
  };

  const listen = () => {
    if (isRequestTransport(transport)) {
      unsubscribe = [transport.onRequest(onDispatch), transport.onCancel((c) => slots.get(c.surfaceId)?.cancel(c))];
    } else {
      // A transport that only knows 0.1.0: dispatches without ids, no cancels.
      unsubscribe = [transport.onAction((surfaceId, actionId, params) => onDispatch({ surfaceId, actionId, params, timestamp: now() }))];
    }
  };

  const host: PageHost = {
    add(surfaceId, slot) {
      if (slots.has(surfaceId)) throw new Error(`a surface "${surfaceId}" already runs on this transport`);
      if (slots.size === 0) listen();
      slots.set(surfaceId, slot);
      return () => {
        if (slots.get(surfaceId) !== slot) return;
        slots.delete(surfaceId);
        if (slots.size > 0) return;
        for (const u of unsubscribe) u();
        unsubscribe = [];
      };
    },
  };
  hosts.set(transport, host);
  return host;
}
