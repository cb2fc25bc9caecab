/**
 * Component specs the line checks read: the generated catalog and the app's own declarations ([5.27]–[5.29]),
 * in one shape. App declarations are checked here, when the parser is created: a malformed one throws.
 */
import { isJsonObject } from '../stream/jsonLines.js';
import { catalog } from './catalog.generated.js';
import type { ComponentSpec, Holds, PropDesc } from './catalogTypes.js';
import type { AppComponentDeclaration } from './types.js';

/**
 * Every field a prop description has, in one order. The catalog's descriptions come in a dozen shapes, and the
 * line checks read them for every value of every line: through a dozen shapes each read is a megamorphic
 * property load. A slot's description is copied onto one of these, so all have one shape; a field its kind
 * doesn't have stays undefined, as it was.
 */
class OneShapeDesc {
  k: unknown = undefined;
  min: unknown = undefined;
  max: unknown = undefined;
  imin: unknown = undefined;
  imax: unknown = undefined;
  st: unknown = undefined;
  n: unknown = undefined;
  v: unknown = undefined;
  re: unknown = undefined;
  h: unknown = undefined;
}
const oneShape = (d: PropDesc): PropDesc => Object.assign(new OneShapeDesc(), d) as PropDesc;

/** A prop of a spec; `i` numbers the props of its component from 0. */
export interface Slot {
  readonly name: string;
  readonly d: PropDesc;
  readonly i: number;
}

export interface Spec {
  readonly name: string;
  readonly app: boolean;
  readonly pos: readonly string[];
  readonly req: readonly string[];
  readonly props: ReadonlyMap<string, PropDesc>;
  readonly slots: ReadonlyMap<string, Slot>;
  /** The slots in a list: a component has a few props, and comparing a name with each is quicker than hashing it. */
  readonly slotList: readonly Slot[];
  readonly posSlots: readonly Slot[];
  readonly reqSlots: readonly Slot[];
  readonly cross: ComponentSpec['x'];
  /** The prop holding the $key this component edits, and what that state must hold. */
  readonly bind: string | null;
  readonly holds: Holds | null;
  /** Index in catalog.groups of the group this component contains, or holds a member of; -1 for none. */
  readonly parentOf: number;
  readonly memberOf: number;
}

/** Catalog component names, in catalog order. */
export const COMPONENT_NAMES: readonly string[] = Object.keys(catalog.components);
export const RESERVED: ReadonlySet<string> = new Set(catalog.reserved);
export const FORMAT_VERSION = catalog.format;
export const LIMITS = catalog.limits;

const groupIndex = (name: string, parent: boolean) =>
  catalog.groups.findIndex((g) => (parent ? g.parents.includes(name) : g.child === name));

function makeSpec(name: string, c: ComponentSpec, app: boolean): Spec {
  const props = new Map(Object.entries(c.d));
  const slots = new Map<string, Slot>();
  for (const [p, d] of props) slots.set(p, { name: p, d: oneShape(d), i: slots.size });
  let bind: string | null = null;
  let holds: Holds | null = null;
  for (const [p, d] of props) {
    if (d.k === 'bind') {
      bind = p;
      holds = d.h;
    }
  }
  return {
    name,
    app,
    pos: c.p,
    req: c.r,
    props,
    slots,
    slotList: [...slots.values()],
    posSlots: c.p.map((p) => slots.get(p)!),
    reqSlots: c.r.map((p) => slots.get(p)!),
    cross: c.x,
    bind,
    holds,
    parentOf: app ? -1 : groupIndex(name, true),
    memberOf: app ? -1 : groupIndex(name, false),
  };
}

let catalogSpecs: Map<string, Spec> | undefined;

/** The catalog's specs (built once, shared by every parser). */
export function catalogSpecMap(): ReadonlyMap<string, Spec> {
  if (!catalogSpecs) {
    catalogSpecs = new Map();
    for (const [name, c] of Object.entries(catalog.components)) catalogSpecs.set(name, makeSpec(name, c, false));
  }
  return catalogSpecs;
}

