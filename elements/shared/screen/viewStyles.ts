/**
 * The looks both screens' views share: a Card's frame, a button, a field's label, control and message, a table's
 * scroll region and the tab list. Each screen's view puts its own rules after these (a screen's node boxes, a
 * Card skipped off screen, a danger button), so the shared rules are the base both stand on.
 */
import { css } from 'lit';

export const cardBaseStyles = css`
  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4);
    min-width: 0;
  }
  .card-title { font-weight: 600; font-size: var(--_font-size-lg); margin-block-end: var(--_space-3); }
  .card-body { display: flex; flex-direction: column; gap: var(--_space-3); }
`;

export const buttonBaseStyles = css`
  /* A button, and a link a screen draws as one (<morph-screen>'s Button with an href: an <a> in a .button-row). */
  .button,
  .button-row > a {
    font: inherit;
    font-weight: 600;
    min-height: 2.5rem;
    padding: var(--_space-2) var(--_space-4);
    border-radius: var(--_radius);
    border: 1px solid transparent;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  .button.primary { background: var(--_accent); color: var(--_on-accent); }
  .button[aria-disabled='true'] { cursor: not-allowed; opacity: 0.55; }
`;

export const fieldBaseStyles = css`
  .field { display: flex; flex-direction: column; gap: var(--_space-1); min-width: 0; }
  .field-label { color: var(--_label-text); font-weight: 550; font-size: var(--_font-size-sm); }
  .field-control {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_input-border);
    border-radius: var(--_radius);
    padding: var(--_space-2) var(--_space-3);
    min-height: 2.5rem;
    width: 100%;
  }
  textarea.field-control { resize: vertical; }
  .field-control::placeholder { color: var(--_muted-text); }
  .field-control[aria-invalid='true'] { border-color: var(--_danger); box-shadow: inset 0 0 0 1px var(--_danger); }
  .field-message { color: var(--_danger-text); font-size: var(--_font-size-sm); }
`;

export const tableBaseStyles = css`
  .table-scroll {
    overflow-x: auto;
    max-width: 100%;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  /*
   * Paper doesn't scroll: every column prints, its cells' words broken where they must be to fit the page; a
   * cell a screen keeps on one line (so the table scrolls rather than squeezes) wraps too.
   */
  @media print {
    .table-scroll { overflow: visible; overflow-wrap: anywhere; }
    .table-scroll .table :is(th, td) { white-space: normal; }
  }
`;

export const tabsBaseStyles = css`
  .tabs { display: flex; flex-direction: column; gap: var(--_space-3); min-width: 0; }
  .tab-list { display: flex; gap: var(--_space-1); border-block-end: 1px solid var(--_border); flex-wrap: wrap; }
  .tab {
    font: inherit;
    background: none;
    color: var(--_muted-text);
    border: 0;
    border-block-end: 2px solid transparent;
    padding: var(--_space-2) var(--_space-3);
    cursor: pointer;
  }
  .tab[aria-selected='true'] { color: var(--_text); border-block-end-color: var(--_accent); font-weight: 600; }
  .tab-panel[hidden] { display: none; }
  .tab-print-name { display: none; }
  /* Paper has no tabs to pick: every panel prints, each under its tab's name. */
  @media print {
    .tab-list { display: none; }
    .tab-panel[hidden] { display: block !important; }
    .tab-print-name { display: block; font-weight: 600; margin-block-end: var(--_space-2); }
  }
`;
