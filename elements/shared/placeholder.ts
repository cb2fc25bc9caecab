/**
 * What stands in the place of a component that hasn't arrived yet ([8], "While streaming"): a shimmering
 * block that screen readers read as "Loading…".
 */
import { css, html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { AgentElement } from './agentElement.js';
import { blockSizeStyles, visuallyHidden, type BlockSize } from './blockSize.js';

/**
 * A loading skeleton. Its accessible text is `label`, else the `loading` word ("Loading…"). The shimmer
 * stops for people who ask for reduced motion.
 *
 * @csspart block - The shimmering block.
 * @cssprop --ae-placeholder - The block's colour.
 * @cssprop --ae-placeholder-highlight - The shimmer's colour.
 *
 * @tag ae-placeholder
 */
export class AePlaceholder extends AgentElement {
  static override styles = [
    AgentElement.styles,
    blockSizeStyles,
    visuallyHidden,
    css`
      .block {
        background-color: var(--_placeholder);
        background-image: linear-gradient(
          90deg,
          var(--_placeholder) 0%,
          var(--_placeholder-highlight) 50%,
          var(--_placeholder) 100%
        );
        background-size: 200% 100%;
        background-repeat: no-repeat;
        animation: ae-shimmer 1.4s ease-in-out infinite;
      }
      :host(:dir(rtl)) .block {
        animation-direction: reverse;
      }
      @keyframes ae-shimmer {
        from {
          background-position: 100% 0;
        }
        to {
          background-position: -100% 0;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .block {
          animation: none;
          background-image: none;
        }
      }
    `,
  ];

  /** How big the block is: `text`, `control`, `block` (default), `chart` or `media`. */
  @property({ reflect: true }) size: BlockSize = 'block';

  /** Replaces the accessible text, e.g. "Loading chart…"; shown as text only. */
  @property() label?: string;

  protected override render(): TemplateResult {
    return html`<div class="block" part="block"><span class="visually-hidden">${this.label || this.words.loading}</span></div>`;
  }
}

if (!customElements.get('ae-placeholder')) customElements.define('ae-placeholder', AePlaceholder);

declare global {
  interface HTMLElementTagNameMap {
    'ae-placeholder': AePlaceholder;
  }
}
