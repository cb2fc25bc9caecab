/**
 * What a burst reports as it runs: each step's state (the element turns these into `ax-step` events) and how the
 * burst ended (`ax-end`). Steps are immutable snapshots: a listener may keep one, and a new state is a new object.
 */
import type { AxNode } from './tree.js';
import type { AxAction, Risk } from './types.js';

/**
 * `queued`: read, waiting its turn. `held`: a risky step waiting for approval. `running`: being resolved or
 * performed. `done`: performed (or, for assert, found). `failed`: it could not be done, `error` says why.
 * `refused`: a risky step the policy or the person refused.
 */
export type StepStatus = 'queued' | 'held' | 'running' | 'done' | 'failed' | 'refused';

/** Where a target landed: an element of the live tree, or a point passed through. */
export type Resolved<Ref = unknown> =
  | { readonly kind: 'element'; readonly node: AxNode<Ref> }
  | { readonly kind: 'point'; readonly x: number; readonly y: number };

/** The resolved targets of an action: `target`, or `from` and `to` for a drag. */
export interface ResolvedTargets<Ref = unknown> {
  readonly target?: Resolved<Ref>;
  readonly from?: Resolved<Ref>;
  readonly to?: Resolved<Ref>;
}

/** One valid line of a burst and where it has got to. */
export interface Step<Ref = unknown> {
  /** Position among the burst's valid lines, from 0. */
  readonly index: number;
  /** Line of the input it came from, from 1. */
  readonly line: number;
  readonly action: AxAction;
  /** `risky` when the line said so; observe, assert and done are always safe. */
  readonly risk: Risk;
  readonly status: StepStatus;
  /** Why it failed or was refused, in plain words. */
  readonly error?: string;
  /** Its targets, once resolved. */
  readonly resolved?: ResolvedTargets<Ref>;
}

/** How a burst ended. `step` is the step that ended it, when one did. */
export type BurstOutcome<Ref = unknown> =
  | { readonly reason: 'done'; readonly status: 'success' | 'failure'; readonly detail?: string; readonly step: Step<Ref> }
  | { readonly reason: 'observe'; readonly step: Step<Ref> }
  | { readonly reason: 'assert_failed'; readonly detail: string; readonly step: Step<Ref> }
  | { readonly reason: 'action_failed'; readonly detail: string; readonly step: Step<Ref> }
  | { readonly reason: 'risk_refused'; readonly detail: string; readonly step: Step<Ref> }
  | { readonly reason: 'stream_ended' }
  | { readonly reason: 'aborted'; readonly detail?: string };

/** Why a burst ended, as a word. */
export type BurstEndReason = BurstOutcome['reason'];
