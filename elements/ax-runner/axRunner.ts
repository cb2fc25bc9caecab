import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { keyed } from 'lit/directives/keyed.js';
import { AgentElement } from '../shared/base/agentElement.js';
import { AnnouncerController } from '../shared/controllers/announcer.js';
import { ApprovalController } from '../shared/controllers/approval.js';
import { statusLineStyles, type RequestStatus } from '../shared/controllers/request.js';
import { fill, type Strings } from '../../strings/en.js';
import {
  type AgentHistory,
  type AgentResult,
  type ChatModel,
  type Backend,
  type Observation,
  type Approve,
  type Policy,
  type Step,
  type AxIssue,
  AX_LIMITS,
} from '../../src/axstream/index.js';
import { numberFormat } from '../shared/base/locale.js';
import { type Chunk, type SourceInput, assertSource } from '../../src/stream/index.js';
import { streamText } from '../shared/base/streamText.js';
import { markOwnUi } from '../shared/base/ownUi.js';
import { createPageBackend, type PageBackend } from './backend/pageBackend.js';
import { composedClosest } from './backend/dom.js';
import type { RiskOf } from './backend/riskMarking.js';
import { OutlineController } from './controllers/outline.js';
import { RunController, SOURCE_FAILED, type RunEnding } from './controllers/run.js';
import { CHUNK, RunLog, type BurstView } from './model/runLog.js';
import { StepAnnouncementsController } from './controllers/stepAnnouncements.js';
import { AxEndEvent, AxIssueEvent, AxObserveEvent, AxStepEvent, type AxOutcome } from './events.js';
import { runnerStyles } from './styles.js';
import { actionRuns, actionWords, alsoMatchedRuns, approvalDetails, approvalWords, reasonRuns, reasonWords, stateWords, type ShownStatus } from './views/stepWords.js';

const POLICIES: readonly Policy[] = ['confirm', 'hold', 'refuse', 'allow'];

/**
 * A long burst's log shows the steps around the one running: up to `BEFORE` before it and `AFTER` after it. The
 * rest is folded away (with a count and a button to show them all) only when at least `FOLD_MIN` would be.
 */
const BEFORE = 20;
const AFTER = 5;
const FOLD_MIN = 4;

/** The element an action's target landed on, when the backend works on this page's elements. */
function landedOn(step: Step<unknown>): Element | null {
  const r = step.resolved?.target ?? step.resolved?.from;
  // What the step activates is what the person is shown: the button inside a card, the element under a point.
  const ref = step.resolved?.activates?.ref ?? (r?.kind === 'element' ? r.node.ref : null);
  return ref instanceof Element ? ref : null;
}

