/**
 * The checks every event passes on its way in (and out): the fields 0.1.0 gives it (and the ones we add beside
 * them), with their kinds, copied into fresh data within the limits. A reader never throws; it gives the event
 * or the reason it was refused.
 */
import { isPlainObject, readJson, type WireLimits } from './json.js';
import type {
  OUIActionRequest,
  OUIActionResultMessage,
  OUICancelMessage,
  OUIDispatchMessage,
  OUIObservationUpdate,
  OUIProtocolEventType,
  OUIRegistrationMessage,
  OUISurfaceDeregistration,
} from './protocol.js';
import { validateSurface } from './validateSurface.js';
import { MAX_ID_LENGTH } from './ids.js';

/** An event that passed, with how many `__proto__` keys were left out, or the reason it didn't. */
export type WireRead<T> = { ok: true; value: T; dropped: number } | { ok: false; reason: string };

export { MAX_ID_LENGTH };

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

const millis = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * Reads a dispatch (`{ns}:dispatch`): 0.1.0's `{surfaceId, actionId, params, timestamp}`, with our `requestId`,
 * `timeoutMs` and `maxWaitMs` when present. Params default to `{}` and must be an object; the timestamp defaults
 * to now. Fields it doesn't know are left out.
 */
export function readDispatch(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIDispatchMessage> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (e.requestId !== undefined && !id(e.requestId)) return { ok: false, reason: 'requestId, when given, must be a non-empty string' };
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  if (!id(e.actionId)) return { ok: false, reason: 'actionId must be a non-empty string' };
  const params = e.params === undefined ? {} : e.params;
  if (!isPlainObject(params)) return { ok: false, reason: 'params must be an object' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  const value: OUIDispatchMessage = { surfaceId: e.surfaceId, actionId: e.actionId, params, timestamp };
  if (e.requestId !== undefined) value.requestId = e.requestId;
  for (const key of ['timeoutMs', 'maxWaitMs'] as const) {
    if (e[key] === undefined) continue;
    if (!millis(e[key])) return { ok: false, reason: `${key} must be a number of milliseconds, at least 0` };
    value[key] = e[key];
  }
  return { ok: true, dropped: r.dropped, value };
}

/** Reads an `action:request` as 0.1.0 declares it: a dispatch that must have its `requestId`. */
export function readActionRequest(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIActionRequest> {
  const read = readDispatch(raw, limits, now);
  if (!read.ok) return read;
  const { requestId, surfaceId, actionId, params, timestamp } = read.value;
  if (requestId === undefined) return { ok: false, reason: 'requestId must be a non-empty string' };
  return { ok: true, dropped: read.dropped, value: { requestId, surfaceId, actionId, params, timestamp } };
}

/** Reads an `action:cancel`: the agent stopped waiting for a request. */
export function readCancel(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUICancelMessage> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  if (!id(e.surfaceId)) return { ok: false, reason: 'surfaceId must be a non-empty string' };
  if (!id(e.requestId)) return { ok: false, reason: 'requestId must be a non-empty string' };
  if (e.reason !== undefined && (typeof e.reason !== 'string' || e.reason.length > 1000)) return { ok: false, reason: 'reason must be a string of at most 1000 characters' };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  return { ok: true, dropped: r.dropped, value: { surfaceId: e.surfaceId, requestId: e.requestId, ...(e.reason !== undefined ? { reason: e.reason } : {}), timestamp } };
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
  if (e.waiting !== undefined) {
    if ((e.waiting !== 'confirmation' && e.waiting !== 'turn') || e.interim !== true) return { ok: false, reason: 'waiting is "confirmation" or "turn", on an interim result' };
    out.waiting = e.waiting;
  }
  if (e.durationMs !== undefined) {
    if (typeof e.durationMs !== 'number' || !(e.durationMs >= 0) || !Number.isFinite(e.durationMs)) return { ok: false, reason: 'durationMs must be a number of at least 0' };
    out.durationMs = e.durationMs;
  }
  if (e.dropped !== undefined) {
    const d = e.dropped;
    if (!isPlainObject(d) || !Array.isArray(d.fields) || !d.fields.every((f) => typeof f === 'string') || typeof d.reason !== 'string') {
      return { ok: false, reason: 'dropped must be {fields: string[], reason}' };
    }
    out.dropped = { fields: [...(d.fields as string[])], reason: d.reason };
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

/** Reads a `surface:register`: the surface must pass validateSurface; our `capabilities`, when present, are a list of short strings. */
export function readRegistration(raw: unknown, limits?: WireLimits, now: () => number = Date.now): WireRead<OUIRegistrationMessage> {
  const r = start(raw, limits);
  if (!r.ok) return r;
  const e = r.value;
  const check = validateSurface(e.surface, limits);
  if (!check.valid) return { ok: false, reason: `the surface is not valid: ${check.errors.slice(0, 3).join('; ')}` };
  const timestamp = stamp(e, now);
  if (timestamp === null) return { ok: false, reason: 'timestamp must be a number' };
  const value: OUIRegistrationMessage = { surface: check.surface, timestamp };
  if (e.capabilities !== undefined) {
    const c = e.capabilities;
    if (!Array.isArray(c) || c.length > 16 || !c.every((x) => typeof x === 'string' && x !== '' && x.length <= 64)) {
      return { ok: false, reason: 'capabilities must be a list of at most 16 short strings' };
    }
    value.capabilities = c as string[];
  }
  return { ok: true, dropped: r.dropped, value };
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

/** The kinds of event our transports carry: the protocol's, and the cancel we add. */
export type WireType = OUIProtocolEventType | 'action:cancel';

/** The reader for each kind of event. `action:request` is any dispatch, with or without a request id. */
export const WIRE_READERS: Readonly<Record<WireType, (raw: unknown, limits?: WireLimits, now?: () => number) => WireRead<unknown>>> = Object.freeze({
  'action:request': readDispatch,
  'action:result': readActionResult,
  'action:cancel': readCancel,
  'observation:update': readObservationUpdate,
  'surface:register': readRegistration,
  'surface:deregister': readDeregistration,
});
