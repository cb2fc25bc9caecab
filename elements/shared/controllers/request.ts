/**
 * One request an element makes on a person's behalf (generate a screen, run an agent, answer a question):
 * started, cancelled, finished or failed, with a status line that says so. While it runs the line shows what is
 * happening and a Cancel button; after a failure that retrying can help, a Retry button, disabled with the
 * seconds left while the server asked to wait (Retry-After). When its buttons swap, focus moves with them.
 */
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { Signal } from '../base/signals.js';
import { fill } from '../../../src/actions/index.js';
import type { Timers } from '../../../src/transport/index.js';
import { clockOf } from '../base/clock.js';
import { FocusController } from './focus.js';
import { ownUi } from '../base/ownUi.js';

/**
 * Where the request is: `idle` (never started), `running`, `done`, `stopped` (cancelled by the person or the
 * app) or `failed` (`retryable` decides whether Retry is offered; `wait`, the seconds left before it works).
 */
export type RequestStatus =
  | { readonly phase: 'idle' | 'running' | 'done' | 'stopped' }
  | { readonly phase: 'failed'; readonly code: string; readonly retryable: boolean; readonly wait?: number };

/** How a request ended, as the element's client reports it. */
export type RequestEnd =
  | { readonly status: 'done' }
  | { readonly status: 'cancelled' }
  | { readonly status: 'error'; readonly code: string; readonly retryable: boolean; readonly retryAfter?: number };

export interface RequestWords {
  readonly cancel: string;
  readonly retry: string;
  /** `{seconds}` is filled with the seconds left. */
  readonly retryIn: string;
}

export interface RequestOptions {
  /** The sentence the status line says for a status (the element's own words; empty says nothing). */
  say(status: RequestStatus): string;
  /** The words of the line's buttons, read on every render so replacements apply at once. */
  words(): RequestWords;
  /** Retry was pressed (and allowed): start the request again. */
  retry(): void;
  /** What a Retry-After is counted down on, a second at a time (default the host's clock: see base/clock.ts). */
  timers?: Timers;
}

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

let lines = 0;

export class RequestController implements ReactiveController {
  readonly #status = new Signal.State<RequestStatus>({ phase: 'idle' });
  readonly #focus: FocusController;
  #current: AbortController | null = null;
  #timer: unknown = null;
  /** Unique per line, for the Retry button's description. */
  readonly #waitId = `ae-retry-wait-${++lines}`;

  constructor(
    private readonly host: Host,
    private readonly options: RequestOptions,
  ) {
    this.#focus = new FocusController(host);
    host.addController(this);
  }

  /** The status now (reactive). */
  get status(): RequestStatus {
    return this.#status.get();
  }

  /** The signal of the running request, if one runs. */
  get signal(): AbortSignal | undefined {
    return this.#current?.signal;
  }

  /** True while a request runs. */
  get running(): boolean {
    return this.#current !== null;
  }

  /** Starts a request: any running one is cancelled first. Returns the controller whose signal it must obey. */
  start(): AbortController {
    this.#current?.abort();
    const controller = new AbortController();
    this.#current = controller;
    this.#stopWait();
    this.#set({ phase: 'running' });
    return controller;
  }

