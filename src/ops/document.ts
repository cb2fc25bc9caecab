/**
 * The op-stream document: ops applied one at a time as their lines commit, each checked against the rules and
 * limits first, so no op throws and a refused op changes nothing but this: a node refused at a free position
 * keeps that position, and a close whose data was refused still closes (a refusal is as small as it can be, so
 * one bad op never takes the rest of the answer with it). The document is also the renderer's store:
 * each node has its own signal (see node.ts), the top-level list, the stream's diagnostics, the issues and the
 * end each have one, and a change feed lists the ids every op touched. Every op costs time proportional to its
 * own size (closing a node that still has open children also visits its children once).
 */
import { Signal } from '../signals.js';
import { isJsonObject } from '../stream/jsonLines.js';
import { createIssueSink, type IssueListener } from '../stream/issue.js';
import { describe, errorText } from '../stream/errors.js';
import { checkAttrs, NO_ATTRS } from './attrs.js';
import { Check, shown, type Refusal, type WarningCode } from './check.js';
import { ChangeFeed, ROOT_ID } from '../stream/changeFeed.js';
import { checkData } from './data.js';
import { parseId } from './ids.js';
import { opLimits, type OpLimits } from './limits.js';
import { NodeRecord } from './node.js';
import { isComponent, placeOk, REFUSED_RULE, ruleOf, typeRule, type TypeRule } from './nodeTypes.js';
import { checkSpans, plainText } from './spans.js';
import type { Attrs, DataKind, EndResult, NodeRefusal, OpData, OpIssue, OpIssueCode, OpNode, Span, StreamDiag } from './types.js';

/** Options of a document. */
export interface OpDocumentOptions {
  /** Changes to the default limits (`OP_LIMITS`). */
  readonly limits?: Partial<OpLimits>;
}

/** Issues a line reader reports for lines that never became an op. */
export type LineIssueCode = 'not_json' | 'line_too_long' | 'sse_unfinished' | 'sse_overflow';

const NO_SPANS: readonly Span[] = Object.freeze([]);

/** A new node's content, checked. */
interface CheckedNode {
  readonly type: string;
  readonly attrs: Attrs;
  readonly spans: readonly Span[];
  readonly spansText: number;
  readonly data: OpData | null;
  readonly kind: DataKind | null;
}

/** Whether an op's `spans` field carries any content (a refused node with content says a part isn't shown). */
function hasContent(spans: unknown): boolean {
  if (spans === undefined || spans === null) return false;
  if (typeof spans === 'string' || Array.isArray(spans)) return spans.length > 0;
  return true;
}

/** A lazily made version signal: no cost until something reads it. */
class Version {
  private v = 0;
  private sig: Signal.State<number> | undefined;
  read(): void {
    (this.sig ??= new Signal.State(this.v)).get();
  }
  bump(): void {
    this.v++;
    this.sig?.set(this.v);
  }
}

/** One answer document, built op by op; also the renderer's store of signals. */
export class OpDocument {
  readonly limits: OpLimits;
  /** The ids each op touched (`ROOT_ID` for the top-level list), for consumers that follow changes. */
  readonly changes = new ChangeFeed();
  private readonly nodes = new Map<string, NodeRecord>();
  private readonly rootList: string[] = [];
  /** Open nodes in the order they opened. */
  private readonly openNodes = new Map<string, NodeRecord>();
  private readonly sink = createIssueSink<OpIssue>();
  private readonly diagList: StreamDiag[] = [];
  private endValue: EndResult | null = null;
  private finishedValue = false;
  private textTotal = 0;
  /** Lines refused without taking a position, not yet taken to have held a skipped one (see `gaps`). */
  private unplaced = 0;
  private issueTotal = 0;
  private readonly check: Check;
  private readonly rootsV = new Version();
  private readonly diagsV = new Version();
  private readonly issuesV = new Version();
  private readonly endV = new Version();

  constructor(options: OpDocumentOptions = {}) {
    this.limits = opLimits(options.limits);
    this.check = new Check(this.limits);
  }

