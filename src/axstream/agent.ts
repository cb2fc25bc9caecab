/**
 * The agent loop: observe, prompt, stream the model's reply into a burst (each line runs as it completes),
 * and go round again until the model says done, the bursts run out, or the caller stops it. Each prompt is
 * built afresh from the task, a bounded summary of earlier bursts and the screen now, so the context never
 * grows with the length of the task.
 */
import { errorText } from '../stream/errors.js';
import { orAbort } from '../stream/orAbort.js';
import { reportError } from '../stream/issue.js';
import type { Backend, Observation } from './backend.js';
import { createBurst } from './burst.js';
import type { Approve, Policy } from './burstController.js';
import type { Clock } from '../transport/clock.js';
import { axSystemPrompt, axUserPrompt } from './prompt.js';
import type { BurstOutcome, Step } from './step.js';
import { createRunSummary } from './summary.js';
import type { AxIssue, AxIssueCode } from './types.js';

/** A message to a chat model. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/**
 * A model adapter: messages in, the reply's text out as it streams. It should stop (and end its iterable) when
 * `signal` aborts; the loop also stops reading it at once, so one that doesn't only wastes its own work.
 */
export type ChatModel = (messages: readonly ChatMessage[], options: { readonly signal: AbortSignal }) => AsyncIterable<string>;

/** What a run of a task has done so far: an `AgentResult` is one. */
export interface AgentHistory<Ref = unknown> {
  /** Bursts started. */
  readonly bursts: number;
  /** Each finished burst's outcome, in order. */
  readonly outcomes: readonly BurstOutcome<Ref>[];
  /** The account of those bursts the model is given. */
  readonly summary: string;
}

/** What a run needs (model, backend) and how it may be watched and stopped. */
export interface AgentOptions<Ref = unknown> {
  model: ChatModel;
  backend: Backend<Ref>;
  /** What happens to risky steps (default `confirm`: ask `approve`, refuse when there is none). */
  policy?: Policy;
  approve?: Approve<Ref>;
  /** Most bursts before giving up (default 10, at most 100), not counting `history`'s. */
  maxBursts?: number;
  /**
   * An earlier run of the same task to go on from (its result, after the model failed, say): the model is told
   * what ran and how each burst ended, burst numbers go on from it, and its outcomes open this result's.
   */
  history?: AgentHistory<Ref>;
  /** Stops the run at any moment. */
  signal?: AbortSignal;
  clock?: Pick<Clock, 'now' | 'sleep'>;
  /** The app's own guidance for the system prompt. */
  instructions?: string;
  /** Longest observation text passed to the model (default 24,000); a longer one is cut with a note. */
  maxObservationChars?: number;
  onObserve?(observation: Observation<Ref>, burst: number): void;
  onStep?(step: Step<Ref>, burst: number): void;
  onIssue?(issue: AxIssue, burst: number): void;
  /** Dropped lines past the burst's `maxIssues`, counted by code rather than told one by one. */
  onOmitted?(code: AxIssueCode, count: number, burst: number): void;
  onNarration?(text: string, line: number, burst: number): void;
  onBurst?(outcome: BurstOutcome<Ref>, burst: number): void;
}

/** How a run ended. */
export interface AgentResult<Ref = unknown> {
  /**
   * `done`: the model ended the task (see `status`). `max_bursts`: it had not after `maxBursts` bursts.
   * `aborted`: the signal stopped it. `error`: the model or the backend failed (`detail`, `error`); a model that
   * failed in the middle of a burst ended it `model_failed` first (its steps still waiting never run).
   * `no_actions`: two replies in a row had no fence, so nothing ran (`detail` is the last reply's words).
   */
  readonly reason: 'done' | 'max_bursts' | 'aborted' | 'error' | 'no_actions';
  readonly status?: 'success' | 'failure';
  readonly detail?: string;
  readonly error?: unknown;
  /** Bursts started (with `history`'s). */
  readonly bursts: number;
  /** Each finished burst's outcome, in order (`history`'s first). */
  readonly outcomes: readonly BurstOutcome<Ref>[];
  /** The account of the run the model was (or would next be) given. */
  readonly summary: string;
}

