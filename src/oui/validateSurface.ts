/**
 * Checks a surface definition before it is registered or believed. The same check runs on the app's own
 * definition (a mistake is the developer's, so it is refused with every reason at once) and on a registration
 * that arrives from the other side of a transport (untrusted, so it is dropped and reported).
 *
 * What 0.1.0 declares is accepted: any non-empty id. The conventions (kebab-case surface ids, snake_case action
 * ids, observation ids unlike action ids and without `:`) are warnings, or errors with `idStyle: 'strict'`.
 */
import { isPlainObject, readJson, type WireLimits } from './json.js';
import { routeProblem } from './routes.js';
import { MAX_ID_LENGTH } from './ids.js';
import { OUI_TOOL_NAME } from './agent/toolNames.js';
import { parseStatusObservationId, type OUISurface } from './protocol.js';

/** kebab-case: lower-case letters and digits in words joined by single hyphens, starting with a letter. */
export const SURFACE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** snake_case: lower-case letters and digits in words joined by single underscores, starting with a letter. */
export const ACTION_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
/** Letters, digits, `_`, `-`, `.`; no `:`, which status observations hold. */
export const OBSERVATION_ID = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
// Controls, direction marks and other invisible format characters: an id holding one reads as something else.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/**
 * The bounds a definition must keep. `idLength` is where ids are refused; an action id longer than 64 (the
 * model APIs' limit on tool names) is used under a shortened tool name, with a warning.
 */
export const OUI_SURFACE_LIMITS = Object.freeze({ idLength: MAX_ID_LENGTH, textLength: 4000, actions: 128, observations: 128, routes: 32, tags: 32 });

const FREQUENCIES = new Set(['realtime', 'on-change', 'polling']);

/** How a definition is checked. The limits of what it may hold are given beside (the WireLimits fields). */
export interface ValidateSurfaceOptions extends WireLimits {
  /**
   * `'warn'` (default): any non-empty id, as 0.1.0 declares; an id against the conventions is a warning.
   * `'strict'`: the conventions are errors (for a page or an agent that wants every id to be a tool name as is).
   */
  idStyle?: 'warn' | 'strict';
}

/** A definition that passed (a private copy, frozen) with what it breaks of the conventions, or every reason it didn't. */
export type SurfaceCheck = { valid: true; surface: OUISurface; warnings: string[] } | { valid: false; errors: string[] };

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
export function validateSurface(def: unknown, options: ValidateSurfaceOptions = {}): SurfaceCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  const style: Style = { strict: options.idStyle === 'strict', errors, warnings };
  if (!isPlainObject(def)) return { valid: false, errors: ['a surface must be a plain object'] };
  const copy = readJson(def, options);
  if (!copy.ok) return { valid: false, errors: [`the definition is not plain JSON data: ${copy.reason}`] };
  const s = copy.value as Record<string, unknown>;

  if (checkId(s.id, 'id', style)) {
    if (!SURFACE_ID.test(s.id as string)) conventional(style, `id ${q(s.id)} is not kebab-case (like "todo-list")`);
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
  else s.actions.forEach((a, i) => checkAction(a, `actions[${i}]`, actionIds, style));

  if (s.observations !== undefined) {
    if (!Array.isArray(s.observations)) errors.push('observations must be a list');
    else if (s.observations.length > OUI_SURFACE_LIMITS.observations) errors.push(`at most ${OUI_SURFACE_LIMITS.observations} observations`);
    else {
      const seen = new Set<string>();
      s.observations.forEach((o, i) => checkObservation(o, `observations[${i}]`, seen, actionIds, style));
    }
  }
  if (s.activation !== undefined) checkActivation(s.activation, errors);

  if (errors.length > 0) return { valid: false, errors };
  return { valid: true, surface: deepFreeze(s) as unknown as OUISurface, warnings };
}

/**
 * validateSurface, throwing OUISurfaceError when the definition is refused: for the app's own definitions.
 * Warnings go to `onWarnings` when given.
 */
export function assertSurface(def: unknown, options: ValidateSurfaceOptions & { onWarnings?: (warnings: string[]) => void } = {}): OUISurface {
  const check = validateSurface(def, options);
  if (!check.valid) throw new OUISurfaceError(check.errors, isPlainObject(def) && typeof def.id === 'string' ? def.id : undefined);
  if (check.warnings.length > 0) options.onWarnings?.(check.warnings);
  return check.surface;
}

interface Style {
  strict: boolean;
  errors: string[];
  warnings: string[];
}

/** A convention broken: an error when strict, else a warning. */
function conventional(style: Style, message: string): void {
  (style.strict ? style.errors : style.warnings).push(message);
}

/** Checks what 0.1.0 asks of an id (a non-empty string) and our bound on its length; true when it is usable. */
function checkId(id: unknown, at: string, style: Style): id is string {
  if (typeof id !== 'string' || id === '') {
    style.errors.push(`${at} ${q(id)} must be a non-empty string`);
    return false;
  }
  if (id.length > OUI_SURFACE_LIMITS.idLength) {
    style.errors.push(`${at} ${q(id)} is longer than ${OUI_SURFACE_LIMITS.idLength} characters`);
    return false;
  }
  if (INVISIBLE.test(id)) conventional(style, `${at} ${q(id)} holds control or invisible characters, which read as something else`);
  return true;
}

function checkAction(a: unknown, at: string, ids: Set<string>, style: Style): void {
  const errors = style.errors;
  if (!isPlainObject(a)) {
    errors.push(`${at} must be an object`);
    return;
  }
  const name = typeof a.id === 'string' ? `action "${a.id}"` : at;
  if (checkId(a.id, `${at}.id`, style)) {
    if (ids.has(a.id)) errors.push(`action id "${a.id}" is used twice`);
    else {
      ids.add(a.id);
      if (!ACTION_ID.test(a.id)) {
        const tool = OUI_TOOL_NAME.test(a.id) ? '' : ' and is no valid tool name (its tool gets a name made from it)';
        conventional(style, `${at}.id ${q(a.id)} is not snake_case (like "add_item")${tool}`);
      } else if (a.id.length > 64) conventional(style, `${at}.id ${q(a.id)} is longer than the 64 characters of a tool name (its tool gets a shortened name)`);
    }
  }
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
  // A subscribed action waits for an event and never polls: its interval may be 0, as 0.1.0's examples write it.
  if (p.subscribe !== undefined ? !(typeof p.intervalMs === 'number' && Number.isFinite(p.intervalMs) && p.intervalMs >= 0) : !positive(p.intervalMs)) {
    errors.push(`${name}: polling.intervalMs must be a number of milliseconds above 0 (0 only with subscribe)`);
  }
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

function checkObservation(o: unknown, at: string, seen: Set<string>, actionIds: Set<string>, style: Style): void {
  const errors = style.errors;
  if (!isPlainObject(o)) {
    errors.push(`${at} must be an object`);
    return;
  }
  const name = typeof o.id === 'string' ? `observation "${o.id}"` : at;
  if (checkId(o.id, `${at}.id`, style)) {
    if (seen.has(o.id)) errors.push(`observation id "${o.id}" is used twice`);
    else {
      seen.add(o.id);
      const status = parseStatusObservationId(o.id);
      if (actionIds.has(o.id)) conventional(style, `observation id "${o.id}" is also an action's id`);
      else if (status && actionIds.has(status.actionId)) {
        conventional(style, `observation id "${o.id}" is the status observation of the action "${status.actionId}": the runtime leaves it to the app and pushes no results there`);
      } else if (!OBSERVATION_ID.test(o.id)) conventional(style, `${at}.id ${q(o.id)} should start with a letter and hold only letters, digits, "_", "-" and "."`);
    }
  }
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
        } else {
          const bad = routeProblem(r);
          if (bad) errors.push(`activation route ${q(r)}: ${bad}`);
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
