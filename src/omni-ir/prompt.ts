/**
 * The text that teaches a model to write Omni-IR: a system prompt for a server that asks a model for screens, and
 * the description of an MCP show_screen tool ([10.25]). Both are generated from the same catalog the parser
 * checks with (catalog.generated.ts) and the app's own registries, so the model is never asked for a component,
 * prop, value, tool or picture the parser would reject (section 12). The worked examples are built from the
 * registries too, and each is parsed before it is shown: an example the parser doesn't accept with no issue at
 * all is left out rather than taught.
 */
import { ownValue } from '../stream/ownProperty.js';
import { catalog } from './catalog.generated.js';
import type { ComponentSpec, PropDesc } from './catalogTypes.js';
import { createOmniParser } from './parser.js';
import { appSpecs } from './specs.js';
import type { AppComponentDeclaration, PictureFamily } from './types.js';
import { isNewerVersion } from './version.js';

/** Names as a list, or an object keyed by name whose values describe each one (as the app's registry holds them). */
export type PromptNames = Iterable<string> | Readonly<Record<string, unknown>>;

export interface PromptOptions {
  /**
   * The tool registry ([5.14]): names, or an object of `name → {description?, schema?}` (`inputSchema`,
   * `input_schema` and `parameters` are read as the schema too; a `confirm` sentence or function marks a tool the
   * app confirms, [9.1]). A name that isn't shaped like a tool name can never be used by a stream, so it is left
   * out.
   */
  tools?: PromptNames;
  /** The asset registry ([5.17]): names, or an object of `name → {alt?}`; `alt` (or `description`) is shown. */
  assets?: PromptNames;
  /** The app's own components ([5.27]); a malformed declaration throws a TypeError, as the parser does. */
  components?: Readonly<Record<string, AppComponentDeclaration>>;
  /** Picture families ([5.30]). */
  pictures?: readonly PictureFamily[];
  /**
   * The stream format the clients read (MAJOR.MINOR, default the catalog's). It may be older than the catalog's,
   * never newer; for a format before 0.8 the field constraints ([5.26]) are left out.
   */
  formatVersion?: string;
}

/** A worked example: a short title and Omni-IR text that parses with no issue with the same registries. */
export interface PromptExample {
  readonly title: string;
  readonly text: string;
}

interface Tool {
  name: string;
  description: string;
  schema: unknown;
  /** The app asks the person to confirm before it runs ([9.1]). */
  confirm: boolean;
}

interface Asset {
  name: string;
  alt: string;
}

interface Setup {
  format: string;
  constraints: boolean;
  tools: Tool[];
  assets: Asset[];
  components: Readonly<Record<string, AppComponentDeclaration>>;
  pictures: readonly PictureFamily[];
}

const TOOL_NAME = new RegExp(catalog.mutation.tool.re);
const ASSET_NAME = /^[a-z0-9][a-z0-9-]*$/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ACTION = /^[a-z][A-Za-z0-9_]*$/;
const RESERVED = new Set(catalog.reserved);
const VERSION = /^[0-9]+\.[0-9]+$/;
/** Format 0.8 added the field constraints ([5.26], section 12): these props of a field. */
const CONSTRAINTS_SINCE = '0.8';
const CONSTRAINT_PROPS = new Set(['required', 'format', 'minLength', 'maxLength']);

/** What each catalog component is for. Only the catalog's own components are described; the rest is generated. */
const PURPOSE: Readonly<Record<string, string>> = {
  Stack: 'lays its children out in a column (default) or a row',
  Card: 'a framed group of children, with an optional title',
  Heading: 'a heading; level 1 is the largest',
  Text: 'a paragraph, or a number shown as money or a date shown as a date',
  Input: 'a text field that edits a $key holding text',
  Button: 'a button; with action=… it runs a tool through its McpMutation, without one it does nothing on the backend',
  Divider: 'a separating line',
  Badge: 'a short status label',
  Skeleton: 'a loading placeholder',
  Image: 'a picture from the app’s pictures, never from a URL',
  Rating: 'a star rating',
  DateInput: 'a date field that edits a $key holding "YYYY-MM-DD" or ""',
  List: 'a list of ListItems',
  ListItem: 'one row of a List',
  Message: 'a chat bubble from the user or the assistant',
  Select: 'a choice among options that edits a $key holding text',
  Switch: 'an on/off switch that edits a $key holding true or false',
  Table: 'a table; its children are TableRows',
  TableRow: 'one row of a Table',
  Tabs: 'tabs; its children are Tabs (Tab components)',
  Tab: 'one tab of a Tabs, with its label and content',
  Notice: 'a highlighted message: info, success, warning or danger',
  BarChart: 'a bar chart; its children are Series',
  LineChart: 'a line chart; its children are Series',
  PieChart: 'a pie chart; its children are Slices',
  Series: 'one named row of numbers in a BarChart or LineChart, one per label',
  Slice: 'one named, non-negative share of a PieChart',
};

