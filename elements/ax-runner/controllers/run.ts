/**
 * What runs in an `<ax-runner>`: one lone burst fed by `write()`/`stream()`, or a run of the agent loop, never two
 * at once. Starting one stops whatever ran (a `stream()` still reading rejects with an AbortError naming what
 * replaced it); Stop, `stop()` and the runner leaving the page end it `aborted`, withdrawing its approvals. The
 * status line (a RequestController) follows it: working, with Stop, while it runs; how it ended, in the element's
 * words, once it has. What a burst's steps, dropped lines and ending mean to the page (the log, the outline,
 * the events) is the element's, told through `RunHooks`. A run the model failed offers Retry (once any Retry-After
 * has passed), which goes on with the same task and its history rather than starting it over. `reset()` ends it
 * too, and then nothing of it is told to the element any more (a generation each activity's hooks check).
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import {
  runAgent,
  createBurst,
  type AgentHistory,
  type AgentResult,
  type Approve,
  type AxIssue,
  type AxIssueCode,
  type Backend,
  type Burst,
  type ChatModel,
  type Observation,
  type Policy,
  type Step,
} from '../../../src/axstream/index.js';
import { errorText, type Chunk, type SourceInput } from '../../../src/stream/index.js';
import { clockOf } from '../../shared/base/clock.js';
import type { ApprovalController } from '../../shared/controllers/approval.js';
import { RequestController, type RequestStatus, type RequestWords } from '../../shared/controllers/request.js';
import { StreamIntakeController } from '../../shared/controllers/streamIntake.js';
import { axOutcome, type AxOutcome } from '../events.js';

/** The status line's code for a `stream()` whose source failed (an error status or a lost connection). */
export const SOURCE_FAILED = 'source_failed';

/**
 * How what ran ended, for the status line's sentence: a lone burst's outcome; a lone burst whose `stream()` source
 * failed (`status`: the server's error status, 0 for a lost connection); a run of the agent loop.
 */
export type RunEnding =
  | { readonly kind: 'burst'; readonly outcome: AxOutcome }
  | { readonly kind: 'source'; readonly status: number }
  | { readonly kind: 'run'; readonly result: AgentResult<unknown> };

/** What the element gives the run, and hears from it. Burst numbers start at 1 (a lone burst is burst 1). */
export interface RunHooks {
  /** What looks and acts, read when a burst or run starts. */
  backend(): Backend<unknown>;
  /** The policy for risky steps, read when a burst or run starts. */
  policy(): Policy;
  /** Asks the person about a risky step. */
  readonly approve: Approve<unknown>;
  /** A burst or a run starts: what was shown of the last one is cleared. */
  starting(): void;
  /** Burst `n` begins (for a run, before its observation). */
  opened(n: number): void;
  /** A run looked at the page for burst `n`. */
  observed(observation: Observation<unknown>, n: number): void;
  step(step: Step<unknown>, n: number): void;
  issue(issue: AxIssue, n: number): void;
  /** `count` dropped lines past the burst's `maxIssues`, counted by code. */
  omitted(code: AxIssueCode, count: number, n: number): void;
  narration(text: string, n: number): void;
  /** Burst `n` ended. */
  ended(outcome: AxOutcome, n: number): void;
  /** What the status line says once it ended (empty: the status's own words). */
  ending(end: RunEnding): string;
  /** The status line's sentence for a status (see RequestOptions). */
  say(status: RequestStatus): string;
  /** The status line's buttons' words. */
  words(): RequestWords;
  /** Retry was pressed after a run failed: go on with `task` from `history` (what the failed run did). */
  retry(task: string, history: AgentHistory<unknown>): void;
}

/** What an activity tells the element of itself: silent once `reset()` came after it began. */
const TOLD = ['opened', 'observed', 'step', 'issue', 'omitted', 'narration', 'ended'] as const;

/** The agent loop's settings a run reads from the element. */
export interface RunSettings {
  readonly model: ChatModel;
  readonly maxBursts: number;
  readonly instructions?: string | undefined;
}

/** What is running now: one burst fed by `write()`/`stream()`, or a run of the agent loop. */
interface Activity {
  readonly controller: AbortController;
  readonly burst: Burst<unknown> | null;
}