  // Reads. Getters marked tracked read a signal, so a SignalWatcher re-renders when they change.

  /** A node by id (untracked: a node's own fields are tracked), or undefined. */
  node(id: string): OpNode | undefined {
    return this.nodes.get(id);
  }

  /** Top-level ids in order (tracked). The live list: copy it to keep it. */
  get roots(): readonly string[] {
    this.rootsV.read();
    return this.rootList;
  }

  /** The stream's own `diag` ops, in order (tracked). The live list. */
  get diags(): readonly StreamDiag[] {
    this.diagsV.read();
    return this.diagList;
  }

  /** Problems found, in order, at most `limits.maxIssues` of them (tracked). The live list. */
  get issues(): readonly OpIssue[] {
    this.issuesV.read();
    return this.sink.issues;
  }

  /** Issues found in all, including those past the limit that were only counted. */
  get issueCount(): number {
    return this.issueTotal;
  }

  /** The `end` op's result, or null before one applied (tracked). */
  get end(): EndResult | null {
    this.endV.read();
    return this.endValue;
  }

  /** The input ended, with or without an `end` op (tracked). */
  get finished(): boolean {
    this.endV.read();
    return this.finishedValue;
  }

  /** Nodes in the document. */
  get size(): number {
    return this.nodes.size;
  }

  /** Ids still open, in the order they opened (untracked; a copy). */
  openIds(): string[] {
    return [...this.openNodes.keys()];
  }

  /** Hears each issue as it is found; returns the function that stops it. */
  onIssue(listener: IssueListener<OpIssue>): () => void {
    return this.sink.onIssue(listener);
  }

  // Writes.

  /**
   * Applies one op (a parsed JSON value) that came on input line `line`. Returns true when it applied; false
   * when it was refused, with an issue saying why (a refused node still took its place). Never throws.
   */
  apply(value: unknown, line: number): boolean {
    if (this.endValue !== null) return this.refuse('after_end', line, `the stream ended on line ${this.endValue.line}; nothing applies after end`);
    try {
      return this.applyOp(value, line);
    } catch (error) {
      this.unplaced++;
      // Only an op handed to apply() by code (a getter or Proxy that throws) gets here: parsed JSON can't throw.
      // Every op reads all it needs before its first write, so refusing leaves the document as it was.
      return this.refuse('unreadable_op', line, `line ${line}: the op could not be read (${errorText(error)})`);
    }
  }

  private applyOp(value: unknown, line: number): boolean {
    if (!isJsonObject(value)) {
      this.unplaced++;
      return this.refuse('not_object', line, `line ${line} is ${describe(value)}, not an op object`);
    }
    const op = value['op'];
    if (typeof op !== 'string') {
      this.unplaced++;
      return this.refuse('missing_op', line, op === undefined ? `line ${line} has no "op"` : `line ${line}: "op" must be a string, not ${shown(op)}`);
    }
    const check = this.check;
    check.text = 0;
    check.spans = 0;
    check.error = null;
    check.warnings = null;
    let id: string | undefined;
    switch (op) {
      case 'open':
      case 'node':
        id = this.openOp(value, line, op === 'node');
        break;
      case 'spans':
        id = this.spansOp(value);
        break;
      case 'close':
        id = this.closeOp(value, line);
        break;
      case 'diag':
        this.diagOp(value, line);
        break;
      case 'end':
        this.endOp(value, line);
        break;
      default:
        this.unplaced++;
        return this.refuse('unknown_op', line, `${shown(op)} is not an op (open, spans, node, close, diag, end)`);
    }
    // Read through the type the checkers set, not the null assigned above.
    const error = check.error as Refusal | null;
    if (error) {
      if (id === undefined) this.unplaced++;
      // A refused open or node op still took its free position, and a close whose data was refused still
      // closed its node: `id` says a write was made, so it is published.
      if (id !== undefined) this.changes.commit();
      const given = value['id'];
      return this.refuse(error.code, line, `${op}: ${error.message}`, typeof given === 'string' && given.length <= this.limits.maxIdLength ? given : undefined);
    }
    const warnings = check.warnings as Map<WarningCode, string[]> | null;
    if (warnings && id !== undefined) {
      const node = this.nodes.get(id)!;
      for (const [code, messages] of warnings) {
        if (node.warned?.has(code)) continue;
        (node.warned ??= new Set()).add(code);
        this.report({ code, severity: 'warning', line, id, message: `${id}: ${messages.join('; ')}` });
      }
    }
    this.changes.commit();
    return true;
  }

