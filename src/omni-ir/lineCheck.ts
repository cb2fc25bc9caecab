/**
 * The checks a line gets on its own ([7.1]): ids and keys ([4.10]), the catalog and the app's components ([5.9],
 * [5.27]), props and their values (section 6, [5.8], [5.24], [5.26], [5.28]), state values ([5.10]), McpMutation
 * tools and params ([5.14], [5.16]) and pictures ([5.17], [5.30]). Document rules come later, in documentIndex.ts.
 * Shape checks run before registry look-ups, so a malformed value is invalid_props even if it would also be
 * unknown.
 */
import { catalog } from './catalog.generated.js';
import type { PropDesc } from './catalogTypes.js';
import { Call, IdList, isIdentChar, isIdentStart, keptList, Obj, Ref, STMT_STATE, type LineReader, type Value } from './lineReader.js';
import { didYouMean } from './closestNames.js';
import { ASSET_NAME, knownPicture } from './pictures.js';
import { RESERVED, type Slot, type Spec } from './specs.js';
import type { IssueCode, OmniMutation, OmniNode, PictureFamily, PropValue, Scalar, StateRef } from './types.js';

export const E_COMPONENT = 0;
const MUTATION_PROPS = ['target', 'tool', 'params'];
/** How many wrong names of one stream get a "did you mean" (see LineChecker.near). */
export const SUGGESTIONS = 100;
export const E_MUTATION = 1;
export const E_STATE = 2;

// Entries are class instances, not object literals: V8 pretenures literals whose objects outlive a scavenge,
// and a parsed screen's entries would then go straight to the old generation and hold everything they point to
// alive until a full collection. Class instances stay young and die young when a screen is dropped.

/**
 * An accepted component, with what the document rules need to know about it. Its OmniNode is made on the first
 * read (nodeOf), so a stream nobody renders yet costs one object per component, not two.
 */
export class ComponentEntry {
  readonly t: typeof E_COMPONENT = E_COMPONENT;
  /** The node, once made by nodeOf. */
  node: OmniNode | null = null;
  constructor(
    readonly id: string,
    readonly line: number,
    readonly type: string,
    readonly props: Readonly<Record<string, PropValue>>,
    readonly children: readonly string[],
    readonly spec: Spec,
    /** $keys its props use, each once. */
    readonly keys: readonly string[],
    /** The $key it edits (fields and app components with a `value` $key), or null. */
    readonly bind: string | null,
  ) {}
}

/** The component's node; the same object on every call, so a renderer can compare by identity. */
export function nodeOf(e: ComponentEntry): OmniNode {
  return (e.node ??= { id: e.id, type: e.type, app: e.spec.app, props: e.props, children: e.children, line: e.line });
}

/**
 * An accepted McpMutation. Like a component's node, its OmniMutation is made on the first read: building a params
 * object key by key was a tenth of reading a screen of actions, as every new set of key names is a new hidden
 * class (V8 goes through its transition tree, and past some keys to a dictionary), and most of a stream's
 * mutations are never read before the person presses their Button.
 */
export class MutationEntry {
  readonly t: typeof E_MUTATION = E_MUTATION;
  private made: OmniMutation | null = null;
  constructor(
    readonly id: string,
    readonly line: number,
    /** The id of the Button it governs. */
    readonly target: string,
    readonly tool: string,
    /** The params' keys, checked (identifiers, each once), and their values at the same index. */
    private readonly paramKeys: readonly string[],
    private readonly paramValues: readonly Value[],
    /** $keys its params use, each once. */
    readonly keys: readonly string[],
  ) {}

  /** The mutation; the same object on every read. */
  get mutation(): OmniMutation {
    return (this.made ??= {
      id: this.id,
      target: this.target,
      tool: this.tool,
      params: paramsOf(this.paramKeys, this.paramValues),
      line: this.line,
    });
  }
}

