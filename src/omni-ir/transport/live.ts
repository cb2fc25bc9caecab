import { createSseReader, parseEventObject, type SseEvent } from '../../transport/sseReader.js';
import { callFetch, defaultFetch, type Credentials, type FetchLike } from '../../transport/fetchLike.js';
import { isEventStream } from '../../transport/isEventStream.js';
import { parseErrorBody } from '../../transport/errorBody.js';
import { parseRetryAfter } from '../../transport/retryAfter.js';
import { pumpBody } from '../../transport/pumpBody.js';
import { raceInterrupt } from '../../transport/raceInterrupt.js';
import { realTimers, type Timers } from '../../transport/clock.js';
import { withOwnHeaders } from '../../transport/withOwnHeaders.js';
import { withQuery } from '../../transport/withQuery.js';
import { errorText } from '../../stream/errors.js';

/** One update from a screen's live feed ([10.37]). */
export interface LiveUpdate {
  readonly seq: number;
  readonly text: string;
}

export interface LiveError {
  readonly code: string;
  readonly message: string;
  readonly retryable: boolean;
  /** HTTP status, 0 when there was no answer. */
  readonly status: number;
}

/** Why following stopped: the feed said `end`, the app stopped it, or an error that isn't retryable. */
export type LiveStop = { readonly reason: 'end' } | { readonly reason: 'stopped' } | ({ readonly reason: 'error' } & LiveError);

export interface FollowOptions {
  /** The live endpoint. Default `/api/live`. */
  endpoint?: string;
  /** The id from the stream's `live` event ([10.36]). */
  screen: string;
  /** The seq of the last update already applied (0 at first). */
  after?: number;
  /**
   * Applies one update, in order; the parser's `update()` fits. Its result doesn't matter: a rejected update
   * still counts as received ([10.38]), so the feed never sends it again.
   */
  onUpdate(update: LiveUpdate): void;
  /** Each failed attempt, retried or not (for the app's logs; never shown to the person). */
  onError?(error: LiveError): void;
  /** Called once when following stops, with why. */
  onStop?(stop: LiveStop): void;
  fetch?: FetchLike;
  credentials?: Credentials;
  headers?: Record<string, string>;
  /** Stops following when aborted, like `stop()`. */
  signal?: AbortSignal;
  timers?: Timers;
  /** First wait before following again ([10.39]): at least 1 s. */
  minDelayMs?: number;
  /** Longest wait between attempts: 60 s. */
  maxDelayMs?: number;
  /** A response silent this long (no update, no ping) is dropped and followed again ([10.10]). Default 45 s. */
  silenceTimeoutMs?: number;
}

export interface LiveFollower {
  /** The app closed the screen: stop following now. */
  stop(): void;
  /** The seq of the last update received. */
  readonly lastSeq: number;
  /** Settles once, when following stops. */
  readonly done: Promise<LiveStop>;
}

/**
 * Follows a screen's live feed ([10.37]–[10.39]) until it ends, fails for good, or is stopped. When a response
 * ends without `end`, it follows again with `after` set to the last seq received, waiting at least a second and
 * twice as long after each attempt that brought nothing, up to a minute.
 */
