import { css, type CSSResultGroup } from 'lit';
import { screenBaseStyles } from '../shared/screen/screenStyles.js';

/** The screen's own styles, after the shared ones (`elements/shared/screen/screenStyles.ts`): its column, the node elements' boxes, prose, focus rings and the standing-in blocks. */
export const screenStyles: CSSResultGroup = [
  screenBaseStyles,
  css`
    .answer,
    .answer-body,
    .chunk {
      display: flex;
      flex-direction: column;
      gap: var(--_space-3);
      min-width: 0;
    }
    /*
     * A chunk off screen costs no layout or paint. Its padding, taken back by the margin, keeps focus rings
     * inside the box that content-visibility clips to.
     */
    .chunk {
      content-visibility: auto;
      contain-intrinsic-size: auto 24rem;
      padding: 6px;
      margin: -6px;
    }
    /* Printed, every chunk is laid out (no part of the answer is left to be skipped). */
    @media print {
      .chunk {
        content-visibility: visible;
      }
    }
    .chunk:empty {
      display: none;
    }
    .answer-body:empty {
      display: none;
    }
    morph-node {
      display: contents;
    }
    .prose {
      margin: 0;
      overflow-wrap: anywhere;
    }
    /*
     * Every element a node draws is its own bidirectional run, as <bdi> is: right-to-left text in the stream can't
     * reorder the element's words beside it or the next part's text. (Direction controls are removed from stream
     * text before it is shown: streamText(), see src/stream/directionControls.ts.) Block boxes are runs already;
     * this makes the inline ones (formatting, links, badges, labels, choices) runs too.
     */
    morph-node * {
      unicode-bidi: isolate;
    }
    a {
      color: var(--_accent);
    }
    code,
    kbd {
      font-family: var(--_font-mono);
      font-size: 0.92em;
    }
    :not(pre) > code,
    kbd {
      background: var(--_subtle);
      border-radius: 4px;
      padding: 0 0.25em;
    }
    kbd {
      border: 1px solid var(--_border);
    }
    mark {
      background: var(--_warning-soft);
      color: inherit;
    }
    .field-note {
      margin: 0;
    }
    .card-title {
      font-weight: 600;
      font-size: var(--_font-size-lg);
    }
    /* Forced colours drop the tints and shadows that mark a pressed choice (a quiz pick, a vote, "I know this
       one") and the right answer: borders in system colours say it instead. */
    @media (forced-colors: active) {
      button[aria-pressed='true'] {
        border: 3px solid Highlight;
      }
      .choice.right {
        outline: 3px double CanvasText;
        outline-offset: 2px;
      }
    }
  `,
];