function paramsOf(keys: readonly string[], values: readonly Value[]): Record<string, Scalar | StateRef> {
  const out: Record<string, Scalar | StateRef> = {};
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = values[i] as Scalar | StateRef;
  return out;
}

export class StateEntry {
  readonly t: typeof E_STATE = E_STATE;
  constructor(
    /** The $key, with the `$`. */
    readonly id: string,
    readonly line: number,
    readonly value: Scalar,
  ) {}
}

export type Entry = ComponentEntry | MutationEntry | StateEntry;

export interface Registries {
  readonly specs: ReadonlyMap<string, Spec>;
  readonly tools: ReadonlySet<string>;
  readonly assets: ReadonlySet<string>;
  readonly families: readonly PictureFamily[];
}

const L = catalog.limits;
const EMPTY: readonly string[] = Object.freeze([]) as readonly string[];
const NO_PROPS: Readonly<Record<string, PropValue>> = Object.freeze({});
const M = catalog.mutation;
const TOOL = new RegExp(M.tool.re);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A key written as an identifier is one; a key written as a string may not be. Checked without a regex. */
const isIdentifier = (k: string) => {
  if (k.length === 0 || !isIdentStart(k.charCodeAt(0))) return false;
  for (let j = 1; j < k.length; j++) if (!isIdentChar(k.charCodeAt(j))) return false;
  return true;
};
const patterns = new Map<string, RegExp>();
const pattern = (re: string) => {
  let r = patterns.get(re);
  if (!r) patterns.set(re, (r = new RegExp(re)));
  return r;
};

export const isStateRef = (v: unknown): v is StateRef =>
  typeof v === 'object' && v !== null && (v as StateRef).kind === 'state';

/** A short, safe rendering of a value for messages. */
function show(v: Value): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'a number too large to represent';
  if (v === null || typeof v === 'boolean') return String(v);
  if (v instanceof Ref) return `the id ${v.id}`;
  if (v instanceof Obj) return 'an object';
  if (v instanceof IdList) return 'a list of ids';
  if (v instanceof Call) return `a call to ${v.name}`;
  if (Array.isArray(v)) return 'a list';
  return v.key;
}

/** The catalog's patterns in words. */
const PATTERN_WORDS: Record<string, string> = {
  '^[A-Z]{3}$': 'a 3-letter currency code such as "USD"',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written YYYY-MM-DD',
  '^[a-z][A-Za-z0-9_]*$': 'an action name: a lower-case letter, then letters, digits or _',
};

const TEXT_WHY = (min: number | undefined, max: number) =>
  min ? `text of ${min} to ${max} characters` : `text of at most ${max} characters`;

/** What a prop accepts, in words, for messages. */
function expected(d: PropDesc): string {
  let w: string;
  switch (d.k) {
    case 'text':
      w = TEXT_WHY(d.min, d.max) + (d.n ? ' or a number' : '');
      break;
    case 'pat':
      w = PATTERN_WORDS[d.re] ?? `text matching ${d.re}`;
      break;
    case 'enum':
      w = `one of ${d.v.map((x) => JSON.stringify(x)).join(', ')}`;
      break;
    case 'int':
      w = `a whole number${d.min !== undefined ? ` from ${d.min}` : ''}${d.max !== undefined ? ` up to ${d.max}` : ''}`;
      break;
    case 'num':
      w = `a number${d.min !== undefined ? ` of at least ${d.min}` : ''}${d.max !== undefined ? ` up to ${d.max}` : ''}`;
      break;
    case 'bool':
      return 'true or false';
    case 'img':
      return 'a picture name (lowercase letters, digits and hyphens)';
    case 'ch':
      return `a list of at most ${d.max} component ids`;
    case 'texts':
      return `a list of ${d.min ?? 0} to ${d.max} texts of at most ${d.imax} characters${d.imin ? ', none empty' : ''}`;
    case 'nums':
      return `a list of ${d.min ?? 0} to ${d.max} numbers`;
    case 'cells':
      return `a list of ${d.min ?? 0} to ${d.max} texts or numbers`;
    default:
      return 'the $key it edits, such as $name';
  }
  return d.st ? `${w} or a $key` : w;
}

