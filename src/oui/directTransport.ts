/**
 * Two transport ends joined in memory, for a page whose agent runs in the same JavaScript realm (a local
 * model, a test, the conformance runner). Events still pass the same checks and copies as over a wire, and are
 * delivered on a later microtask, in order, so neither side ever runs inside the other's call.
 */
import type { WireLimits } from './json.js';
import type { OUIProtocolEventType } from './protocol.js';
import type { OUITransport } from './transport.js';
import { createTransportCore, type TransportCore } from './transportCore.js';

/** Options of the in-memory pair. */
export interface DirectTransportOptions {
  /** Events kept by each end while the link is cut. Default 100. */
  maxBufferSize?: number;
  limits?: WireLimits;
  now?: () => number;
}

/** The two ends: `server` for the agent runtime, `client` for the page's surfaces. */
export interface DirectTransportPair {
  server: OUITransport;
  client: OUITransport;
}

/**
 * Creates two joined ends. The link starts connected; `disconnect()` on either end cuts it for both (each
 * end buffers what it sends meanwhile), `connect()` on either end joins it again and both buffers flush.
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
      maxBufferSize: options.maxBufferSize,
      limits: options.limits,
      now: options.now,
      post(type: OUIProtocolEventType, payload: unknown) {
        const peer = ends[1 - index]!;
        queueMicrotask(() => peer.receive(type, payload));
      },
      async connect() {
        if (ends.some((e) => e.closed)) throw new Error(`${name}: the other end is closed`);
        if (!linked) setLinked(true);
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
