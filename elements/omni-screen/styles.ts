import { css, type CSSResultGroup } from 'lit';
import { shimmerStyles, visuallyHidden } from '../shared/styles/blockSize.js';

/** The screen's own styles: its frame, the node elements' boxes, focus rings and hidden text. */
export const screenStyles: CSSResultGroup = [
  shimmerStyles,
  visuallyHidden,
  css`
  :host {
    display: block;
    container-type: inline-size;
  }
  .screen {
    display: flex;
    flex-direction: column;
    gap: var(--_space-3);
    min-width: 0;
  }
  omni-node {
    display: contents;
  }
  /*
   * Every element a node draws is its own bidirectional run, as <bdi> is: right-to-left text in a stream's string
   * can't reorder the renderer's words beside it or the next component's text. (Direction controls are removed from
   * stream text before it is shown; see src/stream/directionControls.ts.) Block boxes are runs already; this makes
   * the inline ones (badges, labels, spans) runs too.
   */
  omni-node * {
    unicode-bidi: isolate;
  }
  [hidden] {
    display: none !important;
  }
  :focus-visible {
    outline: var(--_focus-width) solid var(--_focus);
    outline-offset: var(--_focus-offset);
  }
  /* A pending block and the fallback that replaces it take the same place, so nothing around them moves. */
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
  .screen-notice {
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius);
    background: var(--_warning-soft);
    color: var(--_warning-text);
    font-size: var(--_font-size-sm);
  }
`,
];