export class RunController implements ReactiveController {
  readonly #intake: StreamIntakeController;
  readonly #request: RequestController;
  #activity: Activity | null = null;
  /** The burst `write()` feeds, until it ends. */
  #open: Burst<unknown> | null = null;
  /** The run a Retry goes on with: the task, and what its failed run did. */
  #resume: { readonly task: string; readonly history: AgentHistory<unknown> } | null = null;
  /** Each lone burst's outcome in the element's words: the very object its ax-end carried. */
  readonly #outcomes = new WeakMap<Burst<unknown>, Promise<AxOutcome>>();
  /** What the status line says once the activity ended (its outcome, in words). */
  #ending = '';
  /** Bursts whose `stream()` source failed: the server's error status, or 0 for a lost connection. */
  readonly #sourceFailed = new WeakMap<Burst<unknown>, number>();
  /** Bursts a newer `stream()`, `write()` or `run()` replaced before they ended, and what replaced them. */
  readonly #replaced = new WeakMap<Burst<unknown>, string>();
  /** Moves on `reset()`: what began before it tells the element nothing more. */
  #generation = 0;

  /** The element: what a burst's waits and deadlines run on is its clock. */
  readonly #host: object;

  constructor(
    host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly approval: ApprovalController,
    private readonly hooks: RunHooks,
  ) {
    this.#intake = new StreamIntakeController(host, '<ax-runner>.stream()');
    this.#request = new RequestController(host, {
      say: (status) => hooks.say(status),
      words: () => hooks.words(),
      retry: () => {
        if (this.#resume) hooks.retry(this.#resume.task, this.#resume.history);
      },
    });
    this.#host = host;
    host.addController(this);
  }

  /** Where the status line is (reactive). */
  get status(): RequestStatus {
    return this.#request.status;
  }

  /** What the status line says once what ran has ended: its outcome in words (empty while running). */
  get ending(): string {
    return this.#ending;
  }

  /** Writes model text into the open burst, starting one (and stopping whatever ran) if none is open. */
  write(text: Chunk): void {
    // After a barrier or a stop the reply may still be arriving: it goes to the ended burst, which ignores it.
    // Only end() closes the reply, so the next write() starts a new burst.
    let burst = this.#open;
    if (!burst) {
      burst = this.#begin('<ax-runner>.write()');
      this.#open = burst;
    }
    burst.write(text);
  }

  /** The reply is complete: the open burst reads its last line and ends once its steps have run. */
  end(): void {
    const burst = this.#open;
    this.#open = null;
    burst?.end();
  }

  /** Runs one reply from `source` as a lone burst; resolves with how it ended (see `<ax-runner>.stream()`). */
  async stream(source: SourceInput): Promise<AxOutcome> {
    const burst = this.#begin('<ax-runner>.stream()');
    this.#open = null;
    const reading = this.#intake.read(source, (chunk) => burst.write(chunk));
    // The burst ended before its source did (a barrier, Stop): stop reading, unless a newer burst reads now.
    void burst.outcome.then(() => {
      if (this.#activity === null || this.#activity.burst === burst) this.#intake.abort();
    });
    const how = await reading;
    if (how.status === 'ended') burst.end();
    else if (how.status === 'failed') {
      this.#sourceFailed.set(burst, how.httpStatus ?? 0);
      burst.stop(`the source failed: ${errorText(how.error)}`);
    }
    const outcome = await this.#outcomes.get(burst)!;
    const by = this.#replaced.get(burst);
    if (by !== undefined) throw new DOMException(`<ax-runner>.stream() was replaced by ${by} before its reply ended`, 'AbortError');
    return outcome;
  }

  /**
   * Runs `task` through the agent loop with `settings`, stopping whatever ran; resolves with the engine's result.
   * With `history` (a Retry) it goes on from that run: the log keeps its bursts and the model is told what ran.
   */
  async run(task: string, settings: RunSettings, history?: AgentHistory<unknown>): Promise<AgentResult<unknown>> {
    this.#stopAll('<ax-runner>.run()');
    if (!history) this.hooks.starting();
    this.#ending = '';
    const controller = this.#request.start();
    this.#activity = { controller, burst: null };
    const hooks = this.#told();
    const result = await runAgent<unknown>(task, {
      model: settings.model,
      backend: hooks.backend(),
      policy: hooks.policy(),
      approve: hooks.approve,
      maxBursts: settings.maxBursts,
      signal: controller.signal,
      clock: clockOf(this.#host),
      ...(history ? { history } : {}),
      ...(settings.instructions === undefined ? {} : { instructions: settings.instructions }),
      onObserve: (observation, n) => {
        hooks.opened(n);
        hooks.observed(observation, n);
      },
      onStep: (step, n) => hooks.step(step, n),
      onIssue: (issue, n) => hooks.issue(issue, n),
      onOmitted: (code, count, n) => hooks.omitted(code, count, n),
      onNarration: (text, _line, n) => hooks.narration(text, n),
      onBurst: (outcome, n) => hooks.ended(axOutcome(outcome), n),
    });
    if (this.#activity?.controller === controller) this.#activity = null;
    if (!hooks.live()) return result;
    if (result.reason === 'done' || result.reason === 'max_bursts' || result.reason === 'no_actions') {
      this.#ending = hooks.ending({ kind: 'run', result });
      this.#request.finish(controller, { status: 'done' });
    } else if (result.reason === 'aborted') this.#request.finish(controller, { status: 'cancelled' });
    else {
      const error = result.error as { code?: unknown; retryable?: unknown; retryAfter?: unknown } | undefined;
      const code = typeof error?.code === 'string' ? error.code : 'error';
      const wait = typeof error?.retryAfter === 'number' ? { retryAfter: error.retryAfter } : {};
      // Only while this run is still the latest: a newer one has said what Retry does.
      if (this.#request.signal === controller.signal) this.#resume = { task, history: result };
      this.#request.finish(controller, { status: 'error', code, retryable: error?.retryable === true, ...wait });
    }
    return result;
  }

  /** Stops what is running now: the burst or run ends `aborted`, a pending approval closes, nothing more is done. */
  stop(): void {
    this.#open?.stop('stopped');
    this.#request.cancel();
  }

  /**
   * Starts over: what runs stops as `stop()` stops it (a `stream()` or `run()` resolves `aborted`) but tells the
   * element nothing more (no steps, issues or endings), and the status line is idle again, with no Retry.
   */
  reset(): void {
    this.#generation++;
    this.#stopAll();
    this.#ending = '';
    this.#request.reset();
  }

  hostDisconnected(): void {
    // Without its Stop button on the page, nothing may go on acting on it.
    this.#stopAll();
  }

  /** The status line; put it once in the element's template. */
  render(): TemplateResult {
    return this.#request.render();
  }

  /** Starts a lone burst (write/stream): whatever ran is stopped (a `stream()` replaced by `by`), the log starts over. */
  #begin(by: string): Burst<unknown> {
    this.#stopAll(by);
    this.hooks.starting();
    this.#ending = '';
    const hooks = this.#told();
    const controller = this.#request.start();
    const burst = createBurst<unknown>({ backend: hooks.backend(), policy: hooks.policy(), approve: hooks.approve, signal: controller.signal, clock: clockOf(this.#host) });
    this.#activity = { controller, burst };
    hooks.opened(1);
    burst.onStep((step) => hooks.step(step, 1));
    burst.onIssue((issue) => hooks.issue(issue, 1));
    burst.onOmitted((code: AxIssueCode, count: number) => hooks.omitted(code, count, 1));
    burst.onNarration((text) => hooks.narration(text, 1));
    const mapped = burst.outcome.then((engine) => {
      const outcome = axOutcome(engine);
      hooks.ended(outcome, 1);
      if (this.#activity?.controller === controller) this.#activity = null;
      if (!hooks.live()) return outcome;
      const failed = this.#sourceFailed.get(burst);
      if (failed !== undefined) {
        // The source failed, not the person or the page: the status line says what the server or the network did.
        this.#ending = hooks.ending({ kind: 'source', status: failed });
        this.#request.finish(controller, { status: 'error', code: SOURCE_FAILED, retryable: false });
        return outcome;
      }
      this.#ending = hooks.ending({ kind: 'burst', outcome });
      this.#request.finish(controller, outcome.reason === 'aborted' ? { status: 'cancelled' } : { status: 'done' });
      return outcome;
    });
    this.#outcomes.set(burst, mapped);
    return burst;
  }

  /** The hooks an activity starting now tells: silent once `reset()` came after it began (`live()` false). */
  #told(): RunHooks & { live(): boolean } {
    const generation = this.#generation;
    const live = () => generation === this.#generation;
    const hooks = this.hooks;
    const told: RunHooks & { live(): boolean } = { ...hooks, live };
    for (const name of TOLD) {
      const hook = hooks[name] as (...args: unknown[]) => void;
      (told[name] as (...args: unknown[]) => void) = (...args) => {
        if (live()) hook.apply(hooks, args);
      };
    }
    return told;
  }

  /** Stops whatever runs: replaced by `by` (a `stream()` reading rejects with an AbortError), or just stopped. */
  #stopAll(by?: string): void {
    // Whatever starts now, a Retry of an earlier failed run no longer goes on from it.
    this.#resume = null;
    const activity = this.#activity;
    this.#activity = null;
    if (activity?.burst && by !== undefined) this.#replaced.set(activity.burst, by);
    activity?.burst?.stop('stopped');
    activity?.controller.abort();
    this.#open = null;
    if (by === undefined) this.#intake.abort();
    else this.#intake.supersede(by);
    this.approval.reset();
  }
}
