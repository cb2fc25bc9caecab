/**
 * An action's input as the model APIs take it, and the model's arguments back as the action declared them.
 * OpenAI, Anthropic and MCP each want a root `type: "object"` schema without combinators, while a declaration may
 * be a union (`oneOf` of objects): such an input is offered as one property, `input`, holding the union, and the
 * call takes it out again. OpenAI's strict mode also wants every object closed and every property required:
 * an optional property is offered as nullable, and a null the action doesn't accept means "left out".
 */
import { isPlainObject } from '../json.js';

type Schema = Record<string, unknown>;

/** The property a root union is offered in. */
export const OUI_WRAPPED_INPUT = 'input';

// What the APIs refuse at the root of a tool's schema.
const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const'];

const copy = (value: unknown): Schema => JSON.parse(JSON.stringify(value)) as Schema;

/** Whether the input is offered in the `input` property: its root is more than a plain object schema. */
export function wrapsInput(input: Schema): boolean {
  const type = input.type;
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.length === 1 && type[0] === 'object')) return true;
  return ROOT_COMBINATORS.some((k) => k in input);
}

/** The input as a root object schema every API takes (a fresh copy). */
export function modelSchema(input: Schema): Schema {
  const schema = copy(input);
  if (!wrapsInput(schema)) {
    schema.type = 'object';
    if (!isPlainObject(schema.properties)) schema.properties = {};
    return schema;
  }
  // Definitions stay at the root, so `#/$defs/…` references still point at them.
  const root: Schema = { type: 'object' };
  for (const k of ['$schema', '$defs', 'definitions']) {
    if (k in schema) {
      root[k] = schema[k];
      delete schema[k];
    }
  }
  root.properties = { [OUI_WRAPPED_INPUT]: schema };
  root.required = [OUI_WRAPPED_INPUT];
  root.additionalProperties = false;
  return root;
}

// OpenAI strict mode: keywords kept as they are, and those only written into the description (checked on the page).
const STRICT_KEEP = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions',
  'description', 'title', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems',
  'maxItems', '$schema', '$id', '$comment',
]);
const STRICT_AS_TEXT = new Set(['minLength', 'maxLength', 'uniqueItems', 'minProperties', 'maxProperties', 'default', 'examples', 'format', 'deprecated', 'readOnly', 'writeOnly']);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const STRICT_MAX_DEPTH = 10;
const STRICT_MAX_PROPERTIES = 5000;

