/**
 * The typed shapes of axstream: what a valid line becomes once it has been read, and the problems a line can
 * have. Field names are the wire's own (`timeout_ms`, not `timeoutMs`), so what an app shows, logs or sends to a
 * remote backend reads exactly like what the model wrote.
 */
import type { Issue } from '../stream/issue.js';

/** How hard an action is to undo: `risky` ones are held under the policy; unmarked ones are `safe`. */
export type Risk = 'safe' | 'risky';

/** An element of the accessibility tree, described by observation id and/or role and title. */
export interface AxTarget {
  readonly kind: 'ax';
  /** An id from the observation the model was given (`e12`). */
  readonly id?: string;
  /** An AX role (`AXButton`) or ARIA role (`button`), as written. */
  readonly role?: string;
  /** The element's accessible name, matched without regard to case. */
  readonly title?: string;
}

/** A raw point on the screen, in the backend's coordinates. */
export interface PointTarget {
  readonly kind: 'point';
  readonly x: number;
  readonly y: number;
}

/** Where an action lands: an element (resolved late, when the step runs) or a point. */
export type Target = AxTarget | PointTarget;

/** Actions that take a `target` and nothing else. */
export type PointerActionName = 'click' | 'double_click' | 'right_click' | 'move';

/** Every `do` of the 0.1 vocabulary. */
export type ActionName = PointerActionName | 'drag' | 'type' | 'key' | 'scroll' | 'open' | 'wait' | 'wait_until';

/** Which way `scroll` moves the view. */
export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

/**
 * A key in its one canonical form (see keys.ts): `Mod` is the platform's command key, which the backend turns
 * into Meta on macOS and Control elsewhere; a single character stands for itself.
 */
export type KeyName = string;

interface ActBase {
  readonly op: 'act';
  readonly risk: Risk;
}

/** `click`, `double_click`, `right_click` or `move` at a target. */
export interface PointerAction extends ActBase {
  readonly do: PointerActionName;
  readonly target: Target;
}

/** Press at `from`, move to `to`, release. */
export interface DragAction extends ActBase {
  readonly do: 'drag';
  readonly from: Target;
  readonly to: Target;
}

/** Type text into whatever has focus. */
export interface TypeAction extends ActBase {
  readonly do: 'type';
  /** The text, as written; each `\n` in it presses Enter. */
  readonly text: string;
}

/** Press one key, or a chord of modifiers and one key. */
export interface KeyAction extends ActBase {
  readonly do: 'key';
  /** The key names as the model wrote them (trimmed), for showing to a person. */
  readonly keys: readonly string[];
  /** The same keys in canonical form, modifiers first in a fixed order: what a backend presses. */
  readonly chord: readonly KeyName[];
}

/** Scroll the view by wheel clicks. */
export interface ScrollAction extends ActBase {
  readonly do: 'scroll';
  readonly direction: ScrollDirection;
  readonly clicks: number;
}

/** Open an app or a URL, if the backend allows it. */
export interface OpenAction extends ActBase {
  readonly do: 'open';
  /** An app name or a URL, passed through untouched: whether it may be opened is the backend's decision. */
  readonly target: string;
}

/** Pause for `ms` milliseconds. */
export interface WaitAction extends ActBase {
  readonly do: 'wait';
  readonly ms: number;
}

/** Wait until an element appears in the live tree, looking every `poll_ms` for at most `timeout_ms`. */
export interface WaitUntilAction extends ActBase {
  readonly do: 'wait_until';
  readonly target: AxTarget;
  readonly timeout_ms: number;
  readonly poll_ms: number;
}

/** A line with `"op":"act"` (or the shorthand), read and checked. */
export type ActAction =
  | PointerAction
  | DragAction
  | TypeAction
  | KeyAction
  | ScrollAction
  | OpenAction
  | WaitAction
  | WaitUntilAction;

/** Stop the burst unless the element is there. */
export interface AssertAction {
  readonly op: 'assert';
  readonly target: AxTarget;
}

/** End the burst and ask for a fresh observation. */
export interface ObserveAction {
  readonly op: 'observe';
}

/** End the task, successfully or not. */
export interface DoneAction {
  readonly op: 'done';
  readonly status: 'success' | 'failure';
  readonly reason?: string;
}

/** Any valid line: one of the four operations. */
export type AxAction = ActAction | AssertAction | ObserveAction | DoneAction;

/** Why a line inside the fence was dropped (or, for a warning, what was wrong with a line that ran). */
export type AxIssueCode =
  | 'line_too_long'
  | 'not_json'
  | 'not_object'
  | 'missing_op'
  | 'unknown_op'
  | 'unknown_action'
  | 'missing_field'
  | 'bad_field'
  | 'too_many_steps'
  /** The reply ended in the middle of this line (no newline): it was not read. */
  | 'cut_off'
  /** A warning, not a dropped line: the step's target matched several elements equally well. */
  | 'ambiguous_target';

/** A dropped line (or another problem), in the shape every reader of the project reports in. */
export type AxIssue = Issue<AxIssueCode>;

/** What reading one line gave: an action, or the issue that dropped it. */
export type ReadLine = { readonly ok: true; readonly action: AxAction } | { readonly ok: false; readonly issue: AxIssue };
