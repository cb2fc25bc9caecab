// Real counterparts on the loopback address for the transport clients' tests: a `ws` WebSocket server whose
// every connection a test scripts, and a plain HTTP server (for AG-UI runs encoded with @ag-ui/encoder).
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * A `ws` server on 127.0.0.1 and an ephemeral port. `onConnection(socket, request)` scripts each connection;
 * `verifyClient(info)` may refuse a handshake. Each connection's close code, as the server saw it, is recorded.
 */
export async function webSocketServer(onConnection, { verifyClient } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, ...(verifyClient ? { verifyClient } : {}) });
  await new Promise((resolve) => wss.once('listening', resolve));
  const closes = [];
  const requests = [];
  wss.on('connection', (socket, request) => {
    socket.once('message', (data, isBinary) => requests.push(isBinary ? data : JSON.parse(data.toString())));
    socket.on('close', (code) => closes.push(code));
    onConnection(socket, request);
  });
  return {
    url: `ws://127.0.0.1:${wss.address().port}`,
    /** The first message of each connection, parsed. */
    requests,
    /** Close codes the server saw, one per closed connection. */
    closes,
    /** Resolves once `n` connections have closed. */
    async closed(n = 1) {
      while (closes.length < n) await new Promise((r) => setTimeout(r, 5));
    },
    close() {
      for (const client of wss.clients) client.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A plain HTTP server on 127.0.0.1 and an ephemeral port, answering with `handler(req, res)`. */
export async function httpServer(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits for the socket's first message (the client's request), parsed as JSON. */
export function firstMessage(socket) {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
}

/**
 * A fetch for @ag-ui/client's HttpAgent whose response bodies can always be cancelled quietly. HttpAgent 1.0.0
 * cancels the body when a run ends and rethrows, from a `.catch` nobody awaits, any refusal that isn't an
 * AbortError; a body that failed mid-run (a dropped connection) refuses with its failure, so Node would see an
 * unhandled rejection and the test runner would blame whichever test is running. The bytes, the failure and the
 * run's outcome are the real ones; only the cancel's refusal is swallowed.
 */
export function quietCancelFetch(fetchFn = globalThis.fetch) {
  return async (url, init) => {
    const response = await fetchFn(url, init);
    // An error answer is read with text(), never streamed: it is handed over as it is.
    if (!response.ok || !response.body) return response;
    const body = {
      getReader() {
        const reader = response.body.getReader();
        return {
          read: () => reader.read(),
          cancel: (reason) => reader.cancel(reason).catch(() => {}),
          releaseLock: () => reader.releaseLock(),
        };
      },
    };
    return new Proxy(response, {
      get(target, name) {
        if (name === 'body') return body;
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}
