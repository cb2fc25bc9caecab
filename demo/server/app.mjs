// The demo server: static pages, the registry, the Omni-IR endpoints (generate over SSE, over a WebSocket and
// as an AG-UI run; mutate; live) on node:http, and the OUI demo's agent on Socket.IO, bound to the loopback
// address. `startServer` is what demo/server.mjs and the tests call.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { sendError, sendJson } from './http.mjs';
import { createSessions } from './sessions.mjs';
import { createRateLimiter, clientAddress, parseTrustedProxies } from './rateLimit.mjs';
import { createIdempotencyStore } from './idempotency.mjs';
import { createOrders } from './orders.mjs';
import { createLiveFeeds } from './live.mjs';
import { createHandlers } from './tools.mjs';
import { tools as registryTools, registryJson } from './registry.mjs';
import { createGenerateRoute } from './generate.mjs';
import { createMutateRoute } from './mutate.mjs';
import { createLiveRoute } from './liveRoute.mjs';
import { createWebSocketRoute } from './websocketRoute.mjs';
import { createAgUiRoute } from './aguiRoute.mjs';
import { createAxChatRoutes } from './axChat.mjs';
import { chatFromEnv } from '../providers/chat.mjs';
import { createStatic } from './static.mjs';
import { scriptedModel } from './model/index.mjs';
import { createUpdateChecker, loadBuiltEngine } from './check.mjs';
import { loadEngine } from '../../bin/loadEngine.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const demoDir = join(here, '..');
// The script-tag build (cdn/agentic-elements.js and its lazy chunks): a page with no bundler loads it as is.
const cdnDir = join(here, '..', '..', 'cdn');
// The docs site (`npm run docs`), served at /docs/.
const docsDir = join(here, '..', '..', 'docs-site');

/**
 * Starts the demo server. Options (all optional):
 * - port (0: any free port), host (default 127.0.0.1)
 * - fast: no pauses between chunks, quick delivery steps and ticks (for tests, or DEMO_FAST=1)
 * - pingIntervalMs (15 s), pace {min, max} ms between chunks, chunk {min, max} characters
 * - wsRequestTimeoutMs (10 s): how long a WebSocket may stay open without sending its generate request
 * - rateLimit {generate, mutate, live, windowMs}: requests per window per person or address (generate counts the
 *   screens asked for over SSE, the WebSocket and AG-UI together)
 * - orderStepMs, dashboardTickMs, liveLogSize, liveIdleMs: the live feeds' timing
 * - handlers: tool handlers replacing or adding to the demo's (tests use it for a failing tool)
 * - tools: the tool registry (default: the demo's), model: the model (default: the scripted one)
 * - axModel: the chat model behind the axstream demo's /api/ax/chat (default: chatFromEnv, so a key in the
 *   environment; null: none, and the page plays its recording)
 * - trustProxy: comma-separated proxy addresses (default: OMNI_TRUST_PROXY)
 * - checkUpdate(screen, text) → boolean: checks a live update before it is sent (default: against the server's
 *   own copy of the screen, with `engine` or the built dist/engine/omni-ir.js when there is one; null: no check)
 * - modelCheck {verified(), retryAfter()}: while not verified, generate answers 503 model_unverified ([10.23])
 * - log: a function for one-line logs (default: none when fast, else console.log)
 * - oui: the agent of demo/oui.html on Socket.IO (/socket.io), `false` for none, or its options: `model` (the tool
 *   loop's model; default the environment's, null for the scripted agent only), `stepMs`, `fetch`
 * - cutResponse(pathname, req) → number | undefined: a test hook; when it returns N, that response's connection
 *   is broken after N bytes of its body (no terminal event, no closing chunk), as a dropped network would
 * Resolves with {url, port, close()}.
 */
