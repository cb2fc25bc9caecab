import { css, html, nothing, type TemplateResult } from 'lit';
import type { OmniNode } from '../../../src/omni-ir/index.js';
import { domId, type ScreenContext } from '../screenContext.js';
import { text } from './parts.js';

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

/**
 * A field's visible label, with a visible mark when it is required (WCAG 3.3.2: a sighted person learns it
 * before the error, not from it). The mark is hidden from assistive technology, which hears `aria-required`.
 * `id` names the label (a Switch is labelled by it); `forId` ties it to its control, so a click on it works.
 */
export function fieldLabel(node: OmniNode, screen: ScreenContext, forId: string, id?: string): TemplateResult {
  const required = node.props['required'] === true;
  return html`<label class="field-label" for=${forId} id=${id ?? nothing}
    >${text(screen, node.props['label'])}${required ? html` <span class="field-required" aria-hidden="true">${screen.words.requiredMark}</span>` : nothing}</label
  >`;
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
  .field-required { color: var(--_muted-text); font-weight: 450; }
`;
