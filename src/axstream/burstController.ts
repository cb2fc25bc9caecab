/**
 * The burst controller: runs a burst's steps strictly in order, one at a time, against a backend, while the
 * model is still writing. Lines that arrive while a step runs wait in a queue; dropped lines wait in the same
 * queue, so a problem is reported in its place and nothing after a barrier is ever reported or run, however
 * the text was chunked or timed. Safe steps start the moment they are read; a risky one is held under the
 * policy. A barrier, a failure, a refusal or a stop ends the burst once, with one outcome.
 *
 * A step's elements are found once: before the risk gate, so an approval is asked with the very elements that
 * will be acted on (and a step whose element is missing fails without asking), and the backend's assessment
 * (the app's risk marking, where keys go, a secret field) can raise the risk. After an approval the backend
 * checks those elements are unchanged before anything is done (checkApproved.ts).
 */
import { errorText } from '../stream/errors.js';
import type { Assessment, Backend, BackendContext } from './backend.js';
import { checkApproved, isActivationChanged } from './checkApproved.js';
import { realClock, type Clock } from '../transport/clock.js';
import { createListeners } from './listeners.js';
import { lineIssue } from './readAction.js';
import { observationLine } from './observation.js';
import { describeTarget, matchTarget, type TargetMatch, type TargetPurpose } from './resolveTarget.js';
import { shownAction } from './secretText.js';
import type { BurstOutcome, Resolved, ResolvedTargets, Step } from './step.js';
import type { AxNode } from './tree.js';
import type { ActAction, AxAction, AxIssue, AxIssueCode, AxTarget, Target, WaitUntilAction } from './types.js';
import { AX_LIMITS } from './vocabulary.js';

/**
 * What happens to a risky step: ask `approve` at once (`confirm`); ask it only once the reply has reached its
 * barrier (`hold`: observe, done, the closing fence or the reply's end; a reply cut off first withdraws the step
 * unasked); refuse it; or run it like any other (`allow`).
 */
export type Policy = 'confirm' | 'hold' | 'refuse' | 'allow';

/**
 * What an approval answers: `true` approves; `'unseen'` says the person could not be asked where they would see
 * it (the step is refused, as `approval_unseen`); anything else refuses.
 */
export type ApprovalAnswer = boolean | 'unseen';

/**
 * Asked, under the `confirm` policy, whether a held risky step may run. The step carries its resolved elements
 * (`resolved`), the ones it will act on if approved. Only `true` approves; anything else, a throw included,
 * refuses. `signal` aborts when the burst stops, so a dialog can close itself.
 */
export type Approve<Ref = unknown> = (step: Step<Ref>, context: { readonly signal: AbortSignal }) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** What a burst runs against and under which rules. */
export interface BurstControllerOptions<Ref = unknown> {
  backend: Backend<Ref>;
  /** Default `confirm`; with no `approve` to ask, `confirm` refuses. */
  policy?: Policy;
  approve?: Approve<Ref>;
  /** Stops the burst at any moment: during a step, an approval or a wait. */
  signal?: AbortSignal;
  clock?: Pick<Clock, 'now' | 'sleep'>;
  /** Most steps in the burst (default AX_LIMITS.maxSteps); later lines are dropped as `too_many_steps`. */
  maxSteps?: number;
  /** Most issues reported (default AX_LIMITS.maxIssues); later ones are only counted, so junk can't fill memory. */
  maxIssues?: number;
}