export async function startServer(options = {}) {
  const fast = options.fast ?? process.env.DEMO_FAST === '1';
  const log = options.log ?? (fast ? () => {} : (line) => console.log(line));
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const pace = options.pace !== undefined ? options.pace : fast ? null : { min: 20, max: 60 };
  const chunk = options.chunk ?? { min: 3, max: 40 };
  const limits = { generate: 20, mutate: 30, live: 120, windowMs: 60_000, ...options.rateLimit };
  const trusted = parseTrustedProxies(options.trustProxy ?? process.env.OMNI_TRUST_PROXY);
  const tools = options.tools ?? registryTools;

  const orders = createOrders({ stepMs: options.orderStepMs ?? (fast ? 150 : 8000) });
  // Each person has their own order 1042 from the start, so it can be returned before it was ever shown.
  const sessions = createSessions({ onCreate: (s) => orders.ensure(s.id), onDrop: (id) => orders.forget(id) });
  const live = createLiveFeeds({
    orders,
    dashboardTickMs: options.dashboardTickMs ?? (fast ? 150 : 5000),
    logSize: options.liveLogSize ?? 100,
    idleMs: options.liveIdleMs ?? 60 * 60 * 1000,
    check: options.checkUpdate !== undefined ? options.checkUpdate : await defaultChecker(options.engine, log),
    ...(options.liveMinGapMs !== undefined ? { minGapMs: options.liveMinGapMs } : {}),
    log,
  });
  const idempotency = createIdempotencyStore();
  const handlers = { ...createHandlers({ orders }), ...options.handlers };
  const who = (req, person) => (person ? `s:${person.id}` : `ip:${clientAddress(req, trusted)}`);
  const origins = new Set(options.origins ?? []);
  const allowedOrigin = (origin) => origins.has(origin);

  // The same screens, the same checks and one budget per person, whichever transport asks.
  const screens = {
    model: options.model ?? scriptedModel,
    live,
    orders,
    sessions,
    limiter: createRateLimiter({ limit: limits.generate, windowMs: limits.windowMs }),
    who,
    pingIntervalMs,
    pace,
    chunk,
    log,
    modelCheck: options.modelCheck ?? null,
  };
  const webSocket = createWebSocketRoute({
    ...screens,
    allowedOrigin,
    ...(options.wsRequestTimeoutMs !== undefined ? { requestTimeoutMs: options.wsRequestTimeoutMs } : {}),
  });
  const routes = {
    '/api/generate': createGenerateRoute(screens),
    '/api/ws': (req, res) => webSocket.refuseHttp(res),
    '/api/agui': createAgUiRoute(screens),
    '/api/mutate': createMutateRoute({
      tools,
      handlers,
      sessions,
      idempotency,
      limiter: createRateLimiter({ limit: limits.mutate, windowMs: limits.windowMs }),
      allowedOrigin,
      who,
      log,
    }),
    '/api/live': createLiveRoute({
      live,
      sessions,
      limiter: createRateLimiter({ limit: limits.live, windowMs: limits.windowMs }),
      who,
      pingIntervalMs,
    }),
    ...createAxChatRoutes({
      model: options.axModel !== undefined ? options.axModel : chatFromEnv(process.env),
      sessions,
      limiter: createRateLimiter({ limit: limits.axChat ?? 30, windowMs: limits.windowMs }),
      allowedOrigin,
      who,
      log,
    }),
    '/api/registry': (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'invalid_request', 'Use GET.', { headers: { Allow: 'GET' } });
      sendJson(res, 200, registryJson());
    },
  };
  const staticRoute = createStatic({
    demoDir,
    cdnDir,
    docsDir,
    // A page load starts a session when there is none: the demo's stand-in for signing in.
    onPage(req) {
      if (sessions.fromRequest(req)) return {};
      return { 'Set-Cookie': sessions.cookieHeader(sessions.create()) };
    },
  });

  const server = createServer(async (req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendError(res, 400, 'invalid_request', 'Bad URL.');
    }
    const cut = options.cutResponse?.(url.pathname, req);
    if (typeof cut === 'number' && cut >= 0) cutAfter(res, cut);
    try {
      const route = routes[url.pathname];
      if (route) return await route(req, res, url);
      if (url.pathname.startsWith('/api/')) return sendError(res, 404, 'not_found', 'No such endpoint.');
      return await staticRoute(req, res, url);
    } catch (error) {
      log(`error: ${error?.stack ?? error}`);
      if (!res.headersSent) sendError(res, 500, 'server_error', 'Something went wrong.');
      else res.destroy();
    }
  });
  // [10.16]: the WebSocket endpoint; any other upgrade but Socket.IO's is refused (the rest speaks plain HTTP).
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    let pathname = null;
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      // A malformed URL is refused below like an unknown one.
    }
    if (pathname === '/api/ws') return webSocket.upgrade(req, socket, head);
    // Socket.IO (the OUI demo's agent) listens for its own upgrades on this server and answers them itself.
    if (oui && pathname?.startsWith('/socket.io/')) return;
    webSocket.refuse(socket, 404, 'Not Found', 'not_found', 'No WebSocket endpoint here.');
  });
  server.requestTimeout = 0; // streams and live feeds stay open as long as they need
  server.headersTimeout = 30_000;

  // The OUI demo's agent shares the port: Socket.IO answers under /socket.io, before the routes above.
  const oui =
    options.oui === false
      ? null
      : (await import('../oui/pageAgent.mjs')).attachPageAgent(server, {
          engine: options.engine ?? (await loadEngine()),
          allowedOrigin,
          stepMs: fast ? 50 : 700,
          log,
          ...(typeof options.oui === 'object' ? options.oui : {}),
        });

  const host = options.host ?? '127.0.0.1';
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, resolveListen);
  });
  const port = server.address().port;
  for (const name of ['127.0.0.1', 'localhost']) origins.add(`http://${name}:${port}`);
  if (process.env.DEMO_ORIGIN) origins.add(process.env.DEMO_ORIGIN);
  const url = `http://${host}:${port}`;

  return {
    url,
    port,
    /** For tests: the live feeds and orders, to look inside. */
    internals: { live, orders, sessions, idempotency },
    close() {
      oui?.close();
      live.close();
      orders.close();
      webSocket.close();
      server.closeAllConnections?.();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/**
 * Breaks the response's connection once `limit` bytes of its body were written: what came before is flushed,
 * everything after is dropped, and the socket closes without the chunked body's end, so the client's read fails
 * mid-stream exactly as it does when a network drops ([10.9]).
 */
function cutAfter(res, limit) {
  let sent = 0;
  let cut = false;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const breakNow = () => {
    cut = true;
    // Let what was written reach the client and be read first (a browser drops bytes it hasn't read yet when the
    // connection fails), then close without the last chunk. The socket is looked up then: a response that waited
    // behind the previous one on a kept-alive connection gets its socket only when that one finished.
    setTimeout(() => {
      res.socket?.end();
      setTimeout(() => res.destroy(), 50).unref?.();
    }, 200).unref?.();
  };
  res.write = (chunk, encoding, callback) => {
    if (cut) return true;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
    if (sent + bytes.length < limit) {
      sent += bytes.length;
      return write(bytes, typeof encoding === 'function' ? encoding : callback);
    }
    if (limit > sent) write(bytes.subarray(0, limit - sent));
    sent = limit;
    breakNow();
    return true;
  };
  res.end = (chunk, encoding, callback) => {
    if (!cut && chunk !== undefined && typeof chunk !== 'function') res.write(chunk, encoding);
    if (cut) return res;
    return end(typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback);
  };
}

async function defaultChecker(engine, log) {
  const found = engine ?? (await loadBuiltEngine());
  return found ? createUpdateChecker(found, log) : null;
}
