import { html } from 'lit';
import { sliderSpec, type OpNode } from '../../../../src/ops/index.js';
import type { MorphContext, NodeHost, NodeView } from '../../screenContext.js';
import { ancestor } from '../parts.js';
import { shown } from '../numbers.js';
import { field, labelFor, messageFor } from './field.js';
import { whatIfSlider } from '../whatIf.js';

/**
 * Slider: a range (`min`, `max`, `step`, `value`; arrow keys, Page Up/Down, Home and End move it). Inside a
 * What-if it moves the Results; inside a Form it is a field holding a number.
 */
export const slider: NodeView = {
  render(node, screen, host) {
    const owner = ancestor(screen.doc, node, ['WhatIf', 'Form']);
    if (owner?.type === 'WhatIf') return whatIfSlider(node, owner, screen);
    return formSlider(node, screen, host);
  },
};

function formSlider(node: OpNode, screen: MorphContext, host: NodeHost) {
  const f = field(node, screen, host);
  const spec = sliderSpec(node.attrs);
  const value = typeof f.value === 'number' ? f.value : spec.value;
  return html`<div class="field">
    ${labelFor(f)}
    <div class="slider-row">
      <input
        id=${f.id}
        type="range"
        part="field slider"
        data-field=${node.id}
        min=${spec.min}
        max=${spec.max}
        step=${spec.step}
        .valueAsNumber=${value}
        aria-invalid=${f.invalid}
        aria-describedby=${f.describedBy}
        @input=${(e: Event) => f.set((e.currentTarget as HTMLInputElement).valueAsNumber)}
      />
      <output class="slider-value" for=${f.id}>${shown(value, screen.locale)}</output>
    </div>
    ${messageFor(f)}
  </div>`;
}