/** Readable wording for the catalog's patterns; any other pattern is shown as it is. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[A-Z]{3}$': '3-letter currency code such as "USD"',
  '^\\d{4}-\\d{2}-\\d{2}$': 'date "YYYY-MM-DD"',
  '^[a-z][A-Za-z0-9_]*$': 'a name of letters, digits and _ starting with a lowercase letter, such as "pay"',
};

// ---------------------------------------------------------------------------------------------------------------
// Registries

function entries(x: PromptNames | undefined, what: string): [string, unknown][] {
  if (x === undefined || x === null) return [];
  if (typeof x === 'string') throw new TypeError(`${what} must be a list of names or an object keyed by name, not a string`);
  if (typeof (x as Iterable<unknown>)[Symbol.iterator] === 'function') {
    return [...(x as Iterable<unknown>)].map((n) => {
      if (typeof n !== 'string') throw new TypeError(`${what} must hold names (text)`);
      return [n, undefined];
    });
  }
  if (typeof x !== 'object') throw new TypeError(`${what} must be a list of names or an object keyed by name`);
  return Object.entries(x);
}

const oneLine = (s: string): string => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

function setup(o: PromptOptions = {}): Setup {
  if (typeof o !== 'object' || o === null) throw new TypeError('systemPrompt takes an object {tools, assets, components, pictures}');
  const format = o.formatVersion ?? catalog.format;
  if (typeof format !== 'string' || !VERSION.test(format)) throw new TypeError('formatVersion must be MAJOR.MINOR, such as "0.8"');
  if (isNewerVersion(`# omni-ir ${format}`, catalog.format)) {
    throw new RangeError(`formatVersion ${format} is newer than the catalog's format ${catalog.format}: the prompt can't teach it`);
  }
  const tools: Tool[] = [];
  for (const [name, info] of entries(o.tools, 'tools')) {
    if (!TOOL_NAME.test(name) || name.length > catalog.mutation.tool.max) continue;
    const d = ownValue(info, 'description');
    const schema = ['schema', 'inputSchema', 'input_schema', 'parameters'].map((k) => ownValue(info, k)).find((s) => s !== undefined);
    const confirm = ownValue(info, 'confirm');
    tools.push({ name, description: typeof d === 'string' ? oneLine(d) : '', schema, confirm: typeof confirm === 'string' || typeof confirm === 'function' });
  }
  const assets: Asset[] = [];
  for (const [name, info] of entries(o.assets, 'assets')) {
    if (!ASSET_NAME.test(name) || name.length > 64) continue;
    const alt = ownValue(info, 'alt') ?? ownValue(info, 'description');
    assets.push({ name, alt: typeof alt === 'string' ? oneLine(alt) : '' });
  }
  const components = o.components ?? {};
  appSpecs(components); // throws for a malformed declaration, exactly as the parser would
  const pictures = o.pictures ?? [];
  // Whether the field constraints exist in the clients' format: they came with 0.8.
  const constraints = !isNewerVersion(`# omni-ir ${CONSTRAINTS_SINCE}`, format);
  return { format, constraints, tools, assets, components, pictures };
}

/** The registries as the parser takes them, for checking the examples. */
function parserRegistries(s: Setup) {
  return { tools: s.tools.map((t) => t.name), assets: s.assets.map((a) => a.name), components: s.components, pictures: s.pictures };
}

// ---------------------------------------------------------------------------------------------------------------
// The catalog, described

