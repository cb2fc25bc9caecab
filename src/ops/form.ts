/**
 * Forms without a page: the field kinds the format defines and the value each holds, the key a field is sent
 * under, the `required` check made before sending, and which values may be kept as component state (files and
 * locations stay on the device).
 */
import { attrFlag, attrText } from './attrs.js';
import type { OpDocument } from './document.js';
import { plainText } from './spans.js';
import type { Attrs } from './types.js';
import { labelWord } from './whatif.js';

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
      out.push({ id, type: node.type, kind, key: fieldKey(node.attrs, label), label, required: attrFlag(node.attrs, 'required') });
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

/** The required fields without a value, in order: the Form is sent only when this is empty. */
export function missingRequired(fields: readonly FormField[], values: ReadonlyMap<string, unknown>): FormField[] {
  return fields.filter((f) => f.required && (f.key === null || !hasValue(f.kind, values.get(f.key))));
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
