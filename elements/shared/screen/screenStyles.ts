/**
 * The styles both screens start from: the standing-in blocks (shimmer, fallbacks), hidden text, the host's box,
 * focus rings and the screen's own notices (a lost connection, a cut-short answer). Each screen's `styles.ts`
 * adds its column and its node elements' boxes after these.
 */
import { css, type CSSResultGroup } from 'lit';
import { shimmerStyles, visuallyHidden } from '../styles/blockSize.js';
import { blockStyles } from '../styles/blocks.js';

export const screenBaseStyles: CSSResultGroup = [
  shimmerStyles,
  visuallyHidden,
  blockStyles,
  css`
    :host {
      display: block;
      container-type: inline-size;
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