/**
 * `<ax-runner>` runs axstream, the JSON-lines actions a model writes in a code fence, against the live page (or a
 * remote machine through a backend): each line is performed the moment it is complete, while the model is still
 * writing. Targets are found when their step runs, by observation id or by role and name, so a plan made a
 * moment ago still finds a button that has moved. It shows what happens as it happens: the model's narration,
 * each step in plain words with its state, an outline round the element a step is touching, the outcome, and a
 * Stop button. A risky step (the model marked it, the app marks the element with `data-ax-risk="risky"` or
 * `riskOf`, or it submits a form, leaves the page or types into a password or payment field) waits for the
 * person's approval in a confirmation dialog (under the default `confirm` policy), or is refused, or runs, as
 * `policy` says. The approval names the very element the step will act on, and where it would send the person
 * or their data; if that element changed by the time the person confirms, nothing is done. Text typed into
 * secret fields is shown as dots everywhere.
 *
 * Feed it one reply with `write()`/`end()` or `stream(source)`, or give it a `model` and let `run(task)` go round
 * observe → prompt → act until the model says done. By default it acts on this page through the page backend,
 * within `scope`, never on itself nor on any UI the package draws for the person (no runner sees or presses
 * another's log or confirmation); `open` goes only to `allowOrigins`.
 *
 * A long burst stays cheap to show: its log lists the steps around the one running, with a count of the others
 * and a button to show them all, and a screen reader hears finished steps in batches. Steps that never ran
 * (after a failure, a refusal or Stop) say so; how the reply ended (cut off, without a fence, without observe or
 * done) is said in its own words.
 *
 * @summary Runs a model's axstream actions against the live page as they stream, with approval for risky steps.
 *
 * @fires {AxStepEvent} ax-step - A step was read or changed state: `step` (`index`, `action` (typed secrets as dots), `status`: queued, running, done, failed, held or refused; `error`, `risk`, `secret`), `burst`.
 * @fires {AxEndEvent} ax-end - A burst ended: `outcome.reason` is done (with `status`), observe, unfinished (no observe or done), truncated (the reply was cut off mid-line), no-actions (no fence), aborted, refused, failed, changed (the page changed after an approval), unseen (an approval the person could not be shown), model-failed (`run()`'s model failed mid-reply), withdrawn (the reply was cut off while a risky step waited; not done) or diverted (the step would have activated something other than what was judged); `outcome.engine` is the engine's own outcome.
 * @fires {AxObserveEvent} ax-observe - The page was looked at: `observation.text` is what a model is shown; `burst` (0 for `observe()`).
 * @fires {AxIssueEvent} ax-issue - A line inside the fence was dropped (`issue.code`, `issue.line`, `issue.message`); the burst went on. Also a warning (`issue.severity` `warning`, code `ambiguous_target`) when a step's target matched several elements equally well.
 *
 * @csspart log - The column of narration, steps and outcomes (`aria-busy="true"` while running).
 * @csspart narration - What the model said outside the fence.
 * @csspart steps - The ordered list of steps of a burst (in a long burst, the steps around the one running).
 * @csspart steps-toggle - The button that shows every step of a long burst, or only the latest again.
 * @csspart step - One step: a mark, its words and its state in words.
 * @csspart step-state - The word for a step's state.
 * @csspart step-note - Under a step whose target matched several elements: the others it matched.
 * @csspart outcome - How a burst ended, in a sentence.
 * @csspart progress - The status line of a run: what is happening, with Stop (or Retry after a failure).
 * @csspart cancel - The Stop button of the status line, while running.
 * @csspart retry - The Retry button, after a model failure that retrying can help.
 * @csspart outline - The box drawn round the element a step is touching (in the top layer, over the page).
 * @csspart announcer - The visually hidden polite live region that says the steps as they finish (in batches while they come fast).
 *
 * @cssprop --ae-accent - The outline round a target and a running step's mark.
 * @cssprop --ae-success - A done step's mark.
 * @cssprop --ae-danger - A failed or refused step's mark and the outcome of a failure.
 * @cssprop --ae-warning - A step waiting for approval.
 */
export class AxRunnerElement extends AgentElement {
  static override styles = [AgentElement.styles, statusLineStyles, runnerStyles];

  protected static override knownValues = {
    ...AgentElement.knownValues,
    policy: ['confirm', 'refuse', 'allow'] satisfies Policy[],
    'max-bursts': (v: string) => /^\s*\d+\s*$/.test(v),
  };

  /**
   * Where the page backend looks and acts: an element (with everything inside it, open shadow roots included) or
   * the whole document (the default, when null). The runner never acts on itself, wherever it sits.
   */
  @property({ attribute: false }) scope: Element | Document | null = null;

  /**
   * What happens to a risky step (marked by the model, the app, or the built-in rules): `confirm` (the default)
   * asks the person in a confirmation dialog, `hold` asks them only once the reply has reached its barrier
   * (observe, done, the closing fence or its end) so a reply cut off first never asks and never runs it, `refuse`
   * never runs it, `allow` runs it like any other. Any other value reads as `confirm`. Under every policy, a
   * dialog open for a step of a reply that is then cut off is withdrawn, and the step is not done.
   */
  @property({ reflect: true }) policy: Policy = 'confirm';

