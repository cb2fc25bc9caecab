/**
 * A surface's observations on the page's side: the latest value of each, pushed to the agent only when it
 * changed (deep equality, so a new object with the same contents is not news). Values come from
 * `setObservation`, or from getters the runtime reads on demand, after each action, and every `pollMs` for
 * observations declared `updateFrequency: 'polling'`. In development each new value is checked against its
 * schema; a mismatch is reported and the value still sent, as it is the app's truth.
 */
import { checkParams, type JsonSchema } from '../actions/index.js';
import type { Timers } from '../transport/clock.js';
import { errorText } from '../stream/index.js';
import { jsonEqual, toWireJson, type WireLimits } from './json.js';
import type { OUIObservation, OUISurface } from './protocol.js';
import type { OUIIssueCode, OUITransport } from './transport.js';

/** Observation id → function reading its current value. */
export type OUIObservationGetters = Readonly<Record<string, () => unknown>>;

/** What the store needs from its runtime. */
export interface ObservationStoreOptions {
  surface: OUISurface;
  transport: OUITransport;
  getters: OUIObservationGetters;
  /** Check values against their schemas. */
  check: boolean;
  pollMs: number;
  timers: Timers;
  now: () => number;
  limits: WireLimits | undefined;
  report(code: OUIIssueCode, message: string): void;
}

/** The runtime's handle on its observations. */
export interface ObservationStore {
  set(id: string, value: unknown): void;
  get(id: string): unknown;
  /** Reads the getters (all, or the ones named) and pushes what changed. */
  refresh(ids?: readonly string[]): void;
  /** The surface was registered: everything known is news again; polling getters start. */
  registered(): void;
  unregistered(): void;
  dispose(): void;
}

/** Creates the observation store of one surface. */
export function createObservationStore(o: ObservationStoreOptions): ObservationStore {
  const declared = new Map<string, OUIObservation>((o.surface.observations ?? []).map((d) => [d.id, d]));
  // The checker annotates the schemas it is given, and the definition is frozen: it checks against copies.
  const schemas = new Map((o.surface.observations ?? []).map((d) => [d.id, JSON.parse(JSON.stringify(d.schema)) as JsonSchema]));
  const values = new Map<string, unknown>();
  const sent = new Map<string, unknown>();
  let live = false;
  let disposed = false;
  let pollTimer: unknown;
  for (const id of Object.keys(o.getters)) {
    if (!declared.has(id)) throw new TypeError(`The getter "${id}" is for an observation the surface "${o.surface.id}" doesn't declare`);
  }
  const polled = [...declared.values()].filter((d) => d.updateFrequency === 'polling' && Object.prototype.hasOwnProperty.call(o.getters, d.id)).map((d) => d.id);

  const push = (id: string) => {
    if (!live || !values.has(id)) return;
    const value = values.get(id);
    if (sent.has(id) && jsonEqual(sent.get(id), value)) return;
    sent.set(id, value);
    o.transport.pushObservation({ surfaceId: o.surface.id, observationId: id, value, timestamp: o.now() });
  };

  const check = (def: OUIObservation, value: unknown) => {
    checkParams(schemas.get(def.id)!, value).then(
      (problems) => {
        if (problems.length === 0 || disposed) return;
        const where = problems.slice(0, 3).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
        o.report('observation-mismatch', `The value of observation "${def.id}" doesn't match its schema: ${where}`);
      },
      () => {
        // No checker loaded (offline): a development check can't run, which is not the app's error.
      },
    );
  };

  const set = (id: string, value: unknown) => {
    if (disposed) return;
    const def = declared.get(id);
    if (!def) throw new TypeError(`The surface "${o.surface.id}" declares no observation "${id}"`);
    const wire = toWireJson(value, o.limits);
    if (!wire.ok) {
      o.report('observation-mismatch', `The value of observation "${id}" can't be sent: ${wire.reason}`);
      return;
    }
    const next = wire.value ?? null;
    if (values.has(id) && jsonEqual(values.get(id), next)) return;
    values.set(id, next);
    if (o.check) check(def, next);
    push(id);
  };

  const refresh = (ids?: readonly string[]) => {
    for (const id of ids ?? Object.keys(o.getters)) {
      const getter = Object.prototype.hasOwnProperty.call(o.getters, id) ? o.getters[id] : undefined;
      if (typeof getter !== 'function') continue;
      let value: unknown;
      try {
        value = getter();
      } catch (error) {
        o.report('observation-mismatch', `The getter of observation "${id}" threw: ${errorText(error)}`);
        continue;
      }
      set(id, value);
    }
  };

  const schedule = () => {
    if (polled.length === 0 || !live || disposed || !(o.pollMs > 0 && Number.isFinite(o.pollMs))) return;
    pollTimer = o.timers.setTimeout(() => {
      pollTimer = undefined;
      refresh(polled);
      schedule();
    }, o.pollMs);
  };
  const stop = () => {
    if (pollTimer !== undefined) o.timers.clearTimeout(pollTimer);
    pollTimer = undefined;
  };

  return {
    set,
    get: (id) => values.get(id),
    refresh,
    registered() {
      live = true;
      sent.clear();
      refresh();
      for (const id of values.keys()) push(id);
      stop();
      schedule();
    },
    unregistered() {
      live = false;
      stop();
    },
    dispose() {
      disposed = true;
      live = false;
      stop();
    },
  };
}
