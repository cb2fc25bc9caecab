/**
 * The fields of a bound form as an agent sees them: one param per field name. Radios sharing a name are one
 * param (their values are its choices), and so are checkboxes sharing one (a list); a lone checkbox is a
 * boolean. Fields a model must never fill are left out: passwords, files, hidden inputs, buttons, and any
 * field marked `data-oui-ignore`; and so are fields the form would not submit now, disabled ones (their own
 * `disabled`, or a `<fieldset disabled>` around them): an agent is offered only what the app will receive.
 */

export type FieldControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type FieldKind =
  | 'text'
  | 'email'
  | 'url'
  | 'tel'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'month'
  | 'week'
  | 'color'
  | 'checkbox'
  | 'checkboxes'
  | 'radio'
  | 'select'
  | 'select-multiple'
  | 'textarea';

/** One param: its name, its kind and the controls behind it (several for radios and checkbox groups). */
export interface FormField {
  readonly name: string;
  readonly kind: FieldKind;
  readonly controls: readonly FieldControl[];
}

const LEFT_OUT = new Set(['hidden', 'password', 'file', 'submit', 'reset', 'button', 'image']);
const TEXT_LIKE = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'range', 'date', 'time', 'datetime-local', 'month', 'week', 'color']);

function kindOf(control: FieldControl): FieldKind | null {
  if (control instanceof HTMLTextAreaElement) return 'textarea';
  if (control instanceof HTMLSelectElement) return control.multiple ? 'select-multiple' : 'select';
  const type = control.type;
  if (type === 'checkbox') return 'checkbox';
  if (type === 'radio') return 'radio';
  if (type === 'search') return 'text';
  if (type === 'range') return 'number';
  // An input type this browser doesn't know falls back to text, and so does its `type` property.
  return TEXT_LIKE.has(type) ? (type as FieldKind) : 'text';
}

/** Why a form's fields can't become params (two different fields under one name). */
export class FieldNameError extends Error {}

/**
 * The form's fields, in document order, grouped by name. Throws FieldNameError when one name is shared by
 * fields that are not one radio group or one checkbox group.
 */
export function formFields(form: HTMLFormElement): FormField[] {
  const groups = new Map<string, { kind: FieldKind; controls: FieldControl[] }>();
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) continue;
    if (!el.name || el.hasAttribute('data-oui-ignore')) continue;
    if (el instanceof HTMLInputElement && LEFT_OUT.has(el.type)) continue;
    // `:disabled` also matches a control in a disabled fieldset (outside its first legend), whose own
    // `disabled` property stays false: the form never submits it.
    if (el.matches(':disabled')) continue;
    const kind = kindOf(el);
    if (!kind) continue;
    const group = groups.get(el.name);
    if (!group) {
      groups.set(el.name, { kind, controls: [el] });
      continue;
    }
    if (kind === 'radio' && group.kind === 'radio') group.controls.push(el);
    else if (kind === 'checkbox' && (group.kind === 'checkbox' || group.kind === 'checkboxes')) {
      group.kind = 'checkboxes';
      group.controls.push(el);
    } else throw new FieldNameError(`the name "${el.name}" is used by more than one field`);
  }
  return [...groups].map(([name, g]) => ({ name, kind: g.kind, controls: g.controls }));
}

/** Text with runs of white space as one space, cut to `max` characters. */
export function clean(text: string | null | undefined, max = 200): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** What a person reads for a control: its own `data-oui-description`, its label, aria-label or title. */
export function controlLabel(control: HTMLElement): string {
  const own = control.getAttribute('data-oui-description');
  if (own) return clean(own);
  const labels = 'labels' in control ? (control as FieldControl).labels : null;
  const fromLabel = labels && labels.length > 0 ? clean(Array.from(labels, labelText).join(' ')) : '';
  return fromLabel || clean(control.getAttribute('aria-label')) || clean(labelledBy(control)) || clean(control.getAttribute('title'));
}

/** A label's own words: a control inside it (a select's options, a textarea's text) is not part of them. */
function labelText(label: HTMLLabelElement): string {
  const copy = label.cloneNode(true) as HTMLLabelElement;
  for (const inner of Array.from(copy.querySelectorAll('select, textarea, input, button, output'))) inner.remove();
  return copy.textContent ?? '';
}

function labelledBy(el: HTMLElement): string {
  const ids = el.getAttribute('aria-labelledby');
  if (!ids) return '';
  const root = el.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .map((id) => root.getElementById?.(id)?.textContent ?? '')
    .join(' ');
}

/** What a person reads for a field: a group's legend for radios and checkbox groups, else its control's label. */
export function fieldLabel(field: FormField): string {
  if (field.kind === 'radio' || field.kind === 'checkboxes') {
    const own = field.controls.map((c) => c.getAttribute('data-oui-description')).find((d) => !!d);
    if (own) return clean(own);
    const legend = field.controls[0]!.closest('fieldset')?.querySelector(':scope > legend');
    if (legend) return clean(legend.textContent);
    return '';
  }
  return controlLabel(field.controls[0]!);
}
