/**
 * The Omni-IR engine's public shapes. This file is the contract between the parser (src/omni-ir) and the
 * renderer (elements/omni-screen): change it only together with both.
 */
import type { Issue as StreamIssue, Severity } from '../stream/issue.js';

export type IssueCode =
  | 'syntax'
  | 'unterminated_string'
  | 'line_too_long'
  | 'not_flat'
  | 'unknown_component'
  | 'invalid_props'
  | 'unknown_tool'
  | 'duplicate_id'
  | 'duplicate_child'
  | 'multiple_parents'
  | 'cycle'
  | 'root_as_child'
  | 'child_not_component'
  | 'unknown_asset'
  | 'input_state_type'
  | 'list_mismatch'
  | 'table_mismatch'
  | 'tabs_mismatch'
  | 'document_too_large'
  | 'chart_mismatch'
  | 'duplicate_mutation'
  | 'dangling_ref'
  | 'missing_state'
  | 'missing_root'
  | 'root_not_component'
  | 'ungoverned_mutation'
  | 'mutation_target_not_interactive'
  | 'mutation_blocked'
  | 'node_crashed'
  | 'handler_failed'
  | 'unknown_escape'
  | 'newer_version'
  | 'live_field_conflict'
  | 'update_too_large';

export type { Severity };

/** One problem found in a stream, an update or by the renderer: the shared issue shape with Omni-IR's codes. */
export type Issue = StreamIssue<IssueCode>;

/** A `$key` used in place of a literal. `key` includes the `$`. */
export interface StateRef {
  readonly kind: 'state';
  readonly key: string;
}

export type Scalar = string | number | boolean | null;

/** A checked prop value: a literal, a $key reference, or a list of literals (labels, cells, options, values…). */
export type PropValue = Scalar | StateRef | readonly (string | number)[];

/** An accepted component. Props never include `children`; children are ids in display order. */
export interface OmniNode {
  readonly id: string;
  /** Catalog name (`Card`) or the app component's declared name. */
  readonly type: string;
  /** True for an app-declared component ([5.27]). */
  readonly app: boolean;
  readonly props: Readonly<Record<string, PropValue>>;
  readonly children: readonly string[];
  /** Line that defined it (stream line, or update line for a replacement). */
  readonly line: number;
}

/** An accepted McpMutation, keyed by the Button it governs. */
export interface OmniMutation {
  readonly id: string;
  readonly target: string;
  readonly tool: string;
  readonly params: Readonly<Record<string, Scalar | StateRef>>;
  readonly line: number;
}

/** ready: the component has arrived with all its state. pending: not yet. missing: the stream ended without it. */
export type NodeStatus = 'ready' | 'pending' | 'missing';

/** A picture family ([5.30]): `prefix` + an id of `digits` or `alnum` (lowercase letters and digits), at most `maxLength` long. */
export interface PictureFamily {
  readonly prefix: string;
  readonly id: 'digits' | 'alnum';
  readonly maxLength: number;
}

/** One declared prop of an app component ([5.28]). */
export type AppPropDeclaration =
  | { kind: 'text'; optional?: boolean; minLength?: number; maxLength?: number; state?: boolean }
  | { kind: 'number'; optional?: boolean; minimum?: number; maximum?: number; integer?: boolean; state?: boolean }
  | { kind: 'boolean'; optional?: boolean }
  | { kind: 'oneOf'; values: readonly string[]; optional?: boolean }
  | { kind: 'picture'; optional?: boolean }
  | { kind: 'list'; item: 'text' | 'number'; maxItems?: number; optional?: boolean }
  | { kind: 'state'; holds: 'text' | 'number' | 'boolean'; optional?: boolean };

/** An app component declaration ([5.27]), as the app gives it. */
export interface AppComponentDeclaration {
  readonly description: string;
  readonly props: Readonly<Record<string, AppPropDeclaration>>;
  readonly positional?: readonly string[];
  /** Present when it holds children: at most `max` of them. */
  readonly children?: { readonly max: number };
  /** A field takes `required` and its edited $key is checked like an Input's ([8.7]). */
  readonly field?: boolean;
}

