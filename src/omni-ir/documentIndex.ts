/**
 * The document index: accepted components, McpMutations and $state, with the tree kept incrementally (parent of
 * each id, governor of each Button, fields editing each $key), so checking a line touches only the ids it names
 * ([5.1]–[5.25]). End-of-stream checks ([7.2]) walk the document once.
 */
import { catalog } from './catalog.generated.js';
import { E_COMPONENT, E_MUTATION, E_STATE, HOLDS_WORDS, holdsOk, type ComponentEntry, type Entry, type MutationEntry, type StateEntry } from './lineCheck.js';
import { keptList } from './lineReader.js';
import type { IssueCode, Scalar } from './types.js';

const L = catalog.limits;
const ROOT = catalog.root;
const GROUPS = catalog.groups;

/** An issue the index found, before it is given a severity and a line number by its caller. */
export interface Found {
  readonly code: IssueCode;
  readonly line: number | null;
  readonly message: string;
  readonly id?: string;
}

const countOf = (v: unknown) => (Array.isArray(v) ? v.length : -1);

/**
 * What the index knows of one id, in one map: its entry once accepted, and the component that lists it, whether
 * or not it has arrived. A line touches each id it names once (one look-up gives both), and walking up from an
 * id to root follows records, not look-ups.
 */
class IdRecord {
  /** The accepted component or McpMutation with this id. */
  entry: ComponentEntry | MutationEntry | undefined = undefined;
  /** The record of the accepted component that lists this id as a child (its entry is that component). */
  parent: IdRecord | undefined = undefined;
  /** The `accept` call that last saw this id in a children list, to find an id listed twice. */
  mark = 0;
  /** The accepted McpMutation governing this id, as `governor` has it: read here, it costs no look-up. */
  gov: MutationEntry | undefined = undefined;
}

export class DocumentIndex {
  /** Components and McpMutations, and ids listed as children, by id. */
  private readonly ids = new Map<string, IdRecord>();
  /** Accepted components and McpMutations. */
  private count = 0;
  /** Numbers `accept` calls, for IdRecord.mark. */
  private gen = 0;
  /** The records of the children of the line being accepted, in list order. */
  private readonly kids: IdRecord[] = [];
  /** Declared $state by key (with `$`); a person's edits replace the entry's value. */
  readonly state = new Map<string, StateEntry>();
  /** The accepted McpMutation of each Button id. */
  readonly governor = new Map<string, MutationEntry>();
  /** Components editing each $key (fields, and app components with a `value` $key): one, or a list. */
  readonly editors = new Map<string, ComponentEntry | ComponentEntry[]>();
  /** Accepted statements in the order they were accepted. */
  readonly order: Entry[] = keptList();
  /** Why the last `accept` refused. */
  code: IssueCode = 'duplicate_id';
  message = '';
  /** Ids whose line was refused (the first refusal of each), so a reference to one says so at the end. */
  private readonly refusedIds = new Map<string, { readonly line: number; readonly code: IssueCode }>();

  /** The line `n` defining `id` was refused with `code`: remembered for the end-of-stream checks. */
  refused(id: string, line: number, code: IssueCode): void {
    if (!this.refusedIds.has(id)) this.refusedIds.set(id, { line, code });
  }

  /** What became of an id that is referenced but not here: refused (and why), or never sent. */
  private whatBecameOf(ids: readonly string[]): string {
    const never: string[] = [];
    const said: string[] = [];
    for (const id of ids) {
      const r = this.refusedIds.get(id);
      if (!r) never.push(`"${id}"`);
      else if (r.code === 'child_not_component') said.push(`"${id}", an McpMutation, not a component`);
      else said.push(`"${id}", whose line ${r.line} was rejected (${r.code})`);
    }
    if (never.length) said.push(`${never.join(', ')}, which never arrived`);
    return said.join('; ');
  }

  // What the end-of-stream checks could report, kept up to date as lines are accepted, so the end of a screen
  // without a problem doesn't walk it again (that walk was a tenth of parsing a screen). Each counts a case the
  // walk would report when it arises, and lets it go only once the walk would no longer see it.
  /** Children listed by an accepted component that haven't arrived. */
  private waitingChildren = 0;
  /** McpMutations whose target hasn't arrived. */
  private waitingTargets = 0;
  /** $keys used by an accepted line and not declared (yet). */
  private readonly undeclared = new Set<string>();
  /** Buttons with an action that no McpMutation governs (yet). */
  private ungoverned = 0;
  /** McpMutations of something that can't be governed. */
  private misgoverned = 0;

