/**
 * Running a bound form or button for an agent, as a person would: each named field is set (through the
 * native setters, so frameworks that track values see it) and hears `input` and `change`; the form's own
 * checks run; then `requestSubmit()` fires the app's submit handler, which decides what happens. Fields the
 * params don't name keep what they hold. A field the page refuses is answered INVALID_PARAMS, naming it.
 */
import { OUIActionError, OUI_ERROR_CODES } from '../../../src/oui/index.js';
import { formFields, type FieldControl, type FormField } from './formFields.js';

/**
 * The platform's own setter of a control's property, found on its prototype when first needed (never at module
 * load: importing this on a server, where there are no elements, must not throw).
 */
function nativeSetter(control: FieldControl, key: 'value' | 'checked'): (this: FieldControl, v: unknown) => void {
  const proto = control instanceof HTMLInputElement ? HTMLInputElement.prototype : control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLSelectElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, key)!.set! as (this: FieldControl, v: unknown) => void;
}

function setValue(control: FieldControl, value: string): void {
  nativeSetter(control, 'value').call(control, value);
}

const setChecked = (control: HTMLInputElement, checked: boolean) => nativeSetter(control, 'checked').call(control, checked);

function announce(control: FieldControl): void {
  control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

interface Problem {
  path: string;
  message: string;
}

function refuse(problems: Problem[]): never {
  const said = problems.slice(0, 5).map((p) => `${p.path}: ${p.message}`).join('; ');
  throw new OUIActionError(OUI_ERROR_CODES.INVALID_PARAMS, `The form refused: ${said}`, { problems });
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => String(x)) : []);

function fill(field: FormField, value: unknown): void {
  const changed: FieldControl[] = [];
  switch (field.kind) {
    case 'checkbox': {
      const box = field.controls[0] as HTMLInputElement;
      if (box.checked !== (value === true)) {
        setChecked(box, value === true);
        changed.push(box);
      }
      break;
    }
    case 'checkboxes':
    case 'radio': {
      const wanted = field.kind === 'radio' ? [String(value)] : asList(value);
      for (const c of field.controls as HTMLInputElement[]) {
        const on = wanted.includes(c.value);
        if (c.checked !== on) {
          setChecked(c, on);
          changed.push(c);
        }
      }
      break;
    }
    case 'select-multiple': {
      const select = field.controls[0] as HTMLSelectElement;
      const wanted = asList(value);
      for (const option of Array.from(select.options)) option.selected = wanted.includes(option.value);
      changed.push(select);
      break;
    }
    default: {
      const control = field.controls[0]!;
      setValue(control, value === null || value === undefined ? '' : String(value));
      changed.push(control);
    }
  }
  for (const c of changed) announce(c);
}

/** Fills the fields `params` names. Throws INVALID_PARAMS for a field that can't be changed now. */
export function fillForm(form: HTMLFormElement, params: Readonly<Record<string, unknown>>): void {
  const fields = new Map(formFields(form).map((f) => [f.name, f]));
  const problems: Problem[] = [];
  for (const name of Object.keys(params)) {
    const field = fields.get(name);
    const disabled = !field && Array.from(form.elements).some((el) => (el as FieldControl).name === name && el.matches(':disabled'));
    if (disabled) problems.push({ path: name, message: 'this field is disabled now: the form would not send it' });
    else if (!field) problems.push({ path: name, message: 'the form has no such field' });
    else if (field.controls.every((c) => c.disabled || (c as HTMLInputElement).readOnly)) problems.push({ path: name, message: 'this field can’t be changed now' });
  }
  if (problems.length) refuse(problems);
  for (const [name, value] of Object.entries(params)) fill(fields.get(name)!, value);
}

/** The fields the page's own checks refuse now (`required`, `min`, a message the app set with setCustomValidity). */
export function formProblems(form: HTMLFormElement): Problem[] {
  const problems: Problem[] = [];
  for (const field of formFields(form)) {
    const bad = field.controls.find((c) => c.willValidate && !c.validity.valid);
    if (bad) problems.push({ path: field.name, message: bad.validationMessage || 'not accepted' });
  }
  return problems;
}

/**
 * What the form submitted, in the params' shapes: each offered field the submitted FormData holds, and a lone
 * checkbox as a boolean (a form says false by leaving the box out). A field the FormData lacks is left out;
 * passwords, hidden inputs and ignored fields are never told.
 */
export function submittedValues(form: HTMLFormElement, data: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of formFields(form)) {
    const all = data.getAll(field.name).filter((v): v is string => typeof v === 'string');
    if (field.kind === 'checkbox') out[field.name] = all.length > 0;
    if (all.length === 0) continue;
    const first = all[0]!;
    switch (field.kind) {
      case 'checkbox':
        break;
      case 'checkboxes':
      case 'select-multiple':
        out[field.name] = all;
        break;
      case 'number':
        out[field.name] = first === '' ? null : Number(first);
        break;
      default:
        out[field.name] = first;
    }
  }
  return out;
}

/**
 * Runs a bound form: fills it, checks it as the browser would, and submits it with `requestSubmit()` (the
 * app's submit handlers and any other checks run). Answers what the form submitted: its FormData as the submit
 * began, before the app's handlers (which may clear the form).
 */
export function runForm(form: HTMLFormElement, params: Readonly<Record<string, unknown>>): { submitted: true; values: Record<string, unknown> } {
  fillForm(form, params);
  const before = formProblems(form);
  if (before.length) refuse(before);
  const submitter = form.querySelector<HTMLButtonElement | HTMLInputElement>('[data-oui-submit]');
  const using = submitter && submitter.form === form ? submitter : undefined;
  let values: Record<string, unknown> | null = null;
  const onSubmit = () => {
    values = submittedValues(form, new FormData(form, using));
  };
  // Capture: heard before the app's own submit listeners on the form.
  form.addEventListener('submit', onSubmit, { capture: true });
  try {
    form.requestSubmit(using);
  } finally {
    form.removeEventListener('submit', onSubmit, { capture: true });
  }
  if (!values) {
    const problems = formProblems(form);
    refuse(problems.length ? problems : [{ path: '', message: 'the form was not sent' }]);
  }
  return { submitted: true, values };
}

/** Presses a bound button as a person would. A disabled button is not pressed: ACTION_DENIED. */
export function pressButton(button: HTMLButtonElement): { pressed: true } {
  if (button.disabled || button.matches(':disabled')) {
    throw new OUIActionError(OUI_ERROR_CODES.ACTION_DENIED, 'The button is disabled now');
  }
  button.click();
  return { pressed: true };
}