  /**
   * The request `controller` ended. Ignored when another request started since (it is stale). An error with a
   * Retry-After keeps Retry disabled, counting down, until then.
   */
  finish(controller: AbortController, end: RequestEnd): void {
    if (this.#current !== controller) return;
    this.#current = null;
    if (end.status === 'done') this.#set({ phase: 'done' });
    else if (end.status === 'cancelled') this.#set({ phase: 'stopped' });
    else {
      const wait = end.retryable ? Math.ceil(end.retryAfter ?? 0) : 0;
      this.#set({ phase: 'failed', code: end.code, retryable: end.retryable, ...(wait > 0 ? { wait } : {}) });
      this.#countDown();
    }
  }

  /** Cancels the running request, if any (its client reports `cancelled` and `finish()` says stopped). */
  cancel(): void {
    this.#current?.abort();
  }

  /** Forgets everything: cancels a running request without a word, back to idle. */
  reset(): void {
    const running = this.#current;
    this.#current = null;
    running?.abort();
    this.#stopWait();
    this.#status.set({ phase: 'idle' });
  }

  hostConnected(): void {
    // The wait left was kept while out of the page; the countdown goes on now.
    this.#countDown();
  }

  hostDisconnected(): void {
    this.#stopWait();
  }

  /**
   * The status line: one `role="status"` region always in the page (so what it says is read), shown while
   * running with Cancel, and after a failure with the sentence and, when retrying can help, Retry: disabled
   * while the server asked to wait, the seconds left as its description (not live, so not read every second).
   * Done, it only tells assistive technology, without taking room. It is the package's own UI (ownUi.ts): no
   * agent observes or presses it.
   */
  render(): TemplateResult {
    const status = this.#status.get();
    const { phase } = status;
    const w = this.options.words();
    const shown = phase === 'running' || phase === 'stopped' || phase === 'failed';
    const retry = phase === 'failed' && status.retryable;
    const wait = retry ? status.wait : 0;
    return html`<div class="status-line ${phase} ${shown ? '' : 'visually-hidden'}" part="progress" tabindex="-1" ${ownUi()}>
      ${phase === 'running' ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
      <span class="status-text" role="status">${this.options.say(status)}</span>
      ${phase === 'running'
        ? html`<button type="button" class="button secondary small" part="cancel" @click=${() => this.cancel()}>${w.cancel}</button>`
        : nothing}
      ${wait ? html`<span id=${this.#waitId} class="status-wait">${fill(w.retryIn, { seconds: wait })}</span>` : nothing}
      ${retry
        ? html`<button type="button" class="button primary small" part="retry" ?disabled=${!!wait}
            aria-describedby=${wait ? this.#waitId : nothing} @click=${this.#retryPressed}>${w.retry}</button>`
        : nothing}
    </div>`;
  }

  readonly #retryPressed = (): void => {
    const s = this.#status.get();
    if (s.phase !== 'failed' || !s.retryable || s.wait) return;
    this.options.retry();
  };

  #set(status: RequestStatus): void {
    this.#focus.keepWithin('.status-line', () => this.#status.set(status));
  }

  /** Counts the next second down, if the line has seconds to wait and no count runs. */
  #countDown(): void {
    const s = this.#status.get();
    if (this.#timer !== null || s.phase !== 'failed' || !s.wait || !this.host.isConnected) return;
    this.#timer = this.#timers().setTimeout(() => {
      this.#timer = null;
      const now = this.#status.get();
      if (now.phase !== 'failed' || !now.wait) return;
      this.#set({ ...now, wait: now.wait - 1 });
      this.#countDown();
    }, 1000);
  }

  #stopWait(): void {
    if (this.#timer !== null) this.#timers().clearTimeout(this.#timer);
    this.#timer = null;
  }

  #timers(): Timers {
    return this.options.timers ?? clockOf(this.host);
  }
}

/** The status line's look. Put it before the element's own styles, so `.visually-hidden` wins when done. */
export const statusLineStyles = css`
  .status-line { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_space-2) var(--_space-3); padding: var(--_space-2) var(--_space-3); border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_subtle); font-size: var(--_font-size-sm); margin-block-end: var(--_space-3); }
  .status-line:focus { outline: none; }
  .status-line.failed { border-color: var(--_danger); background: var(--_danger-soft); color: var(--_danger-text); }
  .status-text { flex: 1 1 8rem; min-width: 0; }
  .button.small { min-height: 2.25rem; padding: var(--_space-1) var(--_space-3); }
  .spinner { inline-size: 1rem; block-size: 1rem; flex: none; border-radius: 50%; border: 2px solid var(--_input-border); border-block-start-color: var(--_accent); animation: ae-spin 0.8s linear infinite; }
  @keyframes ae-spin { to { transform: rotate(1turn); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;
