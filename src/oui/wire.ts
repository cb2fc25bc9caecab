/**
 * The checks every event passes on its way in (and out): the fields 0.1.0 gives it, with their kinds, copied
 * into fresh data within the limits. A reader never throws; it gives the event or the reason it was refused.
 */
import { isPlainObject, readJson, type WireLimits } from './json.js';
import type {
  OUIActionRequest,
  OUIActionResultMessage,
  OUIObservationUpdate,
  OUIProtocolEventType,
  OUISurfaceDeregistration,
  OUISurfaceRegistration,
} from './protocol.js';
import { validateSurface } from './validateSurface.js';

/** An event that passed, with how many `__proto__` keys were left out, or the reason it didn't. */
export type WireRead<T> = { ok: true; value: T; dropped: number } | { ok: false; reason: string };

/** Ids on the wire: surface, action, observation and request ids, at most this long. */
export const MAX_ID_LENGTH = 256;

const id = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= MAX_ID_LENGTH;
const time = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

type Fields = Record<string, unknown>;

function start(raw: unknown, limits: WireLimits | undefined): WireRead<Fields> {
  if (!isPlainObject(raw)) return { ok: false, reason: 'the payload is not an object' };
  const copy = readJson(raw, limits);
  if (!copy.ok) return copy;
  return { ok: true, value: copy.value as Fields, dropped: copy.dropped };
}

function stamp(e: Fields, now: () => number): number | null {
  // Missing is forgiven (a hand-written peer may leave it out); a wrong kind is not.
  if (e.timestamp === undefined) return now();
  return time(e.timestamp) ? e.timestamp : null;
}

/** Reads an `action:request`. Params default to `{}` and must be an object; the timestamp defaults to now. */
export function readActionRequest(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIActionRequest> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (!id(e.requestId)) return { ok: false, reason: 'requestId must be a non-empty string' };
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  if (!id(e.actionId)) return { ok: false, reason: 'actionId must be a non-empty string' };
  const params = e.params === undefined ? {} : e.params;
  if (!isPlainObject(params)) return { ok: false, reason: 'params must be an object' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  return { ok: true, dropped: r.dropped, value: { requestId: e.requestId, surfaceId: e.surfaceId, actionId: e.actionId, params, timestamp } };
}

/** Reads an `action:result`, with the surface and action it answers. */
export function readActionResult(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIActionResultMessage> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (!id(e.requestId)) return { ok: false, reason: 'requestId must be a non-empty string' };
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  if (!id(e.actionId)) return { ok: false, reason: 'actionId must be a non-empty string' };
  if (typeof e.success !== 'boolean') return { ok: false, reason: 'success must be true or false' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  const out: OUIActionResultMessage = { requestId: e.requestId, surfaceId: e.surfaceId, actionId: e.actionId, success: e.success, timestamp };
  if (e.data !== undefined) out.data = e.data;
  if (e.error !== undefined) {
    const err = e.error;
    if (!isPlainObject(err) || typeof err.code !== 'string' || err.code === '' || typeof err.message !== 'string') {
      return { ok: false, reason: 'error must be {code, message, details?}' };
    }
    out.error = { code: err.code, message: err.message };
    if (err.details !== undefined) out.error.details = err.details;
  } else if (!e.success) return { ok: false, reason: 'a failed result must say its error' };
  if (e.progress !== undefined) {
    if (typeof e.progress !== 'number' || !(e.progress >= 0 && e.progress <= 100)) return { ok: false, reason: 'progress must be a number from 0 to 100' };
    out.progress = e.progress;
  }
  if (e.interim !== undefined) {
    if (typeof e.interim !== 'boolean') return { ok: false, reason: 'interim must be true or false' };
    out.interim = e.interim;
  }
  if (e.durationMs !== undefined) {
    if (typeof e.durationMs !== 'number' || !(e.durationMs >= 0) || !Number.isFinite(e.durationMs)) return { ok: false, reason: 'durationMs must be a number of at least 0' };
    out.durationMs = e.durationMs;
  }
  return { ok: true, dropped: r.dropped, value: out };
}

/** Reads an `observation:update`. A missing value is null (JSON has no undefined). */
export function readObservationUpdate(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIObservationUpdate> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  if (!id(e.observationId)) return { ok: false, reason: 'observationId must be a non-empty string' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  return { ok: true, dropped: r.dropped, value: { surfaceId: e.surfaceId, observationId: e.observationId, value: e.value ?? null, timestamp } };
}

/** Reads a `surface:register`: the surface must pass validateSurface. */
export function readRegistration(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUISurfaceRegistration> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  const check = validateSurface(e.surface, limits);
  if (!check.valid) return { ok: false, reason: `the surface is not valid: ${check.errors.slice(0, 3).join('; ')}` };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  return { ok: true, dropped: r.dropped, value: { surface: check.surface, timestamp } };
}

/** Reads a `surface:deregister`. */
export function readDeregistration(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUISurfaceDeregistration> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  return { ok: true, dropped: r.dropped, value: { surfaceId: e.surfaceId, timestamp } };
}

/** The reader for each protocol event type. */
export const WIRE_READERS: Readonly<Record<OUIProtocolEventType, (raw: unknown, limits?: WireLimits, now?: () => number) => WireRead<unknown>>> = Object.freeze({
  'action:request': readActionRequest,
  'action:result': readActionResult,
  'observation:update': readObservationUpdate,
  'surface:register': readRegistration,
  'surface:deregister': readDeregistration,
});
