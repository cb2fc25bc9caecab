import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { NodeView } from './view.js';
import { editedKey } from './parts.js';
import { fieldLabel, fieldMessage } from './field.js';
import { domId } from '../screenContext.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** DateInput(value, label, min, max, required): the platform's date picker, editing a "YYYY-MM-DD" $key. */
export const dateInput: NodeView = {
  render(node, screen) {
    const key = editedKey(node);
    const raw = key ? screen.doc.state(key) : undefined;
    const value = typeof raw === 'string' && DATE.test(raw) ? raw : '';
    const min = typeof node.props['min'] === 'string' ? node.props['min'] : nothing;
    const max = typeof node.props['max'] === 'string' ? node.props['max'] : nothing;
    const field = fieldMessage(node, screen);
    const id = domId.field(node.id);
    const onEdit = (e: Event) => screen.edit(node, (e.target as HTMLInputElement).value);
    return html`<div class="field">
      ${fieldLabel(node, screen, id)}
      <input
        id=${id}
        class="field-control"
        part="field"
        data-omni-field=${node.id}
        type="date"
        min=${min}
        max=${max}
        aria-required=${node.props['required'] === true ? 'true' : nothing}
        aria-invalid=${field.invalid}
        aria-describedby=${field.describedBy}
        .value=${live(value)}
        @input=${onEdit}
        @change=${onEdit}
        @blur=${() => screen.leave(node)}
      />
      ${field.template}
    </div>`;
  },
};
