import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { attrText } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { field, inputText, labelFor, messageFor } from './field.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | undefined) => (v !== undefined && DAY.test(v) ? v : '');

/** Date: a day (`YYYY-MM-DD`), between `min` and `max` when given. */
export const date: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    return html`<div class="field">
      ${labelFor(f)}
      <input
        id=${f.id}
        class="field-control"
        part="field"
        type="date"
        data-field=${node.id}
        min=${day(attrText(node.attrs, 'min'))}
        max=${day(attrText(node.attrs, 'max'))}
        .value=${live(typeof f.value === 'string' ? f.value : '')}
        aria-required=${f.required ? 'true' : 'false'}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @input=${(e: Event) => f.set(inputText(e))}
        @change=${(e: Event) => f.set(inputText(e))}
      />
      ${messageFor(f)}
    </div>`;
  },
};
