/**
 * Governed presses sent to the server's mutate endpoint ([10.14]), which a person can wait out. Each has a
 * deadline; while it waits, the Button offers Cancel (which aborts the request); when no answer came (the
 * deadline, Cancel, or the connection lost twice) whether it ran is unknown, so the next press of the same
 * thing on that Button (Try again) is the same press: the same Idempotency-Key and body, which the server
 * does at most once. `reset()` aborts every request.
 */
import type { Press } from '../../../src/omni-ir/transport/index.js';
import type { OmniAction, OmniActionResult } from '../events.js';
import type { OmniRequestInit } from '../types.js';
import type { PressNote } from './presses.js';
import { remote } from './remoteClients.js';
import type { Timers } from '../../../src/transport/index.js';

export interface ServerPressHost {
  endpoint(): string;
  init(): OmniRequestInit;
  /** How long (ms) a press waits for its answer. */
  deadline(): number;
  note(button: string, note: PressNote | null): void;
  /** What the deadline is timed on (the element's clock). */
  clock(): Timers;
}

/** Codes whose answer never came: whether the action ran is unknown. */
const UNKNOWN = new Set(['network_error', 'cancelled']);

export class ServerPresses {
  /** By Button: the press that got no answer, and what it sends (tool and params). */
  readonly #unanswered = new Map<string, { readonly press: Press; readonly sends: string }>();
  #stop = new AbortController();

  constructor(private readonly host: ServerPressHost) {}

  async send(action: OmniAction): Promise<OmniActionResult> {
    const { createPress } = await remote();
    const { button } = action;
    const sends = JSON.stringify([action.tool, action.params]);
    const kept = this.#unanswered.get(button);
    const press =
      kept?.sends === sends
        ? kept.press
        : createPress({ endpoint: this.host.endpoint(), tool: action.tool, params: action.params, button, ...this.host.init() });
    // Kept until an answer comes, so a press that gets none is sent again as itself.
    this.#unanswered.set(button, { press, sends });
    const waiting = new AbortController();
    const reset = this.#stop.signal;
    const signal = AbortSignal.any([reset, waiting.signal]);
    const clock = this.host.clock();
    const timer = clock.setTimeout(() => waiting.abort('timeout'), this.host.deadline());
    this.host.note(button, { kind: 'waiting', cancel: () => waiting.abort('stopped') });
    let answer;
    try {
      answer = await press.send(signal);
      // No answer came: whether it ran is unknown, so the same press (same key) is sent once more.
      if (!answer.ok && answer.code === 'network_error' && !signal.aborted) answer = await press.send(signal);
    } finally {
      clock.clearTimeout(timer);
    }
    if (reset.aborted) throw new Error('The screen was reset');
    const unknown = !answer.ok && UNKNOWN.has(answer.code);
    if (!unknown) this.#unanswered.delete(button);
    const why = waiting.signal.aborted ? (waiting.signal.reason as 'timeout' | 'stopped') : 'lost';
    this.host.note(button, unknown ? { kind: 'unanswered', why } : null);
    if (answer.ok) return { result: answer.result, update: answer.update };
    const failure = why === 'timeout' && unknown ? { ...answer, code: 'timeout', message: 'The server did not answer in time.' } : answer;
    throw Object.assign(new Error(failure.message), { failure, idempotencyKey: press.idempotencyKey });
  }

  /** Aborts every request and forgets every unanswered press (the screen started over). */
  reset(): void {
    this.#stop.abort();
    this.#stop = new AbortController();
    this.#unanswered.clear();
  }
}