/** Reserved words ([4.10]) by length, so most ids are cleared by one comparison and no hashing. */
const RESERVED_BY_LENGTH: (string[] | undefined)[] = [];
for (const w of RESERVED) (RESERVED_BY_LENGTH[w.length] ??= []).push(w);
const reserved = (id: string) => {
  const words = RESERVED_BY_LENGTH[id.length];
  if (words) for (const w of words) if (w === id) return true;
  return false;
};
/** An id that may be defined: at most 64 characters, not a reserved word. */
const validId = (id: string) => id.length <= L.idLength && !reserved(id);

/** The slot of the prop `name`: compared with each (a name read from a line has no hash yet; see Spec.slotList). */
function slotNamed(list: readonly Slot[], name: string): Slot | undefined {
  for (let j = 0; j < list.length; j++) if (list[j]!.name === name) return list[j];
  return undefined;
}

/** Checks a value against a prop; returns the value to keep, or undefined when it isn't allowed. */
function accept(d: PropDesc, v: Value): PropValue | string[] | undefined {
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    if (isStateRef(v)) return d.st || d.k === 'bind' ? (v.key.length <= L.stateKeyLength ? v : undefined) : undefined;
    if (v instanceof IdList && d.k === 'ch' && v.ids.length <= d.max) {
      for (const id of v.ids) if (!validId(id)) return undefined;
      return v.ids;
    }
    return undefined;
  }
  switch (d.k) {
    case 'text':
      if (typeof v === 'string') return v.length <= d.max && v.length >= (d.min ?? 0) ? v : undefined;
      return d.n && typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    case 'pat':
      return typeof v === 'string' && (d.max === undefined || v.length <= d.max) && pattern(d.re).test(v) ? v : undefined;
    case 'enum': {
      // The catalog's own string is kept, so a document holds one copy of each choice.
      const i = typeof v === 'string' || typeof v === 'number' ? d.v.indexOf(v) : -1;
      return i < 0 ? undefined : d.v[i];
    }
    case 'int':
    case 'num':
      return typeof v === 'number' &&
        (d.k === 'int' ? Number.isInteger(v) : Number.isFinite(v)) &&
        (d.min === undefined || v >= d.min) &&
        (d.max === undefined || v <= d.max)
        ? v
        : undefined;
    case 'bool':
      return typeof v === 'boolean' ? v : undefined;
    case 'img':
      return typeof v === 'string' && v.length <= d.max && ASSET_NAME.test(v) ? v : undefined;
    case 'ch':
      // Ids come as an IdList (above); only [] reaches here as a children list.
      return Array.isArray(v) && v.length === 0 ? (EMPTY as string[]) : undefined;
    case 'texts':
    case 'nums':
    case 'cells': {
      if (!Array.isArray(v) || v.length > d.max || v.length < (d.min ?? 0)) return undefined;
      for (const x of v) {
        if (typeof x === 'string') {
          if (d.k === 'nums' || x.length > d.imax || x.length < (d.k === 'texts' ? (d.imin ?? 0) : 0)) return undefined;
        } else if (typeof x === 'number') {
          if (d.k === 'texts' || !Number.isFinite(x)) return undefined;
        } else return undefined;
      }
      return v as (string | number)[];
    }
    default:
      return undefined;
  }
}

/**
 * Checks lines on their own. One instance per parser; `code`/`message`/`subject` describe the last rejection.
 */
