import { isJsonObject } from '../../stream/jsonLines.js';
import { callFetch, defaultFetch, type Credentials, type FetchLike } from '../../transport/fetchLike.js';
import { parseErrorBody } from '../../transport/errorBody.js';
import { parseRetryAfter } from '../../transport/retryAfter.js';
import { raceInterrupt } from '../../transport/raceInterrupt.js';
import { withOwnHeaders } from '../../transport/withOwnHeaders.js';

/** The action ran ([10.14]). `update` is present only when the server sent a string ([10.35]). */
export interface MutateSuccess {
  readonly ok: true;
  readonly tool: string;
  readonly result: Readonly<Record<string, unknown>>;
  readonly update?: string;
}

/**
 * The action didn't run, or its answer never came. `code` is the server's ([10.14]; any code is accepted) or
 * the client's own: `server_error` (an answer in no known form), `network_error` (retryable: nothing came back,
 * so retry with the same key) or `cancelled`. `status` is the HTTP status, 0 when there was none.
 */
export interface MutateFailure {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
  readonly retryable: boolean;
  readonly status: number;
  readonly issues?: readonly { path: string; message: string }[];
  readonly retryAfter?: number;
}

export type MutateResult = MutateSuccess | MutateFailure;

export interface MutateOptions {
  /** The mutate endpoint, such as `/api/mutate`. */
  endpoint: string;
  tool: string;
  params: Readonly<Record<string, unknown>>;
  /** The pressed Button's id, so the server's update can name it ([10.35]). */
  button?: string;
  /** The press's key ([10.14]); a new one is made when absent. Use `createPress()` to retry a press. */
  idempotencyKey?: string;
  fetch?: FetchLike;
  signal?: AbortSignal;
  credentials?: Credentials;
  headers?: Record<string, string>;
}

const KEY = /^[A-Za-z0-9_\-:.]{1,200}$/;

export function isIdempotencyKey(key: string): boolean {
  return KEY.test(key);
}

/** A new key for one press: 128 random bits as a UUID (letters, digits and hyphens only). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: <T extends Uint8Array>(a: T) => T } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  if (c?.getRandomValues) {
    const bytes = c.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  throw new Error('No secure random source for an idempotency key');
}

/**
 * Sends a governed action to the server ([10.14]). Resolves with the success or a typed failure; it never
 * rejects for anything the server or the network does (only for a malformed call).
 */
export async function mutate(options: MutateOptions): Promise<MutateResult> {
  if (typeof options.tool !== 'string' || options.tool === '') throw new TypeError('mutate(): tool must be a name');
  if (!isJsonObject(options.params)) throw new TypeError('mutate(): params must be an object');
  const key = options.idempotencyKey ?? newIdempotencyKey();
  if (!isIdempotencyKey(key)) throw new TypeError('mutate(): an idempotency key is 1 to 200 letters, digits or _-:.');
  const fetchFn = options.fetch ?? defaultFetch();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const guard = { signal: options.signal };
  try {
    const body: Record<string, unknown> = { tool: options.tool, params: options.params };
    if (options.button !== undefined) body.button = options.button;
    const answer = await raceInterrupt(
      callFetch(fetchFn, options.endpoint, {
        method: 'POST',
        headers: withOwnHeaders(options.headers, {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': key,
        }),
        body: JSON.stringify(body),
        signal: controller.signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
      guard,
    );
    if ('interrupted' in answer) {
      controller.abort();
      return failure('cancelled', 'The app cancelled the action.', false, 0);
    }
    if ('failed' in answer) return failure('network_error', 'The action got no answer from the server.', true, 0);
    const response = answer.value;
    const read = await raceInterrupt(response.text(), guard);
    if ('interrupted' in read) {
      controller.abort();
      return failure('cancelled', 'The app cancelled the action.', false, response.status);
    }
    // The answer was cut off: whether the action ran is unknown, so the same key is the safe retry.
    if ('failed' in read) return failure('network_error', 'The answer from the server was cut off.', true, response.status);
    const text = read.value;
    if (response.status >= 200 && response.status <= 299) return success(text, options.tool, response.status);
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    const error = parseErrorBody(text);
    if (error === null) {
      return failure('server_error', `The server answered ${response.status}.`, response.status >= 500, response.status, retryAfter);
    }
    return {
      ok: false,
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      status: response.status,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function success(text: string, tool: string, status: number): MutateResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure('server_error', 'The server answered in no known form.', false, status);
  }
  if (!isJsonObject(value) || value.ok !== true) return failure('server_error', 'The server answered in no known form.', false, status);
  const result = isJsonObject(value.result) ? value.result : {};
  return {
    ok: true,
    tool: typeof value.tool === 'string' ? value.tool : tool,
    result,
    // [10.35]: anything but a string is ignored.
    ...(typeof value.update === 'string' ? { update: value.update } : {}),
  };
}

function failure(code: string, message: string, retryable: boolean, status: number, retryAfter?: number): MutateFailure {
  return { ok: false, code, message, retryable, status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

/** One press of a governed Button: its key is made once, and every `send()` (the first and each retry) uses it. */
export interface Press {
  readonly idempotencyKey: string;
  send(signal?: AbortSignal): Promise<MutateResult>;
}

export function createPress(options: Omit<MutateOptions, 'idempotencyKey' | 'signal'>): Press {
  const idempotencyKey = newIdempotencyKey();
  // The params are frozen now: a retry must send what the first try sent, or the server refuses the key.
  const params = JSON.parse(JSON.stringify(options.params)) as Record<string, unknown>;
  return {
    idempotencyKey,
    send: (signal) => mutate({ ...options, params, idempotencyKey, ...(signal ? { signal } : {}) }),
  };
}