/** Runs a burst's steps, fed with read actions and dropped lines in input order. */
export interface BurstController<Ref = unknown> {
  /** A valid line, in input order. */
  push(action: AxAction, line: number): void;
  /** A dropped line, in input order; it is reported when its turn comes. */
  drop(issue: AxIssue): void;
  /**
   * No more lines: once the queue drains without a barrier, the burst ends as `how` says: `stream_ended` (the
   * default), `truncated` (the reply stopped in the middle of line `cutOff`) or `no_fence` (it had no fence).
   */
  end(how?: BurstEnding): void;
  /** The reply's fence closed: the lines it held are whole, which releases a step held under `hold`. */
  fenceClosed(): void;
  /** Stops the burst now (outcome `aborted`); the step running or held fails. */
  stop(detail?: string): void;
  /** Settles once, with how the burst ended; never rejects. */
  readonly outcome: Promise<BurstOutcome<Ref>>;
  /** The outcome once there is one, else null. */
  readonly result: BurstOutcome<Ref> | null;
  /** True once no more lines will be taken: a barrier has been read, or the burst has ended. */
  readonly closed: boolean;
  /** Every step so far, each as its latest snapshot. */
  readonly steps: readonly Step<Ref>[];
  /** Dropped lines reported so far, up to `maxIssues`. */
  readonly issues: readonly AxIssue[];
  /** Dropped lines past `maxIssues`: counted, neither kept nor told to issue listeners (`onOmitted` hears the counts). */
  readonly issuesOmitted: number;
  /** Hears each step as its state changes. */
  onStep(listener: (step: Step<Ref>) => void): () => void;
  /** Hears each dropped line when its turn comes (and each `ambiguous_target` warning as its step runs). */
  onIssue(listener: (issue: AxIssue) => void): () => void;
  /**
   * Hears the issues past `maxIssues` when their turn comes: never told one by one, they are counted here by
   * code (`too_many_steps` for a flood of steps over the limit), so what a person is told adds up.
   */
  onOmitted(listener: (code: AxIssueCode, count: number) => void): () => void;
}

/** How the reply itself ended, as the fence reader saw it (see `BurstController.end`). */
export type BurstEnding = { readonly reason: 'stream_ended' } | { readonly reason: 'truncated'; readonly line: number } | { readonly reason: 'no_fence' };

const END = 'end';
/** Dropped lines past `maxIssues`, counted in their place rather than kept: a run of one code. */
interface Omitted {
  readonly code: AxIssueCode;
  count: number;
}

/** A target that matched several elements equally well: which, the one used, and the others. */
interface Ambiguous<Ref> {
  readonly key: 'target' | 'from' | 'to';
  readonly target: AxTarget;
  readonly node: AxNode<Ref>;
  readonly alike: readonly AxNode<Ref>[];
}
type Entry = number | AxIssue | Omitted | typeof END;

/** Settles a race against the burst's end: this value means the burst ended first. */
const STOPPED: unique symbol = Symbol('stopped');
/** Settles a race against the reply's cut: this value means the reply was cut off first. */
const CUT: unique symbol = Symbol('cut');

type Found<Ref> = { node: AxNode<Ref>; alike: readonly AxNode<Ref>[] } | { error: string } | typeof STOPPED;

/** `e4 button "Sign in"`: an element as the model would recognise it from an observation. */
const nodeWords = (node: AxNode<unknown>) => observationLine({ ...node, states: [], value: '' }, 60);

/** The elements an ambiguous target matched, the one used first. */
const alikeWords = (node: AxNode<unknown>, alike: readonly AxNode<unknown>[]) => [node, ...alike].map(nodeWords).join(', ');

/** What a target found with others exactly as good is told as: which matched, that the first was used. */
const ambiguity = (target: AxTarget, node: AxNode<unknown>, alike: readonly AxNode<unknown>[]) =>
  `${describeTarget(target)} matches more than one element equally well: ${alikeWords(node, alike)}`;


const clipError = (e: unknown) => {
  const t = errorText(e);
  return t.length > 500 ? `${t.slice(0, 500)}…` : t;
};

/** The outcome of a burst whose queue drained without a barrier. */
function endOutcome<Ref>(how: BurstEnding): BurstOutcome<Ref> {
  if (how.reason !== 'truncated') return { reason: how.reason };
  return { reason: 'truncated', line: how.line, detail: `the reply was cut off in the middle of line ${how.line}, which was not run` };
}

