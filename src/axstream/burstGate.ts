/**
 * The gate of a risky step: refused by the policy, held until the reply is whole (`hold`), asked (`confirm`),
 * withdrawn when the reply was cut off; and once approved, the check that its elements are unchanged.
 */
import { CUT, STOPPED, clipError, failStep, finish, race, setStep, type BurstState } from './burstState.js';
import { checkApproved, isActivationChanged } from './checkApproved.js';
import type { ResolvedTargets, Step } from './step.js';
import type { StepReason } from './stepReason.js';
import type { ActAction } from './types.js';

/** A held risky step of a reply that was cut off: it never runs, whatever anyone answered. */
export function withdrawStep<Ref>(b: BurstState<Ref>, index: number): false {
  const step = setStep(b, index, { status: 'withdrawn', reason: { code: 'withdrawn', line: b.cutLine } });
  finish(b, {
    reason: 'withdrawn',
    line: b.cutLine,
    detail: `the reply was cut off in the middle of line ${b.cutLine} while the risky step of line ${step.line} waited, so neither it nor anything after it was run`,
    step,
  });
  return false;
}

/** What a step learnt before its gate: its elements, its raised risk, whether it types a secret, what was alike. */
export type Learnt<Ref> = Partial<Pick<Step<Ref>, 'resolved' | 'risk' | 'secret' | 'ambiguous'>>;

/**
 * Whether a risky step may run; when not, the step and the burst have been ended here. `patch` is what the step
 * learnt before the gate (its resolved elements, its raised risk), shown in the held snapshot. Under `hold` the
 * question waits for the reply's barrier; under any policy that asks, a reply cut off withdraws it.
 */
export async function gate<Ref>(b: BurstState<Ref>, index: number, patch: Learnt<Ref> = {}): Promise<boolean> {
  const { policy, approve, cut } = b;
  if (policy === 'refuse' || !approve) {
    const step = setStep(b, index, { ...patch, status: 'refused', reason: { code: policy === 'refuse' ? 'policy_refused' : 'no_approver' } });
    finish(b, { reason: 'risk_refused', detail: step.error!, step });
    return false;
  }
  const held = setStep(b, index, { ...patch, status: 'held' });
  if (policy === 'hold' && !b.whole && !cut.signal.aborted) {
    if ((await race(b, Promise.race([b.whenWhole, b.whenCut]))) === STOPPED || b.result !== null) return false;
  }
  if (cut.signal.aborted) return withdrawStep(b, index);
  let answer: unknown;
  let why: StepReason = { code: 'person_refused' };
  try {
    answer = await race(b, Promise.race([approve(held, { signal: AbortSignal.any([b.inner.signal, cut.signal]) }), b.whenCut]));
  } catch (error) {
    answer = false;
    why = { code: 'approval_failed', detail: clipError(error) };
  }
  if (answer === STOPPED || b.result !== null) return false;
  // A yes that comes with the cut, or after it, is not taken: the reply it approved a step of is not whole.
  if (answer === CUT || cut.signal.aborted) return withdrawStep(b, index);
  if (answer === true) return true;
  if (answer === 'unseen') {
    const step = setStep(b, index, { status: 'refused', reason: { code: 'approval_unseen' } });
    finish(b, { reason: 'approval_unseen', detail: step.error!, step });
    return false;
  }
  const step = setStep(b, index, { status: 'refused', reason: why });
  finish(b, { reason: 'risk_refused', detail: step.error!, step });
  return false;
}

/** True when the approved step's elements are unchanged; when not, the step and the burst have been ended here. */
export async function stillApproved<Ref>(b: BurstState<Ref>, index: number, action: ActAction, targets: ResolvedTargets<Ref>): Promise<boolean> {
  let change: string | null | typeof STOPPED;
  try {
    change = await race(b, checkApproved(b.backend, action, targets, b.context));
  } catch (error) {
    if (b.result !== null) return false;
    if (isActivationChanged(error)) failStep(b, index, 'activation_changed', { code: 'changed', detail: clipError(error) });
    else failStep(b, index, 'action_failed', { code: 'check_failed', detail: clipError(error) });
    return false;
  }
  if (change === STOPPED || b.result !== null) return false;
  if (change === null) return true;
  const step = setStep(b, index, { status: 'failed', reason: { code: 'changed', detail: change } });
  finish(b, { reason: 'target_changed', detail: step.error!, step });
  return false;
}
