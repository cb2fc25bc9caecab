/**
 * Activation: when a surface is available. Routes are matched against the page's path by segments: a literal
 * segment matches itself (case-sensitive), `*` one non-empty segment, `**` one or more. Query and hash are not
 * part of the path, and a trailing slash changes nothing.
 */
import type { OUIActivation } from './protocol.js';

/** The entity the page shows, as the app tells the runtime. */
export interface OUIEntity {
  type: string;
  id?: string;
}

function segments(path: string): string[] {
  let p = path;
  const cut = p.search(/[?#]/);
  if (cut !== -1) p = p.slice(0, cut);
  if (p.endsWith('/')) p = p.slice(0, -1);
  return p === '' ? [] : p.replace(/^\//, '').split('/');
}

/** Whether one route pattern matches a path. */
export function matchRoute(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path);
  // The memo keeps several `**` in one pattern linear in the path's length times the pattern's.
  const memo = new Map<number, boolean>();
  const from = (i: number, j: number): boolean => {
    const key = i * (have.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok: boolean;
    if (i === want.length) ok = j === have.length;
    else if (want[i] === '**') {
      ok = false;
      for (let k = j + 1; k <= have.length && !ok; k++) if (!have.slice(j, k).includes('')) ok = from(i + 1, k);
    } else if (j === have.length) ok = false;
    else if (want[i] === '*') ok = have[j] !== '' && from(i + 1, j + 1);
    else ok = want[i] === have[j] && from(i + 1, j + 1);
    memo.set(key, ok);
    return ok;
  };
  return from(0, 0);
}

/**
 * Whether a surface with this activation is available at `path`: no routes (or no activation) means
 * everywhere; a list matches when any route does. When the activation names an entity, the page must show
 * one of that type (and id, when given): `entity` is what the app said it shows, null or absent for none.
 * `path` undefined (not known yet) matches only a surface without routes.
 */
export function isActive(activation: OUIActivation | undefined, path: string | undefined, entity?: OUIEntity | null): boolean {
  if (!activation) return true;
  const routes = activation.routes === undefined ? [] : typeof activation.routes === 'string' ? [activation.routes] : activation.routes;
  if (routes.length > 0 && (path === undefined || !routes.some((r) => matchRoute(r, path)))) return false;
  if (activation.entity) {
    if (!entity || entity.type !== activation.entity.type) return false;
    if (activation.entity.id !== undefined && entity.id !== activation.entity.id) return false;
  }
  return true;
}