const STOP: unique symbol = Symbol('stop');

/** Replies in a row without a fence before the run stops: the first is told how to answer, the second ends it. */
const MAX_REPLIES_WITHOUT_FENCE = 2;
/** How much of a reply without a fence is kept for the result's detail. */
const MAX_WORDS_KEPT = 500;

/** Resolves with `value`, or with STOP as soon as `signal` aborts; a rejection that isn't an Error becomes one. */
function orStop<T>(value: T | PromiseLike<T>, signal: AbortSignal): Promise<T | typeof STOP> {
  return orAbort(value, signal, STOP).catch((e: unknown) => {
    throw e instanceof Error ? e : new Error(errorText(e));
  });
}

/** Calls an app's callback; one that throws is reported and the run goes on. */
function tell<Args extends unknown[]>(callback: ((...args: Args) => void) | undefined, ...args: Args): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    reportError(error);
  }
}

function cutObservation(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  return `${text.slice(0, cut > 0 ? cut : max)}\n(observation cut: ${text.length - max} more characters left out)`;
}

/**
 * Streams one model reply into a burst. Resolves with null, or with the model's error. A reply is read only
 * while the burst takes lines: once it ends, the loop stops waiting for the model.
 */
async function pipeReply(reply: AsyncIterable<string>, burst: ReturnType<typeof createBurst>, ended: AbortSignal): Promise<unknown> {
  const iterator = reply[Symbol.asyncIterator]();
  for (;;) {
    const pending = iterator.next();
    // Left behind when the burst ends first; its later failure is no one's concern.
    pending.catch(() => {});
    const next = await orStop(pending, ended);
    if (next === STOP) {
      void Promise.resolve()
        .then(() => iterator.return?.())
        .catch(() => {});
      return null;
    }
    if (next.done) return null;
    if (typeof next.value !== 'string') return new TypeError(`the model gave ${typeof next.value} where text was expected`);
    burst.write(next.value);
  }
}

/**
 * Runs a task to its end: at most `maxBursts` rounds of observe → prompt → stream and execute. Never rejects for
 * a failure along the way (that is `reason: 'error'`); throws a TypeError at once for missing options.
 */