const NAME = /^[A-Z][A-Za-z0-9]*$/;
const PROP = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NOT_PROPS = new Set(['action', 'children', 'required', 'kind']);
const PROP_KEYS: Record<string, readonly string[]> = {
  text: ['minLength', 'maxLength', 'state'],
  number: ['minimum', 'maximum', 'integer', 'state'],
  boolean: [],
  oneOf: ['values'],
  picture: [],
  list: ['item', 'maxItems'],
  state: ['holds'],
};
const MAX_TEXT = catalog.limits.text;
const MAX_LIST = 50;

const isWhole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function appProp(where: string, name: string, d: unknown): PropDesc {
  if (!isJsonObject(d)) throw new TypeError(`${where} must be an object with a kind`);
  const kind = d.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(PROP_KEYS, kind)) {
    throw new TypeError(`${where}.kind must be one of ${Object.keys(PROP_KEYS).join(', ')}`);
  }
  for (const k of Object.keys(d)) {
    if (k !== 'kind' && k !== 'optional' && k !== 'description' && !PROP_KEYS[kind]!.includes(k)) {
      throw new TypeError(`${where} (kind ${kind}) has an unknown key "${k}"`);
    }
  }
  if (d.optional !== undefined && typeof d.optional !== 'boolean') throw new TypeError(`${where}.optional must be true or false`);
  if (d.description !== undefined && typeof d.description !== 'string') throw new TypeError(`${where}.description must be text`);
  if (d.state !== undefined && typeof d.state !== 'boolean') throw new TypeError(`${where}.state must be true or false`);
  const st = d.state === false ? undefined : (1 as const);
  switch (kind) {
    case 'text': {
      const min = d.minLength ?? 0;
      const max = d.maxLength ?? MAX_TEXT;
      if (!isWhole(min, 0, MAX_TEXT) || !isWhole(max, 0, MAX_TEXT) || min > max) {
        throw new TypeError(`${where}: minLength and maxLength must be whole numbers from 0 to ${MAX_TEXT}, minLength ≤ maxLength`);
      }
      const out: { k: 'text'; min?: number; max: number; st?: 1 } = { k: 'text', max };
      if (min) out.min = min;
      if (st) out.st = st;
      return out;
    }
    case 'number': {
      const { minimum: min, maximum: max, integer } = d;
      for (const [k, v] of [['minimum', min], ['maximum', max]] as const) {
        if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) throw new TypeError(`${where}.${k} must be a finite number`);
      }
      if (typeof min === 'number' && typeof max === 'number' && min > max) throw new TypeError(`${where}: minimum is more than maximum`);
      if (integer !== undefined && typeof integer !== 'boolean') throw new TypeError(`${where}.integer must be true or false`);
      const out: { k: 'int' | 'num'; min?: number; max?: number; st?: 1 } = { k: integer ? 'int' : 'num' };
      if (min !== undefined) out.min = min as number;
      if (max !== undefined) out.max = max as number;
      if (st) out.st = st;
      return out;
    }
    case 'boolean':
      return { k: 'bool' };
    case 'oneOf': {
      const v = d.values;
      if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== 'string' || x.length === 0 || x.length > MAX_TEXT)) {
        throw new TypeError(`${where}.values must be a non-empty list of non-empty texts`);
      }
      if (new Set(v).size !== v.length) throw new TypeError(`${where}.values lists a value twice`);
      return { k: 'enum', v: [...(v as string[])] };
    }
    case 'picture':
      return { k: 'img', max: 64 };
    case 'list': {
      const max = d.maxItems ?? MAX_LIST;
      if (d.item !== 'text' && d.item !== 'number') throw new TypeError(`${where}.item must be "text" or "number"`);
      if (!isWhole(max, 1, MAX_LIST)) throw new TypeError(`${where}.maxItems must be a whole number from 1 to ${MAX_LIST}`);
      return d.item === 'text' ? { k: 'texts', max, imax: MAX_TEXT } : { k: 'nums', max };
    }
    default: {
      // kind: state — the $key the component edits ([5.28]).
      if (name !== 'value') throw new TypeError(`${where}: only the prop named value can be the $key a component edits`);
      const h = d.holds;
      if (h !== 'text' && h !== 'number' && h !== 'boolean') throw new TypeError(`${where}.holds must be "text", "number" or "boolean"`);
      return { k: 'bind', h: `${h}?` };
    }
  }
}

