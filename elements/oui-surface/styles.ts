import { css, type CSSResultGroup } from 'lit';
import { visuallyHidden } from '../shared/styles/blockSize.js';

/**
 * The surface wraps the app's own content and adds nothing around it; only the indicator is drawn, and only
 * while an agent acts. Its colours are the theme's, through the private `--_x` properties.
 */
export const surfaceStyles: CSSResultGroup = [
  visuallyHidden,
  css`
    :host {
      display: block;
    }
    [hidden] {
      display: none !important;
    }
    .indicator {
      margin-block-end: var(--_space-3);
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_accent);
      border-radius: var(--_radius);
      background: var(--_accent-soft);
      color: var(--_text);
      font-family: var(--_font);
      font-size: var(--_font-size-sm);
      line-height: var(--_line-height);
    }
    .activities {
      display: flex;
      flex-direction: column;
      gap: var(--_space-2);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .activity {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-2) var(--_space-3);
    }
    .activity-text {
      flex: 1 1 10rem;
      min-inline-size: 0;
      overflow-wrap: anywhere;
    }
    .pulse {
      flex: none;
      inline-size: 0.625rem;
      block-size: 0.625rem;
      border-radius: 50%;
      background: var(--_accent);
      animation: oui-pulse 1.2s ease-in-out infinite;
    }
    .activity[data-phase='confirm'] .pulse,
    .activity[data-phase='queued'] .pulse {
      background: var(--_warning);
      animation: none;
    }
    @keyframes oui-pulse {
      50% {
        opacity: 0.35;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .pulse {
        animation: none;
      }
    }
    progress {
      flex: 0 1 8rem;
      inline-size: 8rem;
      block-size: 0.5rem;
      accent-color: var(--_accent);
    }
    .stop {
      min-block-size: 2.25rem;
      padding: var(--_space-1) var(--_space-3);
      border: 1px solid var(--_input-border);
      border-radius: var(--_radius);
      background: var(--_surface);
      color: var(--_text);
      font: inherit;
      font-weight: 600;
      cursor: pointer;
    }
    .stop:hover {
      border-color: var(--_danger);
      color: var(--_danger);
    }
    .stop:focus-visible {
      outline: var(--_focus-width) solid var(--_focus);
      outline-offset: var(--_focus-offset);
    }
  `,
];