/** The app's registries the parser checks against. Names may be given as a list or as the keys of an object. */
export interface OmniRegistries {
  /** Tool names ([5.14]). Default: none. */
  tools?: Iterable<string> | Readonly<Record<string, unknown>>;
  /** Picture names ([5.17]). Default: none. */
  assets?: Iterable<string> | Readonly<Record<string, unknown>>;
  /** App component declarations by name ([5.27]); a malformed one throws `TypeError` at creation. */
  components?: Readonly<Record<string, AppComponentDeclaration>>;
  /** Picture families ([5.30]). */
  pictures?: readonly PictureFamily[];
}

/** Result of `update()` ([10.29]–[10.34]). */
export interface UpdateResult {
  readonly applied: boolean;
  readonly issues: readonly Issue[];
}

/** The canonical result compared by the conformance runner (the Omni-IR conformance suite's FORMAT.md; see docs/omni-ir.md). */
export interface CanonicalResult {
  issues: { line: number | null; code: IssueCode }[];
  nodes: Record<string, { type: string; props: Record<string, unknown>; children: string[]; app?: true }>;
  state: Record<string, Scalar>;
  mutations: Record<string, { id: string; tool: string; params: Record<string, unknown> }>;
  missing: string[];
}

/**
 * The screen as signals. Every read is reactive (tracked by a surrounding Signal.Computed or a SignalWatcher
 * render), and each id and $key has its own signal, so a line re-renders only what reads what it changed.
 */
export interface OmniDocument {
  /** The accepted component with this id, or undefined. */
  node(id: string): OmniNode | undefined;
  /** ready / pending / missing for a referenced id (a component waiting on undeclared $state is pending). */
  status(id: string): NodeStatus;
  /** Current value of a $key (with the `$`), or undefined when not declared (yet). */
  state(key: string): Scalar | undefined;
  /** Whether the $key has been declared. */
  hasState(key: string): boolean;
  /**
   * The person edits state through a field ([8]). Local only; throws for an undeclared key.
   * Never call during render.
   */
  setState(key: string, value: Scalar): void;
  /** The McpMutation governing this Button, if accepted. */
  mutation(buttonId: string): OmniMutation | undefined;
  /** The stream has ended (pending references are now missing). */
  readonly ended: boolean;
  /** Line 1 declared a newer format ([3.9]). */
  readonly newerVersion: boolean;
  /** Every issue so far (reactive list, replaced as issues arrive). */
  readonly issues: readonly Issue[];
  /** Ids of all accepted components, in definition order (reactive; changes on every accepted component). */
  ids(): readonly string[];
  /**
   * A number that changes whenever a child of `id` arrives or goes (reactive). A parent reads it once, then
   * `isWritten()` for each child, to draw the children that haven't arrived as one block per run: thousands of
   * references that never arrive cost a few blocks, not thousands of elements.
   */
  childrenArrived(id: string): number;
  /** Whether a component with this id has been accepted (not reactive: pair it with `childrenArrived()`). */
  isWritten(id: string): boolean;
  /**
   * What each line (or update) touched: component ids, `$keys` and governed Button ids, in order. Keep a cursor
   * (`changes.cursor`, reactive) and ask `changes.since(cursor)`: the work is what changed since, never the
   * document, unlike reading `ids()` per line. `since()` is null once more than 8,192 entries went by unread.
   */
  readonly changes: ChangeFeedReader;
}

/** The reading side of a change feed. */
export interface ChangeFeedReader {
  readonly cursor: number;
  since(cursor: number): { readonly ids: readonly string[]; readonly cursor: number } | null;
}

export interface OmniParser {
  /** Feeds a chunk of the stream: text or UTF-8 bytes split anywhere. */
  write(chunk: string | Uint8Array | ArrayBuffer): void;
  /** Ends the stream: a last unterminated line is processed, end-of-stream checks run ([7.3]). */
  end(): void;
  /** Applies an update after the end, whole or not at all ([10.29]–[10.34]). */
  update(text: string): UpdateResult;
  readonly document: OmniDocument;
  /** Every issue found so far, in the order found. */
  readonly issues: readonly Issue[];
  /** Calls `listener` for each issue as it is found; returns an unsubscribe function. */
  onIssue(listener: (issue: Issue) => void): () => void;
  readonly ended: boolean;
  /** The canonical result (FORMAT.md) of the screen now. */
  result(): CanonicalResult;
}
