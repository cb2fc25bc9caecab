/**
 * Late binding: an element target is resolved against the tree as it is when the step runs, not the one the
 * model planned from. The rules, in order:
 *
 * 1. An observation id that still exists is the element. An id that is gone falls back to role and title when
 *    the target gave them, so a target written with all three survives the element being re-created.
 * 2. A given role must match (AX and ARIA roles compared as sets, roles.ts).
 * 3. What the element is for ranks it first. For acting on it (`act`: click, double_click, right_click, move,
 *    the start of a drag) a control comes first (a button, link, field, checkbox, option, tab…), then any other
 *    element (a region, heading, list, dialog…), then runs of text. Where a drag ends (`drop`) a container of
 *    items comes first (a list, listbox, table, grid or tree), then any other element but a heading (a region,
 *    a group…), then headings, then text: a board's column is often a region and its list both named by the
 *    column's heading, and the items go in the list. For finding it (`find`: assert, wait_until) any element
 *    comes before text. So `{"title":"Sign in"}` clicks the button, not the region or heading that carries the
 *    same words, and `{"title":"Done"}` where a drag ends is the list, not the region round it nor its heading.
 * 4. Then the name: a case-insensitive exact name (runs of white space count as one) beats a name that only
 *    contains the title.
 * 5. Among elements of the same rank, the first in document order is chosen, and the others are `alike`: the
 *    target is ambiguous. The burst reports that as a warning, and a risky step never runs on an ambiguous
 *    target (burstController.ts).
 *
 * The rules run as a search fed one node at a time (`createTargetSearch`), so a backend that walks its own tree
 * (the page backend) follows them exactly, skips computing names that can no longer win, and stops as soon as
 * nothing later can change the answer.
 */
import { ariaRoles, INTERACTIVE_ROLES, rolesMatch } from './roles.js';
import type { AxNode, AxTree } from './tree.js';
import type { AxTarget } from './types.js';

/**
 * What an element target is found for, which decides what kind of element is preferred: `act` (a pointer action
 * or the start of a drag: controls first), `drop` (where a drag ends: containers first), `find` (assert and
 * wait_until: any element).
 */
export type TargetPurpose = 'act' | 'drop' | 'find';

/** A target matched against a tree: the element chosen (null when none matches) and the others exactly as good. */
export interface TargetMatch<Ref = unknown> {
  readonly node: AxNode<Ref> | null;
  /**
   * Other elements that match equally well (same rank, same kind of name match), in document order: at most
   * `MAX_ALIKE`, and only the first one when the match is as good as a match can be (the search stops there).
   */
  readonly alike: readonly AxNode<Ref>[];
}

/** Elements kept beyond the chosen one when a target is ambiguous: enough to name them, never the whole page. */
export const MAX_ALIKE = 4;

/**
 * Roles a step that acts prefers: the interactive ones (AX roles map onto them through roles.ts), and `generic`
 * because a page tree lists a generic element only when the page made it focusable.
 */
const CONTROL_ROLES: ReadonlySet<string> = new Set([...INTERACTIVE_ROLES, 'generic']);
const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'statictext']);
/** Roles that hold items: where a dragged item goes. */
const ITEM_CONTAINER_ROLES: ReadonlySet<string> = new Set(['list', 'listbox', 'table', 'grid', 'treegrid', 'tree']);

const isRole = (set: ReadonlySet<string>, role: string) => ariaRoles(role).some((r) => set.has(r));

/** How well a kind of element suits a purpose: 0 is best, and a larger number is worse. */
export function roleRank(role: string, purpose: TargetPurpose): number {
  if (purpose === 'drop') {
    if (isRole(TEXT_ROLES, role)) return 3;
    if (isRole(ITEM_CONTAINER_ROLES, role)) return 0;
    return ariaRoles(role).includes('heading') ? 2 : 1;
  }
  if (isRole(TEXT_ROLES, role)) return 2;
  if (purpose === 'act') return isRole(CONTROL_ROLES, role) ? 0 : 1;
  return 0;
}

/** Case and runs of white space don't count when names are compared. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A search fed the nodes of a tree in document order. */
export interface TargetSearch<Ref = unknown> {
  /**
   * False when a node of this role can no longer be chosen nor tie with the choice (its role doesn't match, or
   * it ranks below what has been found): the walker need not compute its name.
   */
  wants(role: string): boolean;
  /** Considers the next node; true when nothing later can change the result, so the walk may stop. */
  offer(node: AxNode<Ref>): boolean;
  /** The result so far. */
  result(): TargetMatch<Ref>;
}

/**
 * A search for `target` by role and title (its id, if any, is for the caller to have tried first). Feed it the
 * tree's nodes in document order; `result()` is then what `matchTarget` gives for that tree.
 */
export function createTargetSearch<Ref>(target: AxTarget, purpose: TargetPurpose = 'find'): TargetSearch<Ref> {
  const roles = target.role === undefined ? null : ariaRoles(target.role);
  const title = target.title === undefined ? null : nameKey(target.title);
  // Rank of the best so far: 2 × role rank, plus 1 for a name that only contains the title. Lower is better.
  let best = Infinity;
  let chosen: AxNode<Ref> | null = null;
  let alike: AxNode<Ref>[] = [];
  const bestRole = () => Math.floor(best / 2);
  return {
    wants(role) {
      if (roles !== null && !rolesMatch(roles, role)) return false;
      return roleRank(role, purpose) <= bestRole();
    },
    offer(node) {
      if (roles !== null && !rolesMatch(roles, node.role)) return false;
      let rank = roleRank(node.role, purpose) * 2;
      if (rank > best) return false;
      if (title !== null) {
        const name = nameKey(node.name);
        if (name !== title) {
          if (!name.includes(title)) return false;
          rank += 1;
        }
      }
      if (rank < best) {
        best = rank;
        chosen = node;
        alike = [];
      } else if (rank === best && alike.length < MAX_ALIKE) alike.push(node);
      // Nothing ranks above 0: once two elements do, the choice and its ambiguity can't change.
      return best === 0 && alike.length > 0;
    },
    result: () => ({ node: chosen, alike }),
  };
}

/** Matches an element target in `tree`: the element it resolves to, and any others exactly as good. */
export function matchTarget<Ref>(target: AxTarget, tree: AxTree<Ref>, purpose: TargetPurpose = 'find'): TargetMatch<Ref> {
  if (target.id !== undefined) {
    for (const node of tree) if (node.id === target.id) return { node, alike: [] };
    if (target.role === undefined && target.title === undefined) return { node: null, alike: [] };
  }
  const search = createTargetSearch<Ref>(target, purpose);
  for (const node of tree) if (search.offer(node)) break;
  return search.result();
}

/** The node an element target resolves to in `tree`, or null when none matches (see `matchTarget`). */
export function resolveTarget<Ref>(target: AxTarget, tree: AxTree<Ref>, purpose: TargetPurpose = 'find'): AxNode<Ref> | null {
  return matchTarget(target, tree, purpose).node;
}

/** Plain words for a target, for step errors and the summary a model reads. */
export function describeTarget(target: AxTarget): string {
  const parts: string[] = [];
  if (target.id !== undefined) parts.push(target.id);
  if (target.role !== undefined) parts.push(target.role);
  if (target.title !== undefined) parts.push(JSON.stringify(target.title));
  return parts.join(' ');
}
