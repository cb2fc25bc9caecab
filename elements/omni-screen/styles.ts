import { css, type CSSResultGroup } from 'lit';
import { shimmerStyles, visuallyHidden } from '../shared/styles/blockSize.js';
import { blockStyles } from '../shared/styles/blocks.js';

/** The screen's own styles: its frame, the node elements' boxes, focus rings and hidden text. */
export const screenStyles: CSSResultGroup = [
  shimmerStyles,
  visuallyHidden,
  blockStyles,
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