export class LineChecker {
  code: IssueCode = 'syntax';
  message = '';
  /** stamp[slot.i] === gen marks a prop given in the current line (no set allocated per line). */
  private stamp = new Int32Array(32);
  private gen = 0;
  private suggestionsLeft = SUGGESTIONS;
  /**
   * The spec of the last component line. A name read from a line is a new string with no hash yet: comparing it
   * with the last one is cheaper than hashing it for the map, and screens often repeat a component line after line.
   */
  private last: Spec | null = null;
  /** The registered tools whose names are well formed, by length (see knownTool), and in a set. */
  private readonly tools: (string[] | undefined)[] = [];
  private readonly toolSet = new Set<string>();
  constructor(private readonly reg: Registries) {
    for (const t of reg.tools) {
      if (t.length > M.tool.max || !TOOL.test(t)) continue;
      this.toolSet.add(t);
      (this.tools[t.length] ??= []).push(t);
    }
  }

  /**
   * The registered name a tool name read from a line equals, if it is well formed, or null. A name read from a
   * line is a new string with no hash yet: the few names of its length are compared with it, rather than hashing
   * it for the set. The entry keeps the registry's string, and the line's can die young.
   */
  private knownTool(tool: string): string | null {
    const list = this.tools[tool.length];
    if (list === undefined) return null;
    if (list.length > 8) return this.toolSet.has(tool) ? tool : null;
    for (let j = 0; j < list.length; j++) if (list[j] === tool) return list[j]!;
    return null;
  }

  /**
   * "; did you mean …?" for a wrong name, while the stream's budget lasts: a person misspells a few names, a
   * hostile stream thousands, and this keeps what those cost the same as any rejected line.
   */
  private near(name: string, known: Iterable<string>): string {
    if (this.suggestionsLeft <= 0) return '';
    this.suggestionsLeft--;
    return didYouMean(name, known);
  }

  /** What a component name may be: the catalog's and the app's components, and McpMutation. */
  private *componentNames(): Generator<string> {
    yield* this.reg.specs.keys();
    yield 'McpMutation';
  }

  private no(code: IssueCode, message: string): null {
    this.code = code;
    this.message = message;
    return null;
  }

  /** The entry of the statement `r` just read, or null with `code` and `message` set. */
  check(r: LineReader, kind: typeof STMT_STATE | number, line: number): Entry | null {
    if (kind === STMT_STATE) {
      const key = r.id;
      if (key.length > L.stateKeyLength) return this.no('invalid_props', `${key.slice(0, 20)}…: a $key is at most ${L.stateKeyLength} characters, $ included`);
      const v = r.value;
      if (typeof v === 'string') {
        if (v.length > L.text) return this.no('invalid_props', `${key}: text is at most ${L.text} characters`);
      } else if (typeof v === 'number') {
        if (!Number.isFinite(v)) return this.no('invalid_props', `${key}: the number is too large to represent`);
      } else if (v !== null && typeof v !== 'boolean') {
        return this.no('invalid_props', `${key}: state holds text, a number, true, false or null, not ${show(v)}`);
      }
      return new StateEntry(key, line, v);
    }
    const id = r.id;
    if (reserved(id)) return this.no('invalid_props', `"${id}" is a reserved word and can't be an id`);
    if (id.length > L.idLength) return this.no('invalid_props', `the id ${id.slice(0, 20)}… is longer than ${L.idLength} characters`);
    if (r.name === 'McpMutation') return this.mutation(r, line);
    const last = this.last;
    const spec = last !== null && last.name === r.name ? last : (this.last = this.reg.specs.get(r.name) ?? null);
    if (!spec) {
      const near = this.near(r.name, this.componentNames());
      return this.no('unknown_component', `"${id}": ${r.name} is not a component of the catalog or the app${near}`);
    }
    return this.component(r, spec, line);
  }

