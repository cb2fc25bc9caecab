/**
 * The screen as signals ([8]): one Signal.State per id, per $key and per governed Button, created on the first
 * read (so a renderer can watch an id before its line arrives) and written only when what it holds changes.
 * Lists (issues, ids) are a version signal plus a snapshot copied on read, so a line costs O(1) here however
 * long the document is.
 */
import { Signal } from '../signals.js';
import { DocumentIndex } from './documentIndex.js';
import { ChangeFeed } from '../stream/changeFeed.js';
import { E_COMPONENT, nodeOf, StateEntry, type ComponentEntry, type MutationEntry } from './lineCheck.js';
import type { Issue, NodeStatus, OmniDocument, OmniMutation, OmniNode, Scalar } from './types.js';

type Slot = ComponentEntry | MutationEntry | undefined;

export class Screen implements OmniDocument {
  index = new DocumentIndex();
  readonly changes = new ChangeFeed();
  private readonly nodeSigs = new Map<string, Signal.State<Slot>>();
  private readonly stateSigs = new Map<string, Signal.State<Scalar | undefined>>();
  private readonly mutationSigs = new Map<string, Signal.State<MutationEntry | undefined>>();
  private readonly arrivalSigs = new Map<string, Signal.State<number>>();
  // Made on the first read, as the lists' below: a screen nobody draws (a server's, a test's) makes no signal.
  private endedSig: Signal.State<boolean> | undefined;
  private newerSig: Signal.State<boolean> | undefined;
  private endedNow = false;
  private newerNow = false;
  // Made on the first read: until something watches the lists, a line doesn't touch a signal for them.
  private issuesSig: Signal.State<number> | undefined;
  private idsSig: Signal.State<number> | undefined;
  private issuesVersion = 0;
  private idsVersion = 0;
  private issuesSnap: readonly Issue[] = [];
  private issuesSnapAt = -1;
  private idsSnap: readonly string[] = [];
  private idsSnapAt = -1;

  constructor(private readonly all: readonly Issue[]) {}

  // Reads (tracked).

  node(id: string): OmniNode | undefined {
    const e = this.slot(id).get();
    return e && e.t === E_COMPONENT ? nodeOf(e) : undefined;
  }

  status(id: string): NodeStatus {
    const e = this.slot(id).get();
    if (e && e.t === E_COMPONENT) {
      let ready = true;
      for (const k of e.keys) if (this.stateSig(k).get() === undefined) ready = false;
      if (ready) return 'ready';
    }
    return this.ended ? 'missing' : 'pending';
  }

  state(key: string): Scalar | undefined {
    return this.stateSig(key).get();
  }

  hasState(key: string): boolean {
    return this.stateSig(key).get() !== undefined;
  }

  setState(key: string, value: Scalar): void {
    const s = this.index.state.get(key);
    if (!s) throw new Error(`setState: ${key} is not declared by the screen`);
    if (Object.is(s.value, value)) return;
    this.index.state.set(key, new StateEntry(key, s.line, value));
    this.stateSigs.get(key)?.set(value);
    this.changes.push(key);
    this.changes.commit();
  }

  mutation(buttonId: string): OmniMutation | undefined {
    let s = this.mutationSigs.get(buttonId);
    if (!s) this.mutationSigs.set(buttonId, (s = new Signal.State(this.index.governor.get(buttonId))));
    return s.get()?.mutation;
  }

  get ended(): boolean {
    return (this.endedSig ??= new Signal.State(this.endedNow)).get();
  }

  get newerVersion(): boolean {
    return (this.newerSig ??= new Signal.State(this.newerNow)).get();
  }

  get issues(): readonly Issue[] {
    const v = (this.issuesSig ??= new Signal.State(this.issuesVersion)).get();
    if (v !== this.issuesSnapAt) {
      this.issuesSnap = Object.freeze(this.all.slice());
      this.issuesSnapAt = v;
    }
    return this.issuesSnap;
  }

  ids(): readonly string[] {
    const v = (this.idsSig ??= new Signal.State(this.idsVersion)).get();
    if (v !== this.idsSnapAt) {
      // Component ids in definition order (McpMutations are not displayed, so not listed).
      const ids: string[] = [];
      for (const e of this.index.order) if (e.t === E_COMPONENT) ids.push(e.id);
      this.idsSnap = Object.freeze(ids);
      this.idsSnapAt = v;
    }
    return this.idsSnap;
  }

  childrenArrived(id: string): number {
    let s = this.arrivalSigs.get(id);
    if (!s) this.arrivalSigs.set(id, (s = new Signal.State(0)));
    return s.get();
  }

  isWritten(id: string): boolean {
    return this.index.entry(id)?.t === E_COMPONENT;
  }

  private slot(id: string): Signal.State<Slot> {
    let s = this.nodeSigs.get(id);
    if (!s) this.nodeSigs.set(id, (s = new Signal.State<Slot>(this.index.entry(id))));
    return s;
  }

  private stateSig(key: string): Signal.State<Scalar | undefined> {
    let s = this.stateSigs.get(key);
    if (!s) this.stateSigs.set(key, (s = new Signal.State<Scalar | undefined>(this.index.value(key))));
    return s;
  }

  // Writes, by the parser (never during a render).

  /** An id's entry changed (arrived, replaced or removed). */
  touchNode(id: string, e: Slot = this.index.entry(id)): void {
    this.changes.push(id);
    this.nodeSigs.get(id)?.set(e);
  }

  touchState(key: string): void {
    this.changes.push(key);
    this.stateSigs.get(key)?.set(this.index.value(key));
  }

  touchMutation(buttonId: string): void {
    this.changes.push(buttonId);
    this.mutationSigs.get(buttonId)?.set(this.index.governor.get(buttonId));
  }

  /** A line (or an update, or a person's edit) is done: what it touched is published to the change feed. */
  commit(): void {
    this.changes.commit();
  }

  /** A component arrived or went: its parent (in `index`, the one it's in) draws its children again. */
  childMoved(id: string, index: DocumentIndex = this.index): void {
    // Until a renderer watches some component's children, there is no parent to tell.
    if (this.arrivalSigs.size === 0) return;
    const parent = index.parentOf(id);
    if (parent === undefined) return;
    const s = this.arrivalSigs.get(parent);
    s?.set(s.get() + 1);
  }

  /** The list of component ids changed. */
  idsChanged(): void {
    this.idsSig?.set(++this.idsVersion);
  }

  issueAdded(): void {
    this.issuesSig?.set(++this.issuesVersion);
  }

  setEnded(): void {
    this.endedNow = true;
    this.endedSig?.set(true);
  }

  setNewer(): void {
    this.newerNow = true;
    this.newerSig?.set(true);
  }
}
