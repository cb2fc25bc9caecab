/**
 * Late binding: an element target is resolved against the tree as it is when the step runs, not the one the
 * model planned from. Order: an observation id that still exists; else role and title, where a given role
 * must match, a case-insensitive exact name beats a name that only contains the title, and ties go to
 * document order. An id that is gone falls back to role and title when the target gave them, so a target
 * written with all three survives the element being re-created.
 */
import { ariaRoles, rolesMatch } from './roles.js';
import type { AxNode, AxTree } from './tree.js';
import type { AxTarget } from './types.js';

/** Case and runs of white space don't count when names are compared. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The node an element target resolves to in `tree`, or null when none matches. */
export function resolveTarget<Ref>(target: AxTarget, tree: AxTree<Ref>): AxNode<Ref> | null {
  if (target.id !== undefined) {
    for (const node of tree) if (node.id === target.id) return node;
    if (target.role === undefined && target.title === undefined) return null;
  }
  const roles = target.role === undefined ? null : ariaRoles(target.role);
  const title = target.title === undefined ? null : nameKey(target.title);
  let partial: AxNode<Ref> | null = null;
  for (const node of tree) {
    if (roles !== null && !rolesMatch(roles, node.role)) continue;
    if (title === null) return node;
    const name = nameKey(node.name);
    if (name === title) return node;
    if (partial === null && name.includes(title)) partial = node;
  }
  return partial;
}

/** Plain words for a target, for step errors and the summary a model reads. */
export function describeTarget(target: AxTarget): string {
  const parts: string[] = [];
  if (target.id !== undefined) parts.push(target.id);
  if (target.role !== undefined) parts.push(target.role);
  if (target.title !== undefined) parts.push(JSON.stringify(target.title));
  return parts.join(' ');
}
