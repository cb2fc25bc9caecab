import { createSseReader, parseEventObject, type SseEvent } from '../../transport/sseReader.js';
import { callFetch, defaultFetch, type Credentials, type FetchLike, type ResponseLike } from '../../transport/fetchLike.js';
import { isEventStream } from '../../transport/isEventStream.js';
import { parseErrorBody } from '../../transport/errorBody.js';
import { parseRetryAfter } from '../../transport/retryAfter.js';
import { pumpBody, type PumpEnd } from '../../transport/pumpBody.js';
import { raceInterrupt } from '../../transport/raceInterrupt.js';
import { withOwnHeaders } from '../../transport/withOwnHeaders.js';
import { withQuery } from '../../transport/withQuery.js';
import type { Timers } from '../../transport/clock.js';
import type { TextSink } from '../../transport/textSink.js';

/** The stream completed ([10.5]). Fields the server left out are absent ([10.7]). */
export interface GenerateDone {
  readonly status: 'done';
  readonly stopReason?: string;
  readonly model?: string;
  readonly ms?: number;
  /** The live feed id the server gave this screen ([10.36]), when it follows it. */
  readonly screen?: string;
}

/**
 * The stream failed, or never started. `code` is the server's ([10.2], [10.5]; any code is accepted) or the
 * client's own: `server_error`, `connection_lost` (retryable) or `cancelled` (the app's signal).
 */
export interface GenerateError {
  readonly status: 'error';
  readonly code: string;
  readonly message: string;
  readonly retryable: boolean;
  /** The HTTP status, when the server refused to start the stream ([10.3]). */
  readonly httpStatus?: number;
  /** Seconds to wait, from a Retry-After header. */
  readonly retryAfter?: number;
  readonly screen?: string;
}

export type GenerateOutcome = GenerateDone | GenerateError;

export interface GenerateOptions {
  /** The generate endpoint, such as `/api/generate` ([10.1]). */
  endpoint: string;
  prompt: string;
  /** The stream format the parser reads, `MAJOR.MINOR`, sent as `?version=` ([10.1], [10.12]). */
  version?: string;
  fetch?: FetchLike;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  credentials?: Credentials;
  /** Bytes may stop for this long before the connection counts as lost ([10.10]). Default 45 s; 0: never. */
  silenceTimeoutMs?: number;
  /** On unsupported_version, ask once more without a version ([10.12]). Default true. */
  retryWithoutVersion?: boolean;
  timers?: Timers;
}

const VERSION = /^\d+\.\d+$/;

/**
 * Asks the server for a screen and writes its stream to `sink` as it arrives ([10.1]–[10.11]).
 *
 * Resolves with the outcome; never rejects for anything the server or the network does. The sink is ended once
 * the stream is over however it ended, so pending references become fallbacks ([10.9]); it is left untouched
 * when the server refused with an error status, since no stream began ([10.3]).
 */
export async function generate(options: GenerateOptions, sink: TextSink): Promise<GenerateOutcome> {
  if (typeof options.prompt !== 'string') throw new TypeError('generate(): prompt must be a string');
  if (options.version !== undefined && !VERSION.test(options.version)) {
    throw new TypeError(`generate(): version must be MAJOR.MINOR, got ${JSON.stringify(options.version)}`);
  }
  const first = await attempt(options, sink, options.version);
  if (
    first.kind === 'refused' &&
    first.outcome.code === 'unsupported_version' &&
    options.version !== undefined &&
    options.retryWithoutVersion !== false
  ) {
    // Servers 0.6 and 0.7 refused every version but their own; the version marker will tell what came.
    return (await attempt(options, sink, undefined)).outcome;
  }
  return first.outcome;
}

type Attempt = { kind: 'refused'; outcome: GenerateError } | { kind: 'streamed'; outcome: GenerateOutcome };

