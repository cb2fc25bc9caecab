import { css, html, type TemplateResult } from 'lit';
import type { Attrs } from '../../../src/ops/index.js';
import { attr, oneOf } from './parts.js';

const TONES = ['neutral', 'info', 'success', 'warning', 'danger'] as const;

/**
 * A short label in one of the renderer's tones (the stream picks a tone's name, never a colour): its drawn spans
 * (`spans()`: an empty list when it has none), else the words of its `text` or `label` attribute.
 */
export function badgeTemplate(attrs: Attrs, content: unknown): TemplateResult {
  const tone = oneOf(attrs, 'tone', TONES, 'neutral');
  const none = Array.isArray(content) && content.length === 0;
  const words = none ? attr(attrs, 'text') || attr(attrs, 'label') : content;
  return html`<span class="badge tone-${tone}" part="badge" dir="auto">${words}</span>`;
}

export const badgeStyles = css`
  .badge {
    display: inline-block;
    padding: 0 0.6em;
    border-radius: 999px;
    font-size: var(--_font-size-sm);
    font-weight: 600;
    line-height: 1.6;
    background: var(--_subtle);
    color: var(--_text);
    border: 1px solid var(--_border);
    overflow-wrap: anywhere;
    vertical-align: baseline;
  }
  .badge.tone-info { background: var(--_accent-soft); border-color: transparent; }
  .badge.tone-success { background: var(--_success-soft); color: var(--_success-text); border-color: transparent; }
  .badge.tone-warning { background: var(--_warning-soft); color: var(--_warning-text); border-color: transparent; }
  .badge.tone-danger { background: var(--_danger-soft); color: var(--_danger-text); border-color: transparent; }
  morph-node > .badge { align-self: flex-start; }
`;
