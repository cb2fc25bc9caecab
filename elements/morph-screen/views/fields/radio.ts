import { html } from 'lit';
import { choiceOptions } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { domId } from '../../screenContext.js';
import { streamText } from '../parts.js';
import { field, messageFor } from './field.js';

/** Radio: one option of a few, as native radio buttons (arrow keys move and choose). */
export const radio: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const value = typeof f.value === 'string' ? f.value : '';
    const name = `m-radio-${node.id}`;
    const legend = domId.label(node.id);
    return html`<fieldset
      class="field"
      part="field-group"
      role="radiogroup"
      data-field=${node.id}
      tabindex="-1"
      aria-labelledby=${legend}
      aria-required=${f.required ? 'true' : 'false'}
      aria-invalid=${f.invalid}
      aria-describedby=${f.describedBy}
    >
      <legend class="field-label" id=${legend}><bdi>${f.label}</bdi>${f.required ? html`<span class="required-mark" aria-hidden="true"> *</span>` : ''}</legend>
      ${choiceOptions(node).map(
        (o) => html`<label class="choice-row">
          <input
            type="radio"
            name=${name}
            .value=${o}
            .checked=${o === value}
            @change=${() => f.set(o)}
          /><bdi>${streamText(o)}</bdi>
        </label>`,
      )}
      ${messageFor(f)}
    </fieldset>`;
  },
};
