// GET /api/ws with Upgrade: websocket ([10.16], [10.17]): the generate endpoint over a WebSocket. The client sends
// {"type": "generate", "prompt": "…"} (with "version" if it wants); the server answers with chunk messages (the
// version marker first), a live message for a screen the app keeps current, and one terminal done or error, then
// closes with 1000. Errors [10.2] sends as HTTP statuses come as an error message. One connection, one screen.
import { WebSocketServer } from 'ws';
import { errorBody, isObject, SECURITY_HEADERS } from './http.mjs';
import { FORMAT } from './version.mjs';
import { modelCheckProblem, promptProblem, versionProblem } from './screenRequest.mjs';
import { startScreen, streamScreen } from './screenStream.mjs';

/** The largest request message: a prompt is at most 4,000 characters, so 64 KiB is plenty. */
const MAX_MESSAGE = 64 * 1024;

export function createWebSocketRoute({
  model,
  live,
  orders,
  sessions,
  limiter,
  who,
  allowedOrigin,
  pingIntervalMs,
  pace,
  chunk,
  log,
  modelCheck = null,
  requestTimeoutMs = 10_000,
}) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE, clientTracking: true });

  /** Refuses a handshake with an HTTP answer, as [10.2] writes errors, and closes the connection. */
  function refuse(socket, status, reason, code, message) {
    const body = JSON.stringify(errorBody(code, message));
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      Connection: 'close',
    };
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  }

  function serve(ws, req) {
    const person = sessions.fromRequest(req);
    const controller = new AbortController();
    const { signal } = controller;
    let finished = false;
    const send = (message) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const end = (terminal) => {
      if (finished) return;
      finished = true;
      clearTimeout(waiting);
      clearInterval(pinging);
      send(terminal);
      ws.close(1000);
    };
    const fail = (code, message, retryable = false) => end({ type: 'error', code, message, retryable });
    // The WebSocket's own pings replace [10.10]'s comments; they also find a peer that vanished without a close.
    const pinging = setInterval(() => ws.readyState === ws.OPEN && ws.ping(), pingIntervalMs);
    const waiting = setTimeout(() => fail('invalid_request', 'No request came.'), requestTimeoutMs);
    ws.on('close', () => {
      finished = true;
      clearTimeout(waiting);
      clearInterval(pinging);
      controller.abort();
    });
    ws.on('error', () => ws.terminate());

    ws.once('message', async (data, isBinary) => {
      clearTimeout(waiting);
      if (finished) return;
      let request = null;
      if (!isBinary) {
        try {
          request = JSON.parse(data.toString('utf8'));
        } catch {
          request = null;
        }
      }
      if (!isObject(request) || request.type !== 'generate') {
        return fail('invalid_request', 'The first message must be {"type": "generate", "prompt": "…"}.');
      }
      const wait = limiter.take(who(req, person));
      if (wait !== null) return fail('rate_limited', 'Too many requests. Try again shortly.', true);
      const version = versionProblem('version' in request ? [request.version] : []);
      if (version) return fail(version.code, version.message);
      const problem = promptProblem(request.prompt);
      if (problem) return fail('invalid_request', problem);
      const unverified = modelCheckProblem(modelCheck);
      if (unverified) return fail(unverified.code, unverified.message, true);

      const started = Date.now();
      let screen;
      try {
        screen = startScreen({ model, live, orders, person, prompt: request.prompt, pace, chunk, signal });
      } catch {
        return fail('server_error', 'The model could not start.');
      }
      send({ type: 'chunk', text: `# omni-ir ${FORMAT}\n` });
      await streamScreen({ ...screen, live, model, signal, started, log }, {
        chunk: (text) => send({ type: 'chunk', text }),
        live: (id) => send({ type: 'live', screen: id }),
        done: (fields) => end({ type: 'done', ...fields }),
        error: (fields) => end({ type: 'error', ...fields }),
      });
    });
  }

  return {
    /**
     * Takes an upgrade request for this endpoint. [10.17]: a browser applies no CORS to WebSockets and sends the
     * person's cookie with any site's request, so the Origin is checked here as the mutate endpoint checks it.
     */
    upgrade(req, socket, head) {
      const origin = req.headers.origin;
      if ((origin !== undefined && !allowedOrigin(origin)) || (origin === undefined && sessions.hasCookie(req))) {
        return refuse(socket, 403, 'Forbidden', 'bad_origin', 'This request did not come from this app.');
      }
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req));
    },
    /** Non-upgrade requests to the endpoint. */
    refuseHttp(res) {
      const body = JSON.stringify(errorBody('invalid_request', 'This endpoint speaks WebSocket: connect with Upgrade: websocket.'));
      res.writeHead(426, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Upgrade: 'websocket' });
      res.end(body);
    },
    refuse,
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
