/**
 * The shapes of an op-stream document: what a renderer reads. Everything here was checked when its op arrived,
 * so a renderer draws it without checking again; objects are shared with the document and must not be changed.
 */
import type { Issue } from '../stream/issue.js';

/** A node's or inline component's attributes: strings, or `true` for a bare one. Null-prototype and frozen. */
export type Attrs = Readonly<Record<string, string | true>>;

/** The formatting spans, which hold other spans. */
export type FormatType = 'strong' | 'em' | 's' | 'u' | 'small' | 'sub' | 'sup' | 'mark' | 'kbd';

/** Plain text. */
export interface TextSpan {
  readonly t: 'text';
  readonly v: string;
}
/** Inline code. */
export interface CodeSpan {
  readonly t: 'code';
  readonly v: string;
}
/** Formatting around other spans. */
export interface FormatSpan {
  readonly t: FormatType;
  readonly c: readonly Span[];
}
/** `href` is always an absolute http(s) URL: a link with any other target arrives as its content alone. */
export interface LinkSpan {
  readonly t: 'link';
  readonly href: string;
  readonly c: readonly Span[];
}
/** `src` is always an absolute http(s) URL (an image with any other source is dropped); `alt` is "" when none. */
export interface ImageSpan {
  readonly t: 'img';
  readonly src: string;
  readonly alt: string;
  readonly credit?: readonly Span[];
}
/** A line break. */
export interface BreakSpan {
  readonly t: 'br';
}
/** A component inside a sentence or a table cell; `attrs` is `{}` and `c` is `[]` when the stream left them out. */
export interface ElementSpan {
  readonly t: 'el';
  readonly type: string;
  readonly attrs: Attrs;
  readonly c: readonly Span[];
}
/** One piece of inline content. */
export type Span = TextSpan | CodeSpan | FormatSpan | LinkSpan | ImageSpan | BreakSpan | ElementSpan;

/**
 * Inline content inside component data, kept as the stream wrote it: spans, or a string standing for one text
 * span. `spansOf()` turns either into spans.
 */
export type Inline = string | readonly Span[];

/** A table cell or column heading as the model wrote it (renderers parse numbers for charts). */
export type Cell = string | number | null;

/** Chart, Map and any component with table content. */
export interface TableData {
  readonly columns: readonly Cell[];
  readonly rows: readonly (readonly Cell[])[];
}
/** FollowUps and any component with list content. */
export interface ListData {
  readonly items: readonly Inline[];
}
/** One image of a Gallery. */
export interface ImageItem {
  readonly src: string;
  readonly alt: string;
  readonly credit?: Inline;
}
/** Gallery and any component with image content; every `src` is an absolute http(s) URL. */
export interface ImagesData {
  readonly images: readonly ImageItem[];
}
/** A Question: its choices and the index of the right one, or null when none is right. */
export interface QuestionData {
  readonly items: readonly Inline[];
  readonly answer: number | null;
}
/** One item of a Checklist: ticked or not, and its words. */
export interface ChecklistItem {
  readonly done: boolean;
  readonly c: Inline;
}
/** A Checklist's items as the stream marked them. */
export interface ChecklistData {
  readonly checks: readonly ChecklistItem[];
}
/** A token of a What-if formula: a number, a Slider's name, an operator or a function name. */
export type FormulaToken = string | number;
/** A What-if Result: its formula in postfix (already checked to be well formed) and its starting value. */
export interface ResultData {
  readonly formula: readonly FormulaToken[];
  readonly value: number | null;
}
/** Component data of any kind; `dataKind` says which. */
export type OpData = TableData | ListData | ImagesData | QuestionData | ChecklistData | ResultData;
/** What a component's data holds, so a renderer knows its shape without looking. */
export type DataKind = 'table' | 'list' | 'images' | 'question' | 'checklist' | 'result';

/**
 * Why a node was refused: the issue code and message its op was refused with. A refused node still takes its
 * position, so the ids after it stay where they are.
 */
export interface NodeRefusal {
  /**
   * What was refused: the `node` itself (its `open` or `node` op: it only keeps its place), or its `data` (its
   * `close`: it closed without).
   */
  readonly what: 'node' | 'data';
  readonly code: OpIssueCode;
  readonly message: string;
  /** The refused op carried content (spans or data) that isn't shown. */
  readonly content: boolean;
}

