/**
 * The events `<omni-screen>` fires. Each is an `Event` subclass with typed fields (no `detail` bag), and all
 * bubble and cross shadow roots so a listener on the page sees them.
 */
import type { Issue, OmniMutation, Scalar, UpdateResult } from '../../src/omni-ir/index.js';
import type { GenerateOutcome, LiveError, LiveStop } from '../../src/omni-ir/transport/index.js';

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
    /** The registered tool that ran. */
    readonly tool: string,
    /** The params it ran with, each `$key` replaced by its value and checked against the tool's JSON Schema. */
    readonly params: ActionParams,
    /** The id of the Button the person pressed. */
    readonly button: string,
    /** What the handler returned (its `result`, when it returned `{result, update}`). */
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
    /** The registered tool whose handler failed. */
    readonly tool: string,
    /** The checked params the handler was given. */
    readonly params: ActionParams,
    /** The id of the Button the person pressed. */
    readonly button: string,
    /** What the handler threw or rejected with; for the mutate endpoint, an Error whose `failure` says why. */
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
 * - `changed`: the params changed after the person approved them (a field's state changed under the open
 *   dialog, an object was mutated): `details` holds the digests `{approved, actual}`.
 * - `unseen`: the confirmation could not be shown where the person can see it (the screen is hidden, 0 × 0 or
 *   not in the page): `details` is null.
 * - `withdrawn`: while it was being confirmed, an update changed the Button, its McpMutation or the values of
 *   its params, or took the Button away: the confirmation was withdrawn (the person is told) and `details` is null.
 */
export type BlockReason = 'fields' | 'tool' | 'params' | 'confirm-failed' | 'changed' | 'unseen' | 'withdrawn';

/** `omni-blocked`: a press was stopped. `details` is for the app only; the person sees a plain sentence. */
export class OmniBlockedEvent extends Event {
  static readonly eventName = 'omni-blocked';
  constructor(
    /** Why it was stopped: `fields`, `tool`, `params`, `confirm-failed`, `changed`, `unseen` or `withdrawn` (see BlockReason). */
    readonly reason: BlockReason,
    /** The id of the Button the person pressed. */
    readonly button: string,
    /** The tool its McpMutation names. */
    readonly tool: string,
    /** Field ids that failed (`fields`), schema errors (`params`), the thrown error (`confirm-failed`), `{approved, actual}` digests (`changed`). */
    readonly details: unknown,
  ) {
    super(OmniBlockedEvent.eventName, init);
  }
}

/** `omni-issue`: one issue found by the parser or the renderer, as soon as it is found. */
export class OmniIssueEvent extends Event {
  static readonly eventName = 'omni-issue';
  constructor(
    /** The issue: `code`, `severity`, `line` (from 1, or null), `message` and the `id` it concerns, if any. */
    readonly issue: Issue,
  ) {
    super(OmniIssueEvent.eventName, init);
  }
}

/** `omni-end`: the stream ended; `issues` holds every issue of the screen so far. */
export class OmniEndEvent extends Event {
  static readonly eventName = 'omni-end';
  constructor(
    /** Every issue of the screen so far, in the order found. */
    readonly issues: readonly Issue[],
  ) {
    super(OmniEndEvent.eventName, init);
  }
}

/**
 * `omni-generate-end`: a `generate()` ended, the one the screen shows now. `outcome` is the engine's
 * `GenerateOutcome`: `{status: 'done', screen?, stopReason?, model?, ms?}` or `{status: 'error', code, message,
 * retryable, httpStatus?, retryAfter?}` (`code` is the server's, or `connection_lost`, `cancelled`,
 * `server_error`, `client_error` when the transport code itself could not load). A `generate()` replaced by a
 * later one, or by `reset()`, resolves with `cancelled` and fires nothing. A retry the person starts with the
 * Retry button fires its own event.
 */
export class OmniGenerateEndEvent extends Event {
  static readonly eventName = 'omni-generate-end';
  constructor(
    /** The prompt that was sent. */
    readonly prompt: string,
    /** `{status: 'done', …}` or `{status: 'error', code, message, retryable, …}` (see the class description). */
    readonly outcome: GenerateOutcome,
  ) {
    super(OmniGenerateEndEvent.eventName, init);
  }
}

/** Where an update came from: the app's own `update()` call, a pressed Button's result ([10.35]), or the live feed ([10.37]). */
export type UpdateSource = 'app' | 'action' | 'live';

/**
 * `omni-update`: an update was applied, or rejected whole ([10.33]). A rejected one changed nothing and is for
 * the app only (its issues also arrive as `omni-issue`); the person never sees it.
 */
export class OmniUpdateEvent extends Event {
  static readonly eventName = 'omni-update';
  constructor(
    /** Where it came from: `app` (`applyUpdate()`), `action` (a handler's or the server's answer to a press) or `live`. */
    readonly source: UpdateSource,
    /** The update's Omni-IR text, as the server wrote it. */
    readonly text: string,
    /** Whether it was applied, and every issue found ([10.33]). */
    readonly result: UpdateResult,
    /** The live feed's sequence number ([10.37]); undefined for other sources. */
    readonly seq?: number,
  ) {
    super(OmniUpdateEvent.eventName, init);
  }
}

/**
 * The live feed's state ([10.37]–[10.39]): `following` (a request is open or about to be), `retrying` (one
 * attempt failed and another follows; `error` says why), `ended` (the server said the screen won't change
 * again), `stopped` (the screen was reset, generated again or removed from the page) or `failed` (an error
 * that isn't retryable; `error` says which).
 */
export type LiveState = 'following' | 'retrying' | 'ended' | 'stopped' | 'failed';

/** `omni-live`: the live feed of the screen started, retried or stopped. For the app's logs; the person sees nothing. */
export class OmniLiveEvent extends Event {
  static readonly eventName = 'omni-live';
  constructor(
    /** `following`, `retrying`, `ended`, `stopped` or `failed` (see LiveState). */
    readonly state: LiveState,
    /** The server's id for the screen ([10.36]). */
    readonly screen: string,
    /** The seq of the last update received. */
    readonly lastSeq: number,
    /** Why it is retrying or failed: `code`, `message`, `retryable` and the HTTP `status` (0 without an answer). */
    readonly error?: LiveError,
  ) {
    super(OmniLiveEvent.eventName, init);
  }
}

/** The live state a follower's stop means. */
export function liveStateOf(stop: LiveStop): LiveState {
  return stop.reason === 'end' ? 'ended' : stop.reason === 'stopped' ? 'stopped' : 'failed';
}

declare global {
  interface HTMLElementEventMap {
    'omni-generate-end': OmniGenerateEndEvent;
    'omni-update': OmniUpdateEvent;
    'omni-live': OmniLiveEvent;
    'omni-action': OmniActionEvent;
    'omni-action-error': OmniActionErrorEvent;
    'omni-blocked': OmniBlockedEvent;
    'omni-issue': OmniIssueEvent;
    'omni-end': OmniEndEvent;
  }
}
