/**
 * A governed Button was pressed ([9], [9.1]–[9.3]): the fields its params read must pass ([8.6]); then the
 * shared pipeline checks the tool and the params, asks for the app's confirmation and runs the handler, or
 * sends the press to the server's mutate endpoint ([10.14]). What each outcome tells the app (events, issues)
 * and the person (the Button's status words) is decided here; the checks themselves are shared.
 */
import { Signal } from '../../shared/base/signals.js';
import type { ActionRules } from '../../../src/actions/index.js';
import type { Issue, OmniDocument, OmniMutation } from '../../../src/omni-ir/index.js';
import { errorText } from '../../../src/stream/index.js';
import type { ApprovalController } from '../../shared/controllers/approval.js';
import type { FocusController } from '../../shared/controllers/focus.js';
import { isStateRef } from '../views/parts.js';
import {
  OmniActionErrorEvent,
  OmniActionEvent,
  OmniBlockedEvent,
  type ActionParams,
  type BlockReason,
  type OmniAction,
  type OmniActionResult,
} from '../events.js';
import type { FieldRules } from './fieldRules.js';

export interface PressHost {
  /** Where the screen's nodes are drawn (its shadow root). */
  root(): HTMLElement | DocumentFragment;
  doc(): OmniDocument | null;
  rules(): ActionRules;
  /** Runs the action: the app's handler, or a press sent to the server. Throws when there is neither. */
  run(action: OmniAction): Promise<OmniActionResult | void> | OmniActionResult | void;
  /** The stream has ended, so an update the handler returns can be applied. */
  ended(): boolean;
  applyUpdate(text: string): void;
  fire(event: Event): void;
  report(issue: Issue): void;
  /** Says `words` politely (the screen's announcer). */
  announce(words: string): void;
  words(): { readonly actionWithdrawn: string };
}

/**
 * What a Button says beyond its phase: its confirmation was withdrawn because the screen changed; its press is
 * waiting for the server (with a Cancel); or no answer came (`timeout`, `stopped` by the person, or the
 * connection `lost`), so whether it ran is unknown and Try again sends the same press.
 */
export type PressNote =
  | { readonly kind: 'withdrawn' }
  | { readonly kind: 'waiting'; readonly cancel: () => void }
  | { readonly kind: 'unanswered'; readonly why: 'timeout' | 'stopped' | 'lost' };

/** The `$key`s a McpMutation's params read. */
export const readsOf = (mutation: OmniMutation): string[] => Object.values(mutation.params).filter(isStateRef).map((r) => r.key);

/** True once every `$key` the params read has arrived: until then a press would send nulls for them. */
export const readsArrived = (doc: OmniDocument, mutation: OmniMutation): boolean => readsOf(mutation).every((key) => doc.hasState(key));

export class Presses {
  readonly #notes = new Map<string, Signal.State<PressNote | null>>();
  /** Presses not yet running, with what the screen offered when pressed; aborting one withdraws its approval. */
  readonly #open = new Map<string, { readonly offer: string; readonly stop: AbortController }>();

  constructor(
    private readonly host: PressHost,
    private readonly approval: ApprovalController,
    private readonly fields: FieldRules,
    private readonly focus: FocusController,
  ) {}

  /** What the Button says beyond its phase, if anything (reactive). */
  note(buttonId: string): PressNote | null {
    return this.#note(buttonId).get();
  }

  setNote(buttonId: string, note: PressNote | null): void {
    this.#note(buttonId).set(note);
  }

