/**
 * Why a step failed, was refused or was withdrawn, as a code and its values. The English sentence a step carries
 * (`Step.error`, what the model reads) is made from it here, in one place; an element says the same code in the
 * person's language from the values, and falls back to the English for a code it doesn't know.
 */
import { describeTarget } from './resolveTarget.js';
import type { ActionName, AxTarget } from './types.js';

/** What an element lookup found instead of an element: the reasons a target can miss. */
export type LookupReason =
  /** The backend has none of `match()`, `resolve()` and `tree()`. */
  | { readonly code: 'no_finder' }
  | { readonly code: 'no_match'; readonly target: AxTarget }
  /** The backend threw while looking; `detail` is its error. */
  | { readonly code: 'lookup_failed'; readonly target: AxTarget; readonly detail: string };

/**
 * The reason of a step that did not run through, as a code and its values (JSON data: an app may log, count or
 * translate it). `detail` is text from elsewhere (a backend's or an approval's error, what changed on the page),
 * in English or the backend's words; `do` is the action's name.
 */
export type StepReason =
  | LookupReason
  /** `wait_until` looked for `ms` and the target never came; `last` is why the last look missed. */
  | { readonly code: 'not_appeared'; readonly target: AxTarget; readonly ms: number; readonly last: LookupReason }
  /**
   * A risky step whose target matched several elements equally well: nobody is asked to approve a guess.
   * `matches` names them as an observation does (`e4 button "Save", e9 button "Save"`).
   */
  | { readonly code: 'ambiguous'; readonly target: AxTarget; readonly matches: string }
  /** The backend threw while assessing or performing the step. */
  | { readonly code: 'act_failed'; readonly do: ActionName; readonly detail: string }
  /** While it ran, the step would have activated something other than what was judged: nothing was activated. */
  | { readonly code: 'diverted'; readonly do: ActionName; readonly detail: string }
  /** After the approval, the step's element changed (or what it would activate): it did not run. */
  | { readonly code: 'changed'; readonly detail: string }
  /** Whether the approved element was unchanged could not be checked: it did not run. */
  | { readonly code: 'check_failed'; readonly detail: string }
  | { readonly code: 'policy_refused' }
  /** A risky step under a policy that asks, with no one to ask. */
  | { readonly code: 'no_approver' }
  | { readonly code: 'person_refused' }
  | { readonly code: 'approval_failed'; readonly detail: string }
  | { readonly code: 'approval_unseen' }
  /** The reply was cut off in the middle of line `line` while this risky step was held. */
  | { readonly code: 'withdrawn'; readonly line: number }
  /** The burst was stopped while the step ran or waited for approval. */
  | { readonly code: 'stopped' };

/** Every code a step's reason may have: each has its English sentence in STEP_REASON_WORDS. */
export type StepReasonCode = StepReason['code'];

type Words = { readonly [C in StepReasonCode]: (reason: Extract<StepReason, { code: C }>) => string };

/** The English sentence for each code: what `Step.error` says, and what the model reads. */
export const STEP_REASON_WORDS: Words = {
  no_finder: () => 'this backend cannot find elements: it has none of match(), resolve() and tree()',
  no_match: (r) => `no element matches ${describeTarget(r.target)}`,
  lookup_failed: (r) => `looking for ${describeTarget(r.target)} failed: ${r.detail}`,
  not_appeared: (r) => `${describeTarget(r.target)} did not appear within ${r.ms} ms (${stepReasonText(r.last)})`,
  ambiguous: (r) => `${describeTarget(r.target)} matches more than one element equally well: ${r.matches}; a risky step is not run on an ambiguous target: name one by its id`,
  act_failed: (r) => `${r.do} failed: ${r.detail}`,
  diverted: (r) => `${r.do} stopped: ${r.detail}`,
  changed: (r) => `the page changed after it was approved: ${r.detail}`,
  check_failed: (r) => `checking that the approved element is unchanged failed: ${r.detail}`,
  policy_refused: () => 'risky steps are refused by the policy',
  no_approver: () => 'risky steps need approval and no one was asked',
  person_refused: () => 'the person refused it',
  approval_failed: (r) => `approval failed: ${r.detail}`,
  approval_unseen: () => 'the approval could not be shown where the person would see it',
  withdrawn: (r) => `the reply was cut off in the middle of line ${r.line}, so this risky step was withdrawn and not run`,
  stopped: () => 'stopped before it finished',
};

/** A reason in the English the model reads. */
export function stepReasonText(reason: StepReason): string {
  return (STEP_REASON_WORDS[reason.code] as (r: StepReason) => string)(reason);
}
