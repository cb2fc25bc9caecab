/**
 * Two transport ends joined in memory, for a page whose agent runs in the same JavaScript realm (a local
 * model, a test, the conformance runner, an API surface in the same process). As 0.1.0 declares, what one end
 * sends the other receives immediately: its listeners run inside the sending call, after the same checks and
 * copies as over a wire.
 */
import type { WireLimits } from './json.js';
import type { OUIRequestTransport } from './transport.js';
import { createTransportCore, type TransportCore } from './transportCore.js';
import type { WireType } from './wire.js';

/** Options of the in-memory pair (0.1.0's `createDirectTransportPair()` takes none; these are ours). */
export interface DirectTransportOptions {
  /** Keep what an end sends while the link is cut (default true). */
  bufferWhileDisconnected?: boolean;
  /** Events kept by each end while the link is cut: the first ones. Default 100. */
  maxBufferSize?: number;
  limits?: WireLimits;
  now?: () => number;
}

/** The two ends: `server` for the agent runtime, `client` for the page's surfaces. */
export interface DirectTransportPair {
  server: OUIRequestTransport;
  client: OUIRequestTransport;
}

/**
 * Creates two joined ends. Both are connected from the start and `connect()` resolves at once. `disconnect()`
 * on either end cuts the link for both (each end keeps what it sends meanwhile), `connect()` on either end joins
 * it again and both buffers are delivered.
 */
export function createDirectTransportPair(options: DirectTransportOptions = {}): DirectTransportPair {
  let linked = true;
  const ends: TransportCore[] = [];
  const setLinked = (next: boolean) => {
    linked = next;
    for (const end of ends) end.setConnected(next);
  };
  const make = (index: 0 | 1, name: string): TransportCore =>
    createTransportCore({
      name,
      connected: true,
      bufferWhileDisconnected: options.bufferWhileDisconnected,
      maxBufferSize: options.maxBufferSize,
      limits: options.limits,
      now: options.now,
      post(type: WireType, payload: unknown) {
        ends[1 - index]!.receive(type, payload);
      },
      connect() {
        if (ends.some((e) => e.closed)) return Promise.reject(new Error(`${name}: the other end is closed`));
        if (!linked) setLinked(true);
        return Promise.resolve();
      },
      disconnect() {
        if (linked) setLinked(false);
      },
      close() {
        // Closing one end cuts the link for the other, which then buffers until it is closed too.
        if (linked) setLinked(false);
      },
    });
  ends.push(make(0, 'direct transport (server)'), make(1, 'direct transport (client)'));
  return { server: ends[0]!.transport, client: ends[1]!.transport };
}