  /** The accepted component or McpMutation with this id. */
  entry(id: string): ComponentEntry | MutationEntry | undefined {
    return this.ids.get(id)?.entry;
  }

  /** The id of the accepted component that lists `id` as a child, whether or not `id` has arrived. */
  parentOf(id: string): string | undefined {
    return this.ids.get(id)?.parent?.entry!.id;
  }

  /** Accepted components and McpMutations, in the order they were accepted. */
  *entries(): IterableIterator<ComponentEntry | MutationEntry> {
    for (const e of this.order) if (e.t !== E_STATE) yield e;
  }

  private no(code: IssueCode, message: string): false {
    this.code = code;
    this.message = message;
    return false;
  }

  /** Applies the document rules to a line's entry; indexes it and returns true, or false with `code` set. */
  accept(e: Entry): boolean {
    if (e.t === E_STATE) {
      const key = e.id;
      if (this.state.has(key)) return this.no('duplicate_id', `${key} is already declared on line ${this.state.get(key)!.line}; the first value stays`);
      if (this.state.size >= L.stateKeys) return this.no('document_too_large', `${key}: a stream declares at most ${L.stateKeys} $state keys`);
      const eds = this.editors.get(key);
      if (eds) {
        for (const ed of Array.isArray(eds) ? eds : [eds]) {
          if (!holdsOk(ed.spec.holds!, e.value)) {
            return this.no('input_state_type', `${key} = ${JSON.stringify(e.value)}, but ${ed.spec.name} "${ed.id}" edits it and it must hold ${HOLDS_WORDS[ed.spec.holds!]}`);
          }
        }
      }
      this.state.set(key, e);
      if (this.undeclared.size > 0) this.undeclared.delete(key);
      this.order.push(e);
      return true;
    }
    const id = e.id;
    let rec = this.ids.get(id);
    const prev = rec?.entry;
    if (prev) return this.no('duplicate_id', `"${id}" is already defined on line ${prev.line}; the first definition stays`);
    if (this.count >= L.components) return this.no('document_too_large', `"${id}": a stream defines at most ${L.components} components, McpMutations included`);
    if (e.t === E_MUTATION) {
      const parent = rec?.parent;
      if (parent !== undefined) return this.no('child_not_component', `"${id}" is an McpMutation, but "${parent.entry!.id}" lists it as a child; children are components`);
      const target = e.target;
      const gov = this.ids.get(target)?.gov;
      if (gov) return this.no('duplicate_mutation', `"${target}" is already governed by McpMutation "${gov.id}" (line ${gov.line})`);
      if (!rec) this.ids.set(id, (rec = new IdRecord()));
      rec.entry = e;
      this.count++;
      this.arrived(rec, e);
      // Looked up again: the target may be this very id, whose record was only now made.
      let trec = this.ids.get(target);
      if (!trec) this.ids.set(target, (trec = new IdRecord()));
      trec.gov = e;
      this.governor.set(target, e);
      const t = trec.entry;
      if (t === undefined) this.waitingTargets++;
      else if (!interactive(t)) this.misgoverned++;
      else this.ungoverned--;
      this.used(e.keys);
      this.order.push(e);
      return true;
    }
    if (!this.childrenOk(e, rec) || !this.parentOk(e, rec)) return false;
    const key = e.bind;
    if (key !== null) {
      const s = this.state.get(key);
      if (s && !holdsOk(e.spec.holds!, s.value)) {
        return this.no('input_state_type', `${e.spec.name} "${id}" edits ${key}, which must hold ${HOLDS_WORDS[e.spec.holds!]}, but holds ${JSON.stringify(s.value)} (line ${s.line})`);
      }
    }
    if (!rec) this.ids.set(id, (rec = new IdRecord()));
    rec.entry = e;
    this.count++;
    if (rec.parent !== undefined) this.waitingChildren--;
    this.arrived(rec, e);
    if (e.type === 'Button' && e.props.action !== undefined && rec.gov === undefined) this.ungoverned++;
    this.used(e.keys);
    const kids = this.kids;
    for (let i = 0; i < e.children.length; i++) {
      const kid = kids[i]!;
      kid.parent = rec;
      if (kid.entry === undefined) this.waitingChildren++;
    }
    if (key !== null) {
      const eds = this.editors.get(key);
      if (!eds) this.editors.set(key, e);
      else if (Array.isArray(eds)) eds.push(e);
      else {
        const list = keptList<ComponentEntry>();
        list.push(eds, e);
        this.editors.set(key, list);
      }
    }
    this.order.push(e);
    return true;
  }