function quote(v: string | number): string {
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  if (min !== undefined && max !== undefined) return `${min}-${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return '';
}

function textLimits(min: number | undefined, max: number | undefined): string {
  if (min && max !== undefined) return `${min}-${max} characters`;
  if (max !== undefined) return `max ${max} characters`;
  return min ? `at least ${min} characters` : '';
}

/** The values a prop accepts, in words. */
function describeProp(d: PropDesc, app = false): string {
  let out: string;
  switch (d.k) {
    case 'text': {
      const lim = textLimits(d.min, d.max);
      out = `text${lim ? ` (${lim})` : ''}${d.n ? ' | number' : ''}`;
      break;
    }
    case 'pat':
      out = PATTERN_WORDS[d.re] ?? `text matching /${d.re}/`;
      if (d.max !== undefined) out += ` (max ${d.max} characters)`;
      break;
    case 'enum':
      out = d.v.map(quote).join(' | ');
      break;
    case 'int':
      out = `whole number${range(d.min, d.max) ? ` ${range(d.min, d.max)}` : ''}`;
      break;
    case 'num':
      out = `number${range(d.min, d.max) ? ` (${range(d.min, d.max)})` : ''}`;
      break;
    case 'bool':
      out = 'true | false';
      break;
    case 'img':
      out = 'a picture name from "Pictures" below';
      break;
    case 'ch':
      out = `[id, …] (at most ${d.max} children)`;
      break;
    case 'texts': {
      const lim = textLimits(d.imin, d.imax);
      out = `[text, …] (${range(d.min, d.max, ' items')}${lim ? `, each ${lim}` : ''})`;
      break;
    }
    case 'nums':
      out = `[number, …] (${range(d.min, d.max, ' items')})`;
      break;
    case 'cells':
      out = `[text | number, …] (${range(d.min, d.max, ' cells')}, text max ${d.imax} characters)`;
      break;
    case 'bind': {
      const holds: Record<string, string> = {
        text: 'text',
        date: 'a date "YYYY-MM-DD" or ""',
        boolean: 'true or false',
        'text?': 'text or null',
        'number?': 'a number or null',
        'boolean?': 'true, false or null',
      };
      out = `the $key it edits, which must hold ${holds[d.h] ?? d.h}`;
      break;
    }
  }
  if (d.st && d.k !== 'bind') out += app && d.k === 'enum' ? '' : ' | $state';
  return out;
}

/** The props the clients' format has: before 0.8, a field has no constraints ([5.26]). */
function visibleProps(c: ComponentSpec, s: Setup, field: boolean): [string, PropDesc][] {
  return Object.entries(c.d).filter(([p]) => s.constraints || !(field && CONSTRAINT_PROPS.has(p)));
}

/** A signature in the spec's style: positional props bare, named ones name=…, optional ones in [brackets]. */
function signature(name: string, c: ComponentSpec, props: [string, PropDesc][]): string {
  const shown = new Set(props.map(([p]) => p));
  const parts: string[] = [];
  for (const p of c.p) if (shown.has(p)) parts.push(c.r.includes(p) ? p : `[${p}]`);
  for (const [p] of props) {
    if (c.p.includes(p)) continue;
    parts.push(c.r.includes(p) ? `${p}=…` : `[${p}=…]`);
  }
  return `${name}(${parts.join(', ')})`;
}

function crossRules(c: ComponentSpec): string[] {
  return (c.x ?? []).map(([a, b, def]) => `${a} must not be more than ${b}${def !== undefined ? ` (${b} is ${def} when not given)` : ''}`);
}

function componentBlock(name: string, c: ComponentSpec, s: Setup, purpose: string | undefined, field: boolean, app: boolean): string {
  const props = visibleProps(c, s, field);
  const lines = [`${signature(name, c, props)}${purpose ? ` — ${purpose}` : ''}`];
  if (props.length === 0) lines.push('  no props');
  for (const [p, d] of props) {
    const where = c.p.includes(p) ? `positional ${c.p.indexOf(p) + 1}` : 'by name';
    lines.push(`  ${p} (${where}, ${c.r.includes(p) ? 'required' : 'optional'}): ${describeProp(d, app)}`);
  }
  for (const r of crossRules(c)) lines.push(`  ${r}`);
  return lines.join('\n');
}

function groupRules(): string[] {
  return catalog.groups.map((g) => {
    const parents = g.parents.join(' or ');
    let rule = `${parents} contains only ${g.child} children, and a ${g.child} must be a child of a ${parents}.`;
    if (g.count) rule += ` Each ${g.child} has exactly as many ${g.count[1]} as its ${parents} has ${g.count[0]}.`;
    return rule;
  });
}

function catalogSection(s: Setup): string {
  const fields = new Set(catalog.fields);
  const blocks = Object.entries(catalog.components).map(([name, c]) => componentBlock(name, c, s, PURPOSE[name], fields.has(name), false));
  const m = catalog.mutation;
  blocks.push(
    [
      `McpMutation(target, tool=…, [params=…]) — approves the action of one Button; it is not displayed and is never a child`,
      `  target (positional 1, required): the id of a Button that has action=…`,
      `  tool (by name, required): exactly one of the tool names under "Tools" (at most ${m.tool.max} characters)`,
      `  params (by name, optional): {key: value, …} where each key is an identifier (at most ${m.params.keyMax} characters) and each value is a literal (text up to ${m.params.text} characters, number, true, false, null) or a $key; never a component id, list or object`,
    ].join('\n'),
  );
  return blocks.join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------------
// App components, tools and pictures

const APP_KIND: Readonly<Record<string, (d: Record<string, unknown>) => string>> = {
  text: (d) => `text (${textLimits(d.minLength as number | undefined, (d.maxLength as number | undefined) ?? catalog.limits.text)})${d.state === false ? '' : ' | $state'}`,
  number: (d) =>
    `${d.integer ? 'whole number' : 'number'}${range(d.minimum as number | undefined, d.maximum as number | undefined) ? ` (${range(d.minimum as number | undefined, d.maximum as number | undefined)})` : ''}${d.state === false ? '' : ' | $state'}`,
  boolean: () => 'true | false',
  oneOf: (d) => (d.values as string[]).map(quote).join(' | '),
  picture: () => 'a picture name from "Pictures" below',
  list: (d) => `[${d.item === 'number' ? 'number' : 'text'}, …] (at most ${(d.maxItems as number | undefined) ?? 50} items)`,
  state: (d) => `the $key it edits, which must hold ${d.holds === 'boolean' ? 'true, false' : d.holds === 'number' ? 'a number' : 'text'} or null`,
};

function appComponentsSection(s: Setup): string {
  const blocks: string[] = [];
  for (const [name, decl] of Object.entries(s.components)) {
    const pos = decl.positional ?? [];
    const props = Object.entries(decl.props) as [string, Record<string, unknown>][];
    const required = (p: string) => !(decl.props[p] as { optional?: boolean } | undefined)?.optional;
    const parts: string[] = pos.map((p) => (p === 'children' || !required(p) ? `[${p}]` : p));
    for (const [p] of props) if (!pos.includes(p)) parts.push(required(p) ? `${p}=…` : `[${p}=…]`);
    if (decl.children && !pos.includes('children')) parts.push('[children=…]');
    if (decl.field && s.constraints) parts.push('[required=…]');
    const lines = [`${name}(${parts.join(', ')}) — ${oneLine(decl.description)}`];
    for (const [p, d] of props) {
      const where = pos.includes(p) ? `positional ${pos.indexOf(p) + 1}` : 'by name';
      const words = APP_KIND[d.kind as string]?.(d) ?? String(d.kind);
      const about = typeof d.description === 'string' ? ` — ${oneLine(d.description)}` : '';
      lines.push(`  ${p} (${where}, ${required(p) ? 'required' : 'optional'}): ${words}${about}`);
    }
    if (decl.children) {
      const where = pos.includes('children') ? `positional ${pos.indexOf('children') + 1}` : 'by name';
      lines.push(`  children (${where}, optional): [id, …] (at most ${decl.children.max} children)`);
    }
    if (decl.field && s.constraints) lines.push('  required (by name, optional): true | false');
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

type Schema = Record<string, unknown>;
const isSchema = (x: unknown): x is Schema => typeof x === 'object' && x !== null && !Array.isArray(x);
const MAX_ENUM_SHOWN = 24;
const MAX_PATTERN_SHOWN = 160;

/** A JSON Schema value in a few words (only the keywords a model can act on). */
function describeSchemaValue(schema: unknown): string {
  if (!isSchema(schema)) return schema === false ? 'nothing (not allowed)' : 'any value';
  if (Object.hasOwn(schema, 'const')) return `exactly ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, MAX_ENUM_SHOWN).map((v) => JSON.stringify(v));
    if (schema.enum.length > MAX_ENUM_SHOWN) shown.push(`… (${schema.enum.length} values)`);
    return `one of ${shown.join(', ')}`;
  }
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[k])) return (schema[k] as unknown[]).map(describeSchemaValue).join(', or ');
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : schema.type !== undefined ? [schema.type] : [];
  const words: string[] = [];
  for (const t of types.length ? types : ['any']) {
    switch (t) {
      case 'string': {
        let w = 'text';
        const lim = textLimits(schema.minLength as number | undefined, schema.maxLength as number | undefined);
        if (lim) w += ` (${lim})`;
        if (typeof schema.format === 'string') w += `, format ${schema.format}`;
        if (typeof schema.pattern === 'string' && schema.pattern.length <= MAX_PATTERN_SHOWN) w += `, matching /${schema.pattern}/`;
        words.push(w);
        break;
      }
      case 'number':
      case 'integer': {
        const lo = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
        const hi = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
        const r = range(typeof lo === 'number' ? lo : undefined, typeof hi === 'number' ? hi : undefined);
        words.push(`${t === 'integer' ? 'whole number' : 'number'}${r ? ` ${r}` : ''}`);
        break;
      }
      case 'boolean':
        words.push('true or false');
        break;
      case 'null':
        words.push('null');
        break;
      case 'array':
        words.push('a list (a screen can’t send one)');
        break;
      case 'object':
        words.push('an object (a screen can’t send one)');
        break;
      default:
        words.push('any value');
    }
  }
  return words.join(' or ');
}