/** One node of the document. `type`, `attrs` and the place are final; the rest is read through signals. */
export interface OpNode {
  /** Its position: indexes from the root joined with dots. */
  readonly id: string;
  /** The parent's id, or null for a top-level node. */
  readonly parent: string | null;
  /** Its index among its parent's children. */
  readonly index: number;
  /** `p`, `h`, `ul`, … or a component name (which starts with a capital letter). */
  readonly type: string;
  /** True for a component (a type starting with a capital letter). */
  readonly component: boolean;
  readonly attrs: Attrs;
  /** The line its `open` or `node` op came on. */
  readonly line: number;
  /** Inline content so far (tracked). */
  readonly spans: readonly Span[];
  /** Child ids in order (tracked). The live list: copy it to keep it. */
  readonly children: readonly string[];
  /** Final: nothing about it changes again (tracked). */
  readonly closed: boolean;
  /** Component data from its `close` or `node` op, or null (tracked). */
  readonly data: OpData | null;
  /** What `data` holds, or null (tracked with `data`). */
  readonly dataKind: DataKind | null;
  /**
   * Null for a node that applied. For a node whose `open` or `node` op was refused after its position was
   * checked (a type that isn't one, a node its parent can't hold, content over a limit), the refusal (`what`
   * is `node`): the node keeps its position, holds no attributes and is no component, and its later ops
   * (spans, children, close) apply as to any node, so its children and later siblings keep theirs. A renderer
   * draws it as nothing, or as a small block saying a part isn't shown where it has content. Also set, at its
   * close, on a node whose `close` data was refused (`what` is `data`): it closes without data (tracked).
   */
  readonly refused: NodeRefusal | null;
  /** Goes up whenever spans, children, closed, data or refused change (tracked). */
  readonly version: number;
}

/** A `diag` op: the stream's own note or error about the model's text. */
export interface StreamDiag {
  /** The input line the op came on. */
  readonly at: number;
  /** The line of the model's text it concerns. */
  readonly line: number;
  readonly cls: string;
  readonly detail: string;
  readonly severity: 'error' | 'note';
}

/** The `end` op: how the stream finished, and what was still open when it did. */
export interface EndResult {
  readonly complete: boolean;
  readonly truncated: boolean;
  /** Ids that were still open and that `end` closed, in the order they opened. */
  readonly closedOpen: readonly string[];
  /** The input line of the `end` op. */
  readonly line: number;
}

/** Why an op (or a line) was refused, or, for warnings, what was changed on the way in. */
export type OpIssueCode =
  // Lines.
  | 'not_json'
  | 'line_too_long'
  | 'not_object'
  | 'missing_op'
  | 'unknown_op'
  | 'unreadable_op'
  | 'after_end'
  | 'sse_unfinished'
  | 'sse_overflow'
  // Ids and the tree.
  | 'bad_id'
  | 'too_deep'
  | 'duplicate_id'
  | 'id_skips'
  | 'parent_missing'
  | 'parent_closed'
  | 'unknown_id'
  | 'node_closed'
  | 'bad_child'
  | 'too_many_nodes'
  // Fields.
  | 'bad_type'
  | 'bad_attrs'
  | 'bad_spans'
  | 'no_spans'
  | 'bad_data'
  | 'bad_diag'
  | 'bad_end'
  | 'too_large'
  | 'too_many_diags'
  // Warnings: the op applied, with a change.
  | 'unsafe_url'
  | 'unknown_value'
  | 'unknown_span'
  | 'dropped'
  | 'converted'
  | 'closed_open_children'
  | 'closed_at_end'
  | 'too_many_issues';

/**
 * A problem the document found. Severity `error` means what the line carried was refused: it changed nothing,
 * except that a refused `open` or `node` op whose position was free still takes it (the node is marked
 * `refused`), and a `close` whose data was refused still closes its node. `warning` means the op applied with
 * the change the message names (a value left out, a default used, a span read as its text). `too_deep` is an
 * error for an id and a warning for spans nested too deep, which are kept as their text.
 */
export type OpIssue = Issue<OpIssueCode>;
