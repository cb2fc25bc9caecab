/**
 * The small slice of fetch the clients use, typed here so the engine compiles without DOM types and a test can
 * pass a fake. The platform's own `fetch` fits it.
 */
export type Credentials = 'omit' | 'same-origin' | 'include';

/** The one method of `Headers` the clients call. */
export interface HeadersLike {
  get(name: string): string | null;
}

/** The part of a fetch `Response` the clients read. */
export interface ResponseLike {
  readonly status: number;
  readonly headers: HeadersLike;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

/** The part of `RequestInit` the clients send. */
export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  credentials?: Credentials;
}

/** A fetch function: the platform's, or the app's own (a test's fake, a fetch with auth added). */
export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

/** The platform's fetch, bound; a TypeError when there is none, so the app knows to pass its own. */
export function defaultFetch(): FetchLike {
  if (typeof globalThis.fetch !== 'function') throw new TypeError('No fetch available: pass the fetch option');
  return globalThis.fetch.bind(globalThis) as unknown as FetchLike;
}

/** Calls fetch so that even a synchronous throw (a bad URL in some fetch) becomes a failed promise. */
export function callFetch(fetchFn: FetchLike, url: string, init: RequestInitLike): Promise<ResponseLike> {
  return new Promise<ResponseLike>((resolve) => resolve(fetchFn(url, init)));
}
