/**
 * The events `<ax-runner>` fires. Each is an `Event` subclass with typed fields (no `detail` bag); all bubble and
 * cross shadow roots, so a listener on the page hears them.
 */
import type { Observation, BurstOutcome, Step, AxIssue } from '../../src/axstream/index.js';

const init: EventInit = { bubbles: true, composed: true };

/**
 * How a burst ended, in the element's eleven words. The engine's outcome is kept as `engine`:
 *
 * | `reason`     | engine outcome                    | meaning                                           |
 * | ------------ | --------------------------------- | ------------------------------------------------- |
 * | `done`       | `done` (with `status`, `detail`)  | the model ended the task, `success` or `failure`  |
 * | `observe`    | `observe`                         | the steps ran; the model asked for a fresh look   |
 * | `unfinished` | `stream_ended`                    | the steps ran, but the reply ended without observe or done |
 * | `truncated`  | `truncated`                       | the reply was cut off in the middle of a line; that line was not run |
 * | `no-actions` | `no_fence`                        | the reply had no fence, so nothing ran            |
 * | `aborted`    | `aborted`                         | stopped: Stop, `stop()`, a new run, a failed source |
 * | `refused`    | `risk_refused`                    | a risky step was refused (policy or person)       |
 * | `failed`     | `action_failed`, `assert_failed`  | a step could not be done; `detail` says why       |
 * | `changed`    | `target_changed`                  | approved, but the element changed before it acted: nothing was done |
 * | `unseen`     | `approval_unseen`                 | a risky step needed approval and the runner could not be seen to ask |
 * | `model-failed` | `model_failed`                  | `run()`'s model failed mid-reply: what ran stands, the steps after it were not done |
 * | `withdrawn`  | `withdrawn`                       | the reply was cut off while a risky step waited (for it, or for approval): not done |
 * | `diverted`   | `activation_changed`              | the step would have activated something other than what was judged (and approved): nothing was activated |
 */
export type AxOutcome<Ref = unknown> =
  | { readonly reason: 'done'; readonly status: 'success' | 'failure'; readonly detail?: string; readonly step?: Step<Ref>; readonly engine: BurstOutcome<Ref> }
  | {
      readonly reason: 'observe' | 'unfinished' | 'truncated' | 'no-actions' | 'aborted' | 'refused' | 'failed' | 'changed' | 'unseen' | 'model-failed' | 'withdrawn' | 'diverted';
      readonly detail?: string;
      readonly step?: Step<Ref>;
      readonly engine: BurstOutcome<Ref>;
    };

/** The element's word for an engine outcome (see AxOutcome for the table). */
export function axOutcome<Ref>(engine: BurstOutcome<Ref>): AxOutcome<Ref> {
  const step = 'step' in engine ? { step: engine.step } : {};
  const detail = 'detail' in engine && engine.detail !== undefined ? { detail: engine.detail } : {};
  switch (engine.reason) {
    case 'done':
      return { reason: 'done', status: engine.status, ...detail, ...step, engine };
    case 'observe':
      return { reason: 'observe', ...step, engine };
    case 'stream_ended':
      return { reason: 'unfinished', engine };
    case 'truncated':
      return { reason: 'truncated', ...detail, engine };
    case 'no_fence':
      return { reason: 'no-actions', engine };
    case 'aborted':
      return { reason: 'aborted', ...detail, engine };
    case 'risk_refused':
      return { reason: 'refused', ...detail, ...step, engine };
    case 'action_failed':
    case 'assert_failed':
      return { reason: 'failed', ...detail, ...step, engine };
    case 'target_changed':
      return { reason: 'changed', ...detail, ...step, engine };
    case 'approval_unseen':
      return { reason: 'unseen', ...detail, ...step, engine };
    case 'model_failed':
      return { reason: 'model-failed', ...detail, engine };
    case 'withdrawn':
      return { reason: 'withdrawn', ...detail, ...step, engine };
    case 'activation_changed':
      return { reason: 'diverted', ...detail, ...step, engine };
  }
}

/** `ax-step`: a step was read or changed state. `burst` counts the bursts of a run from 1 (1 for a lone stream). */
export class AxStepEvent<Ref = unknown> extends Event {
  static readonly eventName = 'ax-step';
  constructor(
    /** The step as it is now: `index`, `line`, `action` (what it types shown as dots when `secret`), `risk`, `status`, `error`, `resolved`, `secret`. */
    readonly step: Step<Ref>,
    /** Which burst of the run the step belongs to, from 1. */
    readonly burst: number,
  ) {
    super(AxStepEvent.eventName, init);
  }
}

/**
 * `ax-end`: a burst ended; `outcome.reason` is `done`, `observe`, `unfinished`, `truncated`, `no-actions`, `aborted`,
 * `refused`, `failed`, `changed`, `unseen`, `model-failed`, `withdrawn` or `diverted`.
 */
export class AxEndEvent<Ref = unknown> extends Event {
  static readonly eventName = 'ax-end';
  constructor(
    /** How it ended: `reason` (`done`, `observe`, `unfinished`, `truncated`, `no-actions`, `aborted`, `refused`, `failed`, `changed`, `unseen`, `model-failed`, `withdrawn`, `diverted`), `detail`, the `step` concerned, and the engine's own outcome. */
    readonly outcome: AxOutcome<Ref>,
    /** Which burst of the run ended, from 1. */
    readonly burst: number,
  ) {
    super(AxEndEvent.eventName, init);
  }
}

/** `ax-observe`: the page (or remote screen) was looked at; `text` is what a model is shown. */
export class AxObserveEvent<Ref = unknown> extends Event {
  static readonly eventName = 'ax-observe';
  constructor(
    /** What was seen: the `text` a model is shown and the elements it names. */
    readonly observation: Observation<Ref>,
    /** The burst of a run it was taken for; 0 for an `observe()` call. */
    readonly burst: number,
  ) {
    super(AxObserveEvent.eventName, init);
  }
  /** The observation text. */
  get text(): string {
    return this.observation.text;
  }
}

/** `ax-issue`: a line inside the fence was dropped (not JSON, not an action…); the burst went on without it. */
export class AxIssueEvent extends Event {
  static readonly eventName = 'ax-issue';
  constructor(
    /** Why the line was dropped: `code` (`not_json`, `unknown_action`…), `line` (from 1) and `message`. */
    readonly issue: AxIssue,
    /** Which burst of the run the line was in, from 1. */
    readonly burst: number,
  ) {
    super(AxIssueEvent.eventName, init);
  }
}

declare global {
  interface HTMLElementEventMap {
    'ax-step': AxStepEvent;
    'ax-end': AxEndEvent;
    'ax-observe': AxObserveEvent;
    'ax-issue': AxIssueEvent;
  }
}
