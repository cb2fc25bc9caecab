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
  /* A field's box, label, control and message: the shared field (elements/shared/screen/viewStyles.ts). */
  .field-message:empty { margin: 0; }
`;