  /**
   * The app's say on how risky a step is, for the default page backend: `(element, action) => 'risky' | 'safe' |
   * undefined`. `element` is what the step acts on (the focused element for keys and typing, null for `open`).
   * `risky` asks first; `safe` lifts the built-in escalation (submitting a form, leaving the page, typing into a
   * secret field) but never a step the model itself marked risky; undefined leaves it to `data-ax-risk="risky"`
   * markup and the built-in rules.
   */
  @property({ attribute: false }) riskOf?: RiskOf;

  /**
   * The model `run()` talks to: `(messages, {signal}) => AsyncIterable<string>` (the adapters in
   * `demo/providers/chat.mjs` are such functions, as is one reading a server's stream).
   */
  @property({ attribute: false }) model?: ChatModel;

  /**
   * What looks and acts. Default: the page backend over `scope`. Give a remote backend
   * (`createRemoteBackend(socket)`) to drive another machine from the same element.
   */
  @property({ attribute: false }) backend?: Backend<any>;

  /**
   * Origins `open` and link clicks may lead to, such as `['https://example.com']`. Unset: this page's origin
   * only; an empty list allows none. Only http(s) addresses are ever opened. Used by the default page backend.
   */
  @property({ attribute: false }) allowOrigins?: readonly string[];

  /** Most bursts `run()` takes before giving up (default 10, at most 100). */
  @property({ type: Number, attribute: 'max-bursts' }) maxBursts = 10;

  /** The app's own guidance for the model, added to the system prompt `run()` sends. */
  @property({ attribute: false }) instructions?: string;

  constructor() {
    super();
    // All it draws (status, log, dialog, outline) is for the person: no runner, this one or another, sees or acts on it.
    markOwnUi(this);
  }

