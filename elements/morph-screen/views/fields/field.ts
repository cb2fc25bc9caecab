/**
 * What every field view shares: its label, whether it is required, its value and how to change it (inside a
 * Form through the Form's state and device values; outside one, on the field's own element), and the message
 * a field shows once a send was tried while its value couldn't be sent (empty and required, or not what the
 * field asks: an email address, a date in range…), until the value can.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { Signal } from '../../../shared/base/signals.js';
import { attrFlag, attrText, plainText, type OpNode } from '../../../../src/ops/index.js';
import { fill, type StringKey } from '../../../../strings/en.js';
import { startingValue } from '../../model/formTracker.js';
import { domId, type MorphContext, type NodeHost } from '../../screenContext.js';
import { ancestor, streamText } from '../parts.js';

const LOCAL = 'field:value';

export interface Field {
  readonly node: OpNode;
  /** The control's DOM id, for its label. */
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
  readonly value: unknown;
  /** The value now (not when drawn: two changes may come before the next draw). */
  now(): unknown;
  set(value: unknown): void;
  /** The message shown now ('' when none), its id for aria-describedby, and aria-invalid. */
  readonly message: string;
  readonly describedBy: string | typeof nothing;
  readonly invalid: 'true' | typeof nothing;
}

export function field(node: OpNode, screen: MorphContext, host: NodeHost): Field {
  const form = ancestor(screen.doc, node, ['Form']);
  const label = streamText(attrText(node.attrs, 'label') ?? plainText(node.spans));
  const required = attrFlag(node.attrs, 'required');
  let value: unknown;
  let set: (v: unknown) => void;
  let now: () => unknown;
  if (form) {
    value = screen.forms.value(form, node);
    now = () => Signal.subtle.untrack(() => screen.forms.value(form, node));
    set = (v) => screen.forms.edit(form, node, v);
  } else {
    now = () => (host.local.has(LOCAL) ? host.local.get(LOCAL) : startingValue(node));
    value = now();
    set = (v) => {
      host.local.set(LOCAL, v);
      host.requestUpdate();
    };
  }
  const problem = form ? screen.forms.problem(form, node) : null;
  const w = screen.words;
  const key = problem && Object.prototype.hasOwnProperty.call(w, problem.message) ? (problem.message as StringKey) : 'required';
  const message = problem ? fill(w[key], problem.values ?? {}) : '';
  return {
    node,
    id: domId.field(node.id),
    label,
    required,
    value,
    now,
    set,
    message,
    describedBy: message ? domId.message(node.id) : nothing,
    invalid: message ? 'true' : nothing,
  };
}

/** The label of a control, with a required mark that assistive technology skips (it hears aria-required). */
export const labelFor = (f: Field): TemplateResult =>
  html`<label class="field-label" for=${f.id}><bdi>${f.label}</bdi>${f.required ? html`<span class="required-mark" aria-hidden="true"> *</span>` : nothing}</label>`;

/** The legend of a group of controls (Radio, Checkboxes). */
export const legendFor = (f: Field): TemplateResult =>
  html`<legend class="field-label"><bdi>${f.label}</bdi>${f.required ? html`<span class="required-mark" aria-hidden="true"> *</span>` : nothing}</legend>`;

/** The message under a field: always there (empty when fine), so its polite region says what appears. */
export const messageFor = (f: Field): TemplateResult =>
  html`<div class="field-message" id=${domId.message(f.node.id)} part="error" aria-live="polite">${f.message}</div>`;

/** Text from an input event's control. */
export const inputText = (e: Event): string => (e.currentTarget as HTMLInputElement).value;

export const fieldStyles = css`
  /* A field's box, label, control and message: the shared field (elements/shared/screen/viewStyles.ts). */
  .field { border: 0; margin: 0; padding: 0; }
  .field-label { padding: 0; }
  .required-mark { color: var(--_danger-text); }
  .field-message:empty { display: none; }
  .choice-row { display: flex; align-items: center; gap: var(--_space-2); }
  .choice-row input { inline-size: 1.1rem; block-size: 1.1rem; margin: 0; accent-color: var(--_accent); }
  .field-note { font-size: var(--_font-size-sm); color: var(--_muted-text); }
  .field-actions { display: flex; flex-wrap: wrap; gap: var(--_space-2); align-items: center; }
  input[type='range'] { accent-color: var(--_accent); inline-size: 100%; }
`;
