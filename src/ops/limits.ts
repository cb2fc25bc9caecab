/**
 * How much of an op stream the document holds. Each limit is checked before the memory it guards is spent, so a
 * hostile stream (a million ops, an id of a hundred thousand segments, text without end) settles quickly into
 * refusals instead of growing the page. An app can lower or raise any of them per document.
 */
export interface OpLimits {
  /** Longest op line, in UTF-16 code units; a longer line is skipped without being held. */
  readonly maxLineLength: number;
  /** Longest id, in characters (`"3.0.2"` is 5). */
  readonly maxIdLength: number;
  /** Deepest node: the number of positions in an id (`"3.0.2"` is 3). */
  readonly maxDepth: number;
  /** Nodes in one document. */
  readonly maxNodes: number;
  /** Longest node type or component name. */
  readonly maxTypeLength: number;
  /** Attributes on one node or inline component. */
  readonly maxAttrs: number;
  /** Longest attribute name. */
  readonly maxAttrName: number;
  /** Longest attribute value. */
  readonly maxAttrValue: number;
  /** Spans in one op, nested ones included. */
  readonly maxSpans: number;
  /** Deepest span nesting (a `strong` in an `em` in a `link` is 3). */
  readonly maxSpanDepth: number;
  /** Text in one op (spans, attributes, data), in UTF-16 code units. */
  readonly maxOpText: number;
  /** Text the whole document holds at once, in UTF-16 code units. */
  readonly maxDocumentText: number;
  /** Longest URL a link or image may carry. */
  readonly maxUrlLength: number;
  /** Rows in a table's data. */
  readonly maxRows: number;
  /** Columns in a table's data (and cells in one of its rows). */
  readonly maxColumns: number;
  /** Items in list, choice, image or checklist data. */
  readonly maxItems: number;
  /** The stream's own `diag` ops kept. */
  readonly maxDiags: number;
  /** Issues kept (and told to listeners); past it they are only counted. */
  readonly maxIssues: number;
}

/**
 * The defaults. A long answer is a few thousand nodes and a few hundred kilobytes of text; these leave ten times
 * that room while keeping the worst case to tens of megabytes.
 */
export const OP_LIMITS: OpLimits = Object.freeze({
  maxLineLength: 1_048_576,
  maxIdLength: 128,
  maxDepth: 32,
  maxNodes: 50_000,
  maxTypeLength: 64,
  maxAttrs: 64,
  maxAttrName: 64,
  maxAttrValue: 4_096,
  maxSpans: 10_000,
  maxSpanDepth: 16,
  maxOpText: 262_144,
  maxDocumentText: 8_388_608,
  maxUrlLength: 4_096,
  maxRows: 10_000,
  maxColumns: 64,
  maxItems: 1_000,
  maxDiags: 10_000,
  maxIssues: 10_000,
});

/** The defaults with an app's changes; a change that isn't a positive whole number is a TypeError. */
export function opLimits(changes: Partial<OpLimits> = {}): OpLimits {
  const out: Record<string, number> = { ...OP_LIMITS };
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.prototype.hasOwnProperty.call(OP_LIMITS, key)) throw new TypeError(`limits: "${key}" is not a limit of the op stream`);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new TypeError(`limits.${key} must be a whole number of at least 1`);
    }
    out[key] = value;
  }
  return Object.freeze(out) as unknown as OpLimits;
}
