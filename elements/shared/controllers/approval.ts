/**
 * Governed actions in an element: the shared pipeline of src/actions (registered tool, params against its
 * schema, the confirmation sentence), the person's answer in the page's one confirmation queue (every param
 * shown, focus back to the opener), the approval bound to what was shown, the app's code run, and where each
 * action is (`phase`, reactive) so its control can say so. `<omni-screen>`'s presses, `<ax-runner>`'s risky
 * steps and `<oui-surface>`'s requested actions go through it; what an outcome means to the app (events,
 * issues) stays the element's.
 *
 * The dialog and the pipeline's checks load on first use (shared/approvals/approvalParts.ts): a screen that never
 * asks never fetches them. `ApprovalController.warm()` starts that load early, when a governed action first shows.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { Signal } from '../base/signals.js';
import {
  pastDeadline,
  type ActionParams,
  type ActionRules,
  type BlockReason,
  type ParamDetail,
  type ParamProblem,
  type ParamsSeal,
  type Review,
} from '../../../src/actions/index.js';
import type { ConfirmationAnswer } from '../approvals/approvalQueue.js';
import type { AeConfirmDialogElement } from '../elements/confirmDialog.js';
import { errorText } from '../../../src/stream/index.js';
import { lazy } from '../../../src/lazy.js';
import { numberFormat } from '../base/locale.js';

export type { ConfirmationAnswer } from '../approvals/approvalQueue.js';

/**
 * Where an action is: `idle` until asked for, then `checking`, `running`, and how it ended: `blocked` (a
 * check refused it), `changed` (its params changed after the person approved them), `unseen` (its confirmation
 * could not be shown), `failed` or `done`. Cancelled and withdrawn actions are `idle` again.
 */
export type ActionPhase = 'idle' | 'checking' | 'running' | 'blocked' | 'changed' | 'unseen' | 'failed' | 'done';

/** How long an approval may take, and who may take it back. */
export interface ApprovalLimits {
  /**
   * Withdraws the confirmation when it aborts (an agent gave up, a step was stopped): the dialog closes, focus
   * goes back, and the action never runs.
   */
  readonly signal?: AbortSignal;
  /**
   * Epoch ms (`Date.now()` time) after which the action never runs: the dialog is withdrawn when it comes, and
   * it is checked again just before running, so a Confirm pressed in the same instant runs nothing.
   */
  readonly deadline?: number;
}

/** What `ask()` shows besides its sentence, and how it ends. */
export interface AskOptions extends ApprovalLimits {
  /** Where focus goes back to when the dialog closes (default: whatever had focus when it opened). */
  readonly opener?: HTMLElement | null;
  /** Every param the action will receive, listed in full below the sentence (see `paramDetails()`). */
  readonly details?: readonly ParamDetail[];
  /** How many more requests of the same asker wait behind this one (see ConfirmationRequest). */
  readonly waiting?: () => number;
  /** Offers "Stop the assistant": called once the person pressed it (see ConfirmationRequest). */
  readonly stopAll?: () => void;
}

export interface GovernedAction<R> extends ApprovalLimits {
  /** What the phase is kept under (a Button's id, a step's index, a request id). */
  readonly key: string;
  readonly tool: string;
  /**
   * The params, read when they are checked and again just before running (a getter may read them afresh):
   * they must still be what the person approved, or nothing runs (`changed`).
   */
  readonly params: ActionParams;
  readonly rules: ActionRules;
  /** Where focus goes back to when the dialog closes (default: whatever had focus). */
  readonly opener?: HTMLElement | null;
  /** The element's own precondition, checked first (the fields a press reads): false runs nothing. */
  readonly ready?: () => boolean | Promise<boolean>;
  /** The app's code: runs once every check passed and the person agreed, with the params that were checked. */
  readonly run: (params: ActionParams) => Promise<R> | R;
}