  private component(r: LineReader, spec: Spec, line: number): ComponentEntry | null {
    const { id, pos, names, vals } = r;
    const np = r.npos;
    if (np > spec.pos.length) {
      return this.no('invalid_props', `${spec.name} "${id}" takes ${spec.pos.length ? `at most ${spec.pos.length} positional argument${spec.pos.length > 1 ? 's' : ''} (${spec.pos.join(', ')})` : 'no positional arguments'}, not ${np}`);
    }
    if (this.stamp.length < spec.slots.size) this.stamp = new Int32Array(spec.slots.size * 2);
    const stamp = this.stamp;
    const gen = ++this.gen;
    const props: Record<string, PropValue> = {};
    let children: readonly string[] = EMPTY;
    let keys: string[] | null = null;
    let bind: string | null = null;
    let picture: string | null = null;
    let given = false;
    const total = np + r.nnamed;
    for (let i = 0; i < total; i++) {
      let slot: Slot | undefined;
      let v: Value;
      if (i < np) {
        slot = spec.posSlots[i]!;
        v = pos[i]!;
      } else {
        const name = names[i - np]!;
        slot = slotNamed(spec.slotList, name);
        if (!slot) {
          const takes = [...spec.props.keys()];
          return this.no('invalid_props', `${spec.name} "${id}": unknown prop "${name}"${this.near(name, takes)} (${spec.name} takes ${takes.length ? takes.join(', ') : 'no props'})`);
        }
        v = vals[i - np]!;
      }
      const { name, d } = slot;
      if (stamp[slot.i] === gen) return this.no('invalid_props', `${spec.name} "${id}": ${name} is given twice`);
      stamp[slot.i] = gen;
      const ok = accept(d, v);
      if (ok === undefined) {
        if (typeof v === 'number' && !Number.isFinite(v)) return this.no('invalid_props', `${spec.name} "${id}": ${name} is a number too large to represent`);
        if (isStateRef(v) && !d.st && d.k !== 'bind') return this.no('invalid_props', `${spec.name} "${id}": ${name} can't be a $key; it takes ${expected(d)}`);
        return this.no('invalid_props', `${spec.name} "${id}": ${name} takes ${expected(d)}, not ${show(v)}`);
      }
      if (d.k === 'ch') {
        children = ok as string[];
        continue;
      }
      given = true;
      if (isStateRef(ok)) {
        if (!keys) (keys = keptList<string>()).push(ok.key);
        else if (!keys.includes(ok.key)) keys.push(ok.key);
        if (d.k === 'bind') bind = ok.key;
      } else if (d.k === 'img') picture = ok as string;
      props[name] = ok as PropValue;
    }
    for (const s of spec.reqSlots) {
      if (stamp[s.i] !== gen) return this.no('invalid_props', `${spec.name} "${id}": ${s.name} is required (${expected(s.d)})`);
    }
    const cross = spec.cross;
    if (cross) {
      for (let i = 0; i < cross.length; i++) {
        const rule = cross[i]!;
        const a = rule[0];
        const b = rule[1];
        const x = props[a];
        const y = props[b] ?? rule[2];
        if (typeof x === 'number' && typeof y === 'number' && x > y) {
          return this.no('invalid_props', `${spec.name} "${id}": ${a} (${x}) can't be more than ${b} (${y}${props[b] === undefined ? ', the default' : ''})`);
        }
      }
    }
    if (picture !== null && !knownPicture(picture, this.reg.assets, this.reg.families)) {
      return this.no('unknown_asset', `${spec.name} "${id}": "${picture}" is not a picture in the app's registry${this.near(picture, this.reg.assets)}`);
    }
    return new ComponentEntry(id, line, spec.name, given ? props : NO_PROPS, children, spec, keys ?? EMPTY, bind);
  }