/**
 * Checks the app's declarations and turns them into specs. Throws a TypeError naming the first problem, so a
 * mistake in the app's code shows when the parser is created, never while a stream is read ([5.27]).
 */
export function appSpecs(components: unknown): Map<string, Spec> {
  const out = new Map<string, Spec>();
  if (components === undefined || components === null) return out;
  if (!isJsonObject(components)) throw new TypeError('components must be an object of declarations by name');
  const catalogNames = catalogSpecMap();
  for (const [name, decl] of Object.entries(components as Record<string, AppComponentDeclaration>)) {
    const at = `app component "${name}"`;
    if (!NAME.test(name) || name.length > 64) {
      throw new TypeError(`${at}: a name is a capital letter, then letters and digits, at most 64 characters`);
    }
    if (catalogNames.has(name) || name === 'McpMutation' || name === 'App') {
      throw new TypeError(`${at}: the name is taken by the catalog`);
    }
    if (!isJsonObject(decl)) throw new TypeError(`${at} must be a declaration object`);
    for (const k of Object.keys(decl)) {
      if (!['description', 'props', 'positional', 'children', 'field'].includes(k)) throw new TypeError(`${at} has an unknown key "${k}"`);
    }
    if (typeof decl.description !== 'string' || decl.description.trim() === '') {
      throw new TypeError(`${at} needs a description for the model (one sentence)`);
    }
    if (!isJsonObject(decl.props)) throw new TypeError(`${at}.props must be an object of prop declarations`);
    const d: Record<string, PropDesc> = {};
    const req: string[] = [];
    for (const [p, pd] of Object.entries(decl.props)) {
      const where = `${at} prop "${p}"`;
      if (!PROP.test(p) || RESERVED.has(p)) throw new TypeError(`${where}: a prop name is an identifier and not a reserved word`);
      if (NOT_PROPS.has(p)) throw new TypeError(`${where}: ${p} can't be declared as a prop`);
      d[p] = appProp(where, p, pd);
      if (!(pd as { optional?: boolean }).optional) req.push(p);
    }
    if (decl.children !== undefined) {
      if (!isJsonObject(decl.children) || !isWhole(decl.children.max, 1, catalog.limits.children)) {
        throw new TypeError(`${at}.children must be {max: N}, N a whole number from 1 to ${catalog.limits.children}`);
      }
      d.children = { k: 'ch', max: decl.children.max };
    }
    if (decl.field !== undefined && typeof decl.field !== 'boolean') throw new TypeError(`${at}.field must be true or false`);
    if (decl.field) d.required = { k: 'bool' };
    const pos = decl.positional ?? [];
    if (!Array.isArray(pos)) throw new TypeError(`${at}.positional must be a list of prop names`);
    const seen = new Set<string>();
    for (const p of pos) {
      if (typeof p !== 'string' || !Object.hasOwn(d, p) || p === 'required') {
        throw new TypeError(`${at}.positional names "${String(p)}", which isn't one of its props`);
      }
      if (seen.has(p)) throw new TypeError(`${at}.positional names "${p}" twice`);
      seen.add(p);
    }
    out.set(name, makeSpec(name, { p: [...pos], r: req, d }, true));
  }
  return out;
}
