/**
 * The events `<morph-screen>` fires: typed `Event` subclasses, all bubbling and composed, so an app listens on
 * the element or anywhere above it.
 */
import type { ComponentState, EndResult, MorphAction, OpIssue, StreamDiag } from '../../src/ops/index.js';

/**
 * A person's tap made an action: `action` is exactly the action object of the format (`ask`, `submit`,
 * `quiz`, `vote`, `state`). Cancelable: calling `preventDefault()` keeps the screen's `respond` hook from
 * running for it.
 */
export class MorphActionEvent extends Event {
  static readonly eventName = 'morph-action';
  constructor(
    /** The format's action object, exactly: `ask`, `submit`, `quiz`, `vote` or `state`, with its fields. */
    readonly action: MorphAction,
  ) {
    super(MorphActionEvent.eventName, { bubbles: true, composed: true, cancelable: true });
  }
}

/** Where an issue came from: the engine refusing or changing an op, the stream's own `diag` op, or the element. */
export type DiagOrigin = 'engine' | 'stream' | 'element';

/** What an issue is made from: the engine's issue, the stream's diag op, or the element's own. */
export type IssueSource = OpIssue | StreamDiag | { code: string; severity: 'error' | 'warning'; line: number | null; message: string; id?: string };

/** One issue of `<morph-screen>`, whole: what `morph-issue` carries as `issue` and `issues` lists. */
export interface MorphIssue {
  readonly origin: DiagOrigin;
  readonly code: string;
  readonly severity: 'error' | 'warning' | 'note';
  readonly line: number | null;
  readonly message: string;
  readonly id: string | undefined;
}

/**
 * One issue, as it happens: an op the engine refused (`severity` error) or applied with a change (`warning`),
 * a `diag` op of the stream itself (`error` or `note`; `diag` holds it as written), or the element's own
 * (`node_crashed`, `state_refused`, `respond_failed`). The `*-issue` event every element fires.
 */
export class MorphIssueEvent extends Event {
  static readonly eventName = 'morph-issue';
  /** The engine's issue code, the diag op's `cls`, or the element's code. */
  readonly code: string;
  /** `error` (the op was refused, or the stream's diag says so), `warning` (applied with a change) or `note`. */
  readonly severity: 'error' | 'warning' | 'note';
  /** The input line it concerns (for a diag op, the line the op came on), or null. */
  readonly line: number | null;
  /** What happened, in a sentence for developers. */
  readonly message: string;
  /** The node it concerns, when there is one. */
  readonly id: string | undefined;
  /** The stream's own diag op as written (origin `stream`): `line` there is the line of the model's text. */
  readonly diag: StreamDiag | undefined;
  /** The issue whole, as every element's `*-issue` event carries it (its fields are also on the event). */
  readonly issue: MorphIssue;
  constructor(
    /** Who reports it: the `engine` (an op refused or changed), the `stream` (its own diag op) or the `element`. */
    readonly origin: DiagOrigin,
    from: IssueSource,
  ) {
    super(MorphIssueEvent.eventName, { bubbles: true, composed: true });
    if ('cls' in from) {
      this.code = from.cls;
      this.severity = from.severity;
      this.line = from.at;
      this.message = from.detail;
      this.id = undefined;
      this.diag = from;
    } else {
      this.code = from.code;
      this.severity = from.severity;
      this.line = from.line;
      this.message = from.message;
      this.id = from.id;
      this.diag = undefined;
    }
    this.issue = Object.freeze({ origin, code: this.code, severity: this.severity, line: this.line, message: this.message, id: this.id });
  }
}

/**
 * The stream's input ended. `end` is the `end` op's result (`complete`, `truncated`, the ids it closed), or
 * null when the input stopped without one; `issues` holds every issue the engine found.
 */
export class MorphEndEvent extends Event {
  static readonly eventName = 'morph-end';
  constructor(
    /** The `end` op's result (`complete`, `truncated`, the ids it closed), or null when the input stopped without one. */
    readonly end: EndResult | null,
    /** Every issue the engine found in the answer, in order. */
    readonly issues: readonly OpIssue[],
  ) {
    super(MorphEndEvent.eventName, { bubbles: true, composed: true });
  }
}

/**
 * The person changed a component's state (a Quiz answer, a vote, a tick, a Flashcard, a Slider, a field):
 * `node`, its `component` type and its `state` now, as plain JSON. State set by the app sends none. For keeping AG-UI
 * shared state current: see `toSharedState()`.
 */
export class MorphStateEvent extends Event {
  static readonly eventName = 'morph-state';
  constructor(
    /** The id of the node whose state changed. */
    readonly node: string,
    /** The component: Quiz, Flashcards, Poll, Checklist, WhatIf or Form. */
    readonly component: string,
    /** Its state now, as plain JSON (the answer chosen, the items ticked, the slider values, the fields' values). */
    readonly state: ComponentState,
  ) {
    super(MorphStateEvent.eventName, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'morph-action': MorphActionEvent;
    'morph-issue': MorphIssueEvent;
    'morph-end': MorphEndEvent;
    'morph-state': MorphStateEvent;
  }
}
