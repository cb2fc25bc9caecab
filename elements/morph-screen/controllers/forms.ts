/**
 * Forms: what the person has filled in (text, numbers, switches and options live in the Form's component
 * state; photos, files and a location stay on the device, here, and never become state), whether a send was
 * tried (from then on a required field that is empty says so), and the send itself: `required` checked first,
 * then the `submit` action with the fields by key.
 */
import { Signal } from 'signal-polyfill';
import {
  attrFlag,
  attrText,
  FIELD_KINDS,
  fieldKey,
  formFields,
  keepsAsState,
  missingRequired,
  plainText,
  sliderSpec,
  submitAction,
  submitFields,
  type ComponentStates,
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
  readonly words: { readonly fieldErrors: string; readonly formSent: string };
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

export class FormsController {
  readonly #device = new Map<string, Signal.State<ReadonlyMap<string, unknown>>>();
  readonly #tried = new Map<string, Signal.State<boolean>>();

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

  /** True once a send of this Form was tried (tracked). */
  tried(formId: string): boolean {
    return this.#triedOf(formId).get();
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

  /** The person changed a field. Device values (files, a location) stay here; the rest go into the Form's state. */
  edit(form: OpNode, field: OpNode, value: unknown): void {
    const key = this.keyOf(field);
    const kind = FIELD_KINDS.get(field.type);
    if (key === null || kind === undefined) return;
    if (!keepsAsState(kind)) {
      const next = new Map(this.#deviceOf(form.id).get());
      next.set(key, value);
      this.#deviceOf(form.id).set(next);
      return;
    }
    const state = Signal.subtle.untrack(() => this.states.get(form.id) as FormState | null);
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

  /** The required fields of a Form that have no value now (tracked). */
  missing(form: OpNode): FormField[] {
    const fields = formFields(this.doc, form.id);
    return missingRequired(fields, this.values(form, fields));
  }

  /**
   * A Button of the Form was pressed: when a required field is empty, each says so, the first is shown and
   * focused, and nothing is sent; else the `submit` action goes out with the fields by key.
   */
  submit(form: OpNode, button: string, _opener: HTMLElement): void {
    Signal.subtle.untrack(() => {
      const fields = formFields(this.doc, form.id);
      const values = this.values(form, fields);
      const missing = missingRequired(fields, values);
      if (missing.length > 0) {
        this.#triedOf(form.id).set(true);
        this.host.announce(this.host.words.fieldErrors);
        void this.host.focusField(missing[0]!.id);
        return;
      }
      this.host.act(submitAction(form, button, submitFields(fields, values)));
      this.host.announce(this.host.words.formSent);
    });
  }
}
