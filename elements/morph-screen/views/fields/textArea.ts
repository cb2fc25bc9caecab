import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { attrText } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { streamText } from '../parts.js';
import { field, inputText, labelFor, messageFor } from './field.js';

/** TextArea: several lines of text (`rows`, 2 to 12, default 4). */
export const textArea: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const rows = Math.min(12, Math.max(2, Number.parseInt(attrText(node.attrs, 'rows') ?? '', 10) || 4));
    return html`<div class="field">
      ${labelFor(f)}
      <textarea
        id=${f.id}
        class="field-control"
        part="field"
        rows=${rows}
        data-field=${node.id}
        dir="auto"
        .value=${live(typeof f.value === 'string' ? f.value : '')}
        placeholder=${streamText(attrText(node.attrs, 'placeholder') ?? '')}
        aria-required=${f.required ? 'true' : 'false'}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @input=${(e: Event) => f.set(inputText(e))}
      ></textarea>
      ${messageFor(f)}
    </div>`;
  },
};