  /**
   * [5.4]–[5.6] and the containers' rules for each child already here, in list order. Leaves the children's
   * records in `kids` (a record is made for a child not seen before; it stays empty if the line is refused).
   */
  private childrenOk(e: ComponentEntry, self: IdRecord | undefined): boolean {
    const children = e.children;
    if (children.length === 0) return true;
    const id = e.id;
    const ids = this.ids;
    const kids = this.kids;
    const gen = ++this.gen;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      // Looked up first: the look-up hashes c, and then comparing it with ROOT needn't read its characters.
      let rec = ids.get(c);
      if (c === ROOT) return this.no('root_as_child', `"${id}" lists root as a child; root is the top of the screen`);
      if (!rec) ids.set(c, (rec = new IdRecord()));
      if (rec.mark === gen) return this.no('duplicate_child', `"${id}" lists "${c}" twice`);
      rec.mark = gen;
      kids[i] = rec;
      const ce = rec.entry;
      if (ce && ce.t === E_MUTATION) return this.no('child_not_component', `"${id}" lists "${c}", an McpMutation; children are components`);
      const p = rec.parent;
      if (p !== undefined) return this.no('multiple_parents', `"${id}" lists "${c}", which is already a child of "${p.entry!.id}"`);
      if (c === id) return this.no('cycle', `"${id}" lists itself as a child`);
      if (ce) {
        // A cycle needs c above id: walk up from id (bounded by depth, not by the document).
        for (let a = self?.parent; a !== undefined; a = a.parent) {
          if (a === rec) return this.no('cycle', `"${id}" lists "${c}", which already contains "${id}"`);
        }
        const why = mismatch(e, ce, false);
        if (why) return this.no(why[0], why[1]);
      }
    }
    return true;
  }

  /** An accepted line's id arrived: an McpMutation waiting for it as its target has it now. */
  private arrived(rec: IdRecord, e: ComponentEntry | MutationEntry): void {
    if (rec.gov === undefined) return;
    this.waitingTargets--;
    if (!interactive(e)) this.misgoverned++;
  }

  /** $keys an accepted line uses: those not declared yet are waited for. */
  private used(keys: readonly string[]): void {
    for (let i = 0; i < keys.length; i++) if (!this.state.has(keys[i]!)) this.undeclared.add(keys[i]!);
  }

  /** The containers' rules against a parent that arrived first ([5.18], [5.21]–[5.23]). */
  private parentOk(e: ComponentEntry, self: IdRecord | undefined): boolean {
    const pe = self?.parent?.entry;
    if (!pe || pe.t !== E_COMPONENT) return true;
    const why = mismatch(pe, e, true);
    return why ? this.no(why[0], why[1]) : true;
  }

  /** End-of-stream checks ([5.1], [5.11], [5.13], [5.15], [7.2]), in definition order. */
  endIssues(): Found[] {
    const root = this.entry(ROOT);
    const clean =
      root !== undefined && root.t === E_COMPONENT && this.waitingChildren === 0 && this.waitingTargets === 0 &&
      this.undeclared.size === 0 && this.ungoverned === 0 && this.misgoverned === 0;
    return clean ? [] : this.walkEndIssues();
  }

  /** The end-of-stream checks by walking every accepted line: what `endIssues` returns when it has something. */
  walkEndIssues(): Found[] {
    const out: Found[] = [];
    const root = this.entry(ROOT);
    if (!root) out.push({ code: 'missing_root', line: null, message: 'no root line arrived; the screen has no top component' });
    else if (root.t === E_MUTATION) {
      out.push({ code: 'root_not_component', line: root.line, id: ROOT, message: 'root is defined as an McpMutation; it must be a component' });
    }
    const arrived = (id: string) => this.ids.get(id)?.entry !== undefined;
    for (const e of this.order) {
      if (e.t === E_STATE) continue;
      if (e.t === E_COMPONENT) {
        const ch = e.children;
        for (let i = 0; i < ch.length; i++) {
          if (arrived(ch[i]!)) continue;
          const gone = ch.filter((c) => !arrived(c));
          out.push({ code: 'dangling_ref', line: e.line, id: e.id, message: `"${e.id}" lists ${this.whatBecameOf(gone)}` });
          break;
        }
      } else if (!arrived(e.target)) {
        out.push({ code: 'dangling_ref', line: e.line, id: e.id, message: `McpMutation "${e.id}" targets ${this.whatBecameOf([e.target])}` });
      }
      for (const k of e.keys) {
        if (this.state.has(k)) continue;
        const keys = e.keys.filter((x) => !this.state.has(x));
        out.push({ code: 'missing_state', line: e.line, id: e.id, message: `"${e.id}" uses ${keys.join(', ')}, never declared` });
        break;
      }
      if (e.t === E_COMPONENT) {
        if (e.type === 'Button' && e.props.action !== undefined && !this.governor.has(e.id)) {
          out.push({ code: 'ungoverned_mutation', line: e.line, id: e.id, message: `Button "${e.id}" has an action but no McpMutation governs it` });
        }
      } else {
        const t = this.entry(e.target);
        if (t && !interactive(t)) {
          out.push({
            code: 'mutation_target_not_interactive',
            line: e.line,
            id: e.id,
            message: `McpMutation "${e.id}" targets "${t.id}", which is ${t.t === E_MUTATION ? 'an McpMutation' : t.type === 'Button' ? 'a Button without an action' : `a ${t.type}`}; only a Button with an action can be governed`,
          });
        }
      }
    }
    return out;
  }

  /** References still pending, sorted: children and $keys ([7.3]); McpMutation targets excluded. */
  missing(): string[] {
    const out = new Set<string>();
    for (const e of this.entries()) {
      if (e.t === E_COMPONENT) for (const c of e.children) if (!this.entry(c)) out.add(c);
      for (const k of e.keys) if (!this.state.has(k)) out.add(k);
    }
    return [...out].sort();
  }

  /** The value of a declared $key. */
  value(key: string): Scalar | undefined {
    return this.state.get(key)?.value;
  }
}

