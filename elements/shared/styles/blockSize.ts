import { css } from 'lit';

/**
 * The size hints a placeholder and a fallback share, so that a fallback takes the place its placeholder
 * held and the layout around it doesn't move ([8], "While streaming").
 *
 * - `text`: one line of text
 * - `control`: a button, field or switch
 * - `block`: a card, notice or short list (the default)
 * - `chart`: a chart (2:1, like `<ae-chart>`)
 * - `media`: a picture (16:9)
 */
export type BlockSize = 'text' | 'control' | 'block' | 'chart' | 'media';

export const blockSizes: readonly BlockSize[] = ['text', 'control', 'block', 'chart', 'media'];

export const blockSizeStyles = css`
  :host {
    display: block;
  }
  .block {
    display: flex;
    align-items: center;
    inline-size: 100%;
    min-block-size: 6rem;
    border-radius: var(--_radius);
  }
  :host([size='text']) .block {
    min-block-size: calc(var(--_line-height) * 1em);
  }
  :host([size='control']) .block {
    min-block-size: 2.5rem;
  }
  :host([size='chart']) .block {
    aspect-ratio: 2 / 1;
    min-block-size: 0;
  }
  :host([size='media']) .block {
    aspect-ratio: 16 / 9;
    min-block-size: 0;
  }
`;

/**
 * Words for a screen reader only. `overflow: clip` where the browser has it: it clips as `hidden` does but makes
 * the box no scroll container, and a scroll container costs the browser a scrollable area for each such box (a
 * long task list has one per item, and the garbage collector finalizes each one when the answer goes).
 */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    overflow: clip;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/**
 * The loading shimmer of a `.shimmer` block, shared by `<ae-placeholder>` and the screens' own pending blocks.
 * It uses the inherited `--_placeholder` colours and stops for people who ask for reduced motion.
 */
export const shimmerStyles = css`
  .shimmer {
    background-color: var(--_placeholder);
    background-image: linear-gradient(90deg, var(--_placeholder) 0%, var(--_placeholder-highlight) 50%, var(--_placeholder) 100%);
    background-size: 200% 100%;
    background-repeat: no-repeat;
    animation: ae-shimmer 1.4s ease-in-out infinite;
  }
  :host(:dir(rtl)) .shimmer {
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
    .shimmer {
      animation: none;
      background-image: none;
    }
  }
`;