  readonly #announcer = new AnnouncerController(this);
  readonly #said = new StepAnnouncementsController(
    this,
    (words) => this.#announcer.announce(words),
    () => {
      const w = this.words;
      return {
        one: (step) => fill(w.axSaidStep, { action: actionWords(w, step.action, step.resolved), state: stateWords(w, step.status) }),
        many: (count, last) => fill(w.axSaidSteps, { count: this.#number(count), action: actionWords(w, last.action, last.resolved) }),
      };
    },
  );
  readonly #approval = new ApprovalController(this);
  readonly #outline = new OutlineController(this);
  readonly #log = new RunLog();
  #issues: AxIssue[] = [];
  readonly #run = new RunController(this, this.#approval, {
    backend: () => this.#backendNow(),
    policy: () => this.#policy(),
    approve: (step, options) => this.#approve(step, options),
    starting: () => {
      this.#log.clear();
      this.#said.clear();
      this.#issues = [];
    },
    opened: (n) => this.#log.burst(n),
    observed: (observation, n) => this.#fire(new AxObserveEvent(observation, n)),
    step: (step, n) => this.#stepChanged(step, n),
    issue: (issue, n) => this.#dropped(issue, n),
    omitted: (code, count, n) => this.#log.dropped(n, code, count),
    narration: (text, n) => this.#log.narration(n, text),
    ended: (outcome, n) => this.#ended(outcome, n),
    ending: (end) => this.#endingWords(end),
    say: (status) => this.#say(status),
    words: () => ({ ...this.words, cancel: this.words.axStop }),
    retry: (task, history) => void this.#runTask(task, history),
  });
  #page: PageBackend | null = null;
  /** Step templates by snapshot, per set of words (and for steps shown as not run): a step that did not change is not rebuilt. */
  #drawn = new WeakMap<Strings, WeakMap<Step<unknown>, TemplateResult>>();
  #drawnNotRun = new WeakMap<Strings, WeakMap<Step<unknown>, TemplateResult>>();

  // ——— the public API ———

  /**
   * Writes model text into the current burst, starting one (and stopping whatever ran) if none is open. Text
   * outside the fence is narration; each complete line inside it runs at once. Once the burst has ended (a
   * barrier, a failure, Stop) the rest of the reply is ignored until `end()`. One reply at a time: a `write()`
   * while `stream()` reads replaces that reply (its `stream()` rejects with an AbortError).
   */
  write(text: Chunk): void {
    this.#run.write(text);
  }

  /** The reply is complete: a last line without a newline is read, and the burst ends once its steps have run. */
  end(): void {
    this.#run.end();
  }

  /**
   * Runs one reply from `source` (a fetch Response, a ReadableStream, an async iterable of text or bytes, a
   * string, or a promise of one) and resolves with how the burst ended. A source that fails ends the burst
   * `aborted`, and the status line says why (the server answered 404, or the connection was lost); a source of
   * the wrong kind rejects with a TypeError, stopping nothing.
   *
   * One reply at a time: `stream()` stops whatever ran before. A `stream()` still reading that a newer
   * `stream()`, `write()` or `run()` replaces rejects with a `DOMException` named `AbortError` (its burst ends
   * `aborted`, and nothing more of its source runs); `stop()`, Stop and removing the element resolve it `aborted`.
   */
  async stream(source: SourceInput): Promise<AxOutcome> {
    assertSource(source, '<ax-runner>.stream()');
    return this.#run.stream(source);
  }

  /**
   * Runs a task with `model`: observe the page, ask the model, perform its lines as they stream, and go round
   * again until it says done, `maxBursts` pass, or the run is stopped. Resolves with the engine's result
   * (`reason`: done, max_bursts, aborted or error; `status`, `detail`, `bursts`, `outcomes`, `summary`). When the
   * model fails, its burst ends `model-failed` and the status line offers Retry if retrying can help (once the
   * wait the service asked for has passed): Retry goes on with the same task, the model told what already ran.
   */
  async run(task: string): Promise<AgentResult<unknown>> {
    return this.#runTask(task);
  }

  /** Looks at the page (or the remote screen) now and resolves with the text a model would be shown. */
  async observe(): Promise<string> {
    const seen = await this.#backendNow().observe({ signal: new AbortController().signal });
    const observation: Observation<unknown> = typeof seen === 'string' ? { text: seen } : seen;
    this.#fire(new AxObserveEvent(observation, 0));
    return observation.text;
  }

  /** Every issue of the reply or run now (or the last one), in order: what each `ax-issue` carried as `issue`. */
  get issues(): readonly AxIssue[] {
    return [...this.#issues];
  }

  /**
   * Stops what is running now: the burst or run ends `aborted` (`ax-end` says so), a pending approval closes,
   * nothing more is done. The log, `issues` and the status line ("Stopped") stay, as after Stop.
   */
  stop(): void {
    this.#run.stop();
  }

  /**
   * Starts over, as `reset()` does on every element: what runs stops (a `stream()` or `run()` resolves `aborted`,
   * a pending approval closes, nothing more of it is done) and says nothing more (no `ax-step`, `ax-issue` or
   * `ax-end` from it); the log, `issues` and the status line are cleared. The next reply or run starts afresh.
   */
  reset(): void {
    this.#run.reset();
    this.#log.clear();
    this.#said.clear();
    this.#issues = [];
    this.#outline.hide();
    this.#announcer.clear();
  }

  // ——— the template ———

  protected override render(): TemplateResult {
    const w = this.words;
    const bursts = this.#log.bursts;
    const running = this.#run.status.phase === 'running';
    return html`${this.#run.render()}
      <div class="log" part="log" aria-busy=${running ? 'true' : nothing}>${repeat(
        bursts,
        (b) => b.number,
        // A burst draws again only when it changed (its version), the words or the locale (its numbers) did, or
        // numbering starts. The view itself is a dependency too: a new run starts its bursts at number 1 again, and
        // its first burst can reach the version the last run's had (the versions alone would keep the old drawing).
        (b) => guard([b, b.version, w, this.resolvedLocale, bursts.length > 1], () => this.#burstView(b, bursts.length > 1, w)),
      )}</div>
      ${this.#announcer.render()} ${this.#approval.render()} ${this.#outline.render()}`;
  }

  // ——— what acts ———

  /** Runs `task`, afresh or (Retry after a failed run) going on from `history`. */
  async #runTask(task: string, history?: AgentHistory<unknown>): Promise<AgentResult<unknown>> {
    const model = this.model;
    if (typeof model !== 'function') throw new TypeError('<ax-runner>.run() needs a model: set the model property first');
    if (typeof task !== 'string' || task.trim() === '') throw new TypeError('<ax-runner>.run() needs a task');
    return this.#run.run(task, { model, maxBursts: this.maxBursts, instructions: this.instructions }, history);
  }

  #backendNow(): Backend<unknown> {
    if (this.backend) return this.backend;
    this.#page ??= createPageBackend({
      scope: () => this.scope,
      exclude: () => [this],
      allowOrigins: () => this.allowOrigins,
      riskOf: (element, action) => this.riskOf?.(element, action),
      timers: () => this.clock,
    });
    return this.#page;
  }

  #policy(): Policy {
    return POLICIES.includes(this.policy) ? this.policy : 'confirm';
  }

  /**
   * Asks the person about a risky step, naming the very element it will act on (the engine found it before
   * asking; it is outlined while they decide) and where it would send them or their data. A runner the person
   * can't see can't ask: the step is refused as `unseen` rather than opening a modal no one sees, which would
   * leave the page inert. A stop closes the dialog: that is a no.
   */
  readonly #approve: Approve<unknown> = async (step, { signal }) => {
    // Drawn first: the status line is what gives a runner that has shown nothing yet its size.
    await this.updateComplete;
    if (signal.aborted) return false;
    if (!this.#seen()) return 'unseen';
    const sentence = fill(this.words.axConfirm, { action: approvalWords(this.words, step) });
    const el = landedOn(step);
    if (el) this.#outline.show(el);
    // The burst's signal withdraws this request from the page's queue (a stop, the burst ending): that is a no.
    const asking = this.#approval.ask(sentence, { signal, details: approvalDetails(this.words, step) });
    // The dialog opens in the top layer above the outline: put the outline back on top so the person sees what.
    void this.updateComplete.then(() => requestAnimationFrame(() => this.#outline.raise()));
    try {
      const answer = await asking;
      // The dialog itself found it could not be seen (hidden while waiting its turn in the queue, say).
      if (answer === 'unseen') return 'unseen';
      return answer === 'confirmed' && !signal.aborted;
    } finally {
      this.#outline.hide();
    }
  };

  /**
   * True when the person can see the runner, and so use a dialog it opens: on the page, rendered, visible, not
   * zero-sized, and not inside an inert subtree (whose dialog could be neither answered nor escaped).
   */
  #seen(): boolean {
    if (!this.isConnected) return false;
    if (!this.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions)) return false;
    if (composedClosest(this, '[inert]')) return false;
    const box = this.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  #stepChanged(step: Step<unknown>, burst: number): void {
    this.#log.step(burst, step);
    const el = landedOn(step);
    if (step.status === 'running' && el) this.#outline.show(el);
    else if (step.status !== 'running' && step.status !== 'held' && el) this.#outline.release(el);
    this.#said.changed(step);
    this.#fire(new AxStepEvent(step, burst));
  }

  #dropped(issue: AxIssue, burst: number): void {
    this.#issues.push(issue);
    // A warning (an ambiguous target) is about a step that ran, and is shown on it: no line was dropped.
    if (issue.severity === 'error') this.#log.dropped(burst, issue.code);
    this.#fire(new AxIssueEvent(issue, burst));
  }

  #ended(outcome: AxOutcome, burst: number): void {
    this.#outline.hide();
    this.#said.flush();
    this.#log.end(burst, outcome);
    this.#fire(new AxEndEvent(outcome, burst));
  }

  // ——— words ———

  /** What the status line says once a burst or run has ended. */
  #endingWords(end: RunEnding): string {
    const w = this.words;
    if (end.kind === 'burst') return this.#outcomeWords(end.outcome);
    // The source failed, not the person or the page: what the server or the network did.
    if (end.kind === 'source') return end.status > 0 ? fill(w.axOutcomeServerAnswered, { status: end.status }) : w.axOutcomeConnectionLost;
    const result = end.result;
    if (result.reason === 'done') return result.status === 'success' ? w.axOutcomeDone : fill(w.axOutcomeGaveUp, { detail: streamText(result.detail ?? '') });
    if (result.reason === 'max_bursts') return fill(w.axOutcomeMaxBursts, { count: result.bursts });
    if (result.reason === 'no_actions') return w.axOutcomeNoActionsTwice;
    return '';
  }

  /**
   * How a burst ended, in words. `belowSteps`: said in the log, under the steps, where a failed step already
   * shows its reason, so the reason isn't said twice; the status line says it in full.
   */
  #outcomeWords(outcome: AxOutcome, belowSteps = false): string {
    const w = this.words;
    switch (outcome.reason) {
      case 'done':
        return outcome.status === 'success' ? w.axOutcomeDone : fill(w.axOutcomeGaveUp, { detail: streamText(outcome.detail ?? '') });
      case 'observe':
        return w.axOutcomeObserve;
      case 'unfinished':
        return w.axOutcomeUnfinished;
      case 'truncated':
        return w.axOutcomeTruncated;
      case 'no-actions':
        return w.axOutcomeNoActions;
      case 'aborted':
        return w.axOutcomeAborted;
      case 'refused':
        return w.axOutcomeRefused;
      case 'failed': {
        const step = outcome.step?.error !== undefined && outcome.step.error === outcome.detail ? outcome.step : undefined;
        if (belowSteps && step) return w.axOutcomeFailedShown;
        return fill(w.axOutcomeFailed, { detail: reasonWords(w, this.resolvedLocale, step?.reason, outcome.detail ?? '') });
      }
      case 'changed':
        return w.axOutcomeChanged;
      case 'unseen':
        return w.axOutcomeUnseen;
      case 'model-failed':
        return w.axOutcomeModelFailed;
      case 'withdrawn':
        return w.axOutcomeWithdrawn;
      case 'diverted':
        return w.axOutcomeDiverted;
    }
  }

  /** What the status line says. */
  #say(status: RequestStatus): string {
    const w = this.words;
    switch (status.phase) {
      case 'running':
        return w.axWorking;
      case 'done':
        return this.#run.ending || w.axFinished;
      case 'stopped':
        return w.axStopped;
      case 'failed':
        if (status.code === SOURCE_FAILED) return this.#run.ending;
        return status.code === 'rate_limited' || status.code === 'overloaded' ? w.axBusy : w.axCouldNotRun;
      default:
        return '';
    }
  }

  // ——— drawing ———

  #number(n: number): string {
    return numberFormat(this.resolvedLocale).format(n);
  }

  #burstView(b: BurstView, numbered: boolean, w: Strings): TemplateResult {
    const outcome = b.outcome;
    const gaveUp = outcome?.reason === 'done' && outcome.status === 'failure';
    return html`<section class="burst" aria-label=${fill(w.axRound, { number: b.number })}>
      ${numbered ? html`<h3 class="round" aria-hidden="true">${fill(w.axRound, { number: b.number })}</h3>` : nothing}
      ${b.narration.length > 0
        ? guard([b.narration.length], () => html`<div class="narration" part="narration">${b.narration.map((line) => html`<p dir="auto">${streamText(line)}</p>`)}</div>`)
        : nothing}
      ${b.steps.length > 0 ? this.#stepsView(b, w) : nothing}
      ${b.unreadable > 0 ? html`<p class="dropped">${b.unreadable === 1 ? w.axDroppedOne : fill(w.axDroppedMany, { count: this.#number(b.unreadable) })}</p>` : nothing}
      ${b.overLimit > 0
        ? html`<p class="dropped">${fill(b.overLimit === 1 ? w.axOverLimitOne : w.axOverLimitMany, { count: this.#number(b.overLimit), max: this.#number(AX_LIMITS.maxSteps) })}</p>`
        : nothing}
      ${outcome && outcome.reason !== 'aborted'
        ? html`<p class="outcome ${gaveUp ? 'gave-up' : outcome.reason}" part="outcome">${this.#outcomeWords(outcome, true)}</p>`
        : nothing}
    </section>`;
  }

  /**
   * The steps of a burst, as one ordered list. A long burst shows the steps around the one running (the latest
   * finished, the running one, the next few), with a count of the others and a button to show them all; so the
   * page holds a few dozen list items whatever the length of the burst, and each change draws a few of them.
   * Shown in full (a few chunks more each frame), the list draws again only the chunk of steps that changed.
   */
  #stepsView(b: BurstView, w: Strings): TemplateResult {
    const total = b.steps.length;
    const ended = b.outcome !== null;
    let start = 0;
    let end = total;
    if (!b.expanded) {
      const at = Math.max(b.cursor, 0);
      start = Math.max(0, at - BEFORE);
      end = Math.min(total, at + 1 + AFTER);
      if (start < FOLD_MIN) start = 0;
      if (total - end < FOLD_MIN) end = total;
    }
    const folds = start > 0 || end < total || b.expanded;
    const id = `steps-${b.number}`;
    const items = b.expanded
      ? b.chunks
          .slice(0, b.shown)
          .map((version, c) => guard([version, w, this.resolvedLocale, ended], () => repeat(b.steps.slice(c * CHUNK, (c + 1) * CHUNK), (s) => s.index, (s) => this.#stepView(s, w, ended))))
      : repeat(b.steps.slice(start, end), (s) => s.index, (s) => this.#stepView(s, w, ended));
    return html`${folds
        ? html`<div class="steps-more">
            ${start > 0 ? html`<span>${fill(w.axEarlierSteps, { count: this.#number(start) })}</span>` : nothing}
            <button type="button" class="button secondary" part="steps-toggle" aria-controls=${id} aria-expanded=${b.expanded ? 'true' : 'false'} @click=${() => this.#log.expand(b.number, !b.expanded)}>
              ${b.expanded ? w.axShowLatestSteps : fill(w.axShowAllSteps, { count: this.#number(total) })}
            </button>
          </div>`
        : nothing}
      ${
        // Folding a list shown in full throws its list away whole, rather than taking out a thousand items one
        // by one in the task the person clicked in. role="list": drawn without bullets, a list is no list to
        // Safari's VoiceOver unless it says so.
        keyed(b.expanded, html`<ol class="steps" part="steps" role="list" id=${id} aria-label=${w.axSteps} start=${start + 1}>${items}</ol>`)
      }
      ${end < total ? html`<p class="steps-later">${fill(ended ? w.axLaterNotRun : w.axLaterWaiting, { count: this.#number(total - end) })}</p>` : nothing}`;
  }

  #stepView(step: Step<unknown>, w: Strings, ended: boolean): TemplateResult {
    // A step still waiting when its burst ended will never run: it says so, rather than "Waiting" for ever.
    const status: ShownStatus = ended && step.status === 'queued' ? 'not-run' : step.status;
    const cache = status === 'not-run' ? this.#drawnNotRun : this.#drawn;
    let byStep = cache.get(w);
    if (!byStep) cache.set(w, (byStep = new WeakMap()));
    const cached = byStep.get(step);
    // A reason writes numbers as the locale does, and the locale may change without the words: not kept (one a burst).
    if (cached && !step.reason) return cached;
    const template = html`<li class="step ${status}" part="step" data-status=${status} data-risk=${step.risk}>
      <span class="mark" aria-hidden="true"></span>
      <span class="what">${actionRuns(w, step.action, step.resolved)}</span>
      <span class="state" part="step-state">${stateWords(w, status)}</span>
      ${step.error ? html`<span class="error">${reasonRuns(w, this.resolvedLocale, step)}</span>` : nothing}
      ${step.ambiguous ? html`<span class="note" part="step-note">${alsoMatchedRuns(w, step.ambiguous.alike)}</span>` : nothing}
    </li>`;
    byStep.set(step, template);
    return template;
  }

  /** Every event goes out here (the events are typed classes; their names are in the class JSDoc). */
  #fire(event: Event): void {
    this.dispatchEvent(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ax-runner': AxRunnerElement;
  }
}
