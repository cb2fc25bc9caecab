/**
 * Checks a surface definition before it is registered or believed. The same check runs on the app's own
 * definition (a mistake is the developer's, so it is refused with every reason at once) and on a registration
 * that arrives from the other side of a transport (untrusted, so it is dropped and reported).
 */
import { isPlainObject, readJson, type WireLimits } from './json.js';
import type { OUISurface } from './protocol.js';

/** kebab-case: lower-case letters and digits in words joined by single hyphens, starting with a letter. */
export const SURFACE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** snake_case: lower-case letters and digits in words joined by single underscores, starting with a letter. */
export const ACTION_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
/** Letters, digits, `_`, `-`, `.`; never `:`, which only status observations hold. */
export const OBSERVATION_ID = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The bounds a definition must keep; tool names must fit the model APIs' 64 characters. */
export const OUI_SURFACE_LIMITS = Object.freeze({ idLength: 64, textLength: 4000, actions: 128, observations: 128, routes: 32, tags: 32 });

const FREQUENCIES = new Set(['realtime', 'on-change', 'polling']);

/** A definition that passed (a private copy, frozen), or every reason it didn't. */
export type SurfaceCheck = { valid: true; surface: OUISurface } | { valid: false; errors: string[] };

/** A refused surface definition; `errors` lists every reason, `message` says them in one sentence. */
export class OUISurfaceError extends Error {
  readonly errors: readonly string[];
  constructor(errors: readonly string[], id?: string) {
    const shown = errors.slice(0, 8).join('; ') + (errors.length > 8 ? ` (and ${errors.length - 8} more)` : '');
    super(`The OUI surface${id ? ` "${id}"` : ''} is not valid: ${shown}`);
    this.name = 'OUISurfaceError';
    this.errors = errors;
  }
}

const text = (v: unknown, max: number = OUI_SURFACE_LIMITS.textLength): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;
const q = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v.length > 70 ? `${v.slice(0, 69)}…` : v) : typeof v);

/**
 * Checks a surface definition: ids (kebab-case surface, snake_case actions, unique, no observation named like
 * an action), name and description, each action's input schema and polling, observations, activation. Never
 * throws; on success gives a frozen copy that later changes to `def` can't reach.
 */
export function validateSurface(def: unknown, limits?: WireLimits): SurfaceCheck {
  const errors: string[] = [];
  if (!isPlainObject(def)) return { valid: false, errors: ['a surface must be a plain object'] };
  const copy = readJson(def, limits);
  if (!copy.ok) return { valid: false, errors: [`the definition is not plain JSON data: ${copy.reason}`] };
  const s = copy.value as Record<string, unknown>;

  if (typeof s.id !== 'string' || !SURFACE_ID.test(s.id) || s.id.length > OUI_SURFACE_LIMITS.idLength) {
    errors.push(`id ${q(s.id)} must be kebab-case (like "todo-list"), at most ${OUI_SURFACE_LIMITS.idLength} characters`);
  }
  if (!text(s.name, 200)) errors.push('name is required: a non-empty string of at most 200 characters');
  if (!text(s.description)) errors.push('description is required: a non-empty string saying what the surface is for');
  if (s.version !== undefined && (typeof s.version !== 'string' || !SEMVER.test(s.version))) {
    errors.push(`version ${q(s.version)} must be semver (like "1.2.0")`);
  }
  if (s.metadata !== undefined && !isPlainObject(s.metadata)) errors.push('metadata must be an object');

  const actionIds = new Set<string>();
  if (!Array.isArray(s.actions)) errors.push('actions is required: a list (it may be empty)');
  else if (s.actions.length > OUI_SURFACE_LIMITS.actions) errors.push(`at most ${OUI_SURFACE_LIMITS.actions} actions`);
  else s.actions.forEach((a, i) => checkAction(a, `actions[${i}]`, actionIds, errors));

  if (s.observations !== undefined) {
    if (!Array.isArray(s.observations)) errors.push('observations must be a list');
    else if (s.observations.length > OUI_SURFACE_LIMITS.observations) errors.push(`at most ${OUI_SURFACE_LIMITS.observations} observations`);
    else {
      const seen = new Set<string>();
      s.observations.forEach((o, i) => checkObservation(o, `observations[${i}]`, seen, actionIds, errors));
    }
  }
  if (s.activation !== undefined) checkActivation(s.activation, errors);

  if (errors.length > 0) return { valid: false, errors };
  return { valid: true, surface: deepFreeze(s) as unknown as OUISurface };
}

/** validateSurface, throwing OUISurfaceError when the definition is refused: for the app's own definitions. */
export function assertSurface(def: unknown): OUISurface {
  const check = validateSurface(def);
  if (!check.valid) throw new OUISurfaceError(check.errors, isPlainObject(def) && typeof def.id === 'string' ? def.id : undefined);
  return check.surface;
}