  private mutation(r: LineReader, line: number): MutationEntry | null {
    const { id, pos, names, vals } = r;
    if (r.npos > M.p.length) return this.no('invalid_props', `McpMutation "${id}" takes one positional argument, its target Button`);
    let target: Value | undefined = r.npos > 0 ? pos[0] : undefined;
    let tool: Value | undefined;
    let params: Value | undefined;
    for (let i = 0; i < r.nnamed; i++) {
      const name = names[i]!;
      const v = vals[i]!;
      if (name === 'target' ? target !== undefined : name === 'tool' ? tool !== undefined : name === 'params' ? params !== undefined : true) {
        return this.no('invalid_props', name === 'target' || name === 'tool' || name === 'params' ? `McpMutation "${id}": ${name} is given twice` : `McpMutation "${id}": unknown prop "${name}"${this.near(name, MUTATION_PROPS)} (McpMutation takes target, tool, params)`);
      }
      if (name === 'target') target = v;
      else if (name === 'tool') tool = v;
      else params = v;
    }
    if (target === undefined) return this.no('invalid_props', `McpMutation "${id}": the target Button is required`);
    if (!(target instanceof Ref) || !validId(target.id)) return this.no('invalid_props', `McpMutation "${id}": target must be the id of a Button, not ${show(target)}`);
    if (tool === undefined) return this.no('invalid_props', `McpMutation "${id}": tool is required`);
    // A registered tool is a well-formed name (see knownTool): no pattern is run for it.
    const known = typeof tool === 'string' ? this.knownTool(tool) : null;
    if (typeof tool !== 'string' || (known === null && (tool.length > M.tool.max || !TOOL.test(tool)))) {
      return this.no('invalid_props', `McpMutation "${id}": tool must be a tool name such as "payments.confirm" (ASCII, dot-separated, lower-case first letters), not ${show(tool)}`);
    }
    let keys: string[] | null = null;
    let pk: readonly string[] = EMPTY;
    let pv: readonly Value[] = EMPTY;
    if (params !== undefined) {
      if (!(params instanceof Obj)) return this.no('invalid_props', `McpMutation "${id}": params must be an object {key: value, …}, not ${show(params)}`);
      pk = params.keys;
      pv = params.values;
      // Few keys are searched in place; many through a set.
      const seen = pk.length > 16 ? new Set<string>() : null;
      for (let i = 0; i < pk.length; i++) {
        const k = pk[i]!;
        const v = pv[i]!;
        if ((params.quoted && !isIdentifier(k)) || reserved(k) || k.length > M.params.keyMax) {
          return this.no('invalid_props', `McpMutation "${id}": params key ${JSON.stringify(k.slice(0, 40))} must be an identifier and not a reserved word`);
        }
        if (seen ? seen.has(k) : pk.indexOf(k) < i) return this.no('invalid_props', `McpMutation "${id}": params key ${k} is given twice`);
        seen?.add(k);
        if (isStateRef(v)) {
          if (v.key.length > L.stateKeyLength) return this.no('invalid_props', `McpMutation "${id}": params.${k} names a $key longer than ${L.stateKeyLength} characters`);
          if (!keys) (keys = keptList<string>()).push(v.key);
          else if (!keys.includes(v.key)) keys.push(v.key);
        } else if (
          !(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= M.params.text))
        ) {
          return this.no('invalid_props', `McpMutation "${id}": params.${k} must be text, a number, true, false, null or a $key, not ${show(v)}`);
        }
      }
    }
    if (known === null) {
      return this.no('unknown_tool', `McpMutation "${id}": the tool "${tool}" is not in the app's tool registry${this.near(tool, this.reg.tools)}`);
    }
    return new MutationEntry(id, line, target.id, known, pk, pv, keys ?? EMPTY);
  }
}


/** Whether a value is what an edited $key must hold ([5.12], [5.19], [5.20], [5.28]). */
export function holdsOk(h: string, v: Scalar): boolean {
  switch (h) {
    case 'text':
      return typeof v === 'string';
    case 'date':
      return v === '' || (typeof v === 'string' && DATE.test(v));
    case 'boolean':
      return typeof v === 'boolean';
    case 'text?':
      return v === null || typeof v === 'string';
    case 'number?':
      return v === null || typeof v === 'number';
    default:
      return v === null || typeof v === 'boolean';
  }
}

export const HOLDS_WORDS: Record<string, string> = {
  text: 'text',
  date: 'a date written YYYY-MM-DD or ""',
  boolean: 'true or false',
  'text?': 'text or null',
  'number?': 'a number or null',
  'boolean?': 'true, false or null',
};
