/**
 * The events `<omni-screen>` fires. Each is an `Event` subclass with typed fields (no `detail` bag), and all
 * bubble and cross shadow roots so a listener on the page sees them.
 */
import type { Issue, OmniMutation, Scalar } from '../../src/omni-ir/types.js';

const init: EventInit = { bubbles: true, composed: true };

/** The params of a governed action after every `$key` was replaced by its current value. */
export type ActionParams = Record<string, Scalar>;

/** What the app's `handler` receives for a press that passed every check ([9.3]). */
export interface OmniAction {
  /** The registered tool to run. */
  readonly tool: string;
  /** Params with each `$key` replaced by its current value; checked against the tool's JSON Schema. */
  readonly params: ActionParams;
  /** Id of the pressed Button, so an update the result carries can name it ([10.35]). */
  readonly button: string;
  /** The McpMutation that approved the action, as the parser accepted it. */
  readonly mutation: OmniMutation;
}

/** What a handler may return: anything as `result`; a string `update` is applied to the screen ([10.35]). */
export interface OmniActionResult {
  readonly result?: unknown;
  readonly update?: unknown;
}

/** `omni-action`: a governed action ran and its handler succeeded. */
export class OmniActionEvent extends Event {
  static readonly eventName = 'omni-action';
  constructor(
    readonly tool: string,
    readonly params: ActionParams,
    readonly button: string,
    readonly result: unknown,
  ) {
    super(OmniActionEvent.eventName, init);
  }
}

/** `omni-action-error`: the handler threw, rejected, or no handler was set; nothing is assumed to have run. */
export class OmniActionErrorEvent extends Event {
  static readonly eventName = 'omni-action-error';
  /** Always `handler_failed` ([7.4]). */
  readonly code = 'handler_failed' as const;
  constructor(
    readonly tool: string,
    readonly params: ActionParams,
    readonly button: string,
    readonly error: unknown,
  ) {
    super(OmniActionErrorEvent.eventName, init);
  }
}

/**
 * Why a press was stopped before the handler:
 * - `fields`: a field its params read failed its checks ([8.6]);
 * - `tool`: the tool isn't in the `tools` registry;
 * - `params`: the params failed the tool's JSON Schema;
 * - `confirm-failed`: the app's confirmation function threw or didn't return a string ([9.1]).
 */
export type BlockReason = 'fields' | 'tool' | 'params' | 'confirm-failed';

/** `omni-blocked`: a press was stopped. `details` is for the app only; the person sees a plain sentence. */
export class OmniBlockedEvent extends Event {
  static readonly eventName = 'omni-blocked';
  constructor(
    readonly reason: BlockReason,
    readonly button: string,
    readonly tool: string,
    /** Field ids that failed (`fields`), schema errors (`params`), or the thrown error (`confirm-failed`). */
    readonly details: unknown,
  ) {
    super(OmniBlockedEvent.eventName, init);
  }
}

/** `omni-issue`: one issue found by the parser or the renderer, as soon as it is found. */
export class OmniIssueEvent extends Event {
  static readonly eventName = 'omni-issue';
  constructor(readonly issue: Issue) {
    super(OmniIssueEvent.eventName, init);
  }
}

/** `omni-end`: the stream ended; `issues` holds every issue of the screen so far. */
export class OmniEndEvent extends Event {
  static readonly eventName = 'omni-end';
  constructor(readonly issues: readonly Issue[]) {
    super(OmniEndEvent.eventName, init);
  }
}

declare global {
  interface HTMLElementEventMap {
    'omni-action': OmniActionEvent;
    'omni-action-error': OmniActionErrorEvent;
    'omni-blocked': OmniBlockedEvent;
    'omni-issue': OmniIssueEvent;
    'omni-end': OmniEndEvent;
  }
}
