/**
 * Forms without a page: the field kinds the format defines and the value each holds, the key a field is sent
 * under, the checks made before sending (`required`, then what the field's own attributes ask: an email address,
 * a number, a length, a date in range, one of the options), and which values may be kept as component state
 * (files and locations stay on the device).
 */
import { checkField, type FieldMessage } from '../actions/fields.js';
import { buttonLabel } from './actions.js';
import { attrFlag, attrText } from './attrs.js';
import type { OpDocument } from './document.js';
import { plainText } from './spans.js';
import type { Attrs, ListData, OpNode, Span } from './types.js';
import { labelWord } from './whatif.js';

export type { FieldMessage };

/** What a field's value is: text, a number, true/false, chosen options, files, or a location. */
export type FieldValueKind = 'text' | 'number' | 'boolean' | 'options' | 'files' | 'location';

/** The field components of a Form and the kind of value each gives. */
export const FIELD_KINDS: ReadonlyMap<string, FieldValueKind> = new Map<string, FieldValueKind>([
  ['Input', 'text'],
  ['TextArea', 'text'],
  ['Select', 'text'],
  ['Radio', 'text'],
  ['Date', 'text'],
  ['Scan', 'text'],
  ['Slider', 'number'],
  ['Switch', 'boolean'],
  ['Checkboxes', 'options'],
  ['Camera', 'files'],
  ['File', 'files'],
  ['Location', 'location'],
]);

/** A shared location, in degrees and meters. */
export interface GeoLocation {
  readonly lat: number;
  readonly lng: number;
  readonly accuracy: number;
}

/**
 * A field's value: text, a number (Slider), true or false (Switch), the chosen options (Checkboxes), the
 * platform's file objects (Camera, File: a File on the web), or a location.
 */
export type FieldValue = string | number | boolean | readonly string[] | readonly object[] | GeoLocation;

/** A field of a Form as the renderer and the submit action see it. */
export interface FormField {
  readonly id: string;
  readonly type: string;
  readonly kind: FieldValueKind;
  /** The key its value is sent under: its name, or its label as one word; null when it has neither. */
  readonly key: string | null;
  readonly label: string;
  readonly required: boolean;
  /** The attributes its value is checked against beyond `required` (`type`, `minlength`, `min`, …). */
  readonly attrs: Attrs;
  /** The options of a Select or Radio (a value must be one of them); empty for other fields. */
  readonly options: readonly string[];
}

/** The most options a field or a Poll offers. */
const MAX_CHOICES = 1_000;

/**
 * The options of a Poll, Select, Radio or Checkboxes: the words of its list data `items`, else its `options`
 * attribute split at `|`; each once (an option is its value, so two written alike are one), none empty, in order.
 */
export function choiceOptions(node: Pick<OpNode, 'attrs' | 'data' | 'dataKind'>): string[] {
  const given = node.dataKind === 'list' ? (node.data as ListData).items.map((i) => plainText(i).trim()) : (attrText(node.attrs, 'options') ?? '').split('|').map((o) => o.trim());
  const seen = new Set<string>();
  const out: string[] = [];
  for (const o of given) {
    if (o === '' || seen.has(o)) continue;
    seen.add(o);
    out.push(o);
    if (out.length === MAX_CHOICES) break;
  }
  return out;
}

/** Keys a value is never sent or kept under, so a field can't reach an object's prototype. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_KEY = 64;

/** The key a field's value is sent under: `name`, else the label as one word (`"Email address"` → `email_address`). */
export function fieldKey(attrs: Attrs, label = attrText(attrs, 'label') ?? ''): string | null {
  const name = attrText(attrs, 'name');
  const key = name !== undefined && name !== '' ? name : labelWord(label);
  return key === '' || key.length > MAX_KEY || RESERVED_KEYS.has(key) ? null : key;
}

/** True for a key a Form's value may have. */
export function isFieldKey(key: unknown): boolean {
  return typeof key === 'string' && key !== '' && key.length <= MAX_KEY && !RESERVED_KEYS.has(key);
}

