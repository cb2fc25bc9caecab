/**
 * Whether a surface is registered with the agent: while it is wanted (active, not removed), the transport is
 * connected and this mount holds the surface id (a later mount of the same id takes it over; see pageHost).
 */
import type { ObservationStore } from './observations.js';
import { OUI_CAPABILITIES, type OUICancelMessage, type OUIDispatchMessage, type OUISurface } from './protocol.js';
import { pageHost } from './pageHost.js';
import type { OUIRequestTransport, OUITransport } from './transport.js';

export interface SurfaceRegistration {
  readonly registered: boolean;
  /** Registers or deregisters as the conditions now say. */
  update(): void;
  /** Gives the surface id up (an earlier mount takes it back), deregisters as `wanted` now says, stops listening. */
  leave(): void;
}

export interface SurfaceRegistrationOptions {
  surface: OUISurface;
  transport: OUITransport;
  ours: OUIRequestTransport | null;
  store: Pick<ObservationStore, 'registered' | 'unregistered'>;
  now: () => number;
  /** Active here and not removed. */
  wanted(): boolean;
  /** What the agent sends this surface while this mount holds it. */
  dispatch(message: OUIDispatchMessage): void;
  cancel(message: OUICancelMessage): void;
  /** `registered` changed. */
  changed(): void;
}

export function createSurfaceRegistration(o: SurfaceRegistrationOptions): SurfaceRegistration {
  const { surface, transport, ours, store } = o;
  let registered = false;
  // False while a later mount of the same surface id holds it (see pageHost).
  let owner = true;
  let left = false;

  const update = () => {
    const before = registered;
    const want = !left && o.wanted() && transport.connected && owner;
    if (want && !registered) {
      registered = true;
      if (ours) ours.sendRegistration({ surface, timestamp: o.now(), capabilities: [OUI_CAPABILITIES.RESULTS, OUI_CAPABILITIES.CANCEL] });
      else transport.registerSurface(surface);
      store.registered();
    } else if (!want && registered) {
      registered = false;
      store.unregistered();
      // Lost connection: the other side forgets the surface on its own, and a deregistration would only wait in the buffer.
      if (transport.connected) transport.deregisterSurface(surface.id);
    }
    if (registered !== before) o.changed();
  };

  // A later mount of the same surface id takes it over; this one stands by until that one leaves.
  const hold = pageHost(transport, o.now).add(surface.id, {
    dispatch: (d) => o.dispatch(d),
    cancel: (c) => o.cancel(c),
    displaced() {
      const had = registered;
      owner = false;
      if (had) {
        // The new mount registers the surface itself: no deregistration, which would withdraw it from under it.
        registered = false;
        store.unregistered();
        o.changed();
      }
      return had;
    },
    resumed() {
      owner = true;
      update();
    },
  });
  const unsubscribe = transport.onConnectionChange(() => update());
  update();
  // Took over a registered surface and can't hold it now (not active here): it is withdrawn.
  if (hold.inherited && !registered && transport.connected) transport.deregisterSurface(surface.id);

  return {
    get registered() {
      return registered;
    },
    update,
    leave() {
      left = true;
      // An earlier mount of the same id takes the surface back: it registers it, so no deregistration goes.
      if (hold.leave() && registered) {
        registered = false;
        store.unregistered();
      }
      update();
      unsubscribe();
    },
  };
}
