/**
 * A burst's shared state and its ending: the steps and their snapshots, the one outcome (set once, which stops
 * everything still waiting), and where the reply stands (whole, or cut off in a line). The burst controller's
 * parts (the queue, finding elements, the gate, the steps) all work on this one object.
 */
import { errorText } from '../stream/errors.js';
import type { Backend, BackendContext } from './backend.js';
import type { Approve, BurstEnding, Policy } from './burstController.js';
import type { Listeners } from './listeners.js';
import { createListeners } from './listeners.js';
import { shownAction } from './secretText.js';
import type { BurstOutcome, Step } from './step.js';
import { stepReasonText, type StepReason } from './stepReason.js';
import type { Clock } from '../transport/clock.js';
import type { AxAction, AxIssue, AxIssueCode } from './types.js';

/** Settles a race against the burst's end: this value means the burst ended first. */
export const STOPPED: unique symbol = Symbol('stopped');
/** Settles a race against the reply's cut: this value means the reply was cut off first. */
export const CUT: unique symbol = Symbol('cut');
export const END = 'end';

/** Dropped lines past `maxIssues`, counted in their place rather than kept: a run of one code. */
export interface Omitted {
  readonly code: AxIssueCode;
  count: number;
}
/** What waits its turn: a step's index, a dropped line, a count of omitted ones, or the end of the reply. */
export type Entry = number | AxIssue | Omitted | typeof END;

export interface BurstState<Ref> {
  readonly backend: Backend<Ref>;
  readonly approve: Approve<Ref> | undefined;
  readonly policy: Policy;
  readonly clock: Pick<Clock, 'now' | 'sleep'>;
  readonly maxIssues: number;
  readonly steps: Step<Ref>[];
  /** The actions as read: what the backend is given. The steps' snapshots may show them masked (secretText.ts). */
  readonly actions: AxAction[];
  readonly issues: AxIssue[];
  readonly stepListeners: Listeners<[Step<Ref>]>;
  readonly issueListeners: Listeners<[AxIssue]>;
  readonly omittedListeners: Listeners<[AxIssueCode, number]>;
  queue: (Entry | undefined)[];
  head: number;
  draining: boolean;
  closed: boolean;
  ended: boolean;
  result: BurstOutcome<Ref> | null;
  /** The step running, or -1. */
  current: number;
  issuesQueued: number;
  issuesOmitted: number;
  ending: BurstEnding;
  /** Aborted when the burst ends, whatever ended it: backends and approvals give up on it. */
  readonly inner: AbortController;
  readonly context: BackendContext;
  readonly outcome: Promise<BurstOutcome<Ref>>;
  readonly settle: (outcome: BurstOutcome<Ref>) => void;
  readonly whenStopped: Promise<typeof STOPPED>;
  readonly stopped: (value: typeof STOPPED) => void;
  /** Bounded speculation: whether the reply has reached its barrier. */
  whole: boolean;
  readonly whenWhole: Promise<void>;
  readonly reachedWhole: () => void;
  /** The line the reply was cut off in. */
  cutLine: number;
  /** Aborted when the reply is known to be cut off: withdraws an approval being asked. */
  readonly cut: AbortController;
  readonly whenCut: Promise<typeof CUT>;
  /** Detaches the burst from the caller's signal. */
  detach(): void;
}

export interface BurstStateOptions<Ref> {
  backend: Backend<Ref>;
  approve?: Approve<Ref>;
  policy: Policy;
  clock: Pick<Clock, 'now' | 'sleep'>;
  maxIssues: number;
}