export type GovernOutcome<R> =
  | { readonly status: 'done'; readonly result: R }
  /** Stopped before running: the tool, the params or the confirmation. `details` is for the app. */
  | { readonly status: 'blocked'; readonly reason: BlockReason; readonly message: string; readonly problems: readonly ParamProblem[]; readonly details: unknown }
  | { readonly status: 'failed'; readonly error: unknown }
  /** The person said no (Cancel, Escape). */
  | { readonly status: 'cancelled' }
  /** The signal aborted or the deadline came (before asking, while asking, or just before running): nothing ran. */
  | { readonly status: 'withdrawn'; readonly reason: 'aborted' | 'deadline' }
  /** The confirmation could not be shown where the person can see it: nothing ran. */
  | { readonly status: 'unseen' }
  /**
   * The params that would run are not the ones the person approved (digests of both; `actual` null when they
   * could no longer be read): nothing ran.
   */
  | { readonly status: 'changed'; readonly approved: string; readonly actual: string | null }
  /** The precondition said no. */
  | { readonly status: 'not-ready' }
  /** The same key is already being checked or run: a second press does nothing. */
  | { readonly status: 'busy' }
  /** `reset()` came while it was in flight: nothing more is done or said for it. */
  | { readonly status: 'stale' };

type Parts = typeof import('../approvals/approvalParts.js');
const loadParts = lazy(() => import('../approvals/approvalParts.js'), 'the confirmation dialog and the action checks');


type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

const withdrawal = (limits: ApprovalLimits): { readonly status: 'withdrawn'; readonly reason: 'aborted' | 'deadline' } | null =>
  limits.signal?.aborted
    ? { status: 'withdrawn', reason: 'aborted' }
    : pastDeadline(limits.deadline)
      ? { status: 'withdrawn', reason: 'deadline' }
      : null;

const digestOrNull = (parts: Parts, params: unknown): string | null => {
  try {
    return parts.paramsDigest(params);
  } catch {
    return null;
  }
};

export class ApprovalController implements ReactiveController {
  /**
   * Starts loading what a press or a confirmation needs (the dialog, the checks, the JSON Schema checker), if it
   * isn't loading already: call it when a governed action first shows, so the press never waits for the network.
   */
  static warm(): void {
    // Nobody waits on this: a failure is reported to whoever needs the parts (a press is blocked, an ask unseen).
    loadParts().then(
      (parts) => parts.warmValidator().catch(() => {}),
      () => {},
    );
  }