/** Creates a burst controller. */
export function createBurstController<Ref = unknown>(options: BurstControllerOptions<Ref>): BurstController<Ref> {
  const { backend, approve } = options;
  const policy = options.policy ?? 'confirm';
  const clock = options.clock ?? realClock;
  const maxSteps = options.maxSteps ?? AX_LIMITS.maxSteps;
  const maxIssues = options.maxIssues ?? AX_LIMITS.maxIssues;
  const outer = options.signal;

  const steps: Step<Ref>[] = [];
  // The actions as read: what the backend is given. The steps' snapshots may show them masked (secretText.ts).
  const actions: AxAction[] = [];
  const issues: AxIssue[] = [];
  const stepListeners = createListeners<[Step<Ref>]>();
  const issueListeners = createListeners<[AxIssue]>();
  const omittedListeners = createListeners<[AxIssueCode, number]>();
  let queue: (Entry | undefined)[] = [];
  let head = 0;
  let draining = false;
  let closed = false;
  let ended = false;
  let result: BurstOutcome<Ref> | null = null;
  let current = -1;
  let issuesQueued = 0;
  let issuesOmitted = 0;
  let ending: BurstEnding = { reason: 'stream_ended' };

  // Aborted when the burst ends, whatever ended it: backends and approvals give up on it.
  const inner = new AbortController();
  const context: BackendContext = { signal: inner.signal };
  let settle!: (outcome: BurstOutcome<Ref>) => void;
  const outcome = new Promise<BurstOutcome<Ref>>((resolve) => (settle = resolve));
  let stopped!: (value: typeof STOPPED) => void;
  const whenStopped = new Promise<typeof STOPPED>((resolve) => (stopped = resolve));
  /** `value`, unless the burst ends first: a slow backend or a pending approval never holds up a stop. */
  const race = <T>(value: T | PromiseLike<T>): Promise<T | typeof STOPPED> => Promise.race([Promise.resolve(value), whenStopped]);

  // Bounded speculation: whether the reply has reached its barrier, or was cut off (the line it stopped in).
  let whole = false;
  let reachedWhole!: () => void;
  const whenWhole = new Promise<void>((resolve) => (reachedWhole = resolve));
  const replyWhole = () => {
    whole = true;
    reachedWhole();
  };
  let cutLine = 0;
  // Aborted when the reply is known to be cut off: withdraws an approval being asked.
  const cut = new AbortController();
  const whenCut = new Promise<typeof CUT>((resolve) => cut.signal.addEventListener('abort', () => resolve(CUT), { once: true }));

  const set = (index: number, patch: Partial<Step<Ref>>): Step<Ref> => {
    const masked = 'secret' in patch ? { action: shownAction(actions[index]!, patch.secret) } : {};
    const step = Object.freeze({ ...steps[index]!, ...patch, ...masked });
    steps[index] = step;
    stepListeners.emit(step);
    return step;
  };

  const finish = (o: BurstOutcome<Ref>) => {
    if (result !== null) return;
    result = o;
    closed = true;
    queue = [];
    head = 0;
    outer?.removeEventListener('abort', onAbort);
    inner.abort();
    stopped(STOPPED);
    settle(o);
  };

  const stop = (detail?: string) => {
    if (result !== null) return;
    const step = current >= 0 ? steps[current] : undefined;
    if (step && (step.status === 'running' || step.status === 'held')) set(current, { status: 'failed', error: 'stopped before it finished' });
    finish(detail === undefined ? { reason: 'aborted' } : { reason: 'aborted', detail });
  };
  const onAbort = () => stop();
  if (outer?.aborted) stop();
  else outer?.addEventListener('abort', onAbort, { once: true });

  const report = (issue: AxIssue) => {
    issues.push(issue);
    issueListeners.emit(issue);
  };

  /** A warning about the step running now: it is already in its place, so it is reported at once. */
  const warn = (issue: AxIssue) => {
    if (issuesQueued < maxIssues) {
      issuesQueued++;
      report(issue);
    } else {
      issuesOmitted++;
      omittedListeners.emit(issue.code, 1);
    }
  };

  const drop = (issue: AxIssue) => {
    if (closed) return;
    if (issuesQueued < maxIssues) {
      issuesQueued++;
      queue.push(issue);
    } else {
      const last = queue[queue.length - 1];
      if (typeof last === 'object' && 'count' in last && last.code === issue.code) last.count++;
      else queue.push({ code: issue.code, count: 1 });
    }
    pump();
  };

  const fail = (index: number, reason: 'assert_failed' | 'action_failed' | 'activation_changed', error: string) => {
    const step = set(index, { status: 'failed', error });
    finish({ reason, detail: error, step });
  };

  const findElement = async (target: AxTarget, purpose: TargetPurpose): Promise<Found<Ref>> => {
    try {
      let match: TargetMatch<Ref> | typeof STOPPED;
      if (backend.match) {
        const answer = await race(backend.match(target, { signal: inner.signal, purpose }));
        match = answer === STOPPED ? STOPPED : { node: answer?.node ?? null, alike: Array.isArray(answer?.alike) ? answer.alike : [] };
      } else if (backend.resolve) {
        const node = await race(backend.resolve(target, { signal: inner.signal, purpose }));
        match = node === STOPPED ? STOPPED : { node: node ?? null, alike: [] };
      } else if (backend.tree) {
        const tree = await race(backend.tree(context));
        match = tree === STOPPED ? STOPPED : matchTarget(target, tree, purpose);
      } else return { error: 'this backend cannot find elements: it has none of match(), resolve() and tree()' };
      if (match === STOPPED || result !== null) return STOPPED;
      return match.node ? { node: match.node, alike: match.alike } : { error: `no element matches ${describeTarget(target)}` };
    } catch (error) {
      return result !== null ? STOPPED : { error: `looking for ${describeTarget(target)} failed: ${clipError(error)}` };
    }
  };

  const place = async (target: Target, purpose: TargetPurpose): Promise<{ resolved: Resolved<Ref>; alike: readonly AxNode<Ref>[] } | { error: string } | typeof STOPPED> => {
    if (target.kind === 'point') return { resolved: { kind: 'point', x: target.x, y: target.y }, alike: [] };
    const found = await findElement(target, purpose);
    if (found === STOPPED || 'error' in found) return found;
    return { resolved: { kind: 'element', node: found.node }, alike: found.alike };
  };

  /** A held risky step of a reply that was cut off: it never runs, whatever anyone answered. */
  const withdraw = (index: number): false => {
    const error = `the reply was cut off in the middle of line ${cutLine}, so this risky step was withdrawn and not run`;
    const step = set(index, { status: 'withdrawn', error });
    finish({
      reason: 'withdrawn',
      line: cutLine,
      detail: `the reply was cut off in the middle of line ${cutLine} while the risky step of line ${step.line} waited, so neither it nor anything after it was run`,
      step,
    });
    return false;
  };

  /**
   * Whether a risky step may run; when not, the step and the burst have been ended here. `patch` is what the step
   * learnt before the gate (its resolved elements, its raised risk), shown in the held snapshot. Under `hold` the
   * question waits for the reply's barrier; under any policy that asks, a reply cut off withdraws it.
   */
  const gate = async (index: number, patch: Partial<Step<Ref>> = {}): Promise<boolean> => {
    if (policy === 'refuse' || !approve) {
      const error = policy === 'refuse' ? 'risky steps are refused by the policy' : 'risky steps need approval and no one was asked';
      const step = set(index, { ...patch, status: 'refused', error });
      finish({ reason: 'risk_refused', detail: error, step });
      return false;
    }
    const held = set(index, { ...patch, status: 'held' });
    if (policy === 'hold' && !whole && !cut.signal.aborted) {
      if ((await race(Promise.race([whenWhole, whenCut]))) === STOPPED || result !== null) return false;
    }
    if (cut.signal.aborted) return withdraw(index);
    let answer: unknown;
    let why = 'the person refused it';
    try {
      answer = await race(Promise.race([approve(held, { signal: AbortSignal.any([inner.signal, cut.signal]) }), whenCut]));
    } catch (error) {
      answer = false;
      why = `approval failed: ${clipError(error)}`;
    }
    if (answer === STOPPED || result !== null) return false;
    // A yes that comes with the cut, or after it, is not taken: the reply it approved a step of is not whole.
    if (answer === CUT || cut.signal.aborted) return withdraw(index);
    if (answer === true) return true;
    if (answer === 'unseen') {
      const error = 'the approval could not be shown where the person would see it';
      const step = set(index, { status: 'refused', error });
      finish({ reason: 'approval_unseen', detail: error, step });
      return false;
    }
    const step = set(index, { status: 'refused', error: why });
    finish({ reason: 'risk_refused', detail: why, step });
    return false;
  };

  /**
   * Looks for the element until it is there or `timeout_ms` has passed. With a backend that tells of changes,
   * it looks again as soon as the screen changed (subscribed before each look, so a change while looking isn't
   * missed); when changes keep coming, a look that a change woke is followed by the next no sooner than `poll_ms`
   * later, so a page that never stops changing is looked at no more often than that. Otherwise it looks every
   * `poll_ms`.
   */
  const waitUntil = async (index: number, action: WaitUntilAction) => {
    const deadline = clock.now() + action.timeout_ms;
    const watch = backend.changed?.bind(backend);
    let last = '';
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
        const found = await findElement(action.target, 'find');
        if (found === STOPPED) return;
        if ('node' in found) {
          set(index, { status: 'done', resolved: { target: { kind: 'element', node: found.node } } });
          return;
        }
        last = found.error;
        const left = deadline - clock.now();
        if (left <= 0) {
          fail(index, 'action_failed', `${describeTarget(action.target)} did not appear within ${action.timeout_ms} ms (${last})`);
          return;
        }
        if (change) {
          await race(change);
          if (result !== null) return;
          woken = true;
          // Changes that keep coming: no sooner than poll_ms after the last look a change woke.
          const rest = wokenAt === null ? 0 : Math.min(wokenAt + action.poll_ms - clock.now(), deadline - clock.now());
          if (rest > 0) await clock.sleep(rest, inner.signal);
        } else await clock.sleep(Math.min(action.poll_ms, left), inner.signal);
        if (result !== null) return;
      } finally {
        look.abort();
        inner.signal.removeEventListener('abort', endLook);
      }
    }
  };

  /**
   * The step's element targets, each found once, and what made one ambiguous (the first such target); null when
   * the step failed (or the burst stopped) on the way.
   */
  const findTargets = async (index: number, action: ActAction): Promise<{ targets: ResolvedTargets<Ref>; ambiguous: Ambiguous<Ref> | null } | null> => {
    const targets: { target?: Resolved<Ref>; from?: Resolved<Ref>; to?: Resolved<Ref> } = {};
    let ambiguous: Ambiguous<Ref> | null = null;
    const wanted: ['target' | 'from' | 'to', Target, TargetPurpose][] =
      action.do === 'drag'
        ? [['from', action.from, 'act'], ['to', action.to, 'drop']]
        : 'target' in action && typeof action.target === 'object'
          ? [['target', action.target, 'act']]
          : [];
    for (const [key, target, purpose] of wanted) {
      const r = await place(target, purpose);
      if (r === STOPPED) return null;
      if ('error' in r) {
        fail(index, 'action_failed', r.error);
        return null;
      }
      targets[key] = r.resolved;
      if (ambiguous === null && r.alike.length > 0 && target.kind === 'ax' && r.resolved.kind === 'element') ambiguous = { key, target, node: r.resolved.node, alike: r.alike };
    }
    return { targets, ambiguous };
  };

  /** What the backend knows of the step before it runs; null when it refused the step (or the burst stopped). */
  const assess = async (index: number, action: ActAction, targets: ResolvedTargets<Ref>): Promise<Assessment<Ref> | null> => {
    if (!backend.assess) return {};
    try {
      const a = await race(backend.assess(action, targets, context));
      if (a === STOPPED || result !== null) return null;
      return a ?? {};
    } catch (error) {
      if (result === null) fail(index, 'action_failed', `${action.do} failed: ${clipError(error)}`);
      return null;
    }
  };

  /** True when the approved step's elements are unchanged; when not, the step and the burst have been ended here. */
  const stillApproved = async (index: number, action: ActAction, targets: ResolvedTargets<Ref>): Promise<boolean> => {
    let change: string | null | typeof STOPPED;
    try {
      change = await race(checkApproved(backend, action, targets, context));
    } catch (error) {
      if (result !== null) return false;
      if (isActivationChanged(error)) fail(index, 'activation_changed', `the page changed after it was approved: ${clipError(error)}`);
      else fail(index, 'action_failed', `checking that the approved element is unchanged failed: ${clipError(error)}`);
      return false;
    }
    if (change === STOPPED || result !== null) return false;
    if (change === null) return true;
    const error = `the page changed after it was approved: ${change}`;
    const step = set(index, { status: 'failed', error });
    finish({ reason: 'target_changed', detail: error, step });
    return false;
  };

  /**
   * An act step: its elements found once, the backend's assessment, the gate for a risky one (asked with those
   * elements, and checked unchanged once approved), then the backend acts on exactly those elements.
   */
  const runAct = async (index: number, action: ActAction) => {
    // Without an assessment, nothing will say a field is secret: a type step's text may be shown from now on.
    set(index, action.do === 'type' && !backend.assess ? { status: 'running', secret: false } : { status: 'running' });
    if (result !== null) return;
    if (action.do === 'wait_until') {
      if (action.risk === 'risky' && policy !== 'allow') {
        if (!(await gate(index))) return;
        set(index, { status: 'running' });
        if (result !== null) return;
      }
      return waitUntil(index, action);
    }
    const looked = await findTargets(index, action);
    if (looked === null) return;
    const { targets: found, ambiguous } = looked;
    const assessment = await assess(index, action, found);
    if (assessment === null) return;
    const keys = action.do === 'key' || action.do === 'type';
    let targets: ResolvedTargets<Ref> = keys && assessment.focus && !found.target ? { ...found, target: { kind: 'element', node: assessment.focus } } : found;
    // What the step activates is judged, named and checked from here on, beside where it lands.
    if (assessment.activates !== undefined) targets = { ...targets, activates: assessment.activates };
    const risky = action.risk === 'risky' || assessment.risk === 'risky';
    const patch: { -readonly [K in keyof Step<Ref>]?: Step<Ref>[K] } = {};
    if (targets.target || targets.from || targets.activates) patch.resolved = targets;
    if (risky) patch.risk = 'risky';
    // A safe type step's text stays hidden while it types, and is shown only once its field is known to have
    // stayed unsecret (a page may make it a password on the first character); a step the person must approve
    // is shown to them, and masked afterwards if its field turned secret.
    if (keys && backend.assess && (assessment.secret === true || action.do === 'key' || (risky && policy !== 'allow'))) patch.secret = assessment.secret === true;
    if (ambiguous) {
      const words = ambiguity(ambiguous.target, ambiguous.node, ambiguous.alike);
      // Nobody is asked to approve a guess: a risky step names its element or doesn't run.
      if (risky) return fail(index, 'action_failed', `${words}; a risky step is not run on an ambiguous target: name one by its id`);
      patch.ambiguous = { target: ambiguous.key, alike: ambiguous.alike };
      warn({ code: 'ambiguous_target', severity: 'warning', line: steps[index]!.line, message: `line ${steps[index]!.line}: ${words}; the first was used (name one by its id)` });
    }
    if (risky && policy !== 'allow') {
      if (!(await gate(index, patch))) return;
      set(index, { status: 'running' });
      if (result !== null) return;
      if (!(await stillApproved(index, action, targets))) return;
    } else if (Object.keys(patch).length > 0) set(index, patch);
    // A listener may have stopped the burst on hearing the step; then it must not be performed.
    if (result !== null) return;
    let turnedSecret = false;
    try {
      const r = await race(backend.act(action, targets, { signal: inner.signal, step: steps[index]! }));
      if (r === STOPPED || result !== null) return;
      turnedSecret = typeof r === 'object' && r !== null && r.secret === true;
    } catch (error) {
      if (result !== null) return;
      if (keys) set(index, { secret: assessment.secret === true });
      if (isActivationChanged(error)) return fail(index, 'activation_changed', `${action.do} stopped: ${clipError(error)}`);
      return fail(index, 'action_failed', `${action.do} failed: ${clipError(error)}`);
    }
    set(index, keys ? { status: 'done', secret: assessment.secret === true || turnedSecret } : { status: 'done' });
  };

  const runStep = async (index: number) => {
    current = index;
    const action = actions[index]!;
    if (action.op === 'act') return runAct(index, action);
    set(index, { status: 'running' });
    if (result !== null) return;
    switch (action.op) {
      case 'observe':
        finish({ reason: 'observe', step: set(index, { status: 'done' }) });
        return;
      case 'done': {
        const done = set(index, { status: 'done' });
        finish(
          action.reason === undefined
            ? { reason: 'done', status: action.status, step: done }
            : { reason: 'done', status: action.status, detail: action.reason, step: done },
        );
        return;
      }
      case 'assert': {
        const found = await findElement(action.target, 'find');
        if (found === STOPPED) return;
        if ('error' in found) return fail(index, 'assert_failed', found.error);
        set(index, { status: 'done', resolved: { target: { kind: 'element', node: found.node } } });
        return;
      }
    }
  };

  const drain = async () => {
    draining = true;
    try {
      while (result === null && head < queue.length) {
        const entry = queue[head]!;
        queue[head++] = undefined;
        // Keeps the queue's memory to what is waiting, without shifting on every step.
        if (head >= 1024 && head * 2 >= queue.length) {
          queue = queue.slice(head);
          head = 0;
        }
        if (typeof entry === 'number') {
          await runStep(entry);
          current = -1;
        } else if (entry === END) finish(endOutcome(ending));
        else if ('count' in entry) {
          issuesOmitted += entry.count;
          omittedListeners.emit(entry.code, entry.count);
        }
        else report(entry);
      }
    } finally {
      draining = false;
    }
  };

  const pump = () => {
    if (!draining && result === null) void drain();
  };

  return {
    push(action, line) {
      if (closed) return;
      if (steps.length >= maxSteps) {
        drop(lineIssue('too_many_steps', line, `a burst holds at most ${maxSteps} steps; this one was not run`));
        return;
      }
      const risk = action.op === 'act' ? action.risk : 'safe';
      const step: Step<Ref> = Object.freeze({ index: steps.length, line, action: shownAction(action, undefined), risk, status: 'queued' });
      actions.push(action);
      steps.push(step);
      queue.push(step.index);
      // Nothing after observe or done can run: stop taking lines now rather than read them for nothing.
      if (action.op === 'observe' || action.op === 'done') {
        closed = true;
        replyWhole();
      }
      stepListeners.emit(step);
      pump();
    },
    drop,
    fenceClosed: replyWhole,
    end(how) {
      if (ended || result !== null) return;
      ended = true;
      if (how) ending = how;
      if (how?.reason === 'truncated') {
        cutLine = how.line;
        cut.abort();
      } else replyWhole();
      queue.push(END);
      pump();
    },
    stop,
    outcome,
    get result() {
      return result;
    },
    get closed() {
      return closed;
    },
    steps,
    issues,
    get issuesOmitted() {
      return issuesOmitted;
    },
    onStep: (listener) => stepListeners.add(listener),
    onIssue: (listener) => issueListeners.add(listener),
    onOmitted: (listener) => omittedListeners.add(listener),
  };
}