export async function runAgent<Ref = unknown>(task: string, options: AgentOptions<Ref>): Promise<AgentResult<Ref>> {
  if (typeof task !== 'string' || task.trim() === '') throw new TypeError('runAgent() needs a task: what the person asked for');
  const { model, backend } = options;
  if (typeof model !== 'function') throw new TypeError('runAgent() needs a model: a function from messages to text');
  if (!backend || typeof backend.observe !== 'function' || typeof backend.act !== 'function') {
    throw new TypeError('runAgent() needs a backend with observe() and act()');
  }
  const asked = options.maxBursts ?? 10;
  const maxBursts = Number.isFinite(asked) ? Math.min(Math.max(Math.floor(asked), 1), 100) : 10;
  const maxObservation = options.maxObservationChars ?? 24_000;
  const system = axSystemPrompt(options.instructions === undefined ? {} : { instructions: options.instructions });
  const history = options.history;
  const before = history ? Math.max(0, Math.floor(history.bursts) || 0) : 0;
  const summary = createRunSummary(undefined, history?.summary ?? '');
  const outcomes: BurstOutcome<Ref>[] = history ? [...history.outcomes] : [];
  const run = new AbortController();
  const onAbort = () => run.abort();
  if (options.signal?.aborted) run.abort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  const result = (r: Omit<AgentResult<Ref>, 'outcomes' | 'summary'>): AgentResult<Ref> => ({ ...r, outcomes, summary: summary.text() });
  const aborted = (bursts: number) => result({ reason: 'aborted', bursts });
  /** Burst `outcome` ended: kept, told to the model next time, and to the app. */
  const ended = (n: number, burst: ReturnType<typeof createBurst<Ref>>, outcome: BurstOutcome<Ref>) => {
    outcomes.push(outcome);
    summary.add(n, burst.steps, outcome, burst.issues);
    tell(options.onBurst, outcome, n);
  };
  let withoutFence = 0;

  try {
    const last = before + maxBursts;
    for (let n = before + 1; n <= last; n++) {
      if (run.signal.aborted) return aborted(n - 1);
      let observation: Observation<Ref>;
      try {
        const seen = await orStop(backend.observe({ signal: run.signal }), run.signal);
        if (seen === STOP) return aborted(n - 1);
        observation = typeof seen === 'string' ? { text: seen } : seen;
        if (typeof observation?.text !== 'string') throw new TypeError('observe() gave no text');
      } catch (error) {
        return result({ reason: 'error', detail: `observing the screen failed: ${errorText(error)}`, error, bursts: n - 1 });
      }
      tell(options.onObserve, observation, n);
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        {
          role: 'user',
          content: axUserPrompt({ task, observation: cutObservation(observation.text, maxObservation), summary: summary.text(), burst: n, maxBursts: last }),
        },
      ];

      const turn = new AbortController();
      const stopTurn = () => turn.abort();
      run.signal.addEventListener('abort', stopTurn, { once: true });
      const burst = createBurst<Ref>({
        backend,
        signal: run.signal,
        ...(options.policy === undefined ? {} : { policy: options.policy }),
        ...(options.approve === undefined ? {} : { approve: options.approve }),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
      });
      void burst.outcome.then(stopTurn);
      if (options.onStep) burst.onStep((s) => options.onStep?.(s, n));
      if (options.onIssue) burst.onIssue((i) => options.onIssue?.(i, n));
      if (options.onOmitted) burst.onOmitted((code, count) => options.onOmitted?.(code, count, n));
      if (options.onNarration) burst.onNarration((t, l) => options.onNarration?.(t, l, n));
      // The words of a reply, kept in case it has no fence: they may be the model's answer or question.
      let words = '';
      burst.onNarration((t) => {
        if (words.length < MAX_WORDS_KEPT) words = `${words}${words ? '\n' : ''}${t}`.slice(0, MAX_WORDS_KEPT);
      });

      let failure: unknown = null;
      try {
        failure = await pipeReply(model(messages, { signal: turn.signal }), burst, turn.signal);
      } catch (error) {
        failure = error;
      }
      run.signal.removeEventListener('abort', stopTurn);
      if (failure !== null && burst.result === null && !run.signal.aborted) {
        const detail = `the model failed: ${errorText(failure)}`;
        burst.stop(detail);
        turn.abort();
        await burst.outcome;
        // The burst ends as what happened to it, not as a stop: what ran stands, what waited never runs.
        ended(n, burst, { reason: 'model_failed', detail });
        return result({ reason: 'error', detail, error: failure, bursts: n });
      }
      burst.end();
      const outcome = await burst.outcome;
      turn.abort();
      ended(n, burst, outcome);
      if (outcome.reason === 'aborted') return aborted(n);
      if (outcome.reason === 'done') {
        return result(
          outcome.detail === undefined
            ? { reason: 'done', status: outcome.status, bursts: n }
            : { reason: 'done', status: outcome.status, detail: outcome.detail, bursts: n },
        );
      }
      // A reply without a fence is told how to answer once; a model that keeps answering in words isn't acting.
      withoutFence = outcome.reason === 'no_fence' ? withoutFence + 1 : 0;
      if (withoutFence >= MAX_REPLIES_WITHOUT_FENCE) {
        return result({ reason: 'no_actions', detail: words.trim() || 'the replies were empty', bursts: n });
      }
    }
    return result({ reason: 'max_bursts', detail: `no done after ${maxBursts} bursts`, bursts: last });
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
