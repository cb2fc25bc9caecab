import { html } from 'lit';
import type { NodeView } from './view.js';
import { editedKey } from './parts.js';
import { fieldLabel, fieldMessage } from './field.js';
import { domId } from '../screenContext.js';

/** Switch(value, label, required): a real switch (role="switch", aria-checked) flipping a true/false $key. */
export const switchView: NodeView = {
  render(node, screen) {
    const key = editedKey(node);
    const on = key ? screen.doc.state(key) === true : false;
    const field = fieldMessage(node, screen);
    const id = domId.field(node.id);
    const labelId = domId.label(node.id);
    return html`<div class="field switch-field">
      <div class="switch-row">
        <button
          id=${id}
          type="button"
          class="switch"
          part="field switch"
          role="switch"
          data-omni-field=${node.id}
          aria-checked=${on ? 'true' : 'false'}
          aria-labelledby=${labelId}
          aria-invalid=${field.invalid}
          aria-describedby=${field.describedBy}
          @click=${() => screen.edit(node, !on)}
          @blur=${() => screen.leave(node)}
        >
          <span class="switch-thumb" aria-hidden="true"></span>
        </button>
        ${fieldLabel(node, screen, id, labelId)}
        <span class="switch-state" aria-hidden="true">${on ? screen.words.on : screen.words.off}</span>
      </div>
      ${field.template}
    </div>`;
  },
};

// The switch's look is shared with every element that draws one.
export { switchStyles } from '../../shared/styles/switch.js';
