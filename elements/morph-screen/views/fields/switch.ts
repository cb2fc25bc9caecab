import { css, html } from 'lit';
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

export const switchStyles = css`
  .switch-row { display: flex; align-items: center; gap: var(--_space-2); }
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
  .switch[aria-checked='true'] { background: var(--_accent); border-color: var(--_accent); }
  .switch[aria-checked='true'] .switch-thumb { background: var(--_on-accent); transform: translateX(1.25rem); }
  .switch:dir(rtl)[aria-checked='true'] .switch-thumb { transform: translateX(-1.25rem); }
  .switch[aria-invalid='true'] { border-color: var(--_danger); }
  .switch-state { color: var(--_muted-text); font-size: var(--_font-size-sm); }
  @media (prefers-reduced-motion: reduce) { .switch-thumb { transition: none; } }
`;
