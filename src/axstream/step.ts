/**
 * What a burst reports as it runs: each step's state (the element turns these into `ax-step` events) and how the
 * burst ended (`ax-end`). Steps are immutable snapshots: a listener may keep one, and a new state is a new object.
 */
import type { StepReason } from './stepReason.js';
import type { AxNode } from './tree.js';
import type { AxAction, Risk } from './types.js';

/**
 * `queued`: read, waiting its turn. `held`: a risky step waiting for approval, its targets already found.
 * `running`: being resolved or performed (a risky step runs first to find its targets, then is held). `done`: performed (or, for assert, found). `failed`: it could not be done, `error` says why.
 * `refused`: a risky step the policy or the person refused. `withdrawn`: a held risky step of a reply that was
 * cut off: it never runs (under `hold` it was never asked; an approval being asked is withdrawn).
 */
export type StepStatus = 'queued' | 'held' | 'running' | 'done' | 'failed' | 'refused' | 'withdrawn';

/** Where a target landed: an element of the live tree, or a point passed through. */
export type Resolved<Ref = unknown> =
  | { readonly kind: 'element'; readonly node: AxNode<Ref> }
  | { readonly kind: 'point'; readonly x: number; readonly y: number };

/** The resolved targets of an action: `target`, or `from` and `to` for a drag; and what the step activates. */
export interface ResolvedTargets<Ref = unknown> {
  readonly target?: Resolved<Ref>;
  readonly from?: Resolved<Ref>;
  readonly to?: Resolved<Ref>;
  /**
   * The control the step will actually activate, as the backend found it before the step ran (`Assessment.activates`):
   * the button a click's hit presses (inside the named element, or under a point), the link Enter follows, the
   * default button of the form Enter submits. Null when the backend found it activates nothing; absent when it
   * didn't say. Risk, the approval and the check after it are judged on it, and a step that would activate
   * anything else stops as `activation_changed`.
   */
  readonly activates?: AxNode<Ref> | null;
}

/** One valid line of a burst and where it has got to. */
export interface Step<Ref = unknown> {
  /** Position among the burst's valid lines, from 0. */
  readonly index: number;
  /** Line of the input it came from, from 1. */
  readonly line: number;
  readonly action: AxAction;
  /**
   * `risky` when the line said so or the backend raised it (the app marked the element, or the step submits a
   * form, leaves the page or types a secret); the model's own marking is never lowered. observe, assert and
   * done are always safe.
   */
  readonly risk: Risk;
  /**
   * For a `type` or `key` step: whether it types into a secret field (a password, one-time code or payment field,
   * or one the app marks), known once the step runs. What a secret step types is shown as dots in every snapshot
   * (so in events, logs and the model's summary); a `type` step's text is also hidden until it is known not to be
   * a secret. The backend is given the real text.
   */
  readonly secret?: boolean;
  readonly status: StepStatus;
  /** Why it failed, was refused or withdrawn, in plain English: what the model reads. Made from `reason`. */
  readonly error?: string;
  /**
   * The same reason as a code and its values (`{code: 'no_match', target}`), set whenever `error` is: what an
   * element says in the person's language, and an app may log or count.
   */
  readonly reason?: StepReason;
  /** Its targets, once resolved. */
  readonly resolved?: ResolvedTargets<Ref>;
  /**
   * When a target was ambiguous: which of the step's targets (`target`, or a drag's `from` or `to`), and the
   * other elements that matched it exactly as well as the one used (the first in document order, in
   * `resolved`). A safe step ran on that one, with an `ambiguous_target` warning; a risky one never runs.
   */
  readonly ambiguous?: { readonly target: 'target' | 'from' | 'to'; readonly alike: readonly AxNode<Ref>[] };
}

/** How a burst ended. `step` is the step that ended it, when one did. */
export type BurstOutcome<Ref = unknown> =
  | { readonly reason: 'done'; readonly status: 'success' | 'failure'; readonly detail?: string; readonly step: Step<Ref> }
  | { readonly reason: 'observe'; readonly step: Step<Ref> }
  | { readonly reason: 'assert_failed'; readonly detail: string; readonly step: Step<Ref> }
  | { readonly reason: 'action_failed'; readonly detail: string; readonly step: Step<Ref> }
  | { readonly reason: 'risk_refused'; readonly detail: string; readonly step: Step<Ref> }
  /** A risky step was approved, but its element changed before it could act: nothing was done. */
  | { readonly reason: 'target_changed'; readonly detail: string; readonly step: Step<Ref> }
  /**
   * What the step would activate was no longer what was judged (`resolved.activates`): another element under the
   * point, another control at the hit, a form sent to another address. Nothing was activated.
   */
  | { readonly reason: 'activation_changed'; readonly detail: string; readonly step: Step<Ref> }
  /** A risky step needed approval, and the person could not be asked where they would see it. */
  | { readonly reason: 'approval_unseen'; readonly detail: string; readonly step: Step<Ref> }
  /**
   * The reply was cut off in the middle of line `line` while a risky step (`step`, now `withdrawn`) was held:
   * it was not run, nor anything after it.
   */
  | { readonly reason: 'withdrawn'; readonly detail: string; readonly line: number; readonly step: Step<Ref> }
  /** The reply ended after its fence, without observe or done: every step read ran. */
  | { readonly reason: 'stream_ended' }
  /**
   * The reply stopped in the middle of a line inside the fence (a stream cut off): that line, `line`, was not run
   * (a line commits at its newline); every whole line before it ran. Never an observe: nothing said to look again.
   */
  | { readonly reason: 'truncated'; readonly detail: string; readonly line: number }
  /** The reply had no fence at all: only narration, so nothing ran. */
  | { readonly reason: 'no_fence' }
  /**
   * The model failed in the middle of its reply (the agent loop's model threw or its stream broke): the steps that
   * had run stand, the ones still waiting never run. `detail` is the model's error.
   */
  | { readonly reason: 'model_failed'; readonly detail: string }
  | { readonly reason: 'aborted'; readonly detail?: string };

/** Why a burst ended, as a word. */
export type BurstEndReason = BurstOutcome['reason'];
