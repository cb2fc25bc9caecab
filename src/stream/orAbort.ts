/**
 * Resolves with what `value` settles to, or with `aborted` as soon as `signal` aborts, whichever comes first: a
 * promise that never settles can't keep an abort waiting. A rejection passes through as it is.
 */
export function orAbort<T, A>(value: T | PromiseLike<T>, signal: AbortSignal, aborted: A): Promise<T | A> {
  if (signal.aborted) return Promise.resolve(aborted);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(value).then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
