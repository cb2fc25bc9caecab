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

/**
 * The plain sentence a person reads for a failed generate: never the server's own message ([8] words), but the
 * HTTP status when the server refused with nothing more to say than its status (no error body of its own).
 */
export function failureWords(words: Strings, code: string, httpStatus?: number): string {
  if (code === 'connection_lost') return words.connectionLost;
  if (code === 'rate_limited' || code === 'model_unverified' || code === 'daily_cap') return words.generateBusy;
  if (code === 'server_error' && httpStatus !== undefined && httpStatus >= 400) return fill(words.generateServerAnswered, { status: httpStatus });
  return words.generateFailed;
}