/** A Button with an action: the only thing an McpMutation can govern ([5.15], [5.29]). */
export const interactive = (e: ComponentEntry | MutationEntry): boolean =>
  e.t === E_COMPONENT && !e.spec.app && e.type === 'Button' && e.props.action !== undefined;

function asParent(parent: ComponentEntry, child: ComponentEntry): [IssueCode, string] | null {
  const gi = parent.spec.parentOf;
  if (gi < 0 || child.spec.memberOf === gi) return null;
  const g = GROUPS[gi]!;
  return [g.code, `${parent.type} "${parent.id}" can hold only ${g.child}s, and "${child.id}" is a ${child.type}`];
}

function asChild(parent: ComponentEntry, child: ComponentEntry): [IssueCode, string] | null {
  const gi = child.spec.memberOf;
  if (gi < 0 || parent.spec.parentOf === gi) return null;
  const g = GROUPS[gi]!;
  return [g.code, `${child.type} "${child.id}" must be inside a ${g.parents.join(' or ')}, and "${parent.id}" is a ${parent.type}`];
}

/**
 * Whether parent may hold child ([5.18], [5.21]–[5.23]): [code, message], or null. The rule of the line that
 * arrived second is checked first: the child's when the child is the new line, else the parent's.
 */
function mismatch(parent: ComponentEntry, child: ComponentEntry, childIsNew: boolean): [IssueCode, string] | null {
  const gi = parent.spec.parentOf;
  if (gi < 0 && child.spec.memberOf < 0) return null;
  const first = childIsNew ? asChild(parent, child) ?? asParent(parent, child) : asParent(parent, child) ?? asChild(parent, child);
  if (first) return first;
  const count = gi >= 0 ? GROUPS[gi]!.count : undefined;
  if (count) {
    const [pp, cp] = count;
    const want = countOf(parent.props[pp]);
    const have = countOf(child.props[cp]);
    if (want !== have) {
      return [GROUPS[gi]!.code, `${child.type} "${child.id}" has ${have} ${cp} but ${parent.type} "${parent.id}" has ${want} ${pp}; they must match`];
    }
  }
  return null;
}
