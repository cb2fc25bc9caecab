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
  .pending {
    display: block;
    inline-size: 100%;
    min-block-size: 6rem;
    border-radius: var(--_radius);
    background-color: var(--_placeholder);
    background-image: linear-gradient(90deg, var(--_placeholder) 0%, var(--_placeholder-highlight) 50%, var(--_placeholder) 100%);
    background-size: 200% 100%;
    background-repeat: no-repeat;
    animation: ae-shimmer 1.4s ease-in-out infinite;
  }
  .pending[data-size='text'] {
    min-block-size: calc(var(--_line-height) * 1em);
  }
  .pending[data-size='control'] {
    min-block-size: 2.5rem;
  }
  .pending[data-size='chart'] {
    aspect-ratio: 2 / 1;
    min-block-size: 0;
  }
  .pending[data-size='media'] {
    aspect-ratio: 16 / 9;
    min-block-size: 0;
  }
  :host(:dir(rtl)) .pending {
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
    .pending {
      animation: none;
      background-image: none;
    }
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
