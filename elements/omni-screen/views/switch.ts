import { css, html } from 'lit';
import type { NodeView } from './view.js';
import { editedKey, text } from './parts.js';
import { fieldMessage } from './field.js';
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
        <span class="field-label switch-label" id=${labelId}>${text(screen, node.props['label'])}</span>
        <span class="switch-state" aria-hidden="true">${on ? screen.words.on : screen.words.off}</span>
      </div>
      ${field.template}
    </div>`;
  },
};

export const switchStyles = css`
  .switch-row {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
  }
  .switch {
    position: relative;
    flex: none;
    width: 2.75rem;
    height: 1.5rem;
    padding: 0;
    border-radius: 999px;
    border: 1px solid var(--_input-border);
    background: var(--_subtle);
    cursor: pointer;
  }
  .switch-thumb {
    position: absolute;
    inset-block-start: 2px;
    inset-inline-start: 2px;
    width: calc(1.5rem - 6px);
    height: calc(1.5rem - 6px);
    border-radius: 50%;
    background: var(--_input-border);
    transition: transform 120ms ease;
  }
  .switch[aria-checked='true'] {
    background: var(--_accent);
    border-color: var(--_accent);
  }
  .switch[aria-checked='true'] .switch-thumb {
    background: var(--_on-accent);
    transform: translateX(1.25rem);
  }
  .switch:dir(rtl)[aria-checked='true'] .switch-thumb { transform: translateX(-1.25rem); }
  .switch[aria-invalid='true'] { border-color: var(--_danger); }
  .switch-label { font-size: var(--_font-size); color: var(--_text); font-weight: 450; }
  .switch-state { color: var(--_muted-text); font-size: var(--_font-size-sm); }
  @media (prefers-reduced-motion: reduce) {
    .switch-thumb { transition: none; }
  }
`;