/**
 * The fields of a Form: its descendants that are field components, in document order (a Form inside it keeps
 * its own). Reads the document's signals, so a renderer tracks them.
 */
export function formFields(doc: OpDocument, formId: string): FormField[] {
  const out: FormField[] = [];
  const visit = (id: string) => {
    const node = doc.node(id);
    if (!node) return;
    // A refused node is no field (whatever its type says), but what it holds still is.
    const kind = node.refused?.what === 'node' ? undefined : FIELD_KINDS.get(node.type);
    if (kind) {
      const label = attrText(node.attrs, 'label') ?? plainText(node.spans);
      const options = node.type === 'Select' || node.type === 'Radio' ? choiceOptions(node) : [];
      out.push({ id, type: node.type, kind, key: fieldKey(node.attrs, label), label, required: attrFlag(node.attrs, 'required'), attrs: node.attrs, options });
    }
    if (node.type !== 'Form') for (const c of node.children) visit(c);
  };
  const form = doc.node(formId);
  if (form) for (const c of form.children) visit(c);
  return out;
}

const MAX_TEXT = 65_536;
const MAX_OPTIONS = 1_000;

/** Why a value can't be a field's of this kind, or null when it can. */
export function fieldValueProblem(kind: FieldValueKind, value: unknown): string | null {
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') return 'must be text';
      return value.length > MAX_TEXT ? `is longer than ${MAX_TEXT} characters` : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'options':
      if (!Array.isArray(value) || value.length > MAX_OPTIONS) return `must be a list of at most ${MAX_OPTIONS} chosen options`;
      return value.every((v) => typeof v === 'string' && v.length <= MAX_TEXT) ? null : 'must list options as text';
    case 'files':
      if (!Array.isArray(value)) return 'must be a list of files';
      return value.every((v) => typeof v === 'object' && v !== null) ? null : 'must list file objects';
    case 'location': {
      if (typeof value !== 'object' || value === null) return 'must be {lat, lng, accuracy}';
      const { lat, lng, accuracy } = value as Record<string, unknown>;
      const ok =
        typeof lat === 'number' && lat >= -90 && lat <= 90 &&
        typeof lng === 'number' && lng >= -180 && lng <= 180 &&
        typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy >= 0;
      return ok ? null : 'must be {lat, lng, accuracy} in degrees (lat -90 to 90, lng -180 to 180) and meters';
    }
  }
}

/** True when a value counts as given: non-blank text, a number, a Switch turned on, at least one option or file, a location. */
export function hasValue(kind: FieldValueKind, value: unknown): boolean {
  if (value === undefined || value === null || fieldValueProblem(kind, value) !== null) return false;
  switch (kind) {
    case 'text':
      return (value as string).trim() !== '';
    case 'boolean':
      return value === true;
    case 'options':
    case 'files':
      return (value as readonly unknown[]).length > 0;
    default:
      return true;
  }
}

/** The required fields without a value, in order. */
export function missingRequired(fields: readonly FormField[], values: ReadonlyMap<string, unknown>): FormField[] {
  return fields.filter((f) => f.required && (f.key === null || !hasValue(f.kind, values.get(f.key))));
}

/** The check an Input's `type` asks for (`email`, `tel`, `url`, `number`), in the words of the shared field checks. */
const FORMAT_OF: ReadonlyMap<string, string> = new Map([
  ['email', 'email'],
  ['tel', 'phone'],
  ['url', 'url'],
  ['number', 'number'],
]);

/** A whole number written in an attribute (`minlength="3"`), else undefined. */
function count(attrs: Attrs, name: string): number | undefined {
  const v = attrText(attrs, name);
  return v !== undefined && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : undefined;
}

/** A day written in an attribute (`min="2024-01-01"`), else undefined. */
function day(attrs: Attrs, name: string): string | undefined {
  const v = attrText(attrs, name);
  return v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}

