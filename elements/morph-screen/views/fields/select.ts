import { html } from 'lit';
import { choiceOptions } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { streamText } from '../parts.js';
import { field, labelFor, messageFor } from './field.js';

/** Select: one option of a list, starting on "Choose…" unless a `value` was given. */
export const select: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const value = typeof f.value === 'string' ? f.value : '';
    const options = choiceOptions(node);
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
        ${options.map((o) => html`<option .value=${o} ?selected=${o === value}>${streamText(o)}</option>`)}
      </select>
      ${messageFor(f)}
    </div>`;
  },
};
