/**
 * Forms: what the person has filled in (text, numbers, switches and options live in the Form's component
 * state; photos, files and a location stay on the device, here, and never become state), whether a send was
 * tried (from then on a field whose value can't be sent says why), whether the Form was sent and hasn't
 * changed since (then its Buttons show it is sent and a second press sends nothing), and the send itself:
 * every field checked first (`required`, then what its attributes ask), then the `submit` action with the
 * fields by key.
 */
import { Signal } from '../../shared/base/signals.js';
import {
  attrFlag,
  attrText,
  defaultButton,
  FIELD_KINDS,
  fieldKey,
  fieldProblem,
  fieldProblems,
  formFields,
  keepsAsState,
  plainText,
  sliderSpec,
  submitAction,
  submitFields,
  type ComponentStates,
  type FieldMessage,
  type FormField,
  type FormState,
  type MorphAction,
  type OpDocument,
  type OpNode,
} from '../../../src/ops/index.js';

/** What the forms need from the screen. */
export interface FormsHost {
  act(action: MorphAction): void;
  stateChanged(id: string): void;
  announce(words: string): void;
  /** Shows and focuses the control of a field (opening a tab or details around it). */
  focusField(fieldId: string): Promise<void>;
  readonly words: { readonly fieldErrors: string; readonly formSent: string; readonly formAlreadySent: string };
}

const untracked = <T>(fn: () => T): T => Signal.subtle.untrack(fn);

/** Two field values alike: the same primitive, or lists of the same items (Checkboxes, files). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => Object.is(x, b[i]));
}

/** A field's starting value from its attributes (`value`, a Slider's start, a Switch's `checked`). */
export function startingValue(field: Pick<OpNode, 'type' | 'attrs'>): unknown {
  const a = field.attrs;
  switch (FIELD_KINDS.get(field.type)) {
    case 'number':
      return sliderSpec(a).value;
    case 'boolean':
      return attrFlag(a, 'checked') || attrFlag(a, 'value');
    case 'options': {
      const v = attrText(a, 'value');
      return v ? v.split('|').map((o) => o.trim()).filter((o) => o !== '') : [];
    }
    case 'text':
      return attrText(a, 'value') ?? '';
    default:
      return undefined;
  }
}

/**
 * The Forms of one answer: each field's value on the device, whether a send was tried, whether a Form was sent and
 * hasn't changed since; and the send itself (checked fields, then the `submit` action). Not a controller: the
 * screen makes one per answer.
 */
export class FormTracker {
  readonly #device = new Map<string, Signal.State<ReadonlyMap<string, unknown>>>();
  readonly #tried = new Map<string, Signal.State<boolean>>();
  /** Sent, and nothing changed since. */
  readonly #sent = new Map<string, Signal.State<boolean>>();

  constructor(
    private readonly doc: OpDocument,
    private readonly states: ComponentStates,
    private readonly host: FormsHost,
  ) {}

