import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { NodeView } from './view.js';
import { editedKey, oneOf, text } from './parts.js';
import { fieldLabel, fieldMessage } from './field.js';
import { domId } from '../screenContext.js';

const inputMode = { email: 'email', number: 'decimal', phone: 'tel', url: 'url', none: nothing } as const;
const autocomplete = { email: 'email', phone: 'tel', url: 'url', number: nothing, none: nothing } as const;

/**
 * Input(value, label, placeholder, lines, required, format, minLength, maxLength): edits its text $key.
 * `lines` over 1 gives a textarea. `live()` compares with what is in the control, so a re-render never
 * resets the caret of someone typing. Checks are the renderer's ([8.3]), not the browser's: no native
 * `required` or `type=email`, which would show the browser's own words.
 */
export const input: NodeView = {
  render(node, screen) {
    const key = editedKey(node);
    const raw = key ? screen.doc.state(key) : undefined;
    const value = typeof raw === 'string' ? raw : '';
    const lines = typeof node.props['lines'] === 'number' ? Math.min(10, Math.max(1, Math.trunc(node.props['lines']))) : 1;
    const format = oneOf(node.props['format'], ['email', 'number', 'phone', 'url', 'none'], 'none');
    const placeholder = node.props['placeholder'] === undefined ? nothing : text(screen, node.props['placeholder']);
    const required = node.props['required'] === true ? 'true' : nothing;
    const field = fieldMessage(node, screen);
    const id = domId.field(node.id);
    const onInput = (e: Event) => screen.edit(node, (e.target as HTMLInputElement | HTMLTextAreaElement).value);
    const onBlur = () => screen.leave(node);
    const control =
      lines > 1
        ? html`<textarea
            id=${id}
            class="field-control"
            part="field"
            data-omni-field=${node.id}
            rows=${lines}
            placeholder=${placeholder}
            aria-required=${required}
            aria-invalid=${field.invalid}
            aria-describedby=${field.describedBy}
            .value=${live(value)}
            @input=${onInput}
            @blur=${onBlur}
          ></textarea>`
        : html`<input
            id=${id}
            class="field-control"
            part="field"
            data-omni-field=${node.id}
            type="text"
            inputmode=${inputMode[format]}
            autocomplete=${autocomplete[format]}
            placeholder=${placeholder}
            aria-required=${required}
            aria-invalid=${field.invalid}
            aria-describedby=${field.describedBy}
            .value=${live(value)}
            @input=${onInput}
            @blur=${onBlur}
          />`;
    return html`<div class="field">
      ${fieldLabel(node, screen, id)}
      ${control} ${field.template}
    </div>`;
  },
};
