import { css, type CSSResultGroup } from 'lit';
import { visuallyHidden } from '../shared/styles/blockSize.js';

/** The runner's own look: the narration, the list of steps with a mark and a word for each state, the outcome, the outline. */
export const runnerStyles: CSSResultGroup = [
  visuallyHidden,
  css`
    :host {
      display: block;
    }
    .log {
      display: flex;
      flex-direction: column;
      gap: var(--_space-3);
      min-width: 0;
    }
    .log:empty {
      display: none;
    }
    .burst {
      display: flex;
      flex-direction: column;
      gap: var(--_space-2);
    }
    .round {
      margin: 0;
      font-size: var(--_font-size-sm);
      font-weight: 600;
      color: var(--_muted-text);
    }
    /* Model text can't reorder the words around it: each run of it is isolated (values in a step are <bdi>s). */
    .narration p,
    .error,
    .note,
    .outcome {
      unicode-bidi: isolate;
    }
    .narration p {
      margin: 0;
      overflow-wrap: anywhere;
      white-space: pre-wrap;
    }
    .narration p + p {
      margin-block-start: var(--_space-1);
    }
    /*
     * Block layout, not flex: a step that changes lays out itself, not the whole list. Steps scrolled out of view
     * skip rendering (content-visibility), so a list shown in full stays cheap.
     */
    .steps {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .step + .step {
      margin-block-start: var(--_space-1);
    }
    .step {
      content-visibility: auto;
      contain-intrinsic-size: auto 2rem;
      display: grid;
      grid-template-columns: 1.5rem minmax(0, 1fr) auto;
      align-items: baseline;
      column-gap: var(--_space-2);
      padding: var(--_space-1) var(--_space-2);
      border-radius: var(--_radius);
      font-size: var(--_font-size-sm);
    }
    .step.running,
    .step.held {
      background: var(--_subtle);
    }
    .mark {
      display: inline-grid;
      place-items: center;
      inline-size: 1.25rem;
      block-size: 1.25rem;
      border-radius: 50%;
      border: 2px solid var(--_input-border);
      font-size: 0.75rem;
      line-height: 1;
      align-self: center;
    }
    .running .mark {
      border-color: var(--_accent);
      border-block-start-color: transparent;
      animation: ax-turn 0.9s linear infinite;
    }
    .done .mark {
      border-color: var(--_success);
      background: var(--_success);
      color: var(--_surface);
    }
    .done .mark::before {
      content: '✓';
    }
    .failed .mark,
    .refused .mark,
    .withdrawn .mark {
      border-color: var(--_danger);
      color: var(--_danger);
    }
    .failed .mark::before,
    .refused .mark::before,
    .withdrawn .mark::before {
      content: '✕';
    }
    .held .mark {
      border-color: var(--_warning);
      color: var(--_warning-text);
    }
    .held .mark::before {
      content: '!';
      font-weight: 700;
    }
    .not-run .mark {
      border-style: dashed;
    }
    .not-run .what {
      color: var(--_muted-text);
    }
    @keyframes ax-turn {
      to {
        rotate: 1turn;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .running .mark {
        animation-duration: 2.7s;
      }
    }
    .what {
      overflow-wrap: anywhere;
    }
    .state {
      color: var(--_muted-text);
      white-space: nowrap;
    }
    .done .state {
      color: var(--_success-text);
    }
    .failed .state,
    .refused .state,
    .withdrawn .state {
      color: var(--_danger-text);
      font-weight: 600;
    }
    .held .state {
      color: var(--_warning-text);
      font-weight: 600;
    }
    .error {
      grid-column: 2 / -1;
      color: var(--_danger-text);
      overflow-wrap: anywhere;
    }
    .note {
      grid-column: 2 / -1;
      color: var(--_muted-text);
      overflow-wrap: anywhere;
    }
    .steps-more {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-2);
      font-size: var(--_font-size-sm);
      color: var(--_muted-text);
    }
    .steps-more .button {
      padding: var(--_space-1) var(--_space-2);
      font-size: var(--_font-size-sm);
    }
    .steps-later,
    .dropped {
      margin: 0;
      font-size: var(--_font-size-sm);
      color: var(--_muted-text);
    }
    .outcome {
      margin: 0;
      padding: var(--_space-2) var(--_space-3);
      border-radius: var(--_radius);
      background: var(--_subtle);
      font-size: var(--_font-size-sm);
      overflow-wrap: anywhere;
    }
    .outcome.done {
      background: var(--_success-soft);
      color: var(--_success-text);
    }
    .outcome.failed,
    .outcome.truncated,
    .outcome.refused,
    .outcome.changed,
    .outcome.unseen,
    .outcome.diverted,
    .outcome.gave-up {
      background: var(--_danger-soft);
      color: var(--_danger-text);
    }
    .button {
      font: inherit;
      font-weight: 600;
      border-radius: var(--_radius);
      cursor: pointer;
    }
    .button.secondary {
      border: 1px solid var(--_input-border);
      background: var(--_surface);
      color: var(--_text);
    }
    .button.primary {
      border: 1px solid var(--_accent);
      background: var(--_accent);
      color: var(--_on-accent);
    }
    .button:disabled {
      cursor: not-allowed;
      opacity: 0.6;
    }
    :focus-visible {
      outline: var(--_focus-width) solid var(--_focus);
      outline-offset: var(--_focus-offset);
    }
    /* The outline: a popover in the top layer, placed over the target's box by the outline controller. */
    .outline {
      position: fixed;
      inset: 0 auto auto 0;
      margin: 0;
      padding: 0;
      inline-size: 0;
      block-size: 0;
      border: 3px solid var(--_accent);
      border-radius: var(--_radius);
      background: color-mix(in srgb, var(--_accent) 10%, transparent);
      box-shadow: 0 0 0 2px var(--_surface);
      pointer-events: none;
      overflow: visible;
      transition: translate 120ms ease-out, width 120ms ease-out, height 120ms ease-out;
    }
    @media (prefers-reduced-motion: reduce) {
      .outline {
        transition: none;
      }
    }
  `,
];
