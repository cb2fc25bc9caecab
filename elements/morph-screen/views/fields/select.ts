import { html } from 'lit';
import type { NodeView } from '../../screenContext.js';
import { field, labelFor, messageFor } from './field.js';
import { optionsOf } from './options.js';

/** Select: one option of a list, starting on "Choose…" unless a `value` was given. */
export const select: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const value = typeof f.value === 'string' ? f.value : '';
    const options = optionsOf(node);
    return html`<div class="field">
      ${labelFor(f)}
      <select
        id=${f.id}
        class="field-control"
        part="field"
        data-field=${node.id}
        aria-required=${f.required ? 'true' : 'false'}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @change=${(e: Event) => f.set((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="" ?selected=${value === ''}>${screen.words.selectPlaceholder}</option>
        ${options.map((o) => html`<option .value=${o} ?selected=${o === value}>${o}</option>`)}
      </select>
      ${messageFor(f)}
    </div>`;
  },
};
