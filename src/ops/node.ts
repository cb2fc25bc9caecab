/**
 * A node of the document and its signal. The signal is made on the first tracked read, so a node nobody draws
 * costs no signal, and it is set only by the document as ops apply, never during a render.
 */
import { Signal } from '../signals.js';
import type { Attrs, DataKind, NodeRefusal, OpData, OpNode, Span } from './types.js';

const NO_SPANS: readonly Span[] = Object.freeze([]);
const NO_CHILDREN: readonly string[] = Object.freeze([]);

/** A node as the document keeps it: the `OpNode` a renderer reads, plus the writes only the document makes. */
export class NodeRecord implements OpNode {
  private spansValue: readonly Span[] = NO_SPANS;
  private childList: string[] | null = null;
  private closedValue = false;
  private dataValue: OpData | null = null;
  private kindValue: DataKind | null = null;
  private refusedValue: NodeRefusal | null;
  private v = 0;
  private sig: Signal.State<number> | undefined;
  /** Children still open: closing this node closes them first. */
  openChildren = 0;
  /** Text held in its spans and data, counted against the document's limit. */
  textSize = 0;
  /** The warnings already reported for this node, by code: a paragraph resent twenty times is one warning. */
  warned: Set<string> | null = null;

  constructor(
    readonly id: string,
    readonly parent: string | null,
    readonly index: number,
    // Final once the node applied; a refused node or a gap is filled in place by a later op for its id (`fill`).
    public type: string,
    public component: boolean,
    public attrs: Attrs,
    public line: number,
    refused: NodeRefusal | null = null,
  ) {
    this.refusedValue = refused;
  }

  private track(): void {
    (this.sig ??= new Signal.State(this.v)).get();
  }

  get spans(): readonly Span[] {
    this.track();
    return this.spansValue;
  }

  get children(): readonly string[] {
    this.track();
    return this.childList ?? NO_CHILDREN;
  }

  get closed(): boolean {
    this.track();
    return this.closedValue;
  }

  get data(): OpData | null {
    this.track();
    return this.dataValue;
  }

  get dataKind(): DataKind | null {
    this.track();
    return this.kindValue;
  }

  get refused(): NodeRefusal | null {
    this.track();
    return this.refusedValue;
  }

  get version(): number {
    this.track();
    return this.v;
  }

  // Untracked reads and the writes, for the document.

  get isClosed(): boolean {
    return this.closedValue;
  }

  get childCount(): number {
    return this.childList === null ? 0 : this.childList.length;
  }

  childIds(): readonly string[] {
    return this.childList ?? NO_CHILDREN;
  }

  setSpans(spans: readonly Span[]): void {
    this.spansValue = spans;
    this.bump();
  }

  addChild(id: string): void {
    (this.childList ??= []).push(id);
    this.bump();
  }

  close(data: OpData | null, kind: DataKind | null, refused: NodeRefusal | null = null): void {
    this.closedValue = true;
    this.dataValue = data;
    this.kindValue = kind;
    if (refused) this.refusedValue = refused;
    this.bump();
  }

  /**
   * A retry: a refused node (or a gap) that holds no children becomes the node a later op for its id describes,
   * open and empty, in the same object, so whatever draws it draws again (its version goes up).
   */
  fill(type: string, component: boolean, attrs: Attrs, line: number): void {
    this.type = type;
    this.component = component;
    this.attrs = attrs;
    this.line = line;
    this.refusedValue = null;
    this.spansValue = NO_SPANS;
    this.dataValue = null;
    this.kindValue = null;
    this.closedValue = false;
    this.textSize = 0;
    this.warned = null;
    this.bump();
  }

  /** The node itself was refused (it only keeps its place); untracked. */
  get isRefused(): boolean {
    return this.refusedValue?.what === 'node';
  }

  private bump(): void {
    this.v++;
    this.sig?.set(this.v);
  }
}
