// Test doubles for the transport clients (src/transport/ and each format's own clients): a fetch that answers from
// a script, bodies read in chosen sizes, a body that stays open, and timers moved by hand.
import type { FetchLike, RequestInitLike, ResponseLike, Timers } from '../../../src/transport/index.js';

const encoder = new TextEncoder();

export interface Call {
  url: string;
  init: RequestInitLike;
}

/** Splits text into reads of `size` UTF-8 bytes (so characters may be cut), or keeps it whole. */
export function readsOf(text: string, size = Infinity): Uint8Array[] {
  const bytes = encoder.encode(text);
  if (!Number.isFinite(size)) return bytes.length ? [bytes] : [];
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

export interface OpenBody {
  stream: ReadableStream<Uint8Array>;
  push(text: string): void;
  close(): void;
  fail(error?: unknown): void;
  readonly cancelled: boolean;
}

/** A body the test feeds by hand; it stays open until closed, like a server still thinking. */
export function openBody(): OpenBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    push: (text) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: (error) => controller.error(error ?? new Error('connection reset')),
    get cancelled() {
      return cancelled;
    },
  };
}

export function bodyFrom(reads: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < reads.length) c.enqueue(reads[i++]!);
      else c.close();
    },
  });
}

export function response(
  status: number,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
  readSize = Infinity,
): ResponseLike {
  const type = status >= 200 && status <= 299 ? 'text/event-stream' : 'application/json';
  const stream = typeof body === 'string' ? bodyFrom(readsOf(body, readSize)) : body;
  return new Response(stream as unknown as BodyInit, { status, headers: { 'content-type': type, ...headers } }) as unknown as ResponseLike;
}

/** A fetch answering each call with the next scripted answer (a response, or a function of the call). */
export function scriptedFetch(
  answers: (ResponseLike | ((call: Call) => ResponseLike | Promise<ResponseLike>) | Error)[],
): FetchLike & { calls: Call[] } {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInitLike) => {
    calls.push({ url, init });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next === undefined) throw new Error('no scripted answer');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next({ url, init }) : next;
  }) as FetchLike & { calls: Call[] };
  fn.calls = calls;
  return fn;
}

export function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

export function sink() {
  const s = {
    written: '',
    writes: [] as string[],
    ended: 0,
    write(text: string) {
      s.writes.push(text);
      s.written += text;
    },
    end() {
      s.ended++;
    },
  };
  return s;
}

/** Timers that only fire when the test advances the clock. */
export function manualTimers(): Timers & { now: number; advance(ms: number): void; readonly pending: number[] } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    get now() {
      return now;
    },
    get pending() {
      return [...due.values()].map((t) => t.at - now);
    },
    setTimeout(fn, ms) {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let first: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of due) if (entry[1].at <= until && (!first || entry[1].at < first[1].at)) first = entry;
        if (!first) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = until;
    },
  };
}

/** Lets pending promise callbacks and stream reads run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
