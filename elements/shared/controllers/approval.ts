/**
 * Governed actions in an element: the shared pipeline of src/actions (registered tool, params against its
 * schema, the confirmation sentence), the person's answer in the shared confirmation dialog (focus back to the
 * opener), the app's code run, and where each action is (`phase`, reactive) so its control can say so.
 * `<omni-screen>`'s presses, `<ax-runner>`'s risky steps and `<oui-surface>`'s requested actions go through it;
 * what an outcome means to the app (events, issues) stays the element's.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { Signal } from 'signal-polyfill';
import { reviewAction, type ActionParams, type ActionRules, type BlockReason } from '../../../src/actions/govern.js';
import type { ParamProblem } from '../../../src/actions/schema.js';
import type { AeConfirmDialog } from '../elements/confirmDialog.js';
import '../elements/confirmDialog.js';
import { errorText } from '../../../src/stream/errors.js';

/** Where an action is: `idle` until asked for, then `checking`, `running`, and how it ended. */
export type ActionPhase = 'idle' | 'checking' | 'running' | 'blocked' | 'failed' | 'done';

export interface GovernedAction<R> {
  /** What the phase is kept under (a Button's id, a step's index, a request id). */
  readonly key: string;
  readonly tool: string;
  readonly params: ActionParams;
  readonly rules: ActionRules;
  /** Where focus goes back to when the dialog closes (default: whatever had focus). */
  readonly opener?: HTMLElement | null;
  /** The element's own precondition, checked first (the fields a press reads): false runs nothing. */
  readonly ready?: () => boolean | Promise<boolean>;
  /** The app's code: runs once every check passed and the person agreed. */
  readonly run: () => Promise<R> | R;
}

export type GovernOutcome<R> =
  | { readonly status: 'done'; readonly result: R }
  /** Stopped before running: the tool, the params or the confirmation. `details` is for the app. */
  | { readonly status: 'blocked'; readonly reason: BlockReason; readonly message: string; readonly problems: readonly ParamProblem[]; readonly details: unknown }
  | { readonly status: 'failed'; readonly error: unknown }
  /** The person said no (Cancel, Escape, or the dialog went away). */
  | { readonly status: 'cancelled' }
  /** The precondition said no. */
  | { readonly status: 'not-ready' }
  /** The same key is already being checked or run: a second press does nothing. */
  | { readonly status: 'busy' }
  /** `reset()` came while it was in flight: nothing more is done or said for it. */
  | { readonly status: 'stale' };

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class ApprovalController implements ReactiveController {
  readonly #phases = new Map<string, Signal.State<ActionPhase>>();
  #generation = 0;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Where the action kept under `key` is (reactive). */
  phase(key: string): ActionPhase {
    return this.#phase(key).get();
  }

  /** Runs an action through every check, the person's answer and the app's code. Never throws. */
  async govern<R>(action: GovernedAction<R>): Promise<GovernOutcome<R>> {
    const phase = this.#phase(action.key);
    if (phase.get() === 'checking' || phase.get() === 'running') return { status: 'busy' };
    phase.set('checking');
    const generation = this.#generation;
    const stale = () => generation !== this.#generation;
    try {
      if (action.ready && !(await action.ready())) {
        if (stale()) return { status: 'stale' };
        phase.set('idle');
        return { status: 'not-ready' };
      }
      if (stale()) return { status: 'stale' };
      let review;
      try {
        review = await reviewAction(action.tool, action.params, action.rules);
      } catch (error) {
        // The schema checker couldn't load: nothing is sent unchecked.
        review = { ok: false as const, reason: 'params' as const, message: errorText(error), problems: [], error };
      }
      if (stale()) return { status: 'stale' };
      if (!review.ok) {
        phase.set('blocked');
        const details = review.reason === 'tool' ? review.message : review.reason === 'params' ? (review.error ? [review.error] : review.problems) : review.error;
        return { status: 'blocked', reason: review.reason, message: review.message, problems: review.problems, details };
      }
      if (review.confirmation !== null) {
        const agreed = await this.ask(review.confirmation, action.opener);
        if (stale()) return { status: 'stale' };
        if (!agreed) {
          phase.set('idle');
          return { status: 'cancelled' };
        }
      }
      phase.set('running');
      let result: R;
      try {
        result = await action.run();
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
   * Asks the person in the shared confirmation dialog: resolves true only when they confirm. Focus goes back to
   * `opener` (default: whatever had focus). Without the dialog in the page (the element isn't), it is a no.
   */
  async ask(sentence: string, opener?: HTMLElement | null): Promise<boolean> {
    await this.host.updateComplete;
    const dialog = this.host.renderRoot.querySelector<AeConfirmDialog>('ae-confirm-dialog');
    if (!dialog || typeof dialog.ask !== 'function') return false;
    return dialog.ask(sentence, opener);
  }

  /** Forgets every action: those in flight end as `stale`, and every phase is idle again. */
  reset(): void {
    this.#generation++;
    this.#phases.clear();
    this.host.renderRoot?.querySelector<AeConfirmDialog>('ae-confirm-dialog')?.dismiss();
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
