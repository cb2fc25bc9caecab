/**
 * What stands in the place of a component that hasn't arrived yet ([8], "While streaming"): a shimmering
 * block that screen readers read as "Loading…".
 */
import { LitElement, css, html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { en } from '../../../strings/en.js';
import { blockSizeStyles, shimmerStyles, visuallyHidden, type BlockSize } from '../styles/blockSize.js';
import { defineElement } from '../base/defineElement.js';

/**
 * A loading skeleton. Its accessible text is `label`, else the English `loading` word ("Loading…"): the
 * element that places it passes its own words, so a placeholder stays a plain element without context
 * look-ups (a streamed screen may create hundreds of them, one per pending component). Its colours inherit
 * from the agent element around it, else the `--ae-*` tokens. The shimmer stops for people who ask for
 * reduced motion.
 *
 * @csspart block - The shimmering block.
 * @cssprop --ae-placeholder - The block's colour.
 * @cssprop --ae-placeholder-highlight - The shimmer's colour.
 *
 * @tag ae-placeholder
 */
export class AePlaceholderElement extends LitElement {
  static override styles = [
    blockSizeStyles,
    shimmerStyles,
    visuallyHidden,
    css`
      :host {
        --_line-height: var(--ae-line-height, 1.5);
        --_radius: var(--ae-radius, 8px);
        --_placeholder: var(--ae-placeholder, var(--_ae-theme-placeholder, #eceef1));
        --_placeholder-highlight: var(--ae-placeholder-highlight, var(--_ae-theme-placeholder-highlight, #f6f7f9));
      }
    `,
  ];

  /** How big the block is: `text`, `control`, `block` (default), `chart` or `media`. */
  @property({ reflect: true }) size: BlockSize = 'block';

  /** Replaces the accessible text, e.g. "Loading chart…"; shown as text only. */
  @property() label?: string;

  protected override render(): TemplateResult {
    return html`<div class="block shimmer" part="block"><span class="visually-hidden">${this.label || en.loading}</span></div>`;
  }
}

defineElement('ae-placeholder', AePlaceholderElement);

declare global {
  interface HTMLElementTagNameMap {
    'ae-placeholder': AePlaceholderElement;
  }
}
