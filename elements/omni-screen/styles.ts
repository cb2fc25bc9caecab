import { css } from 'lit';

/** The screen's own styles: its frame, the node elements' boxes, focus rings and hidden text. */
export const screenStyles = css`
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
  [hidden] {
    display: none !important;
  }
  :focus-visible {
    outline: var(--_focus-width) solid var(--_focus);
    outline-offset: var(--_focus-offset);
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  .screen-notice {
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius);
    background: var(--_warning-soft);
    color: var(--_warning-text);
    font-size: var(--_font-size-sm);
  }
`;
