import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { NodeView } from './view.js';
import { editedKey, listProp, streamText, text } from './parts.js';
import { fieldLabel, fieldMessage } from './field.js';
import { domId } from '../screenContext.js';

/**
 * Select(value, label, options, placeholder, required): a native select. Options are addressed by position, so
 * no stream text is ever used as anything but an option's words. A value that isn't an option shows the
 * placeholder, i.e. nothing chosen ([5.20], [8] Input and state).
 */
export const select: NodeView = {
  render(node, screen) {
    const key = editedKey(node);
    const raw = key ? screen.doc.state(key) : undefined;
    const options = listProp(node.props['options']).map((o) => String(o));
    const chosen = typeof raw === 'string' ? options.indexOf(raw) : -1;
    const placeholder = node.props['placeholder'] === undefined ? screen.words.selectPlaceholder : text(screen, node.props['placeholder']);
    const field = fieldMessage(node, screen);
    const id = domId.field(node.id);
    const onChange = (e: Event) => {
      const index = Number((e.target as HTMLSelectElement).value);
      screen.edit(node, index >= 0 && index < options.length ? options[index]! : '');
    };
    return html`<div class="field">
      ${fieldLabel(node, screen, id)}
      <select
        id=${id}
        class="field-control"
        part="field"
        data-omni-field=${node.id}
        aria-required=${node.props['required'] === true ? 'true' : nothing}
        aria-invalid=${field.invalid}
        aria-describedby=${field.describedBy}
        .value=${live(String(chosen))}
        @change=${onChange}
        @blur=${() => screen.leave(node)}
      >
        <option value="-1">${placeholder}</option>
        ${options.map((o, i) => html`<option value=${String(i)} ?selected=${i === chosen}>${streamText(o)}</option>`)}
      </select>
      ${field.template}
    </div>`;
  },
};