  /** A line that never became an op (not JSON, too long, cut off inside an SSE event): refused with an issue. */
  refuseLine(code: LineIssueCode, line: number | null, message: string): void {
    this.unplaced++;
    this.report({ code, severity: 'error', line, message });
  }

  /** The input ended. Open nodes stay open unless an `end` op closed them: the stream stopped early. */
  finish(): void {
    if (this.finishedValue) return;
    this.finishedValue = true;
    this.endV.bump();
  }

  // The ops.

  /**
   * open and node. Once the id is known to be the next free position under an open parent, the node takes that
   * position whatever else is wrong with the op: refused for its type, its place or its content, it is kept as a
   * refused node (see `OpNode.refused`), so the ids after it, and its own children, still apply. An id past the
   * next free position takes it too when lines refused before it can account for the positions it skips: each
   * skipped one becomes a gap (see `gaps`). An id naming a refused node or a gap that holds no children is a
   * retry: the node is filled in place.
   */
  private openOp(v: Record<string, unknown>, line: number, leaf: boolean): string | undefined {
    const check = this.check;
    // Each field is read once: an object handed to apply() by code can't show one value to the check and another to the write.
    const rawId = v['id'];
    const rawType = v['type'];
    const place = parseId(rawId, check);
    if (!place) return undefined;
    const id = rawId as string;
    const existing = this.nodes.get(id);
    if (existing && (!existing.isRefused || existing.childCount > 0)) return check.fail('duplicate_id', `"${id}" already opened on line ${existing.line}; the first stays`);
    const parent = place.parent === null ? null : this.nodes.get(place.parent);
    if (parent === undefined) return check.fail('parent_missing', `the parent of "${id}", "${place.parent}", never opened`);
    if (parent !== null && parent.isClosed) return check.fail('parent_closed', `the parent of "${id}", "${parent.id}", is already closed`);
    const next = parent === null ? this.rootList.length : parent.childCount;
    const skipped = existing ? 0 : place.index - next;
    if (skipped > this.unplaced) {
      const expected = parent === null ? String(next) : `${parent.id}.${next}`;
      return check.fail('id_skips', `"${id}" skips a position: the next node ${parent === null ? 'at the top level' : `in "${parent.id}"`} is "${expected}"`);
    }
    if (!existing && this.nodes.size + skipped >= this.limits.maxNodes) return check.fail('too_many_nodes', `a document holds at most ${this.limits.maxNodes} nodes`);
    const givenSpans = leaf ? v['spans'] : undefined;
    const givenData = leaf ? v['data'] : undefined;
    const made = this.checkNode(rawType, v['attrs'], givenSpans, givenData, parent);
    if (existing) return made ? this.retry(existing, made, line, leaf, parent) : undefined;
    if (skipped > 0) this.gaps(parent, next, skipped, id, line);
    let node: NodeRecord;
    if (made) {
      this.textTotal += check.text;
      node = new NodeRecord(id, place.parent, place.index, made.type, isComponent(made.type), made.attrs, line);
    } else {
      const type = typeof rawType === 'string' && rawType.length <= this.limits.maxTypeLength ? rawType : '';
      const content = hasContent(givenSpans) || (givenData !== undefined && givenData !== null);
      node = new NodeRecord(id, place.parent, place.index, type, false, NO_ATTRS, line, { what: 'node', ...check.error!, content });
    }
    this.place(node, parent);
    if (leaf) {
      if (made) {
        node.textSize = made.spansText;
        if (made.spans !== NO_SPANS) node.setSpans(made.spans);
        node.close(made.data, made.kind);
      } else node.close(null, null);
    } else {
      this.openNodes.set(id, node);
      if (parent !== null) parent.openChildren++;
    }
    return id;
  }

