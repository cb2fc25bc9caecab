import { css, html, nothing, type TemplateResult } from 'lit';
import type { OmniNode } from '../../../src/omni-ir/index.js';
import { domId, type ScreenContext } from '../screenContext.js';

/** What every field view needs to tie its message to its control ([8.5]). */
export interface FieldMessage {
  /** The message shown now, or null. */
  readonly message: string | null;
  /** For aria-invalid. */
  readonly invalid: 'true' | typeof nothing;
  /** For aria-describedby: the message's id while one shows. */
  readonly describedBy: string | typeof nothing;
  /** The message element: always present (empty when fine) so its polite live region announces what appears. */
  readonly template: TemplateResult;
}

export function fieldMessage(node: OmniNode, screen: ScreenContext): FieldMessage {
  const message = screen.fieldMessage(node);
  const id = domId.message(node.id);
  return {
    message,
    invalid: message ? 'true' : nothing,
    describedBy: message ? id : nothing,
    template: html`<div class="field-message" id=${id} part="error" aria-live="polite">${message ?? ''}</div>`,
  };
}

export const fieldStyles = css`
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--_space-1);
    min-width: 0;
  }
  .field-label {
    color: var(--_label-text);
    font-weight: 550;
    font-size: var(--_font-size-sm);
  }
  .field-control {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_input-border);
    border-radius: var(--_radius);
    padding: var(--_space-2) var(--_space-3);
    min-height: 2.5rem;
    box-sizing: border-box;
    width: 100%;
  }
  textarea.field-control { resize: vertical; }
  .field-control::placeholder { color: var(--_muted-text); }
  .field-control[aria-invalid='true'] {
    border-color: var(--_danger);
    box-shadow: inset 0 0 0 1px var(--_danger);
  }
  .field-message {
    color: var(--_danger-text);
    font-size: var(--_font-size-sm);
  }
  .field-message:empty { margin: 0; }
`;