/**
 * Why a field's value can't be sent, as the key of the renderer's words (and the values its sentence names),
 * or null when it can. A required field must have a value (`required`, `chooseOption`, `turnOn`); a value given
 * must also be what the field asks: an Input of `type` email, tel, url or number a well-formed one
 * (`invalidEmail`, `invalidPhone`, `invalidUrl`, `invalidNumber`), an Input, TextArea or Scan within its
 * `minlength`/`maxlength` (`tooShort`, `tooLong`), a Date within its `min`/`max` (`dateTooEarly`,
 * `dateTooLate`), a Select or Radio one of its options (`chooseOption`). The shared field checks of the
 * project do the work, so every element says the same thing about the same value.
 */
export function fieldProblem(field: FormField, value: unknown): FieldMessage | null {
  if (!hasValue(field.kind, value)) {
    if (!field.required) return null;
    if (field.kind === 'boolean') return { message: 'turnOn' };
    if (field.kind === 'options' || field.type === 'Select' || field.type === 'Radio') return { message: 'chooseOption' };
    return { message: 'required' };
  }
  const a = field.attrs;
  switch (field.type) {
    case 'Input':
    case 'TextArea':
    case 'Scan': {
      const type = attrText(a, 'type')?.toLowerCase();
      const format = field.type === 'Input' && type !== undefined ? FORMAT_OF.get(type) : undefined;
      return checkField('Input', { format, minLength: count(a, 'minlength'), maxLength: count(a, 'maxlength') }, value);
    }
    case 'Date':
      return checkField('DateInput', { min: day(a, 'min'), max: day(a, 'max') }, value);
    case 'Select':
    case 'Radio':
      return field.options.length > 0 && !field.options.includes(value as string) ? { message: 'chooseOption' } : null;
    default:
      return null;
  }
}

/** The fields whose values can't be sent, each with why, in order: the Form is sent only when this is empty. */
export function fieldProblems(fields: readonly FormField[], values: ReadonlyMap<string, unknown>): { readonly field: FormField; readonly problem: FieldMessage }[] {
  const out: { field: FormField; problem: FieldMessage }[] = [];
  for (const f of fields) {
    const problem = f.key === null ? (f.required ? { message: 'required' } : null) : fieldProblem(f, values.get(f.key));
    if (problem) out.push({ field: f, problem });
  }
  return out;
}

/**
 * The label of the Button a Form is sent with when a person presses Enter in one of its fields: its first
 * Button (a Button node, or a Button inside a sentence), in document order; null when it has none (then Enter
 * sends nothing: a Form is sent through a Button). Reads the document's signals.
 */
export function defaultButton(doc: OpDocument, formId: string): string | null {
  const inSpans = (spans: readonly Span[]): string | null => {
    for (const s of spans) {
      if (s.t === 'el' && s.type === 'Button') return buttonLabel({ attrs: s.attrs, spans: s.c });
      if ('c' in s && s.t !== 'el') {
        const found = inSpans(s.c);
        if (found !== null) return found;
      }
    }
    return null;
  };
  const visit = (id: string): string | null => {
    const node = doc.node(id);
    if (!node || node.type === 'Form' || node.refused?.what === 'node') return null;
    if (node.type === 'Button') return buttonLabel(node);
    const found = inSpans(node.spans);
    if (found !== null) return found;
    for (const c of node.children) {
      const inner = visit(c);
      if (inner !== null) return inner;
    }
    return null;
  };
  const form = doc.node(formId);
  if (!form) return null;
  const own = inSpans(form.spans);
  if (own !== null) return own;
  for (const c of form.children) {
    const found = visit(c);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The `fields` of a submit action: each field with a key and a valid value, by key (files as the platform's file
 * objects). A plain object whose keys can't be `__proto__`, so it is safe to spread or assign.
 */
export function submitFields(fields: readonly FormField[], values: ReadonlyMap<string, unknown>): Record<string, FieldValue> {
  const out: [string, FieldValue][] = [];
  for (const f of fields) {
    if (f.key === null) continue;
    const v = values.get(f.key);
    if (v !== undefined && fieldValueProblem(f.kind, v) === null) out.push([f.key, v as FieldValue]);
  }
  return Object.fromEntries(out);
}

/** Values that may be kept as component state and shared: all but files and locations, which stay on the device. */
export function keepsAsState(kind: FieldValueKind): boolean {
  return kind !== 'files' && kind !== 'location';
}