  /** Forgets every note and open press (the screen started over; the approvals themselves are reset apart). */
  reset(): void {
    for (const open of this.#open.values()) open.stop.abort();
    this.#open.clear();
    this.#notes.clear();
  }

  /**
   * The screen changed (an update was applied): an approval lives only while the screen still offers exactly
   * the Button, McpMutation and params it was asked for, so any other is withdrawn before it can run.
   */
  screenChanged(): void {
    for (const [id, open] of this.#open) if (this.#offer(id) !== open.offer) open.stop.abort();
  }

  /** What the screen offers under a Button now: the Button as written, its McpMutation and the params' values. */
  #offer(buttonId: string): string | null {
    const doc = this.host.doc();
    const node = doc?.node(buttonId);
    const mutation = doc?.mutation(buttonId);
    if (!doc || !node || !mutation) return null;
    const values = Object.values(mutation.params).map((v) => (isStateRef(v) ? (doc.state(v.key) ?? null) : v));
    return JSON.stringify([node.type, node.props, mutation.tool, mutation.params, values]);
  }

  async press(buttonId: string, opener: HTMLElement): Promise<void> {
    const doc = this.host.doc();
    const mutation = doc?.mutation(buttonId);
    // Ungoverned, not approved yet, or reading state that hasn't arrived: never reaches the handler ([9], [5.11]).
    if (!doc || !mutation || !readsArrived(doc, mutation)) return;
    const now = this.approval.phase(buttonId);
    if (now === 'checking' || now === 'running') return;
    this.setNote(buttonId, null);
    const offer = this.#offer(buttonId)!;
    const stop = new AbortController();
    this.#open.set(buttonId, { offer, stop });
    // Params with each $key replaced by its current value, read once the fields have passed, and read again just
    // before the handler runs: the shared pipeline runs it only if they are still what the person approved.
    let fieldsPassed = false;
    const read = (): ActionParams => {
      if (!fieldsPassed) return Object.freeze({});
      const values: ActionParams = {};
      for (const [name, value] of Object.entries(mutation.params)) {
        values[name] = isStateRef(value) ? (doc.state(value.key) ?? null) : value;
      }
      return Object.freeze(values);
    };
    let params: ActionParams = {};
    const outcome = await this.approval.govern({
      key: buttonId,
      tool: mutation.tool,
      signal: stop.signal,
      get params() {
        return read();
      },
      rules: this.host.rules(),
      opener,
      ready: async () => {
        const reads = new Set(readsOf(mutation));
        const blocking = this.fields.checkForPress(reads);
        if (blocking.length > 0) {
          this.host.fire(new OmniBlockedEvent('fields', buttonId, mutation.tool, blocking));
          await this.#focusField(blocking);
          return false;
        }
        fieldsPassed = true;
        return true;
      },
      run: (checked) => {
        // Running now: what the screen does next no longer takes the approval back.
        this.#open.delete(buttonId);
        // The very params read() gave and the seal matched.
        params = checked as ActionParams;
        return this.host.run(Object.freeze({ tool: mutation.tool, params, button: buttonId, mutation }));
      },
    });
    if (this.#open.get(buttonId)?.stop === stop) this.#open.delete(buttonId);
    if (outcome.status === 'withdrawn' && stop.signal.aborted && outcome.reason === 'aborted') {
      this.#withdrawn(buttonId, mutation);
      return;
    }
    switch (outcome.status) {
      case 'blocked':
        this.#blocked(outcome.reason, buttonId, mutation, outcome.details);
        return;
      case 'failed':
        this.host.report({
          code: 'handler_failed',
          severity: 'error',
          line: mutation.line,
          id: buttonId,
          message: `The handler for "${mutation.tool}" failed: ${errorText(outcome.error)}`,
        });
        this.host.fire(new OmniActionErrorEvent(mutation.tool, params, buttonId, outcome.error));
        return;
      case 'done': {
        const answer = outcome.result;
        const result = answer && typeof answer === 'object' ? answer.result : undefined;
        this.host.fire(new OmniActionEvent(mutation.tool, params, buttonId, result));
        const update = answer && typeof answer === 'object' ? answer.update : undefined;
        // An update that isn't a string is ignored ([10.35]); one is applied only after the stream ended ([10.29]).
        if (typeof update === 'string' && this.host.ended()) this.host.applyUpdate(update);
        return;
      }
      case 'changed':
        this.host.report({
          code: 'mutation_blocked',
          severity: 'error',
          line: mutation.line,
          id: buttonId,
          message: `Blocked: the params for "${mutation.tool}" changed after the person approved them, so nothing ran`,
        });
        this.host.fire(new OmniBlockedEvent('changed', buttonId, mutation.tool, { approved: outcome.approved, actual: outcome.actual }));
        return;
      case 'unseen':
        this.host.report({
          code: 'mutation_blocked',
          severity: 'warning',
          line: mutation.line,
          id: buttonId,
          message: `Blocked: the confirmation for "${mutation.tool}" could not be shown where the person can see it (the screen is hidden or has no size), so nothing ran`,
        });
        this.host.fire(new OmniBlockedEvent('unseen', buttonId, mutation.tool, null));
        return;
      default:
        return; // cancelled, withdrawn, not ready, busy or stale: nothing ran, nothing to say
    }
  }

  /** The screen stopped offering what the person was asked about: nothing ran, and the person is told. */
  #withdrawn(buttonId: string, mutation: OmniMutation): void {
    const words = this.host.words().actionWithdrawn;
    const doc = this.host.doc();
    // A Button still on the screen says it in its own status region; one that is gone, through the announcer.
    if (doc?.mutation(buttonId)) this.setNote(buttonId, { kind: 'withdrawn' });
    else this.host.announce(words);
    this.host.fire(new OmniBlockedEvent('withdrawn', buttonId, mutation.tool, null));
  }

  #note(key: string): Signal.State<PressNote | null> {
    let s = this.#notes.get(key);
    if (!s) this.#notes.set(key, (s = new Signal.State<PressNote | null>(null)));
    return s;
  }

  #blocked(reason: BlockReason, buttonId: string, mutation: OmniMutation, details: unknown): void {
    this.host.report({
      code: 'mutation_blocked',
      severity: 'error',
      line: mutation.line,
      id: buttonId,
      message:
        reason === 'tool'
          ? `Blocked: the tool "${mutation.tool}" isn't registered`
          : reason === 'params'
            ? `Blocked: the params for "${mutation.tool}" don't match its schema`
            : `Blocked: the confirmation for "${mutation.tool}" could not be written`,
    });
    this.host.fire(new OmniBlockedEvent(reason, buttonId, mutation.tool, details));
  }

  /** Moves focus to the first failed field in screen order, opening the tab it is in if needed. */
  async #focusField(ids: readonly string[]): Promise<void> {
    const wanted = new Set(ids);
    const first = [...this.host.root().querySelectorAll<HTMLElement>('[data-omni-field]')].find((el) =>
      wanted.has(el.getAttribute('data-omni-field') ?? ''),
    );
    if (!first) return;
    // Let the field draw its message first, so focusing it reads the message too.
    const node = first.closest('omni-node');
    await this.focus.reveal(first, node ? [node.updateComplete] : []);
  }
}