async function attempt(options: GenerateOptions, sink: TextSink, version: string | undefined): Promise<Attempt> {
  const fetchFn = options.fetch ?? defaultFetch();
  const silenceTimeoutMs = options.silenceTimeoutMs ?? 45_000;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const guard = { signal: options.signal, silenceTimeoutMs, timers: options.timers };
  const url = version === undefined ? options.endpoint : withQuery(options.endpoint, { version });
  try {
    if (options.signal?.aborted) return streamed(sink, cancelled());
    const answer = await raceInterrupt(
      callFetch(fetchFn, url, {
        method: 'POST',
        headers: withOwnHeaders(options.headers, { 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
        body: JSON.stringify({ prompt: options.prompt }),
        signal: controller.signal,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
      guard,
    );
    if ('interrupted' in answer) {
      controller.abort();
      return streamed(sink, answer.interrupted === 'cancelled' ? cancelled() : lost('No answer from the server in time.'));
    }
    if ('failed' in answer) return streamed(sink, lost('The request failed before the server answered.'));
    const response = answer.value;
    if (response.status < 200 || response.status > 299) return refused(await errorOutcome(response, guard));
    if (!isEventStream(response) || response.body === null) {
      response.body?.cancel().catch(() => {});
      return refused({
        status: 'error',
        code: 'server_error',
        message: `The server answered ${response.status} without an event stream.`,
        retryable: false,
        httpStatus: response.status,
      });
    }
    return streamed(sink, await readStream(response.body, sink, guard, () => controller.abort()));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function refused(outcome: GenerateError): Attempt {
  return { kind: 'refused', outcome };
}

/** The stream is over: the sink is ended exactly here, whatever happened ([10.9]). */
function streamed(sink: TextSink, outcome: GenerateOutcome): Attempt {
  sink.end();
  return { kind: 'streamed', outcome };
}

function cancelled(): GenerateError {
  return { status: 'error', code: 'cancelled', message: 'The app cancelled the request.', retryable: false };
}

function lost(message: string): GenerateError {
  return { status: 'error', code: 'connection_lost', message, retryable: true };
}

async function errorOutcome(
  response: ResponseLike,
  guard: { signal?: AbortSignal; silenceTimeoutMs: number; timers?: Timers },
): Promise<GenerateError> {
  const read = await raceInterrupt(response.text(), guard);
  const body = 'value' in read ? parseErrorBody(read.value) : null;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const base = body
    ? { status: 'error' as const, code: body.code, message: body.message, retryable: body.retryable }
    : {
        status: 'error' as const,
        code: 'server_error',
        message: `The server answered ${response.status}.`,
        retryable: response.status >= 500,
      };
  return { ...base, httpStatus: response.status, ...(retryAfter !== undefined ? { retryAfter } : {}) };
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  sink: TextSink,
  guard: { signal?: AbortSignal; silenceTimeoutMs: number; timers?: Timers },
  abortRequest: () => void,
): Promise<GenerateOutcome> {
  let outcome: GenerateOutcome | null = null;
  let screen: string | undefined;
  let overflow = false;
  const onEvent = (event: SseEvent) => {
    if (outcome !== null) return; // [10.8]
    const data = parseEventObject(event.data);
    if (data === null) return; // [10.7]
    switch (event.event) {
      case 'chunk':
        if (typeof data.text === 'string' && data.text.length > 0) sink.write(data.text);
        return;
      case 'live':
        if (typeof data.screen === 'string' && data.screen.length > 0) screen = data.screen;
        return;
      case 'done':
        outcome = {
          status: 'done',
          ...(typeof data.stopReason === 'string' ? { stopReason: data.stopReason } : {}),
          ...(typeof data.model === 'string' ? { model: data.model } : {}),
          ...(typeof data.ms === 'number' && Number.isFinite(data.ms) ? { ms: data.ms } : {}),
        };
        return;
      case 'error':
        outcome =
          typeof data.code === 'string' && data.code !== '' && typeof data.message === 'string' && typeof data.retryable === 'boolean'
            ? { status: 'error', code: data.code, message: data.message, retryable: data.retryable }
            : { status: 'error', code: 'server_error', message: 'The server sent an error without its fields.', retryable: false };
        return;
      default:
        return; // an event this client doesn't know
    }
  };
  const reader = createSseReader(onEvent, {
    onOverflow: () => {
      overflow = true;
    },
  });
  let end: PumpEnd;
  try {
    end = await pumpBody(
      body,
      (bytes) => {
        reader.write(bytes);
        // After the terminal event nothing more counts, so the response is closed now instead of waiting.
        return outcome === null && !overflow;
      },
      guard,
    );
  } finally {
    reader.end();
  }
  if (end !== 'ended' && end !== 'stopped') abortRequest();
  const withScreen = (o: GenerateOutcome): GenerateOutcome => (screen === undefined ? o : { ...o, screen });
  if (outcome !== null) return withScreen(outcome);
  if (overflow) {
    return withScreen({ status: 'error', code: 'server_error', message: 'The server sent an event too large to hold.', retryable: false });
  }
  switch (end) {
    case 'cancelled':
      return withScreen(cancelled());
    case 'silent':
      return withScreen(lost('No bytes from the server for too long.'));
    default:
      return withScreen(lost('The response ended before the stream was complete.'));
  }
}