/** The schema as OpenAI's strict mode takes it, or null when it can't be said that way without changing it. */
export function strictSchema(schema: Schema): Schema | null {
  let properties = 0;
  const convert = (s: unknown, depth: number): Schema | null => {
    if (!isPlainObject(s)) return null;
    const out: Schema = {};
    const notes: string[] = [];
    for (const [k, v] of Object.entries(s)) {
      if (k === 'oneOf') out.anyOf = v; // the page still checks "exactly one"
      else if (k === 'format' && typeof v === 'string' && STRICT_FORMATS.has(v)) out.format = v;
      else if (STRICT_AS_TEXT.has(k)) notes.push(`${k}: ${JSON.stringify(v)}`);
      else if (STRICT_KEEP.has(k)) out[k] = v;
      else return null;
    }
    if (notes.length > 0) out.description = [out.description, `(${notes.join('; ')})`].filter((d) => typeof d === 'string').join(' ');
    if (Array.isArray(out.anyOf)) {
      const branches = out.anyOf.map((b) => convert(b, depth));
      if (branches.some((b) => b === null)) return null;
      out.anyOf = branches;
    }
    for (const k of ['$defs', 'definitions'] as const) {
      if (out[k] === undefined) continue;
      if (!isPlainObject(out[k])) return null;
      const defs: Schema = {};
      for (const [name, d] of Object.entries(out[k])) {
        const c = convert(d, depth);
        if (!c) return null;
        defs[name] = c;
      }
      out[k] = defs;
    }
    if (out.items !== undefined) {
      const items = convert(out.items, depth + 1);
      if (!items) return null;
      out.items = items;
    }
    // Strict mode has no "anything": each schema says what it is.
    if (!['type', 'anyOf', '$ref', 'enum', 'const', 'properties'].some((k) => k in out)) return null;
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (!types.includes('object') && out.properties === undefined) return out;
    // An object: closed, with every property required; what was optional may be null.
    if (depth > STRICT_MAX_DEPTH || !isPlainObject(out.properties) || (out.additionalProperties !== undefined && out.additionalProperties !== false)) return null;
    const required = new Set(Array.isArray(out.required) ? (out.required as unknown[]) : []);
    const props: Schema = {};
    for (const [key, p] of Object.entries(out.properties)) {
      if (++properties > STRICT_MAX_PROPERTIES) return null;
      const c = convert(p, depth + 1);
      if (!c) return null;
      props[key] = required.has(key) ? c : nullable(c);
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
    return out;
  };
  const root = convert(schema, 1);
  return root && !('anyOf' in root) ? root : null;
}

/** The schema, also taking null. */
function nullable(s: Schema): Schema {
  if (acceptsNull(s)) return s;
  if (typeof s.type === 'string' && s.enum === undefined && s.const === undefined && s.$ref === undefined) return { ...s, type: [s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

function acceptsNull(s: unknown): boolean {
  if (!isPlainObject(s)) return s === true;
  const type = s.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(s.enum)) return s.enum.includes(null);
  if ('const' in s) return s.const === null;
  if (type === undefined && s.$ref === undefined && !('anyOf' in s || 'oneOf' in s || 'allOf' in s)) return true;
  return ['anyOf', 'oneOf'].some((k) => Array.isArray(s[k]) && (s[k] as unknown[]).some(acceptsNull));
}

/**
 * The model's arguments as the action declared them: a wrapped union taken out of `input`, and each null where the
 * declared property doesn't take null left out (strict mode's way of saying "absent"). Anything else is passed on
 * untouched, for the page to check against the declaration.
 */
export function fromModelArgs(input: Schema, args: Record<string, unknown>): Record<string, unknown> {
  let value: unknown = args;
  if (wrapsInput(input)) {
    const keys = Object.keys(args);
    if (keys.length === 1 && keys[0] === OUI_WRAPPED_INPUT) value = args[OUI_WRAPPED_INPUT];
  }
  const resolve = (s: unknown): unknown => {
    if (!isPlainObject(s) || typeof s.$ref !== 'string' || !s.$ref.startsWith('#/')) return s;
    let at: unknown = input;
    for (const part of s.$ref.slice(2).split('/')) at = isPlainObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return at;
  };
  const clean = (v: unknown, s: unknown, depth: number): unknown => {
    const schema = resolve(s);
    if (depth > 32 || !isPlainObject(schema)) return v;
    if (Array.isArray(v)) return schema.items === undefined ? v : v.map((item) => clean(item, schema.items, depth + 1));
    if (!isPlainObject(v) || !isPlainObject(schema.properties)) return v;
    const props = schema.properties;
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) {
      const declared = Object.prototype.hasOwnProperty.call(props, k) ? props[k] : undefined;
      if (item === null && declared !== undefined && !acceptsNull(resolve(declared))) continue;
      out[k] = declared === undefined ? item : clean(item, declared, depth + 1);
    }
    return out;
  };
  // A union's branches: the first whose properties name every key given guides the cleaning.
  const branches = ['oneOf', 'anyOf'].flatMap((k) => (Array.isArray(input[k]) ? (input[k] as unknown[]) : []));
  if (branches.length > 0 && isPlainObject(value)) {
    const given = value;
    const keys = Object.keys(given).filter((k) => given[k] !== null);
    const fits = branches.map(resolve).find((b) => isPlainObject(b) && isPlainObject(b.properties) && keys.every((k) => k in (b.properties as Schema)));
    if (fits) value = clean(value, fits, 0);
  } else value = clean(value, input, 0);
  return isPlainObject(value) ? value : args;
}
