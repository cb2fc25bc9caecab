/**
 * A fake Omni-IR server inside the page: `window.fetch` answers the generate, mutate and live endpoints from
 * what the test scripts, so the element's own transport runs for real (SSE reading, keys, retries) with no
 * network. Each request is recorded; each event stream is held open until the test sends, closes or cuts it.
 */
export interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly credentials: RequestCredentials | undefined;
}

/** An event stream the test writes to. `cancelled` turns true when the client closes it. */
export class EventStream {
  readonly response: Response;
  cancelled = false;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly #encoder = new TextEncoder();

  constructor() {
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        this.#controller = c;
      },
      cancel: () => {
        this.cancelled = true;
      },
    });
    this.response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }

  send(event: string, data: unknown): void {
    if (this.cancelled) return;
    this.#controller.enqueue(this.#encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }

  /** The stream's text as chunk events, in pieces of `size` characters. */
  chunks(text: string, size = 17): void {
    for (let i = 0; i < text.length; i += size) this.send('chunk', { text: text.slice(i, i + size) });
  }

  close(): void {
    if (!this.cancelled) this.#controller.close();
  }

  /** The connection breaks: the client's read fails, as a reset connection does. */
  cut(): void {
    if (!this.cancelled) this.#controller.error(new TypeError('network error'));
  }
}

export type Route = (request: Recorded) => Response | Promise<Response> | EventStream;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function errorBody(status: number, code: string, retryable: boolean, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code, message: `server says ${code}`, retryable } }, headers);
}

/** Installs the fake; `routes` by path. Returns the recorded requests and a way to put the real fetch back. */
export function fakeServer(routes: Record<string, Route>) {
  const requests: Recorded[] = [];
  const streams: EventStream[] = [];
  const real = window.fetch;
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v;
    const request: Recorded = {
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const path = url.split('?')[0]!;
    const route = routes[path];
    if (!route) return json(404, { error: { code: 'not_found', message: 'no route', retryable: false } });
    const answer = await route(request);
    if (answer instanceof EventStream) {
      streams.push(answer);
      return answer.response;
    }
    return answer;
  }) as typeof fetch;
  return {
    requests,
    streams,
    to: (path: string) => requests.filter((r) => r.url.split('?')[0] === path),
    restore: () => {
      window.fetch = real;
    },
  };
}

/** Waits until `check()` is true (or fails after `ms`). */
export async function until(check: () => boolean, what = 'condition', ms = 3000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