function toolBlock(t: Tool): string {
  const lines = [`${t.name}${t.description ? ` — ${t.description}` : ''}`];
  const schema = isSchema(t.schema) ? t.schema : null;
  const props = schema && isSchema(schema.properties) ? Object.entries(schema.properties) : [];
  const required = new Set(schema && Array.isArray(schema.required) ? (schema.required as unknown[]).filter((r) => typeof r === 'string') : []);
  if (!schema) lines.push('  params: not described; send none unless the request says what they are');
  else if (props.length === 0) lines.push(schema.additionalProperties === false ? '  params: none (params={} or leave params out)' : '  params: none described');
  for (const [key, value] of props) {
    const about = isSchema(value) && typeof value.description === 'string' ? ` — ${oneLine(value.description)}` : '';
    lines.push(`  ${key} (${required.has(key) ? 'required' : 'optional'}): ${describeSchemaValue(value)}${about}`);
  }
  if (schema && props.length && schema.additionalProperties === false) lines.push('  no other params');
  if (t.confirm) lines.push('  the app asks the person to confirm before it runs: don’t add a confirmation step of your own');
  return lines.join('\n');
}

function picturesSection(s: Setup): string {
  const lines = s.assets.map((a) => `${a.name}${a.alt ? ` — ${a.alt}` : ''}`);
  for (const f of s.pictures) {
    const id = f.id === 'digits' ? 'digits' : 'lowercase letters and digits';
    lines.push(`${f.prefix}<id>, where <id> is 1-${f.maxLength} ${id} (for example ${f.prefix}${f.id === 'digits' ? '1042'.slice(0, f.maxLength) : 'a1b2'.slice(0, f.maxLength)}), only for an id the request gives you`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Worked examples, built from the registries

/** An Omni-IR string literal for any text: only \\, \" and \n have meaning inside one ([4.5]). */
function str(value: string): string {
  return '"' + value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n') + '"';
}

function num(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

class Ids {
  private readonly used = new Set<string>(RESERVED);
  take(base: string): string {
    let b = IDENT.test(base) ? base.slice(0, 56) : 'node';
    if (!IDENT.test(b)) b = 'node';
    let id = b;
    for (let i = 2; this.used.has(id); i++) id = `${b}${i}`;
    this.used.add(id);
    return id;
  }
}

/** How one tool param is filled on a screen: a field that edits a $key, a $key shown as text, or a literal. */
interface ParamPlan {
  key: string;
  /** Lines declaring the state and the field (without the id list). */
  lines: string[];
  /** The component id placed on the screen, if any. */
  id: string | null;
  /** The param's value: a $key or a literal. */
  value: string;
}

function clamp(n: number, lo: number | undefined, hi: number | undefined): number {
  if (lo !== undefined && n < lo) n = lo;
  if (hi !== undefined && n > hi) n = hi;
  return n;
}

function isDate(schema: Schema): boolean {
  const p = typeof schema.pattern === 'string' ? schema.pattern : '';
  return schema.format === 'date' || /(\\d|\[0-9\])\{4\}-(\\d|\[0-9\])\{2\}-(\\d|\[0-9\])\{2\}/.test(p);
}

function planParam(key: string, value: unknown, ids: Ids, s: Setup): ParamPlan | null {
  if (!isSchema(value) || !IDENT.test(key) || RESERVED.has(key) || key.length > catalog.mutation.params.keyMax) return null;
  const label = str(oneLine(typeof value.title === 'string' ? value.title : humanize(key)).slice(0, 200) || key);
  if (Object.hasOwn(value, 'const')) {
    const c = value.const;
    if (c === true) {
      const id = ids.take(key);
      const req = s.constraints ? ', required=true' : '';
      return { key, id, value: `$${key}`, lines: [`$${key} = false`, `${id} = Switch($${key}, label=${label}${req})`] };
    }
    if (typeof c === 'string') return c.length <= catalog.mutation.params.text ? { key, id: null, value: str(c), lines: [] } : null;
    if (typeof c === 'number' && Number.isFinite(c)) return { key, id: null, value: num(c), lines: [] };
    if (c === false || c === null) return { key, id: null, value: String(c), lines: [] };
    return null;
  }
  if (Array.isArray(value.enum)) {
    const options = value.enum.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200);
    if (options.length === value.enum.filter((v) => v !== '').length && options.length > 0 && options.length <= 50 && new Set(options).size === options.length) {
      const id = ids.take(key);
      const first = value.enum.includes('') ? '' : options[0]!;
      const req = s.constraints && !value.enum.includes('') ? ', required=true' : '';
      return { key, id, value: `$${key}`, lines: [`$${key} = ${str(first)}`, `${id} = Select($${key}, label=${label}, options=[${options.map(str).join(', ')}]${req})`] };
    }
    const v = value.enum[0];
    if (typeof v === 'number' && Number.isFinite(v)) return { key, id: null, value: num(v), lines: [] };
    if (typeof v === 'boolean' || v === null) return { key, id: null, value: String(v), lines: [] };
    return null;
  }
  const type = Array.isArray(value.type) ? value.type.find((t) => t !== 'null') : value.type;
  switch (type) {
    case 'string': {
      const id = ids.take(key);
      if (isDate(value)) {
        const req = s.constraints && (value.minLength as number) > 0 ? ', required=true' : '';
        return { key, id, value: `$${key}`, lines: [`$${key} = ""`, `${id} = DateInput($${key}, label=${label}${req})`] };
      }
      let extra = '';
      if (s.constraints) {
        const min = value.minLength;
        const max = value.maxLength;
        const okMin = typeof min === 'number' && Number.isInteger(min) && min >= 1 && min <= 2000;
        const okMax = typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= 2000;
        if (okMin) extra += ', required=true';
        const email = value.format === 'email' || /e-?mail/i.test(key);
        if (email) extra += ', format="email"';
        else if (value.format === 'uri' || value.format === 'url') extra += ', format="url"';
        if (okMin && min > 1 && (!okMax || min <= max)) extra += `, minLength=${min}`;
        if (okMax && (!okMin || min <= max)) extra += `, maxLength=${max}`;
      }
      // Several lines for free text (a bio, a note), never for something shaped like an address or a number.
      const long = typeof value.maxLength === 'number' && value.maxLength >= 280 && value.pattern === undefined && value.format === undefined;
      return { key, id, value: `$${key}`, lines: [`$${key} = ""`, `${id} = Input($${key}, label=${label}${long ? ', lines=3' : ''}${extra})`] };
    }
    case 'number':
    case 'integer': {
      const lo = typeof value.minimum === 'number' ? value.minimum : undefined;
      const hi = typeof value.maximum === 'number' ? value.maximum : undefined;
      const given = [value.default, ...(Array.isArray(value.examples) ? value.examples : [])].find((v) => typeof v === 'number' && Number.isFinite(v));
      let n = clamp(typeof given === 'number' ? given : 1, lo, hi);
      if (type === 'integer') n = Math.ceil(n);
      if (!Number.isFinite(n) || (hi !== undefined && n > hi)) return null;
      const id = ids.take(key);
      return { key, id, value: `$${key}`, lines: [`$${key} = ${num(n)}`, `${id} = Text($${key}, tone="strong")`] };
    }
    case 'boolean': {
      const id = ids.take(key);
      return { key, id, value: `$${key}`, lines: [`$${key} = ${value.default === true ? 'true' : 'false'}`, `${id} = Switch($${key}, label=${label})`] };
    }
    default:
      return null;
  }
}

/** The params of a tool a screen can fill, or null when some required param can't be sent from a screen. */
function planTool(t: Tool, ids: Ids, s: Setup): ParamPlan[] | null {
  if (!isSchema(t.schema)) return null;
  const props = isSchema(t.schema.properties) ? t.schema.properties : {};
  const required = Array.isArray(t.schema.required) ? t.schema.required.filter((r): r is string => typeof r === 'string') : [];
  const keys = required.length ? required : Object.keys(props).slice(0, 6);
  const plans: ParamPlan[] = [];
  for (const key of keys) {
    if (!Object.hasOwn(props, key)) return null;
    const p = planParam(key, props[key], ids, s);
    if (!p) return null;
    plans.push(p);
  }
  return plans;
}

/** The tool the form example uses: the first one whose params a screen can fill, preferring two or three. */
function exampleTool(s: Setup): Tool | null {
  let best: { t: Tool; score: number } | null = null;
  for (const t of s.tools) {
    const plan = planTool(t, new Ids(), s);
    if (!plan || plan.length > 12) continue;
    const score = Math.abs(plan.length - 2.5);
    if (!best || score < best.score) best = { t, score };
  }
  return best?.t ?? null;
}

function pictureName(s: Setup): { name: string; alt: string } | null {
  const a = s.assets[0];
  if (a) return { name: a.name, alt: a.alt || humanize(a.name) };
  const f = s.pictures[0];
  if (f && f.prefix.length + 1 <= 64) return { name: `${f.prefix}1`, alt: 'A picture' };
  return null;
}

function overviewExample(s: Setup): PromptExample {
  const pic = pictureName(s);
  const lines = [
    `root = Stack([title, intro, status, ${pic ? 'photo, ' : ''}tasks, sep, hours], gap="md")`,
    `title = Heading("Your week at a glance", level=1)`,
    `intro = Text("Two tasks need attention before Friday.", tone="muted")`,
    `status = Badge("1 due today", tone="warning")`,
  ];
  if (pic) lines.push(`photo = Image(${str(pic.name)}, alt=${str(pic.alt.slice(0, 300))}, ratio="16:9")`);
  lines.push(
    `tasks = List([task1, task2])`,
    `task1 = ListItem("Quarterly report", detail="Due today", trailing="High"${pic ? `, image=${str(pic.name)}` : ''})`,
    `task2 = ListItem("Team review", detail="Friday 14:00")`,
    `sep = Divider()`,
    `hours = Table(["Task", "Hours"], [row1, row2])`,
    `row1 = TableRow(["Quarterly report", 3.5])`,
    `row2 = TableRow(["Team review", 1])`,
  );
  return { title: 'A read-only overview: a list and a table, no actions', text: lines.join('\n') + '\n' };
}

function formExample(s: Setup): PromptExample | null {
  const t = exampleTool(s);
  if (!t) return null;
  const ids = new Ids();
  for (const id of ['root', 'title', 'intro', 'fields', 'actions', 'cancel']) ids.take(id);
  const plans = planTool(t, ids, s)!;
  const verb = t.name.slice(t.name.lastIndexOf('.') + 1);
  const action = ACTION.test(verb) ? verb.slice(0, catalog.limits.actionNameLength) : 'submit';
  const button = ids.take(verb);
  const governs = ids.take(`${button}It`);
  const label = humanize(verb);
  const shown = plans.filter((p) => p.id !== null).map((p) => p.id!);
  const lines = [
    `root = Card([title, intro${shown.length ? ', fields' : ''}, actions])`,
    `title = Heading(${str(label)}, level=2)`,
    `intro = Text(${str((t.description || `Runs ${t.name}.`).slice(0, 2000))}, tone="muted")`,
  ];
  if (shown.length) lines.push(`fields = Stack([${shown.join(', ')}], gap="sm")`);
  for (const p of plans) lines.push(...p.lines);
  lines.push(
    `actions = Stack([${button}, cancel], direction="row", gap="sm")`,
    `${button} = Button(${str(label)}, action=${str(action)}, variant="primary")`,
    `${governs} = McpMutation(${button}, tool=${str(t.name)}, params={${plans.map((p) => `${p.key}: ${p.value}`).join(', ')}})`,
    `cancel = Button("Cancel", variant="secondary")`,
  );
  return { title: `A form whose button runs ${t.name}: each param comes from a $key a field edits, or a literal`, text: lines.join('\n') + '\n' };
}

function appValue(d: Record<string, unknown>, s: Setup, key: string, state: string[]): string | null {
  switch (d.kind) {
    case 'text': {
      const min = typeof d.minLength === 'number' ? d.minLength : 0;
      const max = typeof d.maxLength === 'number' ? d.maxLength : 2000;
      let text = 'Example text';
      while (text.length < min) text += ' and more example text';
      text = text.slice(0, max);
      return text.length >= min ? str(text) : null;
    }
    case 'number': {
      const lo = typeof d.minimum === 'number' ? d.minimum : undefined;
      const hi = typeof d.maximum === 'number' ? d.maximum : undefined;
      let n = clamp(1, lo, hi);
      if (d.integer) n = Math.ceil(n);
      return hi !== undefined && n > hi ? null : num(n);
    }
    case 'boolean':
      return 'true';
    case 'oneOf':
      return str((d.values as string[])[0]!);
    case 'picture':
      return pictureName(s) ? str(pictureName(s)!.name) : null;
    case 'list':
      return d.item === 'number' ? '[1, 2]' : '["One", "Two"]';
    case 'state': {
      const initial = d.holds === 'number' ? '0' : d.holds === 'boolean' ? 'false' : '""';
      state.push(`$${key} = ${initial}`);
      return `$${key}`;
    }
    default:
      return null;
  }
}

function appExample(s: Setup): PromptExample | null {
  const names = Object.keys(s.components);
  if (names.length === 0) return null;
  const ids = new Ids();
  ids.take('root');
  const body: string[] = [];
  const shown: string[] = [];
  for (const name of names) {
    const decl = s.components[name]!;
    const id = ids.take(name[0]!.toLowerCase() + name.slice(1));
    const state: string[] = [];
    const stateKey = ids.take(`${id}Value`);
    const args: string[] = [];
    const named: string[] = [];
    let positional = true;
    let ok = true;
    for (const p of decl.positional ?? []) {
      const d = decl.props[p] as Record<string, unknown> | undefined;
      if (!d || d.optional) {
        positional = false;
        continue;
      }
      const v = appValue(d, s, stateKey, state);
      if (v === null) ok = false;
      else if (positional) args.push(v);
      else named.push(`${p}=${v}`);
    }
    for (const [p, d] of Object.entries(decl.props) as [string, Record<string, unknown>][]) {
      if ((decl.positional ?? []).includes(p) || d.optional) continue;
      const v = appValue(d, s, stateKey, state);
      if (v === null) ok = false;
      else named.push(`${p}=${v}`);
    }
    if (!ok) continue;
    body.push(...state, `${id} = ${name}(${[...args, ...named].join(', ')})`);
    shown.push(id);
    if (shown.length === 3) break;
  }
  if (shown.length === 0) return null;
  return { title: 'The app’s own components, used like catalog components', text: [`root = Stack([${shown.join(', ')}], gap="md")`, ...body].join('\n') + '\n' };
}

function chartsExample(): PromptExample {
  return {
    title: 'Tabs holding charts: every Series has one number per label',
    text:
      [
        `root = Card([title, tabs], title="Sales")`,
        `title = Heading("Orders this quarter", level=2)`,
        `tabs = Tabs([byMonth, byChannel])`,
        `byMonth = Tab("By month", [bars])`,
        `bars = BarChart("Orders and returns by month", ["Jan", "Feb", "Mar"], [orders, returns], format="number")`,
        `orders = Series("Orders", [120, 135, 160])`,
        `returns = Series("Returns", [8, 6, 9])`,
        `byChannel = Tab("By channel", [pie, note])`,
        `pie = PieChart("Revenue by channel", [web, stores], format="currency", currency="USD")`,
        `web = Slice("Web", 5400)`,
        `stores = Slice("Stores", 3100)`,
        `note = Notice("Figures are estimates until the quarter closes.", tone="info")`,
      ].join('\n') + '\n',
  };
}

function buildExamples(s: Setup): PromptExample[] {
  return [overviewExample(s), formExample(s), chartsExample(), appExample(s)].filter((e): e is PromptExample => e !== null);
}

/**
 * The worked examples the prompt would contain for these registries, before the check that leaves out any the
 * parser doesn't accept. Tests parse each one; an app can show them in its docs.
 */
export function promptExamples(options: PromptOptions = {}): PromptExample[] {
  return buildExamples(setup(options));
}

function cleanExamples(s: Setup): PromptExample[] {
  const registries = parserRegistries(s);
  return buildExamples(s).filter((e) => {
    const parser = createOmniParser(registries);
    parser.write(e.text);
    parser.end();
    return parser.issues.length === 0;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The text

function rules(s: Setup): string[] {
  const L = catalog.limits;
  const hasTools = s.tools.length > 0;
  const hasPictures = s.assets.length > 0 || s.pictures.length > 0;
  const out = [
    `Write one statement per line: either a component, id = a call such as title = Heading("Hello"), or a piece of state, $key = value. Nothing else: no prose, no Markdown, no code fences, no explanations.`,
    `Write the ${catalog.root} line first: ${catalog.root} is the top component of the screen. Then write the other lines top-down, in reading order, so the screen fills in as it streams. A parent may list a child id before the child's own line; McpMutation lines may come after the Button they govern.`,
    `Keep it flat: an argument is never a call. Write every component on its own line and refer to it by id. Wrong: root = Card([Heading("Hi")]). Right: root = Card([hi]) and then hi = Heading("Hi").`,
    `Ids are letters, digits and _ (not starting with a digit, at most ${L.idLength} characters), each assigned exactly once (McpMutation ids too), and never one of ${catalog.reserved.join(', ')}. Every id you list as a child must get its own line.`,
    `Every component except ${catalog.root} has exactly one parent: list each id in one children list, once. ${catalog.root} is nobody's child, and nothing contains itself.`,
    `Positional arguments come first, in the order shown in the signature; then name=value arguments. Use only the props listed for each component, and only the values listed. Never invent a component or a prop.`,
    `Text is in double quotes. Inside it write \\" for a quote, \\n for a line break and \\\\ for every backslash (a Windows path is "C:\\\\new"). Single quotes are not allowed. A text value has at most ${L.text} characters.`,
    `Numbers are plain decimals such as 42, -3.5 or 1200 (no thousands separators, no units, no currency signs: use format="currency" and currency="USD" on Text).`,
    `State: $key = value declares a value once; the value is text, a number, true, false or null. Props marked "$state" may use a $key instead of a literal, and every $key you use must be declared. A field (${catalog.fields.join(', ')}${Object.values(s.components).some((c) => c.field || Object.values(c.props).some((p) => p.kind === 'state')) ? ' or an app component that edits a $key' : ''}) edits the $key given as its first argument: an Input or Select needs a $key holding text (use "" for empty), a DateInput "YYYY-MM-DD" or "", a Switch true or false.`,
    ...groupRules(),
    hasTools
      ? `Actions: a Button with action="name" runs a tool only through exactly one McpMutation(buttonId, tool="…", params={…}). The tool must be written exactly as listed under "Tools"; params must match that tool's params (right keys, right kinds of value), each value a literal or a $key, never a component id. A Button without action does nothing on the backend (use it for Cancel or Back). Never give action= to a Button without writing its McpMutation, and never write two McpMutations for one Button.`
      : `This app has no tools: never write action= on a Button and never write McpMutation. Buttons here do nothing on the backend.`,
    hasTools
      ? `If the request needs something no listed tool does, don't make up a tool or reuse one for another purpose: show the screen without that action and say in a Notice what can't be done here.`
      : `If the request needs an action, say in a Notice that it can't be done here.`,
    hasPictures
      ? `Pictures come only from "Pictures" below, by name (Image's asset, ListItem's image${Object.values(s.components).some((c) => Object.values(c.props).some((p) => p.kind === 'picture')) ? ', and app components\' picture props' : ''}). Never write a URL, a file path or a made-up picture name.`
      : `This app has no pictures: don't use Image, ListItem's image or any picture prop.`,
    `The app decides every colour, font, size and style. Never write HTML, CSS, Markdown, scripts, styles, colours or URLs anywhere, not even inside text. If asked for code, styling or a link, answer with an ordinary screen whose Notice says that this can't be shown here.`,
    `Limits: a line has at most ${L.lineLength} characters, a children list at most ${L.children} ids, a screen at most ${L.components} components and ${L.stateKeys} $keys. Keep screens small and focused: usually 10 to 40 lines.`,
    `Text shown to the person is in the person's language, short and concrete. Don't invent facts, prices, ids or people: use what the request gives you, and say what is missing.`,
  ];
  return out;
}

function body(s: Setup): string {
  const sections: string[] = [];
  sections.push(`# Rules\n\n${rules(s).map((r) => `- ${r}`).join('\n')}`);
  sections.push(
    `# Components (Omni-IR format ${s.format})\n\nEach signature shows positional props bare, in order, named props as name=…, optional ones in [brackets]. "$state" means a $key may be given instead of a literal. A component accepts nothing but the props listed.\n\n${catalogSection(s)}`,
  );
  const app = appComponentsSection(s);
  if (app) sections.push(`# The app's own components\n\nUse these exactly like catalog components, with only the props listed.\n\n${app}`);
  sections.push(
    s.tools.length
      ? `# Tools\n\nThe only tools an McpMutation may name. Params are described from each tool's JSON Schema; what a Button sends is checked against it before anything runs.\n\n${s.tools.map(toolBlock).join('\n\n')}`
      : `# Tools\n\nNone. No Button may have an action.`,
  );
  const pics = picturesSection(s);
  sections.push(pics ? `# Pictures\n\nThe only picture names you may use:\n\n${pics}` : `# Pictures\n\nNone.`);
  const examples = cleanExamples(s);
  if (examples.length) {
    sections.push(`# Examples\n\n${examples.map((e, i) => `Example ${i + 1}: ${e.title}.\n\n${e.text}`).join('\n')}`);
  }
  return sections.join('\n\n');
}

/**
 * The system prompt that teaches a model to write one Omni-IR screen per request, with the app's tools, pictures
 * and components. The same options always give the same text, so a server can use it to name its setup ([10.22]).
 * Throws TypeError for a malformed registry or declaration, RangeError for a format newer than the catalog's.
 */
export function systemPrompt(options: PromptOptions = {}): string {
  const s = setup(options);
  const intro = [
    `You write user interfaces in Omni-IR ${s.format}, a line-based format. For each request, reply with one screen: Omni-IR lines only, nothing before or after them. The app draws each line as it arrives with its own components, so write the screen top-down. The app writes the version marker; don't.`,
    `The person only sees the screen. Everything you write is checked: a line that breaks a rule below is dropped, and a Button whose McpMutation is dropped can't be pressed.`,
  ].join('\n\n');
  return `${intro}\n\n${body(s)}\n`;
}

/**
 * The description of an MCP tool that shows a screen ([10.25]): its one argument, `screen`, is Omni-IR text.
 * Generated by the same function as systemPrompt, from the same catalog, tools and pictures.
 */
export function toolDescription(options: PromptOptions & { argument?: string } = {}): string {
  const s = setup(options);
  const arg = options.argument ?? 'screen';
  const intro = [
    `Shows the person an interactive screen. Put the whole screen in the "${arg}" argument as Omni-IR ${s.format} text: one statement per line, separated by line breaks (\\n), nothing else in it. The app draws each line with its own components as the argument streams in.`,
    `Every line is checked: a line that breaks a rule below is left out. The result lists each rejected line with its line number and issue code; if there are any, call this tool again with the whole corrected screen. A Button runs a tool only when the person presses it, never by itself.`,
  ].join('\n\n');
  return `${intro}\n\n${body(s)}\n`;
}
