/**
 * Running one step of a burst: a barrier (observe, done), an assert, or an act step, whose elements are found
 * once, assessed by the backend, gated when risky (asked with those elements, checked unchanged once approved),
 * and then acted on, exactly those elements.
 */
import type { Assessment } from './backend.js';
import { STOPPED, clipError, failStep, finish, race, setStep, type BurstState } from './burstState.js';
import { findElement, findTargets, waitUntil } from './burstFind.js';
import { gate, stillApproved, type Learnt } from './burstGate.js';
import { warn } from './burstQueue.js';
import { isActivationChanged } from './checkApproved.js';
import { observationLine } from './observation.js';
import { describeTarget } from './resolveTarget.js';
import type { ResolvedTargets } from './step.js';
import type { AxNode } from './tree.js';
import type { ActAction } from './types.js';

/** `e4 button "Sign in"`: an element as the model would recognise it from an observation. */
const nodeWords = (node: AxNode<unknown>) => observationLine({ ...node, states: [], value: '' }, 60);

/** The elements a target matched exactly as well, as the model would recognise them. */
const matchedWords = (node: AxNode<unknown>, alike: readonly AxNode<unknown>[]) => [node, ...alike].map(nodeWords).join(', ');

/** Runs the step at `index`; whatever ends the burst has ended it when this returns. */
export async function runStep<Ref>(b: BurstState<Ref>, index: number): Promise<void> {
  b.current = index;
  const action = b.actions[index]!;
  if (action.op === 'act') return runAct(b, index, action);
  setStep(b, index, { status: 'running' });
  if (b.result !== null) return;
  switch (action.op) {
    case 'observe':
      finish(b, { reason: 'observe', step: setStep(b, index, { status: 'done' }) });
      return;
    case 'done': {
      const done = setStep(b, index, { status: 'done' });
      finish(
        b,
        action.reason === undefined ? { reason: 'done', status: action.status, step: done } : { reason: 'done', status: action.status, detail: action.reason, step: done },
      );
      return;
    }
    case 'assert': {
      const found = await findElement(b, action.target, 'find');
      if (found === STOPPED) return;
      if ('missed' in found) return failStep(b, index, 'assert_failed', found.missed);
      setStep(b, index, { status: 'done', resolved: { target: { kind: 'element', node: found.node } } });
      return;
    }
  }
}

/** What the backend knows of the step before it runs; null when it refused the step (or the burst stopped). */
async function assess<Ref>(b: BurstState<Ref>, index: number, action: ActAction, targets: ResolvedTargets<Ref>): Promise<Assessment<Ref> | null> {
  if (!b.backend.assess) return {};
  try {
    const a = await race(b, b.backend.assess(action, targets, b.context));
    if (a === STOPPED || b.result !== null) return null;
    return a ?? {};
  } catch (error) {
    if (b.result === null) failStep(b, index, 'action_failed', { code: 'act_failed', do: action.do, detail: clipError(error) });
    return null;
  }
}

/**
 * An act step: its elements found once, the backend's assessment, the gate for a risky one (asked with those
 * elements, and checked unchanged once approved), then the backend acts on exactly those elements.
 */
async function runAct<Ref>(b: BurstState<Ref>, index: number, action: ActAction): Promise<void> {
  const { backend, policy } = b;
  // Without an assessment, nothing will say a field is secret: a type step's text may be shown from now on.
  setStep(b, index, action.do === 'type' && !backend.assess ? { status: 'running', secret: false } : { status: 'running' });
  if (b.result !== null) return;
  if (action.do === 'wait_until') {
    if (action.risk === 'risky' && policy !== 'allow') {
      if (!(await gate(b, index))) return;
      setStep(b, index, { status: 'running' });
      if (b.result !== null) return;
    }
    return waitUntil(b, index, action);
  }
  const looked = await findTargets(b, index, action);
  if (looked === null) return;
  const { targets: found, ambiguous } = looked;
  const assessment = await assess(b, index, action, found);
  if (assessment === null) return;
  const keys = action.do === 'key' || action.do === 'type';
  let targets: ResolvedTargets<Ref> = keys && assessment.focus && !found.target ? { ...found, target: { kind: 'element', node: assessment.focus } } : found;
  // What the step activates is judged, named and checked from here on, beside where it lands.
  if (assessment.activates !== undefined) targets = { ...targets, activates: assessment.activates };
  const risky = action.risk === 'risky' || assessment.risk === 'risky';
  const patch: { -readonly [K in keyof Learnt<Ref>]?: Learnt<Ref>[K] } = {};
  if (targets.target || targets.from || targets.activates) patch.resolved = targets;
  if (risky) patch.risk = 'risky';
  // A safe type step's text stays hidden while it types, and is shown only once its field is known to have
  // stayed unsecret (a page may make it a password on the first character); a step the person must approve
  // is shown to them, and masked afterwards if its field turned secret.
  if (keys && backend.assess && (assessment.secret === true || action.do === 'key' || (risky && policy !== 'allow'))) patch.secret = assessment.secret === true;
  if (ambiguous) {
    const matches = matchedWords(ambiguous.node, ambiguous.alike);
    // Nobody is asked to approve a guess: a risky step names its element or doesn't run.
    if (risky) return failStep(b, index, 'action_failed', { code: 'ambiguous', target: ambiguous.target, matches });
    const words = `${describeTarget(ambiguous.target)} matches more than one element equally well: ${matches}`;
    patch.ambiguous = { target: ambiguous.key, alike: ambiguous.alike };
    const line = b.steps[index]!.line;
    warn(b, { code: 'ambiguous_target', severity: 'warning', line, message: `line ${line}: ${words}; the first was used (name one by its id)` });
  }
  if (risky && policy !== 'allow') {
    if (!(await gate(b, index, patch))) return;
    setStep(b, index, { status: 'running' });
    if (b.result !== null) return;
    if (!(await stillApproved(b, index, action, targets))) return;
  } else if (Object.keys(patch).length > 0) setStep(b, index, patch);
  // A listener may have stopped the burst on hearing the step; then it must not be performed.
  if (b.result !== null) return;
  let turnedSecret = false;
  try {
    const r = await race(b, backend.act(action, targets, { signal: b.inner.signal, step: b.steps[index]! }));
    if (r === STOPPED || b.result !== null) return;
    turnedSecret = typeof r === 'object' && r !== null && r.secret === true;
  } catch (error) {
    if (b.result !== null) return;
    if (keys) setStep(b, index, { secret: assessment.secret === true });
    const detail = clipError(error);
    if (isActivationChanged(error)) return failStep(b, index, 'activation_changed', { code: 'diverted', do: action.do, detail });
    return failStep(b, index, 'action_failed', { code: 'act_failed', do: action.do, detail });
  }
  setStep(b, index, keys ? { status: 'done', secret: assessment.secret === true || turnedSecret } : { status: 'done' });
}