  /** Puts a new node at the end of its parent's children (or the top level). */
  private place(node: NodeRecord, parent: NodeRecord | null): void {
    this.nodes.set(node.id, node);
    if (parent === null) {
      this.rootList.push(node.id);
      this.rootsV.bump();
      this.changes.push(ROOT_ID);
    } else {
      parent.addChild(node.id);
      this.changes.push(parent.id);
    }
    this.changes.push(node.id);
  }

  /**
   * Positions `next` to `next + count - 1` of `parent`, skipped by `id`: lines refused before it (not JSON, too
   * long, an op that took no position) are taken to have held them, so each becomes a gap: a closed node refused
   * as `id_skips` that shows a part of the answer could not be read, until a retry fills it. Each refused line
   * accounts for one gap, once, so the gaps a line makes were paid for by the lines before it.
   */
  private gaps(parent: NodeRecord | null, next: number, count: number, id: string, line: number): void {
    this.unplaced -= count;
    const prefix = parent === null ? '' : `${parent.id}.`;
    const first = `${prefix}${next}`;
    const named = count === 1 ? `"${first}"` : `"${first}" to "${prefix}${next + count - 1}"`;
    const message = `nothing readable came for ${named}; "${id}" came next`;
    for (let i = 0; i < count; i++) {
      const gap = new NodeRecord(`${prefix}${next + i}`, parent === null ? null : parent.id, next + i, '', false, NO_ATTRS, line, {
        what: 'node',
        code: 'id_skips',
        message,
        content: true,
      });
      this.place(gap, parent);
      gap.close(null, null);
    }
    this.report({ code: 'id_skips', severity: 'warning', line, id, message: `${message}: ${count === 1 ? 'it is' : 'they are'} shown as a part that could not be read` });
  }

  /** A later op for a refused node or a gap, itself good: the node becomes what it says, in place. */
  private retry(node: NodeRecord, made: CheckedNode, line: number, leaf: boolean, parent: NodeRecord | null): string {
    this.textTotal += this.check.text - node.textSize;
    const wasOpen = !node.isClosed;
    node.fill(made.type, isComponent(made.type), made.attrs, line);
    this.openNodes.delete(node.id);
    if (leaf) {
      node.textSize = made.spansText;
      if (made.spans !== NO_SPANS) node.setSpans(made.spans);
      node.close(made.data, made.kind);
      if (wasOpen && parent !== null) parent.openChildren--;
    } else {
      // Open again, in the order of opening its retry gives it.
      this.openNodes.set(node.id, node);
      if (!wasOpen && parent !== null) parent.openChildren++;
    }
    this.changes.push(node.id);
    return node.id;
  }

  /** What a new node at a free position holds, checked; undefined (refused on the check) when it can't be one. */
  private checkNode(rawType: unknown, rawAttrs: unknown, givenSpans: unknown, givenData: unknown, parent: NodeRecord | null): CheckedNode | undefined {
    const check = this.check;
    const rule = typeRule(rawType, check);
    if (!rule) return undefined;
    const type = rawType as string;
    const attrs = checkAttrs(rawAttrs, check);
    if (!attrs) return undefined;
    rule.attrs?.(attrs, check);
    if (!placeOk(type, rule, parent === null ? null : parent.type, parent === null ? null : this.ruleFor(parent).children, check)) return undefined;
    const component = isComponent(type);
    let spans: readonly Span[] = NO_SPANS;
    let spansText = 0;
    let data: OpData | null = null;
    let kind: DataKind | null = null;
    if (givenSpans !== undefined && givenSpans !== null) {
      if (!rule.spans) {
        if (hasContent(givenSpans)) check.warn('dropped', `a ${type} holds no inline content; its spans were left out`);
      } else {
        const before = check.text;
        const s = this.spansFor(type === 'code', givenSpans);
        if (!s) return undefined;
        spans = s;
        spansText = check.text - before;
      }
    }
    if (givenData !== undefined && givenData !== null) {
      if (!component) check.warn('dropped', `a ${type} carries no data (only components do); its data was left out`);
      else {
        const d = checkData(type, givenData, check);
        if (!d) return undefined;
        data = d.data;
        kind = d.kind;
      }
    }
    if (!this.fits(check.text)) return undefined;
    return { type, attrs, spans, spansText, data, kind };
  }

