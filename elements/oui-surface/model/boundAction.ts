/**
 * A bound form's action, read from its markup: the input schema from its fields (names, types, required,
 * pattern, min/max, minlength/maxlength, the choices of a select or radio group), the description from the
 * form's `data-oui-description` (or its aria-label or title). The schema says no more than the form itself
 * checks, so the runtime refuses what the form would refuse, naming the field, before anything is filled.
 */
import type { JSONSchema, OUIAction } from '../../../src/oui/index.js';
import { clean, controlLabel, fieldLabel, formFields, type FieldControl, type FormField } from './formFields.js';

/** Input types with a fixed text shape the browser checks, as a pattern anchored like HTML's. */
const SHAPES: Record<string, { pattern: string; format?: string; example: string }> = {
  date: { pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', example: '2025-01-31' },
  time: { pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$', example: '13:45' },
  'datetime-local': { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$', example: '2025-01-31T13:45' },
  month: { pattern: '^\\d{4}-\\d{2}$', example: '2025-01' },
  week: { pattern: '^\\d{4}-W\\d{2}$', example: '2025-W05' },
  color: { pattern: '^#[0-9a-fA-F]{6}$', example: '#1f5eff' },
};

const MAX_CHOICES = 200;

const num = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** The choices of a select (enabled options) or a group, with their labels when those say more than the value. */
function choices(field: FormField): { values: string[]; labels: string[] } {
  const values: string[] = [];
  const labels: string[] = [];
  const add = (value: string, label: string) => {
    if (values.includes(value) || values.length >= MAX_CHOICES) return;
    values.push(value);
    if (label && label !== value) labels.push(`${JSON.stringify(value)} = ${label}`);
  };
  const first = field.controls[0]!;
  if (first instanceof HTMLSelectElement) {
    for (const option of Array.from(first.options)) {
      if (option.disabled) continue;
      // A required select's empty option is its "Choose…" prompt, never a valid answer.
      if (option.value === '' && first.required) continue;
      add(option.value, clean(option.label || option.textContent, 80));
    }
  } else {
    for (const c of field.controls) add((c as HTMLInputElement).value, clean(controlLabel(c), 80));
  }
  return { values, labels };
}

function textSchema(control: HTMLInputElement | HTMLTextAreaElement): JSONSchema {
  const s: JSONSchema = { type: 'string' };
  if (control.minLength > 0) s.minLength = control.minLength;
  if (control.maxLength >= 0) s.maxLength = control.maxLength;
  if (control instanceof HTMLInputElement) {
    if (control.pattern && control.type !== 'email' && control.type !== 'url') {
      // HTML anchors a pattern to the whole value; JSON Schema doesn't.
      s.pattern = `^(?:${control.pattern})$`;
    }
    if (control.type === 'email' && !control.multiple) s.format = 'email';
    if (control.type === 'url') s.format = 'uri';
  }
  return s;
}

function numberSchema(control: HTMLInputElement): JSONSchema {
  const min = num(control.getAttribute('min')) ?? (control.type === 'range' ? 0 : undefined);
  const max = num(control.getAttribute('max')) ?? (control.type === 'range' ? 100 : undefined);
  const stepAttr = control.getAttribute('step');
  const step = stepAttr?.trim().toLowerCase() === 'any' ? undefined : (num(stepAttr) ?? 1);
  // The default step is 1 from min (or 0): whole numbers, unless the step or the base isn't one.
  const whole = step !== undefined && Number.isInteger(step) && (min === undefined || Number.isInteger(min));
  const s: JSONSchema = { type: whole ? 'integer' : 'number' };
  if (min !== undefined) s.minimum = min;
  if (max !== undefined) s.maximum = max;
  return s;
}

function shapedSchema(control: HTMLInputElement): { schema: JSONSchema; note: string } {
  const shape = SHAPES[control.type]!;
  const schema: JSONSchema = { type: 'string', pattern: shape.pattern, ...(shape.format ? { format: shape.format } : {}) };
  const bounds = [control.min && `from ${control.min}`, control.max && `until ${control.max}`].filter(Boolean).join(', ');
  return { schema, note: `like ${shape.example}${bounds ? `, ${bounds}` : ''}` };
}

function fieldSchema(field: FormField): { schema: JSONSchema; required: boolean } {
  const first = field.controls[0]! as FieldControl;
  const label = fieldLabel(field);
  let schema: JSONSchema;
  let note = '';
  let required = field.controls.some((c) => c.required);
  switch (field.kind) {
    case 'checkbox':
      // A required checkbox must be ticked to submit.
      schema = required ? { type: 'boolean', const: true } : { type: 'boolean' };
      break;
    case 'checkboxes':
    case 'select-multiple': {
      const { values, labels } = choices(field);
      schema = { type: 'array', items: { type: 'string', enum: values }, uniqueItems: true } as JSONSchema;
      note = labels.join(', ');
      required = field.kind === 'select-multiple' && required;
      break;
    }
    case 'radio':
    case 'select': {
      const { values, labels } = choices(field);
      schema = { type: 'string', enum: values };
      note = labels.join(', ');
      break;
    }
    case 'number':
      schema = numberSchema(first as HTMLInputElement);
      break;
    case 'date':
    case 'time':
    case 'datetime-local':
    case 'month':
    case 'week':
    case 'color': {
      const shaped = shapedSchema(first as HTMLInputElement);
      schema = shaped.schema;
      note = shaped.note;
      break;
    }
    default:
      schema = textSchema(first as HTMLInputElement | HTMLTextAreaElement);
  }
  const description = clean([label, note && `(${note})`].filter(Boolean).join(' '), 400);
  if (description) schema.description = description;
  return { schema, required };
}

/** A bound element's action before the surface's definition is checked: errors say what is missing. */
export type BoundAction = { ok: true; action: OUIAction } | { ok: false; errors: string[] };

/** How a bound element is named in an error. */
export const boundName = (el: Element): string => `<${el.localName} data-oui-action="${clean(el.getAttribute('data-oui-action'), 64)}">`;

/** The description of a bound form or button: its `data-oui-description`, else aria-label, else title. */
function describe(el: HTMLElement, fallback = ''): string {
  return clean(el.getAttribute('data-oui-description'), 4000) || clean(el.getAttribute('aria-label'), 4000) || clean(el.getAttribute('title'), 4000) || fallback;
}

const flag = (el: Element, name: string): boolean => el.hasAttribute(name) && el.getAttribute(name) !== 'false';

/** The action a `<form data-oui-action>` declares. */
export function formAction(form: HTMLFormElement): BoundAction {
  const id = form.getAttribute('data-oui-action') ?? '';
  const description = describe(form);
  const errors: string[] = [];
  if (!description) errors.push(`${boundName(form)} needs data-oui-description: the model reads it to choose the action`);
  let fields: FormField[] = [];
  try {
    fields = formFields(form);
  } catch (error) {
    errors.push(`${boundName(form)}: ${(error as Error).message}`);
  }
  if (errors.length) return { ok: false, errors };
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const field of fields) {
    const derived = fieldSchema(field);
    properties[field.name] = derived.schema;
    if (derived.required) required.push(field.name);
  }
  const input: JSONSchema = { type: 'object', properties, additionalProperties: false, ...(required.length ? { required } : {}) };
  return { ok: true, action: { id, description, input, ...(flag(form, 'data-oui-confirm') ? { confirm: true } : {}) } };
}

/** The action a `<button data-oui-action>` declares: no params; its description defaults to its text. */
export function buttonAction(button: HTMLButtonElement): BoundAction {
  const id = button.getAttribute('data-oui-action') ?? '';
  const description = describe(button, clean(button.textContent, 4000));
  if (!description) return { ok: false, errors: [`${boundName(button)} needs data-oui-description or text`] };
  return {
    ok: true,
    action: { id, description, input: { type: 'object', properties: {}, additionalProperties: false }, ...(flag(button, 'data-oui-confirm') ? { confirm: true } : {}) },
  };
}