export function createBurstState<Ref>(o: BurstStateOptions<Ref>): BurstState<Ref> {
  const inner = new AbortController();
  let settle!: (outcome: BurstOutcome<Ref>) => void;
  const outcome = new Promise<BurstOutcome<Ref>>((resolve) => (settle = resolve));
  let stopped!: (value: typeof STOPPED) => void;
  const whenStopped = new Promise<typeof STOPPED>((resolve) => (stopped = resolve));
  let reachedWhole!: () => void;
  const whenWhole = new Promise<void>((resolve) => (reachedWhole = resolve));
  const cut = new AbortController();
  const whenCut = new Promise<typeof CUT>((resolve) => cut.signal.addEventListener('abort', () => resolve(CUT), { once: true }));
  return {
    backend: o.backend,
    approve: o.approve,
    policy: o.policy,
    clock: o.clock,
    maxIssues: o.maxIssues,
    steps: [],
    actions: [],
    issues: [],
    stepListeners: createListeners<[Step<Ref>]>(),
    issueListeners: createListeners<[AxIssue]>(),
    omittedListeners: createListeners<[AxIssueCode, number]>(),
    queue: [],
    head: 0,
    draining: false,
    closed: false,
    ended: false,
    result: null,
    current: -1,
    issuesQueued: 0,
    issuesOmitted: 0,
    ending: { reason: 'stream_ended' },
    inner,
    context: { signal: inner.signal },
    outcome,
    settle,
    whenStopped,
    stopped,
    whole: false,
    whenWhole,
    reachedWhole,
    cutLine: 0,
    cut,
    whenCut,
    detach() {},
  };
}

/** `value`, unless the burst ends first: a slow backend or a pending approval never holds up a stop. */
export function race<Ref, T>(b: BurstState<Ref>, value: T | PromiseLike<T>): Promise<T | typeof STOPPED> {
  return Promise.race([Promise.resolve(value), b.whenStopped]);
}

/**
 * What a snapshot changes. A step that stops short (failed, refused, withdrawn) says why as a reason, and its
 * English `error` is made from it: no step can fail without a code.
 */
export type StepPatch<Ref> = Partial<Omit<Step<Ref>, 'status' | 'error' | 'reason'>> &
  ({ status?: 'queued' | 'held' | 'running' | 'done' } | { status: 'failed' | 'refused' | 'withdrawn'; reason: StepReason });

/** A new snapshot of a step, told to the step listeners. */
export function setStep<Ref>(b: BurstState<Ref>, index: number, patch: StepPatch<Ref>): Step<Ref> {
  const masked = 'secret' in patch ? { action: shownAction(b.actions[index]!, patch.secret) } : {};
  const error = 'reason' in patch ? { error: stepReasonText(patch.reason) } : {};
  const step = Object.freeze({ ...b.steps[index]!, ...patch, ...masked, ...error });
  b.steps[index] = step;
  b.stepListeners.emit(step);
  return step;
}

/** Ends the burst with its one outcome; later calls do nothing. */
export function finish<Ref>(b: BurstState<Ref>, o: BurstOutcome<Ref>): void {
  if (b.result !== null) return;
  b.result = o;
  b.closed = true;
  b.queue = [];
  b.head = 0;
  b.detach();
  b.inner.abort();
  b.stopped(STOPPED);
  b.settle(o);
}

/** Stops the burst now: the step running or held fails. */
export function stopBurst<Ref>(b: BurstState<Ref>, detail?: string): void {
  if (b.result !== null) return;
  const step = b.current >= 0 ? b.steps[b.current] : undefined;
  if (step && (step.status === 'running' || step.status === 'held')) setStep(b, b.current, { status: 'failed', reason: { code: 'stopped' } });
  finish(b, detail === undefined ? { reason: 'aborted' } : { reason: 'aborted', detail });
}

/** The step failed, and the burst ends with it. */
export function failStep<Ref>(b: BurstState<Ref>, index: number, ending: 'assert_failed' | 'action_failed' | 'activation_changed', reason: StepReason): void {
  const step = setStep(b, index, { status: 'failed', reason });
  finish(b, { reason: ending, detail: step.error!, step });
}

/** The reply reached its barrier: a step held under `hold` may be asked. */
export function replyWhole<Ref>(b: BurstState<Ref>): void {
  b.whole = true;
  b.reachedWhole();
}

export const clipError = (e: unknown): string => {
  const t = errorText(e);
  return t.length > 500 ? `${t.slice(0, 500)}…` : t;
};
