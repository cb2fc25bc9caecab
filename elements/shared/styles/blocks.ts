import { css } from 'lit';

/**
 * The blocks a screen draws in place of what isn't shown: `.pending` while it may still come, `.fallback` once
 * it won't (or failed to draw). Both are plain elements in the screen's own stylesheet, with the same size for
 * the same `data-size`, so a fallback takes exactly the place its pending block held and nothing around moves.
 */
export const blockStyles = css`
  .pending,
  .fallback {
    display: block;
    inline-size: 100%;
    min-block-size: 6rem;
    border-radius: var(--_radius);
  }
  :is(.pending, .fallback)[data-size='text'] {
    min-block-size: calc(var(--_line-height) * 1em);
  }
  :is(.pending, .fallback)[data-size='control'] {
    min-block-size: 2.5rem;
  }
  :is(.pending, .fallback)[data-size='chart'] {
    aspect-ratio: 2 / 1;
    min-block-size: 0;
  }
  :is(.pending, .fallback)[data-size='media'] {
    aspect-ratio: 16 / 9;
    min-block-size: 0;
  }
  .fallback {
    display: flex;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    padding: var(--_space-2) var(--_space-3);
    background: var(--_placeholder);
    color: var(--_muted-text);
    font-size: var(--_font-size-sm);
    text-align: center;
    overflow-wrap: anywhere;
  }
  .fallback:is([data-size='text'], [data-size='control']) {
    padding-block: 0;
  }
  .fallback[data-size='text'] {
    justify-content: flex-start;
    text-align: start;
  }
`;
