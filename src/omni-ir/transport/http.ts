/**
 * The small slice of fetch the clients use, typed here so the engine compiles without DOM types and a test can
 * pass a fake. The platform's own `fetch` fits it.
 */
export type Credentials = 'omit' | 'same-origin' | 'include';

export interface HeadersLike {
  get(name: string): string | null;
}

export interface ResponseLike {
  readonly status: number;
  readonly headers: HeadersLike;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  credentials?: Credentials;
}

export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

/** Timers, injectable so tests can run a 45-second silence or a minute of backoff without waiting. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function defaultFetch(): FetchLike {
  if (typeof globalThis.fetch !== 'function') throw new TypeError('No fetch available: pass the fetch option');
  return globalThis.fetch.bind(globalThis) as unknown as FetchLike;
}

/** The error body of [10.2] and [10.14], when a response has one. */
export interface ErrorBody {
  code: string;
  message: string;
  retryable: boolean;
  issues?: { path: string; message: string }[];
}

/** Reads `{"error": {"code", "message", "retryable"}}` from a body's text; anything else is null ([10.3]). */
export function parseErrorBody(text: string): ErrorBody | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.error)) return null;
  const { code, message, retryable, issues } = value.error;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string' || typeof retryable !== 'boolean') return null;
  const body: ErrorBody = { code, message, retryable };
  if (Array.isArray(issues)) {
    body.issues = issues
      .filter((i): i is Record<string, unknown> => isObject(i))
      .map((i) => ({ path: typeof i.path === 'string' ? i.path : '', message: typeof i.message === 'string' ? i.message : '' }));
  }
  return body;
}

/** Retry-After in seconds: a whole number, or an HTTP date turned into the seconds left. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Appends query parameters without URL(), so a relative endpoint such as /api/generate still works. */
export function withQuery(endpoint: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  if (query === '') return endpoint;
  const hash = endpoint.indexOf('#');
  const base = hash === -1 ? endpoint : endpoint.slice(0, hash);
  return base + (base.includes('?') ? '&' : '?') + query;
}

export function isEventStream(response: ResponseLike): boolean {
  const type = response.headers.get('content-type');
  // No type at all is read as a stream: the body decides. A declared other type (an HTML error page from a
  // proxy, say) is not a stream.
  return type === null || /^\s*text\/event-stream\s*(;|$)/i.test(type);
}

export type PumpEnd = 'ended' | 'stopped' | 'cancelled' | 'silent' | 'failed';

export interface PumpOptions {
  signal?: AbortSignal;
  /** Give up after this long without a byte ([10.10]); 0 or Infinity: never. */
  silenceTimeoutMs?: number;
  timers?: Timers;
}

/**
 * Reads a body to its end, handing over each read. Returns why it stopped: the body `ended`, the consumer
 * `stopped` it (its callback returned false), the signal `cancelled` it, it was `silent` too long, or the read
 * `failed` (a reset connection). In every case but `ended` the body is cancelled, which closes the response.
 */
export async function pumpBody(
  body: ReadableStream<Uint8Array>,
  onBytes: (bytes: Uint8Array) => boolean | void,
  options: PumpOptions = {},
): Promise<PumpEnd> {
  const timers = options.timers ?? realTimers;
  const reader = body.getReader();
  const silence = options.silenceTimeoutMs ?? 0;
  let why: PumpEnd | null = null;
  let timer: unknown;
  // Cancelling the reader settles a read that is waiting, so no race with a second promise is needed per read.
  const interrupt = (reason: PumpEnd) => {
    if (why !== null) return;
    why = reason;
    reader.cancel().catch(() => {});
  };
  const arm = () => {
    if (silence > 0 && Number.isFinite(silence)) {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => interrupt('silent'), silence);
    }
  };
  const onAbort = () => interrupt('cancelled');
  const finish = (reason: PumpEnd): PumpEnd => {
    if (timer !== undefined) timers.clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (reason !== 'ended' && why === null) {
      why = reason;
      reader.cancel().catch(() => {});
    }
    try {
      reader.releaseLock();
    } catch {
      // Nothing to release.
    }
    return reason;
  };
  if (options.signal?.aborted) return finish('cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  arm();
  for (;;) {
    let step: Awaited<ReturnType<typeof reader.read>>;
    try {
      step = await reader.read();
    } catch {
      return finish(why ?? (options.signal?.aborted ? 'cancelled' : 'failed'));
    }
    if (why !== null) return finish(why);
    if (step.done) return finish('ended');
    if (step.value.byteLength > 0) {
      arm();
      if (onBytes(step.value) === false) return finish('stopped');
    }
  }
}

/**
 * Waits for a promise unless the signal aborts or the silence timer fires first. The fetch itself may ignore
 * the signal (a test's fake, an old polyfill), so the client never depends on it to stop waiting.
 */
export function raceInterrupt<T>(
  promise: Promise<T>,
  options: PumpOptions,
): Promise<{ value: T } | { interrupted: 'cancelled' | 'silent' } | { failed: unknown }> {
  const timers = options.timers ?? realTimers;
  const silence = options.silenceTimeoutMs ?? 0;
  return new Promise((resolve) => {
    let timer: unknown;
    const done = (result: { value: T } | { interrupted: 'cancelled' | 'silent' } | { failed: unknown }) => {
      if (timer !== undefined) timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => done({ interrupted: 'cancelled' });
    if (options.signal?.aborted) {
      done({ interrupted: 'cancelled' });
      promise.catch(() => {});
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (silence > 0 && Number.isFinite(silence)) timer = timers.setTimeout(() => done({ interrupted: 'silent' }), silence);
    promise.then(
      (value) => done({ value }),
      (failed) => done(options.signal?.aborted ? { interrupted: 'cancelled' } : { failed }),
    );
  });
}

/** Calls fetch so that even a synchronous throw (a bad URL in some fetch) becomes a failed promise. */
/**
 * The app's headers with the client's own on top: a name the client sets (Content-Type, Accept,
 * Idempotency-Key) wins however the app spelled it, instead of both going out joined into one value.
 */
export function withOwnHeaders(app: Record<string, string> | undefined, own: Record<string, string>): Record<string, string> {
  const mine = new Set(Object.keys(own).map((k) => k.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(app ?? {})) if (!mine.has(k.toLowerCase())) out[k] = v;
  return { ...out, ...own };
}

export function callFetch(fetchFn: FetchLike, url: string, init: RequestInitLike): Promise<ResponseLike> {
  return new Promise<ResponseLike>((resolve) => resolve(fetchFn(url, init)));
}
