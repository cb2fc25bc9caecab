import { html } from 'lit';
import { choiceOptions } from '../../../../src/ops/index.js';
import type { NodeView } from '../../screenContext.js';
import { streamText } from '../parts.js';
import { field, legendFor, messageFor } from './field.js';

/** Checkboxes: any of several options; the value is the chosen options in their order. */
export const checkboxes: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const chosen = Array.isArray(f.value) ? (f.value as readonly string[]) : [];
    const options = choiceOptions(node);
    const toggle = (o: string, on: boolean) => {
      const now = f.now();
      const before = Array.isArray(now) ? (now as readonly string[]) : [];
      f.set(options.filter((x) => (x === o ? on : before.includes(x))));
    };
    return html`<fieldset class="field" part="field-group" data-field=${node.id} tabindex="-1" aria-describedby=${f.describedBy}>
      ${legendFor(f)}
      ${options.map(
        (o) => html`<label class="choice-row">
          <input type="checkbox" .checked=${chosen.includes(o)} aria-invalid=${f.invalid} @change=${(e: Event) => toggle(o, (e.currentTarget as HTMLInputElement).checked)} /><bdi>${streamText(o)}</bdi>
        </label>`,
      )}
      ${messageFor(f)}
    </fieldset>`;
  },
};
