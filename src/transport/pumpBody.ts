import type { InterruptOptions } from './raceInterrupt.js';
import { realTimers } from './clock.js';

/**
 * Why reading a body stopped: it `ended`, the consumer `stopped` it, the signal `cancelled` it, it was
 * `silent` too long, or the read `failed` (a reset connection).
 */
export type PumpEnd = 'ended' | 'stopped' | 'cancelled' | 'silent' | 'failed';

/**
 * Reads a body to its end, handing over each read; `onBytes` returning false stops it. Returns why it stopped.
 * In every case but `ended` the body is cancelled, which closes the response. Never rejects.
 */
export async function pumpBody(
  body: ReadableStream<Uint8Array>,
  onBytes: (bytes: Uint8Array) => boolean | void,
  options: InterruptOptions = {},
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
