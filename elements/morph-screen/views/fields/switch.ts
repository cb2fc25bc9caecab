import { html } from 'lit';
import { domId, type NodeView } from '../../screenContext.js';
import { field, messageFor } from './field.js';

/** Switch: on or off, a real switch (role `switch`, `aria-checked`). */
export const switchField: NodeView = {
  render(node, screen, host) {
    const f = field(node, screen, host);
    const on = f.value === true;
    const labelId = domId.label(node.id);
    return html`<div class="field">
      <div class="switch-row">
        <button
          id=${f.id}
          type="button"
          class="switch"
          part="field switch"
          role="switch"
          data-field=${node.id}
          aria-checked=${on ? 'true' : 'false'}
          aria-labelledby=${labelId}
          aria-invalid=${f.invalid}
          aria-describedby=${f.describedBy}
          @click=${() => f.set(f.now() !== true)}
        ><span class="switch-thumb" aria-hidden="true"></span></button>
        <span class="switch-label" id=${labelId}><bdi>${f.label}</bdi></span>
        <span class="switch-state" aria-hidden="true">${on ? screen.words.on : screen.words.off}</span>
      </div>
      ${messageFor(f)}
    </div>`;
  },
};

// The switch's look is shared with every element that draws one.
export { switchStyles } from '../../../shared/styles/switch.js';
