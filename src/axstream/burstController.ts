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
import type { Backend } from './backend.js';
import { realClock, type Clock } from '../transport/clock.js';
import { dropLine, pump } from './burstQueue.js';
import { END, createBurstState, replyWhole, stopBurst } from './burstState.js';
import { runStep } from './burstSteps.js';
import { lineIssue } from './readAction.js';
import { shownAction } from './secretText.js';
import type { BurstOutcome, Step } from './step.js';
import type { AxAction, AxIssue, AxIssueCode } from './types.js';
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

/** Creates a burst controller: its parts are the queue (burstQueue.ts), the steps (burstSteps.ts), finding elements (burstFind.ts) and the gate (burstGate.ts), over one state (burstState.ts). */
export function createBurstController<Ref = unknown>(options: BurstControllerOptions<Ref>): BurstController<Ref> {
  const maxSteps = options.maxSteps ?? AX_LIMITS.maxSteps;
  const outer = options.signal;
  const b = createBurstState<Ref>({
    backend: options.backend,
    approve: options.approve,
    policy: options.policy ?? 'confirm',
    clock: options.clock ?? realClock,
    maxIssues: options.maxIssues ?? AX_LIMITS.maxIssues,
  });
  const stop = (detail?: string) => stopBurst(b, detail);
  const onAbort = () => stop();
  b.detach = () => outer?.removeEventListener('abort', onAbort);
  if (outer?.aborted) stop();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const run = (index: number) => runStep(b, index);
  const drop = (issue: AxIssue) => dropLine(b, issue, run);

  return {
    push(action, line) {
      if (b.closed) return;
      if (b.steps.length >= maxSteps) {
        drop(lineIssue('too_many_steps', line, `a burst holds at most ${maxSteps} steps; this one was not run`));
        return;
      }
      const risk = action.op === 'act' ? action.risk : 'safe';
      const step: Step<Ref> = Object.freeze({ index: b.steps.length, line, action: shownAction(action, undefined), risk, status: 'queued' });
      b.actions.push(action);
      b.steps.push(step);
      b.queue.push(step.index);
      // Nothing after observe or done can run: stop taking lines now rather than read them for nothing.
      if (action.op === 'observe' || action.op === 'done') {
        b.closed = true;
        replyWhole(b);
      }
      b.stepListeners.emit(step);
      pump(b, run);
    },
    drop,
    fenceClosed: () => replyWhole(b),
    end(how) {
      if (b.ended || b.result !== null) return;
      b.ended = true;
      if (how) b.ending = how;
      if (how?.reason === 'truncated') {
        b.cutLine = how.line;
        b.cut.abort();
      } else replyWhole(b);
      b.queue.push(END);
      pump(b, run);
    },
    stop,
    outcome: b.outcome,
    get result() {
      return b.result;
    },
    get closed() {
      return b.closed;
    },
    steps: b.steps,
    issues: b.issues,
    get issuesOmitted() {
      return b.issuesOmitted;
    },
    onStep: (listener) => b.stepListeners.add(listener),
    onIssue: (listener) => b.issueListeners.add(listener),
    onOmitted: (listener) => b.omittedListeners.add(listener),
  };
}
