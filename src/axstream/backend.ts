/**
 * What performs the actions. The engine decides order, timing, risk and targets; a backend only looks and acts:
 * the page backend on the DOM, a remote one over a socket to a desktop, a fake in tests. Every method may be
 * synchronous or return a promise.
 */
import type { TargetMatch, TargetPurpose } from './resolveTarget.js';
import type { ResolvedTargets, Step } from './step.js';
import type { AxNode, AxTree } from './tree.js';
import type { ActAction, AxTarget, Risk } from './types.js';

/** What the model is shown of the screen. */
export interface Observation<Ref = unknown> {
  /** The text the model reads: elements numbered `e1`, `e2`… with role, name, value and states. */
  readonly text: string;
  /** The tree it was written from, when there is one (for an app to show; the engine doesn't need it). */
  readonly tree?: AxTree<Ref>;
}

/** What every backend call is given. */
/** What `act` learnt while acting, when it has something to say. */
export interface ActResult {
  /** The field typed into turned secret while the step typed: what it typed is shown as dots from now on. */
  readonly secret?: boolean;
}

export interface BackendContext {
  /** Aborts when the burst stops (cancelled, or ended by a barrier): a long action should give up. */
  readonly signal: AbortSignal;
}

/** What `match()` and `resolve()` are given: what the target is for, which decides the kind of element preferred. */
export interface ResolveContext extends BackendContext {
  /**
   * `act` (a pointer action, the start of a drag), `drop` (where a drag ends) or `find` (assert, wait_until;
   * what a caller that doesn't say means).
   */
  readonly purpose?: TargetPurpose;
}

/** What `act()` is given besides the action and its targets. */
export interface ActContext<Ref = unknown> extends BackendContext {
  /** The step being performed (its index and line, for outlining the target or logging). */
  readonly step: Step<Ref>;
}

/** What a backend knows of a step before it runs, once its element targets are found (see `Backend.assess`). */
export interface Assessment<Ref = unknown> {
  /**
   * `risky` raises the step's risk: the app marked the element, or the step submits a form, leaves the page or
   * types a secret. Nothing lowers a step the model marked risky.
   */
  readonly risk?: Risk;
  /**
   * The control the step will actually activate, found the way the step will act (the element hit where a click
   * lands and its nearest activatable ancestor; the control Enter, Space or a typed `"\n"` or `" "` activates on
   * the focused element), with its destination; null when it activates nothing. Kept as `resolved.activates`:
   * the approval names it, and `verify`/`act` throw `ActivationChanged` when the step would activate anything else.
   */
  readonly activates?: AxNode<Ref> | null;
  /** For a `key` or `type` step: the element its keys go to (the focused one), named in an approval and checked again. */
  readonly focus?: AxNode<Ref>;
  /** For a `key` or `type` step: it types into a secret field, so what it types is shown as dots. */
  readonly secret?: boolean;
}

/** Looks at the screen and performs actions on it; `Ref` is its own handle for an element. */
export interface Backend<Ref = unknown> {
  /** Looks at the screen now. Called by the agent loop before each prompt. */
  observe(context: BackendContext): Observation<Ref> | string | Promise<Observation<Ref> | string>;
  /**
   * The live tree, for the engine to resolve element targets in at the moment a step runs. Needed unless
   * `resolve` is given.
   */
  tree?(context: BackendContext): AxTree<Ref> | Promise<AxTree<Ref>>;
  /**
   * Resolves an element target itself (a remote backend that holds the tree elsewhere); used instead of `tree`
   * when present. Gives null when nothing matches. The rules in resolveTarget.ts are the ones to follow, for
   * `context.purpose`.
   */
  resolve?(target: AxTarget, context: ResolveContext): AxNode<Ref> | null | Promise<AxNode<Ref> | null>;
  /**
   * Like `resolve`, and preferred to it: also gives the other elements that match the target exactly as well
   * (`alike`), so an ambiguous target is reported and a risky step never runs on one. The page backend has it.
   */
  match?(target: AxTarget, context: ResolveContext): TargetMatch<Ref> | Promise<TargetMatch<Ref>>;
  /**
   * Performs one action with its targets already resolved, and settles when it is done; throwing (or rejecting)
   * fails the step and ends the burst, and the message is what the model is told. Every `act` line reaches here,
   * `wait` included (`sleep` in clock.ts does it), except `wait_until`, which the engine runs by resolving
   * again and again. An `open` target is a plain string from the model: the backend decides which apps or
   * origins may be opened, and throws for the rest. A `type` or `key` step may settle with `{secret: true}` when
   * its field turned secret while it typed (a page that makes a field a password on its first input): the step
   * is masked from then on.
   */
  act(action: ActAction, targets: ResolvedTargets<Ref>, context: ActContext<Ref>): void | ActResult | Promise<void | ActResult>;
  /**
   * Looks at a step before it runs, once its element targets are found and before any approval is asked: how
   * risky it is, where its keys go, whether it types a secret. Throwing refuses the step before anyone is asked
   * (a form that would go to an origin that isn't allowed), and the message is what the model is told.
   */
  assess?(action: ActAction, targets: ResolvedTargets<Ref>, context: BackendContext): Assessment<Ref> | undefined | Promise<Assessment<Ref> | undefined>;
  /**
   * Resolves when the screen may have changed since the call, or after `within` milliseconds at the latest, or
   * as soon as `context.signal` aborts. With it, `wait_until` looks again when something changed (never more
   * often than its `poll_ms`) rather than every `poll_ms`; without it, `wait_until` polls. A backend that can't
   * see every change resolves on a timer of its own as well (the page backend: DOM mutations, and once a second).
   */
  changed?(within: number, context: BackendContext): void | Promise<void>;
  /**
   * Just before an approved step acts: whether its elements are still the very ones the person approved (still
   * there and shown, the same role, name and destination, and for keys still focused). Gives null when they are,
   * else what changed, in a few words (`button "Delete drafts" is now called "Archive drafts"`); the step then
   * stops as `target_changed`. Without it the engine compares the nodes with the live tree (checkApproved.ts).
   * Throwing `ActivationChanged` (from `act` too) says the step would now activate something other than what was
   * judged: it stops as `activation_changed`.
   */
  verify?(action: ActAction, targets: ResolvedTargets<Ref>, context: BackendContext): string | null | undefined | Promise<string | null | undefined>;
}

