/**
 * Reads a target object as the model wrote it: `{"ax":{"id"|"role"|"title"}}` or `{"x":…,"y":…}`. Only the
 * fields a target has are read, so a huge or deeply nested value elsewhere in the object costs nothing here.
 */
import { isJsonObject } from '../stream/jsonLines.js';
import type { AxTarget, Target } from './types.js';
import { AX_LIMITS } from './vocabulary.js';

/** A target read from a line, or why it is not one. */
export type TargetResult<T> = { readonly ok: true; readonly target: T } | { readonly ok: false; readonly message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

function text(value: unknown, what: string, max: number): string | { message: string } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return { message: `${what} must be a string` };
  const t = value.trim();
  if (t === '') return { message: `${what} is empty` };
  if (t.length > max) return { message: `${what} is longer than ${max} characters` };
  return t;
}

/**
 * An element target. `name` is read as `title` too: it is what the observation calls an element's name, and a
 * model that saw it there may well write it back.
 */
export function readAxTarget(value: unknown, field: string): TargetResult<AxTarget> {
  if (!isJsonObject(value) || !isJsonObject(value['ax'])) return fail(`${field} must be an element: {"ax":{"id":…}} or {"ax":{"role":…,"title":…}}`);
  const ax = value['ax'];
  const id = text(ax['id'], `${field}.ax.id`, AX_LIMITS.maxIdLength);
  const role = text(ax['role'], `${field}.ax.role`, AX_LIMITS.maxRoleLength);
  const title = text(ax['title'] ?? ax['name'], `${field}.ax.title`, AX_LIMITS.maxTitleLength);
  for (const t of [id, role, title]) if (typeof t === 'object') return fail(t.message);
  if (id === undefined && role === undefined && title === undefined) return fail(`${field}.ax needs an id, a role or a title`);
  const target: { kind: 'ax'; id?: string; role?: string; title?: string } = { kind: 'ax' };
  if (id !== undefined) target.id = id as string;
  if (role !== undefined) target.role = role as string;
  if (title !== undefined) target.title = title as string;
  return { ok: true, target };
}

function coordinate(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= AX_LIMITS.maxCoordinate ? value : null;
}

/** An element or a point. An object with both `ax` and `x`/`y` is read as the element: the late-bound form wins. */
export function readTarget(value: unknown, field: string): TargetResult<Target> {
  if (!isJsonObject(value)) return fail(`${field} must be an object: {"ax":{…}} or {"x":…,"y":…}`);
  if (value['ax'] !== undefined) return readAxTarget(value, field);
  if (value['x'] === undefined && value['y'] === undefined) return fail(`${field} must be {"ax":{…}} or {"x":…,"y":…}`);
  const x = coordinate(value['x']);
  const y = coordinate(value['y']);
  if (x === null || y === null) return fail(`${field} needs x and y as numbers within ±${AX_LIMITS.maxCoordinate}`);
  return { ok: true, target: { kind: 'point', x, y } };
}