  readonly #phases = new Map<string, Signal.State<ActionPhase>>();
  #generation = 0;
  /** Aborted by `reset()`: withdraws every confirmation this element asked for. */
  #withdrawals = new AbortController();

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Numbers in a confirmation's sentence, written the way the element's locale writes them, whole. */
  #number(): (value: number) => string {
    const locale = (this.host as { resolvedLocale?: string }).resolvedLocale ?? 'en';
    const f = numberFormat(locale, { maximumFractionDigits: 20, useGrouping: false });
    return (value) => f.format(value);
  }

  /** Where the action kept under `key` is (reactive). */
  phase(key: string): ActionPhase {
    return this.#phase(key).get();
  }

  /**
   * Runs an action through every check, the person's answer and the app's code. Never throws. With a `signal`
   * or a `deadline`, the action is withdrawn when either fires, and both are checked again just before running.
   * The params are sealed when they are checked (and shown); just before running they are read again, and
   * anything but the same params ends as `changed` without running.
   */
  async govern<R>(action: GovernedAction<R>): Promise<GovernOutcome<R>> {
    const phase = this.#phase(action.key);
    if (phase.get() === 'checking' || phase.get() === 'running') return { status: 'busy' };
    phase.set('checking');
    const generation = this.#generation;
    const stale = () => generation !== this.#generation;
    const withdrawn = () => {
      const w = withdrawal(action);
      if (w) phase.set('idle');
      return w;
    };
    try {
      const early = withdrawn();
      if (early) return early;
      if (action.ready && !(await action.ready())) {
        if (stale()) return { status: 'stale' };
        phase.set('idle');
        return { status: 'not-ready' };
      }
      if (stale()) return { status: 'stale' };
      const before = withdrawn();
      if (before) return before;
      const checked = action.params;
      let parts: Parts;
      let seal: ParamsSeal;
      let review: Review;
      try {
        parts = await loadParts();
        seal = parts.sealParams(checked);
        review = await parts.reviewAction(action.tool, checked, action.rules, this.#number());
      } catch (error) {
        // The checks or the schema checker couldn't load, or the params can't be bound: nothing is sent unchecked.
        if (stale()) return { status: 'stale' };
        phase.set('blocked');
        return { status: 'blocked', reason: 'params', message: errorText(error), problems: [], details: error ? [error] : [] };
      }
      if (stale()) return { status: 'stale' };
      if (!review.ok) {
        phase.set('blocked');
        const details = review.reason === 'tool' ? review.message : review.reason === 'params' ? (review.error ? [review.error] : review.problems) : review.error;
        return { status: 'blocked', reason: review.reason, message: review.message, problems: review.problems, details };
      }
      if (review.confirmation !== null) {
        const answer = await this.ask(review.confirmation, {
          opener: action.opener,
          signal: action.signal,
          deadline: action.deadline,
          details: parts.paramDetails(checked, action.rules.tools[action.tool]),
        });
        if (stale()) return { status: 'stale' };
        if (answer === 'cancelled') {
          phase.set('idle');
          return { status: 'cancelled' };
        }
        if (answer === 'unseen') {
          phase.set('unseen');
          return { status: 'unseen' };
        }
        if (answer !== 'confirmed') {
          phase.set('idle');
          return withdrawal(action) ?? { status: 'withdrawn', reason: 'aborted' };
        }
      }
      // Just before running, in the same task as the run: nothing after the deadline, and only what was approved.
      const late = withdrawn();
      if (late) return late;
      const now = action.params;
      if (!parts.matchesSeal(seal, now)) {
        phase.set('changed');
        return { status: 'changed', approved: seal.digest, actual: digestOrNull(parts, now) };
      }
      phase.set('running');
      let result: R;
      try {
        result = await action.run(now);
      } catch (error) {
        if (stale()) return { status: 'stale' };
        phase.set('failed');
        return { status: 'failed', error };
      }
      if (stale()) return { status: 'stale' };
      phase.set('done');
      return { status: 'done', result };
    } catch (error) {
      // The precondition itself threw: the element's bug, but the action must not stay 'checking' for ever.
      if (stale()) return { status: 'stale' };
      phase.set('failed');
      return { status: 'failed', error };
    }
  }

  /**
   * Asks the person in this element's confirmation dialog, in turn with every other confirmation of the page.
   * Resolves with how it ended: `confirmed`, `cancelled`, `withdrawn` (the `signal` aborted, the `deadline`
   * came, or `reset()`) or `unseen` (it could not be shown where the person can see it, or the element has no
   * dialog, or the dialog could not be loaded). Never rejects. Check `signal` and `deadline` again just before
   * acting (or use `govern()`, which does).
   */
  async ask(sentence: string, options: AskOptions = {}): Promise<ConfirmationAnswer> {
    const own = this.#withdrawals.signal;
    try {
      // Defines <ae-confirm-dialog>, which upgrades the one this element drew.
      await loadParts();
    } catch (error) {
      console.error(error);
      return 'unseen';
    }
    await this.host.updateComplete;
    const dialog = this.host.renderRoot.querySelector<AeConfirmDialogElement>('ae-confirm-dialog');
    if (!dialog || typeof dialog.request !== 'function') return 'unseen';
    const signal = options.signal ? AbortSignal.any([own, options.signal]) : own;
    return dialog.request({
      sentence,
      signal,
      ...(options.details ? { details: options.details } : {}),
      ...(options.opener !== undefined ? { opener: options.opener } : {}),
      ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
      ...(options.waiting ? { waiting: options.waiting } : {}),
      ...(options.stopAll ? { stopAll: options.stopAll } : {}),
    });
  }

  /**
   * The simple form of `ask()`: true only when the person confirmed, and neither the `signal` nor the `deadline`
   * has fired by the time the answer is read.
   */
  async confirmed(sentence: string, options: AskOptions = {}): Promise<boolean> {
    const answer = await this.ask(sentence, options);
    return answer === 'confirmed' && !withdrawal(options);
  }

  /** Forgets every action: those in flight end as `stale`, their confirmations are withdrawn, every phase is idle again. */
  reset(): void {
    this.#generation++;
    this.#phases.clear();
    this.#withdrawals.abort();
    this.#withdrawals = new AbortController();
  }

  /** The dialog; put it once in the element's template. */
  render(): TemplateResult {
    return html`<ae-confirm-dialog></ae-confirm-dialog>`;
  }

  #phase(key: string): Signal.State<ActionPhase> {
    let s = this.#phases.get(key);
    if (!s) this.#phases.set(key, (s = new Signal.State<ActionPhase>('idle')));
    return s;
  }
}
