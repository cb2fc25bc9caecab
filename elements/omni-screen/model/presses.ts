/**
 * A governed Button was pressed ([9], [9.1]–[9.3]): the fields its params read must pass ([8.6]); then the
 * shared pipeline checks the tool and the params, asks for the app's confirmation and runs the handler, or
 * sends the press to the server's mutate endpoint ([10.14]). What each outcome tells the app (events, issues)
 * and the person (the Button's status words) is decided here; the checks themselves are shared.
 */
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
}

export class Presses {
  constructor(
    private readonly host: PressHost,
    private readonly approval: ApprovalController,
    private readonly fields: FieldRules,
    private readonly focus: FocusController,
  ) {}

  async press(buttonId: string, opener: HTMLElement): Promise<void> {
    const doc = this.host.doc();
    const mutation = doc?.mutation(buttonId);
    if (!doc || !mutation) return; // ungoverned, or not approved yet: never reaches the handler ([9])
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
      get params() {
        return read();
      },
      rules: this.host.rules(),
      opener,
      ready: async () => {
        const reads = new Set(Object.values(mutation.params).filter(isStateRef).map((r) => r.key));
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
        // The very params read() gave and the seal matched.
        params = checked as ActionParams;
        return this.host.run(Object.freeze({ tool: mutation.tool, params, button: buttonId, mutation }));
      },
    });
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