function checkAction(a: unknown, at: string, ids: Set<string>, errors: string[]): void {
  if (!isPlainObject(a)) {
    errors.push(`${at} must be an object`);
    return;
  }
  const name = typeof a.id === 'string' ? `action "${a.id}"` : at;
  if (typeof a.id !== 'string' || !ACTION_ID.test(a.id) || a.id.length > OUI_SURFACE_LIMITS.idLength) {
    errors.push(`${at}.id ${q(a.id)} must be snake_case (like "add_item"), at most ${OUI_SURFACE_LIMITS.idLength} characters`);
  } else if (ids.has(a.id)) errors.push(`action id "${a.id}" is used twice`);
  else ids.add(a.id);
  if (!text(a.description)) errors.push(`${name} needs a description: the model reads it to choose the action`);
  if (a.input === undefined) errors.push(`${name} needs an input schema (use {"type":"object","properties":{}} for none)`);
  else if (!isPlainObject(a.input)) errors.push(`${name}: input must be a JSON Schema object`);
  else checkInputSchema(a.input, name, errors);
  if (a.output !== undefined && !isPlainObject(a.output)) errors.push(`${name}: output must be a JSON Schema object`);
  for (const flag of ['confirm', 'async'] as const) {
    if (a[flag] !== undefined && typeof a[flag] !== 'boolean') errors.push(`${name}: ${flag} must be true or false`);
  }
  for (const key of ['usage', 'preconditions', 'estimatedDuration'] as const) {
    if (a[key] !== undefined && (typeof a[key] !== 'string' || a[key].length > OUI_SURFACE_LIMITS.textLength)) errors.push(`${name}: ${key} must be a string`);
  }
  if (a.tags !== undefined && (!Array.isArray(a.tags) || a.tags.length > OUI_SURFACE_LIMITS.tags || !a.tags.every((t) => text(t, 64)))) {
    errors.push(`${name}: tags must be a list of at most ${OUI_SURFACE_LIMITS.tags} short strings`);
  }
  if (a.polling !== undefined) {
    if (a.async !== true) errors.push(`${name}: polling follows async actions; set async: true`);
    checkPolling(a.polling, name, errors);
  }
}

function checkInputSchema(input: Record<string, unknown>, name: string, errors: string[]): void {
  // Every model API takes a tool's arguments as one object.
  const type = input.type;
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.length === 1 && type[0] === 'object')) {
    errors.push(`${name}: input must describe an object (type "object"), got type ${q(JSON.stringify(type))}`);
  }
  if (input.properties !== undefined && (!isPlainObject(input.properties) || !Object.values(input.properties).every((p) => isPlainObject(p) || typeof p === 'boolean'))) {
    errors.push(`${name}: input.properties must map each param name to a schema`);
  }
  if (input.required !== undefined && (!Array.isArray(input.required) || !input.required.every((r) => typeof r === 'string'))) {
    errors.push(`${name}: input.required must be a list of param names`);
  }
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function checkPolling(p: unknown, name: string, errors: string[]): void {
  if (!isPlainObject(p)) {
    errors.push(`${name}: polling must be an object`);
    return;
  }
  if (!positive(p.intervalMs)) errors.push(`${name}: polling.intervalMs must be a number of milliseconds above 0`);
  if (p.maxAttempts !== undefined && !(Number.isInteger(p.maxAttempts) && (p.maxAttempts as number) > 0)) {
    errors.push(`${name}: polling.maxAttempts must be a whole number above 0`);
  }
  if (p.maxDurationMs !== undefined && !positive(p.maxDurationMs)) errors.push(`${name}: polling.maxDurationMs must be a number of milliseconds above 0`);
  if (p.subscribe !== undefined) {
    const sub = p.subscribe;
    if (!isPlainObject(sub) || !text(sub.event, 200)) errors.push(`${name}: polling.subscribe needs an event name`);
    else if (sub.filter !== undefined && !isPlainObject(sub.filter)) errors.push(`${name}: polling.subscribe.filter must be an object`);
  }
}

function checkObservation(o: unknown, at: string, seen: Set<string>, actionIds: Set<string>, errors: string[]): void {
  if (!isPlainObject(o)) {
    errors.push(`${at} must be an object`);
    return;
  }
  const name = typeof o.id === 'string' ? `observation "${o.id}"` : at;
  if (typeof o.id !== 'string' || !OBSERVATION_ID.test(o.id) || o.id.length > OUI_SURFACE_LIMITS.idLength) {
    errors.push(`${at}.id ${q(o.id)} must start with a letter and hold only letters, digits, "_", "-" and "." (no ":")`);
  } else if (seen.has(o.id)) errors.push(`observation id "${o.id}" is used twice`);
  else if (actionIds.has(o.id)) errors.push(`observation id "${o.id}" is also an action's id`);
  else seen.add(o.id);
  if (!text(o.description)) errors.push(`${name} needs a description`);
  if (!isPlainObject(o.schema)) errors.push(`${name} needs a schema (a JSON Schema object)`);
  if (o.updateFrequency !== undefined && !FREQUENCIES.has(o.updateFrequency as string)) {
    errors.push(`${name}: updateFrequency must be "realtime", "on-change" or "polling"`);
  }
}

function checkActivation(a: unknown, errors: string[]): void {
  if (!isPlainObject(a)) {
    errors.push('activation must be an object');
    return;
  }
  if (a.routes !== undefined) {
    const routes = typeof a.routes === 'string' ? [a.routes] : a.routes;
    if (!Array.isArray(routes) || routes.length === 0 || routes.length > OUI_SURFACE_LIMITS.routes) {
      errors.push(`activation.routes must be a path or a list of 1 to ${OUI_SURFACE_LIMITS.routes} paths (leave it out to be active everywhere)`);
    } else {
      for (const r of routes) {
        if (typeof r !== 'string' || !r.startsWith('/') || /[?#\s]/.test(r) || r.length > 2048) {
          errors.push(`activation route ${q(r)} must be a path starting with "/", without query, hash or spaces`);
        }
      }
    }
  }
  if (a.entity !== undefined) {
    const e = a.entity;
    if (!isPlainObject(e) || !text(e.type, 200) || (e.id !== undefined && typeof e.id !== 'string')) {
      errors.push('activation.entity must be {type, id?} with a non-empty type');
    }
  }
  if (a.condition !== undefined && typeof a.condition !== 'string') errors.push('activation.condition must be a string');
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
