import { isJsonObject } from '../../stream/jsonLines.js';
import { realTimers, type Timers } from '../../transport/clock.js';
import { openPlatformWebSocket, WEBSOCKET_OPEN, type WebSocketLike } from '../../transport/webSocketLike.js';
import type { TextSink } from '../../transport/textSink.js';
import type { GenerateError, GenerateOutcome } from './generate.js';

export interface WebSocketGenerateOptions {
  /** The server's WebSocket URL (ws: or wss:). */
  url: string;
  prompt: string;
  /** The stream format the parser reads, `MAJOR.MINOR` ([10.12]). */
  version?: string;
  /** Opens the socket. Default: `new globalThis.WebSocket(url)`. */
  createSocket?: (url: string) => WebSocketLike;
  signal?: AbortSignal;
  /**
   * Messages may stop for this long before the connection counts as lost. The WebSocket's own pings replace
   * [10.10] and a page can't see them, so by default there is no limit (0).
   */
  silenceTimeoutMs?: number;
  /** On an unsupported_version error before any text, ask once more without a version ([10.12]). Default true. */
  retryWithoutVersion?: boolean;
  timers?: Timers;
}

const VERSION = /^\d+\.\d+$/;
const ignoreError = () => {};

/**
 * Asks for a screen over a WebSocket ([10.16]): one `generate` message out; `chunk` messages in, then one
 * terminal `done` or `error`. Rules [10.7]–[10.9] apply as over SSE: unknown or malformed messages are
 * skipped, the first terminal message decides, and the sink is always ended when the connection is over.
 */
export async function generateOverWebSocket(options: WebSocketGenerateOptions, sink: TextSink): Promise<GenerateOutcome> {
  if (options.version !== undefined && !VERSION.test(options.version)) {
    throw new TypeError(`generateOverWebSocket(): version must be MAJOR.MINOR, got ${JSON.stringify(options.version)}`);
  }
  const first = await connect(options, sink, options.version);
  if (
    first.outcome.status === 'error' &&
    first.outcome.code === 'unsupported_version' &&
    !first.wrote &&
    options.version !== undefined &&
    options.retryWithoutVersion !== false &&
    !options.signal?.aborted
  ) {
    const second = await connect(options, sink, undefined);
    sink.end();
    return second.outcome;
  }
  sink.end();
  return first.outcome;
}

function connect(
  options: WebSocketGenerateOptions,
  sink: TextSink,
  version: string | undefined,
): Promise<{ outcome: GenerateOutcome; wrote: boolean }> {
  const timers = options.timers ?? realTimers;
  const silence = options.silenceTimeoutMs ?? 0;
  return new Promise((resolve) => {
    let settled = false;
    let wrote = false;
    let screen: string | undefined;
    let timer: unknown;
    let socket: WebSocketLike | undefined;

    const finish = (outcome: GenerateOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (socket) {
        socket.removeEventListener('open', onOpen);
        socket.removeEventListener('message', onMessage);
        socket.removeEventListener('close', onClose);
        socket.removeEventListener('error', onError);
        // Closing a socket still connecting makes some clients (the `ws` package) report an error a moment
        // later, thrown when nobody listens: it is ours to hear, and there is nothing left to tell.
        socket.addEventListener('error', ignoreError);
        try {
          if (socket.readyState <= WEBSOCKET_OPEN) socket.close(1000);
        } catch {
          // Already closing.
        }
      }
      resolve({ outcome: screen !== undefined ? { ...outcome, screen } : outcome, wrote });
    };
    const lost = (message: string): GenerateError => ({ status: 'error', code: 'connection_lost', message, retryable: true });
    const arm = () => {
      if (silence > 0 && Number.isFinite(silence)) {
        if (timer !== undefined) timers.clearTimeout(timer);
        timer = timers.setTimeout(() => finish(lost('No message from the server for too long.')), silence);
      }
    };
    const onAbort = () => finish({ status: 'error', code: 'cancelled', message: 'The app cancelled the request.', retryable: false });
    const onOpen = () => {
      if (!socket) return;
      const request: Record<string, string> = { type: 'generate', prompt: options.prompt };
      if (version !== undefined) request.version = version;
      try {
        socket.send(JSON.stringify(request));
      } catch {
        finish(lost('The request could not be sent.'));
      }
    };
    const onMessage = (event: { data?: unknown }) => {
      if (settled) return; // [10.8]
      arm();
      // Each event is one text message; binary messages are not events.
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!isJsonObject(message)) return;
      switch (message.type) {
        case 'chunk':
          if (typeof message.text === 'string' && message.text.length > 0) {
            wrote = true;
            sink.write(message.text);
          }
          return;
        case 'live':
          if (typeof message.screen === 'string' && message.screen.length > 0) screen = message.screen;
          return;
        case 'done':
          return finish({
            status: 'done',
            ...(typeof message.stopReason === 'string' ? { stopReason: message.stopReason } : {}),
            ...(typeof message.model === 'string' ? { model: message.model } : {}),
            ...(typeof message.ms === 'number' && Number.isFinite(message.ms) ? { ms: message.ms } : {}),
          });
        case 'error':
          return finish(
            typeof message.code === 'string' && message.code !== '' && typeof message.message === 'string' && typeof message.retryable === 'boolean'
              ? { status: 'error', code: message.code, message: message.message, retryable: message.retryable }
              : { status: 'error', code: 'server_error', message: 'The server sent an error without its fields.', retryable: false },
          );
        default:
          return;
      }
    };
    const onClose = () => finish(lost('The connection closed before the stream was complete.'));
    // An error event is followed by close; finishing here too covers sockets that skip it.
    const onError = () => finish(lost('The connection failed.'));

    if (options.signal?.aborted) return onAbort();
    try {
      socket = (options.createSocket ?? openPlatformWebSocket)(options.url);
    } catch {
      return finish(lost('The connection could not be opened.'));
    }
    if (!socket) return finish(lost('The connection could not be opened.'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.addEventListener('open', onOpen);
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', onClose);
    socket.addEventListener('error', onError);
    if (socket.readyState === WEBSOCKET_OPEN) onOpen();
    arm();
  });
}