export function followLive(options: FollowOptions): LiveFollower {
  if (typeof options.screen !== 'string' || options.screen === '') throw new TypeError('followLive(): screen is required');
  const timers = options.timers ?? realTimers;
  const fetchFn = options.fetch ?? defaultFetch();
  const endpoint = options.endpoint ?? '/api/live';
  const minDelay = Math.max(1000, options.minDelayMs ?? 1000);
  const maxDelay = Math.max(minDelay, options.maxDelayMs ?? 60_000);
  const silenceTimeoutMs = options.silenceTimeoutMs ?? 45_000;
  let lastSeq = Math.max(0, Math.floor(options.after ?? 0));
  let failures = 0;
  let stopped = false;
  let timer: unknown;
  let controller: AbortController | null = null;
  let settle: (stop: LiveStop) => void = () => {};
  const done = new Promise<LiveStop>((resolve) => {
    settle = resolve;
  });

  const finish = (stop: LiveStop) => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
    controller?.abort();
    options.signal?.removeEventListener('abort', onAbort);
    options.onStop?.(stop);
    settle(stop);
  };
  const onAbort = () => finish({ reason: 'stopped' });

  const report = (error: LiveError) => {
    try {
      options.onError?.(error);
    } catch {
      // The app's logger failing must not stop the feed.
    }
  };

  const again = (retryAfterSeconds?: number) => {
    if (stopped) return;
    const backoff = Math.min(maxDelay, minDelay * 2 ** Math.min(failures, 16));
    failures++;
    const wait = retryAfterSeconds !== undefined ? Math.min(maxDelay, Math.max(backoff, retryAfterSeconds * 1000)) : backoff;
    timer = timers.setTimeout(() => {
      timer = undefined;
      start();
    }, wait);
  };

  // A bug in a callback must not leave a promise rejected with nobody listening: it ends following instead.
  function start() {
    follow().catch((error: unknown) =>
      finish({ reason: 'error', code: 'client_error', message: errorText(error), retryable: false, status: 0 }),
    );
  }

  async function follow(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    const signal = controller.signal;
    const guard = { signal, silenceTimeoutMs, timers };
    const url = withQuery(endpoint, { screen: options.screen, after: String(lastSeq) });
    const answer = await raceInterrupt(
      callFetch(fetchFn, url, {
        method: 'GET',
        headers: withOwnHeaders(options.headers, { Accept: 'text/event-stream' }),
        signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
      guard,
    );
    if (stopped) return;
    if ('interrupted' in answer || 'failed' in answer) {
      controller.abort();
      report({ code: 'connection_lost', message: 'The live feed did not answer.', retryable: true, status: 0 });
      return again();
    }
    const response = answer.value;
    if (response.status < 200 || response.status > 299) {
      const read = await raceInterrupt(response.text(), guard);
      if (stopped) return;
      const body = 'value' in read ? parseErrorBody(read.value) : null;
      const error: LiveError = body
        ? { code: body.code, message: body.message, retryable: body.retryable, status: response.status }
        : { code: 'server_error', message: `The live feed answered ${response.status}.`, retryable: response.status >= 500, status: response.status };
      report(error);
      if (!error.retryable) return finish({ reason: 'error', ...error });
      return again(parseRetryAfter(response.headers.get('retry-after')));
    }
    if (!isEventStream(response) || response.body === null) {
      response.body?.cancel().catch(() => {});
      const error: LiveError = { code: 'server_error', message: 'The live feed answered without an event stream.', retryable: false, status: response.status };
      report(error);
      return finish({ reason: 'error', ...error });
    }
    let ended = false;
    let received = false;
    const onEvent = (event: SseEvent) => {
      if (ended || stopped) return;
      const data = parseEventObject(event.data);
      if (data === null) return;
      if (event.event === 'end') {
        ended = true;
        return;
      }
      if (event.event !== 'update') return;
      const { seq, text } = data;
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1 || typeof text !== 'string') return;
      if (seq <= lastSeq) return; // [10.38]: already received
      lastSeq = seq;
      received = true;
      try {
        options.onUpdate({ seq, text });
      } catch (error) {
        report({ code: 'update_failed', message: errorText(error), retryable: true, status: 200 });
      }
    };
    const reader = createSseReader(onEvent);
    try {
      await pumpBody(response.body, (bytes) => {
        reader.write(bytes);
        return !ended && !stopped;
      }, guard);
    } finally {
      reader.end();
    }
    if (stopped) return;
    if (ended) return finish({ reason: 'end' });
    if (received) failures = 0;
    report({ code: 'connection_lost', message: 'The live feed closed before its end.', retryable: true, status: 200 });
    again();
  }

  if (options.signal?.aborted) finish({ reason: 'stopped' });
  else {
    options.signal?.addEventListener('abort', onAbort, { once: true });
    start();
  }

  return {
    stop: () => finish({ reason: 'stopped' }),
    get lastSeq() {
      return lastSeq;
    },
    done,
  };
}
