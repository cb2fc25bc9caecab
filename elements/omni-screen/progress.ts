import { css, html, nothing, type TemplateResult } from 'lit';
import { fill, type Strings } from '../../strings/en.js';

/**
 * Where a `generate()` is, as the status line above the screen shows it: `idle` (never asked), `streaming`,
 * `done`, `stopped` (cancelled by the person or the app) or `failed` (the server's or the network's error;
 * `retryable` decides whether a Retry button is offered; `wait`, the seconds left before it works, when the server
 * said Retry-After).
 */
export type GenerateProgress =
  | { readonly phase: 'idle' | 'streaming' | 'done' | 'stopped' }
  | { readonly phase: 'failed'; readonly code: string; readonly retryable: boolean; readonly wait?: number };

/** The plain sentence a person reads for a failed generate: never the server's own message ([8] words). */
export function failureWords(words: Strings, code: string): string {
  if (code === 'connection_lost') return words.connectionLost;
  if (code === 'rate_limited' || code === 'model_unverified' || code === 'daily_cap') return words.generateBusy;
  return words.generateFailed;
}

/**
 * The status line: one polite `role="status"` region that is always in the page (so what it says is read), shown
 * while streaming with a Cancel button, and after a failure with the sentence and, when retrying can help, a
 * Retry button: disabled while the server asked to wait, with the seconds left beside it as its description (not
 * a live region, so it isn't read out every second). Once the screen is ready it only tells assistive
 * technology so, without taking room.
 */
export function progressLine(
  progress: GenerateProgress,
  words: Strings,
  on: { cancel: () => void; retry: () => void },
): TemplateResult {
  const { phase } = progress;
  const said =
    phase === 'streaming'
      ? words.streaming
      : phase === 'done'
        ? words.streamEnded
        : phase === 'stopped'
          ? words.generateStopped
          : phase === 'failed'
            ? failureWords(words, progress.code)
            : '';
  const shown = phase === 'streaming' || phase === 'stopped' || phase === 'failed';
  const retry = phase === 'failed' && progress.retryable;
  const wait = retry ? progress.wait : 0;
  return html`<div class="progress ${phase} ${shown ? '' : 'visually-hidden'}" part="progress" tabindex="-1">
    ${phase === 'streaming' ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
    <span class="progress-text" role="status">${said}</span>
    ${phase === 'streaming'
      ? html`<button type="button" class="button secondary small" part="cancel" @click=${on.cancel}>${words.cancel}</button>`
      : nothing}
    ${wait ? html`<span id="omni-retry-wait">${fill(words.retryIn, { seconds: wait })}</span>` : nothing}
    ${retry
      ? html`<button type="button" class="button primary small" part="retry" ?disabled=${!!wait}
          aria-describedby=${wait ? 'omni-retry-wait' : nothing} @click=${on.retry}>${words.retry}</button>`
      : nothing}
  </div>`;
}

/** Comes before the screen's own styles, so `.visually-hidden` (screenStyles) wins over `.progress` when done. */
export const progressStyles = css`
  .progress { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_space-2) var(--_space-3); padding: var(--_space-2) var(--_space-3); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_subtle); font-size: var(--_font-size-sm); margin-block-end: var(--_space-3); }
  .progress:focus { outline: none; }
  .progress.failed { border-color: var(--_danger); background: var(--_danger-soft); color: var(--_danger-text); }
  .progress-text { flex: 1 1 8rem; min-width: 0; }
  .button.small { min-height: 2.25rem; padding: var(--_space-1) var(--_space-3); }
  .spinner { inline-size: 1rem; block-size: 1rem; flex: none; border-radius: 50%; border: 2px solid var(--_input-border); border-block-start-color: var(--_accent); animation: omni-spin 0.8s linear infinite; }
  @keyframes omni-spin { to { transform: rotate(1turn); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;
