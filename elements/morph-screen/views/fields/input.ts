import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { attrText } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { oneOf, streamText } from '../parts.js';
import { field, inputText, labelFor, messageFor } from './field.js';

const TYPES = ['text', 'email', 'tel', 'url', 'number', 'search', 'password'] as const;

/** Input: one line of text (`type`: text, email, tel, url, number, search or password; the value is text). */
export const input: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const type = oneOf(node.attrs, 'type', TYPES, 'text');
    return html`<div class="field">
      ${labelFor(f)}
      <input
        id=${f.id}
        class="field-control"
        part="field"
        type=${type}
        data-field=${node.id}
        dir="auto"
        .value=${live(typeof f.value === 'string' ? f.value : '')}
        placeholder=${streamText(attrText(node.attrs, 'placeholder') ?? '')}
        aria-required=${f.required ? 'true' : 'false'}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @input=${(e: Event) => f.set(inputText(e))}
      />
      ${messageFor(f)}
    </div>`;
  },
};
