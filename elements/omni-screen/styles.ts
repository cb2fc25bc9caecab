import { css, type CSSResultGroup } from 'lit';
import { screenBaseStyles } from '../shared/screen/screenStyles.js';

/** The screen's own styles, after the shared ones (`elements/shared/screen/screenStyles.ts`): its frame and the node elements' boxes. */
export const screenStyles: CSSResultGroup = [
  screenBaseStyles,
  css`
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
`,
];