  private spansOp(v: Record<string, unknown>): string | undefined {
    const check = this.check;
    const node = this.existing(v['id']);
    if (!node) return undefined;
    if (node.isClosed) return check.fail('node_closed', `"${node.id}" is closed; its content is final`);
    const given = v['spans'];
    if (given === undefined) return check.fail('bad_spans', 'a spans op needs its "spans"');
    if (!this.ruleFor(node).spans) return check.fail('no_spans', `a ${node.type} holds no inline content`);
    const spans = this.spansFor(node.type === 'code' && !node.isRefused, given);
    if (!spans) return undefined;
    if (!this.fits(check.text - node.textSize)) return undefined;
    this.textTotal += check.text - node.textSize;
    node.textSize = check.text;
    node.setSpans(spans);
    this.changes.push(node.id);
    return node.id;
  }

  /**
   * close. Data that doesn't fit its kind is refused (an error, the line rejected), but the node closes anyway,
   * without data and marked refused: a component can't stay open forever because of its data.
   */
  private closeOp(v: Record<string, unknown>, line: number): string | undefined {
    const check = this.check;
    const node = this.existing(v['id']);
    if (!node) return undefined;
    if (node.isClosed) return check.fail('node_closed', `"${node.id}" is already closed`);
    let data: OpData | null = null;
    let kind: DataKind | null = null;
    let refused: NodeRefusal | null = null;
    const given = v['data'];
    // A refused node shows none of its content: its data is not even looked at.
    if (given !== undefined && given !== null && !node.isRefused) {
      if (!node.component) check.warn('dropped', `a ${node.type} carries no data (only components do); its data was left out`);
      else {
        const d = checkData(node.type, given, check);
        if (d && this.fits(check.text)) {
          this.textTotal += check.text;
          data = d.data;
          kind = d.kind;
        } else refused = { what: 'data', ...check.error!, content: true };
      }
    }
    if (node.openChildren > 0) {
      const closed: string[] = [];
      this.closeDescendants(node, closed);
      this.report({
        code: 'closed_open_children',
        severity: 'warning',
        line,
        id: node.id,
        message: `closing "${node.id}" also closed ${closed.map((c) => `"${c}"`).join(', ')}, still open inside it`,
      });
    }
    this.closeNode(node, data, kind, refused);
    return node.id;
  }

