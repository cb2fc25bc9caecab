// What the real model adapters share: the error every failure becomes ({code, message, retryable}, the fields of
// a [10.5] error event), the mapping of a provider's HTTP status to it, and a POST whose answer is read as
// Server-Sent Events, with cancellation and an idle timeout. Nothing here ever puts an API key in a message.
import { createParser } from 'eventsource-parser';

/** What the person may be told for each code; the provider's own words stay in `message`, for logs. */
const PUBLIC = {
  model_error: 'The model could not write the screen.',
  rate_limited: 'The model is busy. Try again shortly.',
  unavailable: 'The model is unavailable right now. Try again shortly.',
  timeout: 'The model took too long to answer. Try again.',
};

/** A model failure: `code` and `retryable` as [10.5] names them; `publicMessage` is safe to show. */
export class ProviderError extends Error {
  constructor(code, message, { retryable = false, status, retryAfter, providerType } = {}) {
    super(message);
    this.name = 'ProviderError';
    this.code = code;
    this.retryable = retryable;
    this.publicMessage = PUBLIC[code] ?? PUBLIC.model_error;
    if (status !== undefined) this.status = status;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
    if (providerType !== undefined) this.providerType = providerType;
  }
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value, now = Date.now()) {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^[0-9]+(\.[0-9]+)?$/.test(v)) return Math.ceil(Number(v));
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const MAX_ERROR_BODY = 16 * 1024;
const clip = (s) => String(s).replace(/\s+/g, ' ').slice(0, 300);

/** The provider's error body, read up to a limit: {type, message, code} from either provider's shape. */
async function errorDetails(res) {
  let text = '';
  try {
    text = (await res.text()).slice(0, MAX_ERROR_BODY);
  } catch {
    return {};
  }
  try {
    const body = JSON.parse(text);
    const e = body && typeof body === 'object' ? body.error : undefined;
    if (e && typeof e === 'object') return { type: e.type, message: e.message, code: e.code };
    if (typeof e === 'string') return { message: e };
  } catch {
    // not JSON: the status decides
  }
  return { message: text };
}

/**
 * Maps a provider's error status: 401/403 → model_error (a setup problem: retrying won't help); 429 →
 * rate_limited, retryable, with Retry-After (except a spent quota); 408 → timeout; 5xx and 529 (overloaded) →
 * unavailable, retryable; any other status → model_error, not retryable (the request itself was refused).
 */
export async function httpError(res, provider) {
  const d = await errorDetails(res);
  const status = res.status;
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
  const what = `${provider} answered ${status}${d.type ? ` ${d.type}` : ''}${d.message ? `: ${clip(d.message)}` : ''}`;
  const opts = { status, retryAfter, providerType: d.type ?? d.code };
  if (status === 401 || status === 403) return new ProviderError('model_error', what, { ...opts, retryable: false });
  if (status === 429) {
    if (d.code === 'insufficient_quota' || d.type === 'insufficient_quota') return new ProviderError('model_error', what, { ...opts, retryable: false });
    return new ProviderError('rate_limited', what, { ...opts, retryable: true });
  }
  if (status === 408) return new ProviderError('timeout', what, { ...opts, retryable: true });
  if (status >= 500) return new ProviderError('unavailable', what, { ...opts, retryable: true });
  return new ProviderError('model_error', what, { ...opts, retryable: false });
}

/**
 * POSTs `body` as JSON and yields each Server-Sent Event of the answer ({event, data}) as it completes, however
 * the bytes were split. Ends quietly when `signal` aborts. Throws a ProviderError for an error status, a lost
 * connection or `idleTimeoutMs` without a byte. When the caller stops early, the request is aborted.
 */
export async function* postSse({ url, headers, body, signal, fetch = globalThis.fetch, idleTimeoutMs = 60_000, provider }) {
  if (signal?.aborted) return;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timer = null;
  let timedOut = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleTimeoutMs);
  };
  const lost = (error) => {
    if (timedOut) return new ProviderError('timeout', `${provider} sent nothing for ${idleTimeoutMs} ms`, { retryable: true });
    return new ProviderError('unavailable', `${provider}: the connection failed (${clip(error?.cause?.code ?? error?.message ?? error)})`, { retryable: true });
  };
  try {
    arm();
    let res;
    try {
      res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
    } catch (error) {
      if (signal?.aborted) return;
      throw lost(error);
    }
    if (!res.ok) throw await httpError(res, provider);
    const type = res.headers.get('content-type') ?? '';
    if (!/^text\/event-stream\b/i.test(type)) {
      await res.body?.cancel().catch(() => {});
      throw new ProviderError('model_error', `${provider} answered ${res.status} with ${clip(type || 'no content type')}, not a stream`, { retryable: true });
    }
    const events = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    const decoder = new TextDecoder();
    try {
      for await (const bytes of res.body) {
        parser.feed(decoder.decode(bytes, { stream: true }));
        // The consumer's time between events isn't the provider's silence.
        clearTimeout(timer);
        while (events.length) yield events.shift();
        arm();
      }
      parser.feed(decoder.decode());
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof ProviderError) throw error;
      throw lost(error);
    }
    while (events.length) yield events.shift();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // Closes the request when the caller stopped early or the answer is complete; harmless otherwise.
    controller.abort();
  }
}

/** `${base}${path}`, keeping any path prefix the base has (a proxy's). */
export function endpoint(base, path) {
  return `${String(base).replace(/\/+$/, '')}${path}`;
}

/** Parses an event's JSON data; undefined when it isn't an object. */
export function eventData(event) {
  try {
    const data = JSON.parse(event.data);
    return data && typeof data === 'object' && !Array.isArray(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The text of a provider's parts ({type: 'text', text}… then {type: 'done'}), as the agent loop reads a reply. */
export async function* textOf(parts) {
  for await (const part of parts) if (part.type === 'text') yield part.text;
}