  #deviceOf(formId: string): Signal.State<ReadonlyMap<string, unknown>> {
    let s = this.#device.get(formId);
    if (!s) this.#device.set(formId, (s = new Signal.State<ReadonlyMap<string, unknown>>(new Map())));
    return s;
  }

  #triedOf(formId: string): Signal.State<boolean> {
    let s = this.#tried.get(formId);
    if (!s) this.#tried.set(formId, (s = new Signal.State(false)));
    return s;
  }

  #sentOf(formId: string): Signal.State<boolean> {
    let s = this.#sent.get(formId);
    if (!s) this.#sent.set(formId, (s = new Signal.State(false)));
    return s;
  }

  /** True once a send of this Form was tried (tracked). */
  tried(formId: string): boolean {
    return this.#triedOf(formId).get();
  }

  /** True when the Form was sent and nothing in it changed since (tracked): sending it again would send the same. */
  sent(formId: string): boolean {
    return this.#sentOf(formId).get();
  }

  /** The Form may be sent again (its send didn't reach the next turn). */
  unsend(formId: string): void {
    this.#sentOf(formId).set(false);
  }

  /** The key a field's value is kept and sent under, or null. */
  keyOf(field: OpNode): string | null {
    const label = attrText(field.attrs, 'label') ?? plainText(field.spans);
    return fieldKey(field.attrs, label);
  }

  /** A field's value now (tracked): what the person gave, else its starting value. */
  value(form: OpNode, field: OpNode): unknown {
    const key = this.keyOf(field);
    const kind = FIELD_KINDS.get(field.type);
    if (key === null || kind === undefined) return startingValue(field);
    if (!keepsAsState(kind)) return this.#deviceOf(form.id).get().get(key);
    const state = this.states.get(form.id) as FormState | null;
    const fields = state?.fields;
    return fields && Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : startingValue(field);
  }

  /**
   * The person changed a field. Device values (files, a location) stay here; the rest go into the Form's state.
   * A value like the one there already changes nothing and tells no one (a Date field reports its value on
   * both `input` and `change`).
   */
  edit(form: OpNode, field: OpNode, value: unknown): void {
    const key = this.keyOf(field);
    const kind = FIELD_KINDS.get(field.type);
    if (key === null || kind === undefined) return;
    if (same(untracked(() => this.value(form, field)), value)) return;
    // Changed since it was sent: sending it again sends something new.
    this.#sentOf(form.id).set(false);
    if (!keepsAsState(kind)) {
      const next = new Map(this.#deviceOf(form.id).get());
      next.set(key, value);
      this.#deviceOf(form.id).set(next);
      return;
    }
    const state = untracked(() => this.states.get(form.id) as FormState | null);
    const result = this.states.set(form.id, { fields: { ...(state?.fields ?? {}), [key]: value } });
    if (result.ok) this.host.stateChanged(form.id);
  }

  /** Every field's value by key, as a send sees it. */
  values(form: OpNode, fields: readonly FormField[]): Map<string, unknown> {
    const out = new Map<string, unknown>();
    for (const f of fields) {
      const node = this.doc.node(f.id);
      if (f.key !== null && node) out.set(f.key, this.value(form, node));
    }
    return out;
  }

  /**
   * Why a field's value can't be sent (tracked), once a send of its Form was tried; null before, and when it can.
   */
  problem(form: OpNode, field: OpNode): FieldMessage | null {
    if (!this.tried(form.id)) return null;
    const f = formFields(this.doc, form.id).find((x) => x.id === field.id);
    return f ? fieldProblem(f, this.value(form, field)) : null;
  }

  /**
   * A Button of the Form was pressed (or Enter in one of its fields, for its first Button): when a field's value
   * can't be sent, each says why, the first is shown and focused, and nothing is sent; when the Form was sent
   * and hasn't changed since, nothing is sent again; else the `submit` action goes out with the fields by key,
   * and the Form shows it was sent.
   */
  submit(form: OpNode, button: string): void {
    untracked(() => {
      if (this.sent(form.id)) {
        this.host.announce(this.host.words.formAlreadySent);
        return;
      }
      const fields = formFields(this.doc, form.id);
      const values = this.values(form, fields);
      const problems = fieldProblems(fields, values);
      if (problems.length > 0) {
        this.#triedOf(form.id).set(true);
        this.host.announce(this.host.words.fieldErrors);
        void this.host.focusField(problems[0]!.field.id);
        return;
      }
      this.#sentOf(form.id).set(true);
      this.host.act(submitAction(form, button, submitFields(fields, values)));
      this.host.announce(this.host.words.formSent);
    });
  }

  /** Enter in a field of the Form: sent as with its first Button; false when it has none (nothing is sent). */
  submitByEnter(form: OpNode): boolean {
    const label = untracked(() => defaultButton(this.doc, form.id));
    if (label === null) return false;
    this.submit(form, label);
    return true;
  }
}