  private diagOp(v: Record<string, unknown>, at: number): void {
    const check = this.check;
    const { line, cls, detail, severity } = v;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 0) {
      check.fail('bad_diag', `diag needs "line", a whole number, not ${shown(line)}`);
      return;
    }
    if (typeof cls !== 'string' || cls.length === 0 || cls.length > this.limits.maxTypeLength) {
      check.fail('bad_diag', `diag needs "cls", a name of at most ${this.limits.maxTypeLength} characters, not ${shown(cls)}`);
      return;
    }
    if (typeof detail !== 'string') {
      check.fail('bad_diag', `diag needs "detail", a string, not ${shown(detail)}`);
      return;
    }
    if (severity !== 'error' && severity !== 'note') {
      check.fail('bad_diag', `diag "severity" is "error" or "note", not ${shown(severity)}`);
      return;
    }
    if (this.diagList.length >= this.limits.maxDiags) {
      check.fail('too_many_diags', `a document keeps at most ${this.limits.maxDiags} diag ops`);
      return;
    }
    if (!check.addText(cls.length + detail.length) || !this.fits(check.text)) return;
    this.textTotal += check.text;
    this.diagList.push({ at, line, cls, detail, severity });
    this.diagsV.bump();
  }

  private endOp(v: Record<string, unknown>, line: number): void {
    const { complete, truncated } = v;
    if (typeof complete !== 'boolean' || typeof truncated !== 'boolean') {
      this.check.fail('bad_end', `end needs "complete" and "truncated", each true or false`);
      return;
    }
    const closedOpen = [...this.openNodes.keys()];
    for (const id of closedOpen) this.closeNode(this.openNodes.get(id)!, null, null);
    this.endValue = Object.freeze({ complete, truncated, closedOpen: Object.freeze(closedOpen), line });
    this.endV.bump();
    if (closedOpen.length > 0) {
      this.report({
        code: 'closed_at_end',
        severity: 'warning',
        line,
        message: `the stream ended with ${closedOpen.length} node${closedOpen.length === 1 ? '' : 's'} still open (${closedOpen
          .slice(0, 10)
          .map((c) => `"${c}"`)
          .join(', ')}${closedOpen.length > 10 ? ' …' : ''}); they are closed as they are`,
      });
    }
  }

  // Helpers.

  private existing(id: unknown): NodeRecord | undefined {
    if (typeof id !== 'string' || id.length > this.limits.maxIdLength) {
      return this.check.fail('bad_id', `id must be a string of at most ${this.limits.maxIdLength} characters, not ${typeof id === 'string' ? 'a longer one' : shown(id)}`);
    }
    const node = this.nodes.get(id);
    return node ?? this.check.fail('unknown_id', `no node "${id}" has opened`);
  }

  /** Checked spans; for a code block (`textOnly`), any span but text is kept as its words, with a warning. */
  private spansFor(textOnly: boolean, value: unknown): readonly Span[] | undefined {
    const spans = checkSpans(value, this.check);
    if (!spans || !textOnly) return spans;
    let mixed = false;
    for (const s of spans) if (s.t !== 'text') mixed = true;
    if (!mixed) return spans;
    this.check.warn('converted', 'a code block holds text only; its other spans are kept as their words');
    return spans.map((s) => (s.t === 'text' ? s : { t: 'text', v: plainText([s]) }));
  }

  /** What a node may hold: its type's rule, or, once refused, anything. */
  private ruleFor(node: NodeRecord): TypeRule {
    return node.isRefused ? REFUSED_RULE : ruleOf(node.type);
  }

  /** Whether `more` code units of text still fit in the document. */
  private fits(more: number): boolean {
    if (this.textTotal + more <= this.limits.maxDocumentText) return true;
    this.check.fail('too_large', `the document holds at most ${this.limits.maxDocumentText} characters of text`);
    return false;
  }

  private closeNode(node: NodeRecord, data: OpData | null, kind: DataKind | null, refused: NodeRefusal | null = null): void {
    node.close(data, kind, refused);
    this.openNodes.delete(node.id);
    if (node.parent !== null) this.nodes.get(node.parent)!.openChildren--;
    this.changes.push(node.id);
  }

  /** Closes a node's open descendants, deepest first, listing them in `out`. */
  private closeDescendants(node: NodeRecord, out: string[]): void {
    for (const childId of node.childIds()) {
      if (node.openChildren === 0) return;
      const child = this.nodes.get(childId)!;
      if (child.isClosed) continue;
      if (child.openChildren > 0) this.closeDescendants(child, out);
      this.closeNode(child, null, null);
      out.push(childId);
    }
  }

  private refuse(code: OpIssueCode, line: number, message: string, id?: string): false {
    this.report(id === undefined ? { code, severity: 'error', line, message } : { code, severity: 'error', line, message, id });
    return false;
  }

  private report(issue: OpIssue): void {
    const n = ++this.issueTotal;
    const max = this.limits.maxIssues;
    if (n > max + 1) return;
    this.sink.report(
      n <= max
        ? issue
        : { code: 'too_many_issues', severity: 'warning', line: issue.line, message: `more than ${max} issues; the rest are only counted (issueCount)` },
    );
    this.issuesV.bump();
  }
}
