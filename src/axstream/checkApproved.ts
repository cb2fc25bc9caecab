/**
 * An approval is for the element the person saw, not for whatever the target would find later: the engine finds
 * a step's elements once, asks with them, and just before acting asks the backend (`verify`) whether each is still
 * that element, unchanged. A backend without `verify` is checked here, DOM-free: the node must still be in the
 * live tree under the same handle (or, for a backend that only resolves, found again as the same handle), with
 * the same role, name and destination. Anything else is a change, and the step does not run.
 */
import type { Backend, BackendContext } from './backend.js';
import type { ResolvedTargets } from './step.js';
import type { AxDestination, AxNode } from './tree.js';
import type { ActAction } from './types.js';

const clip = (s: string, max = 80) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** `button "Delete drafts"`: an element as an approval named it. */
export function approvedWords(node: AxNode<unknown>): string {
  const name = node.name.replace(/\s+/g, ' ').trim();
  return name === '' ? node.role || 'element' : `${node.role || 'element'} ${JSON.stringify(clip(name))}`;
}

const where = (d: AxDestination | undefined) => (d === undefined ? '' : `${d.kind} ${d.url}`);

/**
 * What differs between the node the person approved and the same element now (null when it is gone): null when
 * nothing that was shown changed.
 */
export function nodeChange(approved: AxNode<unknown>, now: AxNode<unknown> | null, gone = 'is no longer on the screen'): string | null {
  const was = approvedWords(approved);
  if (now === null) return `${was} ${gone}`;
  if (now.role !== approved.role) return `${was} is now a ${clip(now.role, 40)}`;
  if (now.name !== approved.name) return `${was} is now called ${JSON.stringify(clip(now.name.replace(/\s+/g, ' ').trim()))}`;
  if (where(now.destination) !== where(approved.destination)) {
    const d = now.destination;
    if (d === undefined) return `${was} no longer leads where it did`;
    return d.kind === 'form' ? `${was} now sends its form to ${clip(d.url, 200)}` : `${was} now leads to ${clip(d.url, 200)}`;
  }
  return null;
}

/** The element nodes among a step's targets, and the control it activates. */
export function approvedNodes<Ref>(targets: ResolvedTargets<Ref>): AxNode<Ref>[] {
  const out: AxNode<Ref>[] = [];
  for (const r of [targets.target, targets.from, targets.to]) if (r?.kind === 'element') out.push(r.node);
  if (targets.activates && !out.some((n) => n.ref === targets.activates!.ref)) out.push(targets.activates);
  return out;
}

/**
 * Thrown by a backend's `verify` or `act` when the step would activate something other than what was judged
 * (`resolved.activates`): the step stops as `activation_changed` and nothing is activated. Known by its name, so
 * an error from another copy of the engine counts too.
 */
export class ActivationChanged extends Error {
  override readonly name = 'ActivationChanged';
}

/** True for an `ActivationChanged`, from this copy of the engine or another. */
export const isActivationChanged = (error: unknown): error is Error => error instanceof Error && error.name === 'ActivationChanged';

/**
 * Whether the step's elements are still the ones approved: null when they are, else what changed. Uses the
 * backend's `verify` when it has one. Throws when the backend can't be asked (the step must then not run).
 */
export async function checkApproved<Ref>(backend: Backend<Ref>, action: ActAction, targets: ResolvedTargets<Ref>, context: BackendContext): Promise<string | null> {
  if (backend.verify) {
    const said = await backend.verify(action, targets, context);
    return typeof said === 'string' && said !== '' ? said : null;
  }
  for (const node of approvedNodes(targets)) {
    let now: AxNode<Ref> | null = null;
    if (backend.tree) {
      const tree = await backend.tree(context);
      now = tree.find((n) => n.ref === node.ref) ?? null;
    } else if (backend.resolve) {
      const found = await backend.resolve({ kind: 'ax', ...(node.id === undefined ? {} : { id: node.id }), role: node.role, title: node.name }, context);
      now = found !== null && found.ref === node.ref ? found : null;
    } else throw new Error('this backend cannot look at the screen again to check the element');
    const change = nodeChange(node, now);
    if (change !== null) return change;
  }
  return null;
}
