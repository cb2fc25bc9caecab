/**
 * Finding a step's elements through the backend (its `match`, `resolve` or `tree`), once each; and `wait_until`,
 * which looks again until the element is there or its time is up.
 */
import { STOPPED, clipError, failStep, race, setStep, type BurstState } from './burstState.js';
import { matchTarget, type TargetMatch, type TargetPurpose } from './resolveTarget.js';
import type { Resolved, ResolvedTargets } from './step.js';
import type { LookupReason } from './stepReason.js';
import type { AxNode } from './tree.js';
import type { ActAction, AxTarget, Target, WaitUntilAction } from './types.js';

export type Found<Ref> = { node: AxNode<Ref>; alike: readonly AxNode<Ref>[] } | { missed: LookupReason } | typeof STOPPED;

/** A target that matched several elements equally well: which, the one used, and the others. */
export interface Ambiguous<Ref> {
  readonly key: 'target' | 'from' | 'to';
  readonly target: AxTarget;
  readonly node: AxNode<Ref>;
  readonly alike: readonly AxNode<Ref>[];
}

/** The element a target names, with the others that matched it exactly as well; STOPPED when the burst ended. */
export async function findElement<Ref>(b: BurstState<Ref>, target: AxTarget, purpose: TargetPurpose): Promise<Found<Ref>> {
  const { backend } = b;
  try {
    let match: TargetMatch<Ref> | typeof STOPPED;
    if (backend.match) {
      const answer = await race(b, backend.match(target, { signal: b.inner.signal, purpose }));
      match = answer === STOPPED ? STOPPED : { node: answer?.node ?? null, alike: Array.isArray(answer?.alike) ? answer.alike : [] };
    } else if (backend.resolve) {
      const node = await race(b, backend.resolve(target, { signal: b.inner.signal, purpose }));
      match = node === STOPPED ? STOPPED : { node: node ?? null, alike: [] };
    } else if (backend.tree) {
      const tree = await race(b, backend.tree(b.context));
      match = tree === STOPPED ? STOPPED : matchTarget(target, tree, purpose);
    } else return { missed: { code: 'no_finder' } };
    if (match === STOPPED || b.result !== null) return STOPPED;
    return match.node ? { node: match.node, alike: match.alike } : { missed: { code: 'no_match', target } };
  } catch (error) {
    return b.result !== null ? STOPPED : { missed: { code: 'lookup_failed', target, detail: clipError(error) } };
  }
}

type Placed<Ref> = { resolved: Resolved<Ref>; alike: readonly AxNode<Ref>[] } | { missed: LookupReason } | typeof STOPPED;

async function place<Ref>(b: BurstState<Ref>, target: Target, purpose: TargetPurpose): Promise<Placed<Ref>> {
  if (target.kind === 'point') return { resolved: { kind: 'point', x: target.x, y: target.y }, alike: [] };
  const found = await findElement(b, target, purpose);
  if (found === STOPPED || 'missed' in found) return found;
  return { resolved: { kind: 'element', node: found.node }, alike: found.alike };
}

/**
 * The step's element targets, each found once, and what made one ambiguous (the first such target); null when
 * the step failed (or the burst stopped) on the way.
 */
export async function findTargets<Ref>(b: BurstState<Ref>, index: number, action: ActAction): Promise<{ targets: ResolvedTargets<Ref>; ambiguous: Ambiguous<Ref> | null } | null> {
  const targets: { target?: Resolved<Ref>; from?: Resolved<Ref>; to?: Resolved<Ref> } = {};
  let ambiguous: Ambiguous<Ref> | null = null;
  const wanted: ['target' | 'from' | 'to', Target, TargetPurpose][] =
    action.do === 'drag'
      ? [['from', action.from, 'act'], ['to', action.to, 'drop']]
      : 'target' in action && typeof action.target === 'object'
        ? [['target', action.target, 'act']]
        : [];
  for (const [key, target, purpose] of wanted) {
    const r = await place(b, target, purpose);
    if (r === STOPPED) return null;
    if ('missed' in r) {
      failStep(b, index, 'action_failed', r.missed);
      return null;
    }
    targets[key] = r.resolved;
    if (ambiguous === null && r.alike.length > 0 && target.kind === 'ax' && r.resolved.kind === 'element') ambiguous = { key, target, node: r.resolved.node, alike: r.alike };
  }
  return { targets, ambiguous };
}

/**
 * Looks for the element until it is there or `timeout_ms` has passed. With a backend that tells of changes,
 * it looks again as soon as the screen changed (subscribed before each look, so a change while looking isn't
 * missed); when changes keep coming, a look that a change woke is followed by the next no sooner than `poll_ms`
 * later, so a page that never stops changing is looked at no more often than that. Otherwise it looks every
 * `poll_ms`.
 */
export async function waitUntil<Ref>(b: BurstState<Ref>, index: number, action: WaitUntilAction): Promise<void> {
  const { clock, inner } = b;
  const deadline = clock.now() + action.timeout_ms;
  const watch = b.backend.changed?.bind(b.backend);
  let last: LookupReason = { code: 'no_finder' };
  // When the last look was woken by a change; null when it wasn't.
  let wokenAt: number | null = null;
  let woken = false;
  for (;;) {
    const look = new AbortController();
    const endLook = () => look.abort();
    inner.signal.addEventListener('abort', endLook, { once: true });
    try {
      const lookedAt = clock.now();
      wokenAt = woken ? lookedAt : null;
      const change = watch ? Promise.resolve(watch(Math.max(0, deadline - lookedAt), { signal: look.signal })).catch(() => {}) : null;
      const found = await findElement(b, action.target, 'find');
      if (found === STOPPED) return;
      if ('node' in found) {
        setStep(b, index, { status: 'done', resolved: { target: { kind: 'element', node: found.node } } });
        return;
      }
      last = found.missed;
      const left = deadline - clock.now();
      if (left <= 0) {
        failStep(b, index, 'action_failed', { code: 'not_appeared', target: action.target, ms: action.timeout_ms, last });
        return;
      }
      if (change) {
        await race(b, change);
        if (b.result !== null) return;
        woken = true;
        // Changes that keep coming: no sooner than poll_ms after the last look a change woke.
        const rest = wokenAt === null ? 0 : Math.min(wokenAt + action.poll_ms - clock.now(), deadline - clock.now());
        if (rest > 0) await clock.sleep(rest, inner.signal);
      } else await clock.sleep(Math.min(action.poll_ms, left), inner.signal);
      if (b.result !== null) return;
    } finally {
      look.abort();
      inner.signal.removeEventListener('abort', endLook);
    }
  }
}
