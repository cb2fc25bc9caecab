/**
 * Activation: when a surface is available. Routes are matched against the page's path by segments: a literal
 * segment matches itself (case-sensitive), `*` or a parameter `:name` one non-empty segment, `**` one or more.
 * Query and hash are not part of the path, and a trailing slash changes nothing. Anything else that looks like a
 * pattern (a modifier `:id?`, `:id+`, a wildcard inside a segment `file-*`) is refused when the surface is
 * checked, rather than accepted and never matched.
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

const PARAM = /^:[A-Za-z_][A-Za-z0-9_]*$/;
const oneSegment = (want: string) => want === '*' || PARAM.test(want);

/** Why a route pattern can't be matched as written, or null when it can. */
export function routeProblem(pattern: string): string | null {
  for (const seg of segments(pattern)) {
    if (seg === '*' || seg === '**' || PARAM.test(seg)) continue;
    if (seg.startsWith(':')) return `the segment "${seg}" is not a parameter this runtime matches: write ":name" (letters, digits, "_") for one segment, or "**" for more`;
    if (seg.includes('*')) return `the segment "${seg}" mixes "*" with text: a wildcard is a whole segment ("*" one, "**" one or more)`;
  }
  return null;
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
    else if (oneSegment(want[i]!)) ok = have[j] !== '' && from(i + 1, j + 1);
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
