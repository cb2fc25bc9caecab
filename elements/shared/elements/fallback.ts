/**
 * What stands in the place of a component that can't be shown: a muted block with a plain sentence,
 * of the size its placeholder had, so the rest of the screen doesn't move.
 */
import { css, html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { AgentElement } from '../base/agentElement.js';
import { blockSizeStyles, type BlockSize } from '../styles/blockSize.js';
import { defineElement } from '../base/defineElement.js';
import { streamText } from '../base/streamText.js';

/** Why a fallback is shown: never arrived ([7.3]), failed while drawing, or needs a newer app. */
export type FallbackKind = 'missing' | 'crashed' | 'unknown';

const wordFor = { missing: 'missing', crashed: 'crashed', unknown: 'unknownComponent' } as const;

/**
 * A muted block saying, in the element's own words, why something isn't shown. `kind` picks the sentence
 * (`missing`, `crashed` or `unknown`); `message` replaces it. Either way it is shown as text.
 *
 * @csspart block - The muted block.
 * @cssprop --ae-placeholder - The block's colour.
 * @cssprop --ae-muted-text - The sentence's colour.
 *
 * @tag ae-fallback
 */
export class AeFallbackElement extends AgentElement {
  static override styles = [
    AgentElement.styles,
    blockSizeStyles,
    css`
      .block {
        padding: var(--_space-2) var(--_space-3);
        background: var(--_placeholder);
        color: var(--_muted-text);
        font-size: var(--_font-size-sm);
        overflow-wrap: anywhere;
      }
      :host([size='text']) .block,
      :host([size='control']) .block {
        padding-block: 0;
      }
      .block {
        justify-content: center;
        text-align: center;
      }
      .sentence {
        unicode-bidi: isolate;
      }
      :host([size='text']) .block {
        justify-content: flex-start;
        text-align: start;
      }
    `,
  ];

  /** Why nothing is shown: `missing` (default), `crashed` or `unknown`. */
  @property({ reflect: true }) kind: FallbackKind = 'missing';

  /** How big the block is: `text`, `control`, `block` (default), `chart` or `media`. */
  @property({ reflect: true }) size: BlockSize = 'block';

  /** Replaces the sentence; shown as text only, through the one text path (it may name what a stream sent). */
  @property() message?: string;

  protected override render(): TemplateResult {
    const key = wordFor[this.kind] ?? wordFor.missing;
    return html`<div class="block" part="block"><span class="sentence">${this.message ? streamText(this.message) : this.words[key]}</span></div>`;
  }
}

defineElement('ae-fallback', AeFallbackElement);

declare global {
  interface HTMLElementTagNameMap {
    'ae-fallback': AeFallbackElement;
  }
}
