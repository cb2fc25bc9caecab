/**
 * `generate()` ([10.1]–[10.11]): asks the server for a screen over Server-Sent Events and writes it into the
 * screen as it streams, with the shared status line (Cancel while streaming; after a failure a plain sentence and
 * Retry, held back while Retry-After runs). A screen the server keeps current is then followed live.
 */
import type { ReactiveControllerHost } from 'lit';
import { Signal } from '../../shared/base/signals.js';
import { FORMAT_VERSION } from '../../../src/omni-ir/index.js';
import type { GenerateOutcome } from '../../../src/omni-ir/transport/index.js';
import { errorText } from '../../../src/stream/index.js';
import { RequestController, type RequestStatus } from '../../shared/controllers/request.js';
import type { Strings } from '../../../strings/en.js';
import { failureWords, type GenerateProgress } from '../progress.js';
import { remote } from './remoteClients.js';

export interface GenerateRunHost {
  /** The generate endpoint, if set. */
  endpoint(): string | undefined;
  /** What every request carries (credentials, headers). */
  init(): { credentials?: RequestCredentials; headers?: Record<string, string> };
  words(): Strings;
  /** Starts the screen over (like `reset()`) and returns the new screen's number. */
  startOver(): number;
  /** Whether screen `n` is still the one drawn (no reset since). */
  isCurrent(n: number): boolean;
  write(text: string): void;
  end(): void;
  /** The `generate()` still drawn ended (never called for one a later reset or generate() replaced). */
  ended(prompt: string, outcome: GenerateOutcome): void;
}

/** The screen's `generate()`: one run at a time, its status line (a RequestController) and its outcome. */
export class GenerateRun {
  readonly request: RequestController;
  #lastPrompt: string | null = null;
  /** The HTTP status of the last refusal, so the status line says what the server answered. */
  #httpStatus: number | undefined;

  constructor(
    host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly screen: GenerateRunHost,
    private readonly retry: (prompt: string) => void,
  ) {
    this.request = new RequestController(host, {
      say: (status) => sayProgress(status, this.screen.words(), this.#httpStatus),
      words: () => this.screen.words(),
      retry: () => {
        if (this.#lastPrompt !== null && this.screen.endpoint()) this.retry(this.#lastPrompt);
      },
    });
  }

  /** Where the last `generate()` is, as the element's `progress` says it. */
  get progress(): GenerateProgress {
    const status = Signal.subtle.untrack(() => this.request.status);
    if (status.phase === 'failed') return status;
    return { phase: status.phase === 'running' ? 'streaming' : status.phase };
  }

  async run(prompt: string, signal: AbortSignal | undefined): Promise<GenerateOutcome> {
    if (typeof prompt !== 'string') throw new TypeError('<omni-screen>.generate(): prompt must be a string');
    const endpoint = this.screen.endpoint();
    if (!endpoint) throw new TypeError('<omni-screen>.generate(): set the endpoint attribute first');
    const screen = this.screen.startOver();
    const current = () => this.screen.isCurrent(screen);
    const controller = this.request.start();
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#lastPrompt = prompt;
    let outcome: GenerateOutcome;
    try {
      const { generate } = await remote();
      outcome = await generate(
        { endpoint, prompt, version: FORMAT_VERSION, signal: controller.signal, ...this.screen.init() },
        {
          write: (text) => current() && this.screen.write(text),
          end: () => current() && this.screen.end(),
        },
      );
    } catch (error) {
      // The transport code itself failed to load (offline, a missing chunk): nothing was asked, nothing written.
      outcome = controller.signal.aborted
        ? { status: 'error', code: 'cancelled', message: 'The app cancelled the request.', retryable: false }
        : { status: 'error', code: 'client_error', message: errorText(error), retryable: false };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (!current()) return outcome;
    this.#httpStatus = outcome.status === 'error' ? outcome.httpStatus : undefined;
    if (outcome.status === 'done') this.request.finish(controller, { status: 'done' });
    else if (outcome.code === 'cancelled') this.request.finish(controller, { status: 'cancelled' });
    else this.request.finish(controller, { status: 'error', code: outcome.code, retryable: outcome.retryable, retryAfter: outcome.retryAfter });
    this.screen.ended(prompt, outcome);
    return outcome;
  }
}

/** What the status line says for each moment of a `generate()`. */
function sayProgress(status: RequestStatus, w: Strings, httpStatus: number | undefined): string {
  switch (status.phase) {
    case 'running':
      return w.streaming;
    case 'done':
      return w.streamEnded;
    case 'stopped':
      return w.generateStopped;
    case 'failed':
      return failureWords(w, status.code, httpStatus);
    default:
      return '';
  }
}
