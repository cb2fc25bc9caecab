import { css } from 'lit';

/**
 * The look of a switch (`role="switch"` button with a `.switch-thumb`), in every element that draws one: on is
 * the accent colour with the thumb moved across (mirrored right to left), its state also said in words beside it.
 */
export const switchStyles = css`
  .switch-row {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
  }
  .switch {
    position: relative;
    flex: none;
    width: 2.75rem;
    height: 1.5rem;
    padding: 0;
    border-radius: 999px;
    border: 1px solid var(--_input-border);
    background: var(--_subtle);
    cursor: pointer;
  }
  .switch-thumb {
    position: absolute;
    inset-block-start: 2px;
    inset-inline-start: 2px;
    width: calc(1.5rem - 6px);
    height: calc(1.5rem - 6px);
    border-radius: 50%;
    background: var(--_input-border);
    transition: transform 120ms ease;
  }
  .switch[aria-checked='true'] {
    background: var(--_accent);
    border-color: var(--_accent);
  }
  .switch[aria-checked='true'] .switch-thumb {
    background: var(--_on-accent);
    transform: translateX(1.25rem);
  }
  .switch:dir(rtl)[aria-checked='true'] .switch-thumb { transform: translateX(-1.25rem); }
  .switch[aria-invalid='true'] { border-color: var(--_danger); }
  .switch-label,
  .switch-row > .field-label { font-size: var(--_font-size); color: var(--_text); font-weight: 450; cursor: pointer; }
  .switch-state { color: var(--_muted-text); font-size: var(--_font-size-sm); }
  @media (prefers-reduced-motion: reduce) {
    .switch-thumb { transition: none; }
  }
  /* Forced colours would paint track and thumb alike (the thumb's colour is a background): draw them in system
     colours, so on (a Highlight track, its thumb across) and off (an outlined track) still differ. */
  @media (forced-colors: active) {
    .switch, .switch-thumb { forced-color-adjust: none; }
    .switch { background: Canvas; border-color: ButtonText; }
    .switch-thumb { background: ButtonText; }
    .switch[aria-checked='true'] { background: Highlight; border-color: Highlight; }
    .switch[aria-checked='true'] .switch-thumb { background: HighlightText; }
  }
`;
