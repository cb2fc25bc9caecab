// An example MCP server that gives a model the OUI surfaces of a page as tools. The page connects to this
// process over Socket.IO (its end: createWebSocketTransport(io(url)) and a surface runtime per surface); the
// MCP client (Claude, an editor, any MCP host) lists the page's actions as tools, calls them, and reads the
// page's observations as a resource. Tools change as the page's surfaces come and go, and the client is told.
//
//   node demo/oui/mcpServer.mjs                      MCP over stdio; pages connect to 127.0.0.1:3335
//   node demo/oui/mcpServer.mjs --http [port]        MCP over Streamable HTTP on 127.0.0.1 (default 3333), /mcp
//   options: --pages <port>                          the Socket.IO port pages connect to (default 3335)
//            --page-origin <origin>                  a browser origin allowed to connect (repeatable)
//            --page-token <token>                    the token pages must present (default: $OUI_PAGE_TOKEN,
//                                                    else a random one, printed to stderr at start)
//            --agent-token <token>                   with --http: the token MCP clients must send as
//                                                    `Authorization: Bearer <token>` (default: $OUI_AGENT_TOKEN,
//                                                    else a random one, printed to stderr at start)
//
// Pages are told apart by the id they send (demo/oui/mcpPage.mjs: one per tab, kept across reloads; a reload
// that connects before its old document's leave arrives says so, and takes the page over). The newest
// page is the active one, whose surfaces are the tools; the page it replaced is told, stays connected, and is
// active again when the newer one leaves. A page leaves on pagehide (it says so and disconnects); one whose
// connection broke without a word is reconnecting for `pageGraceMs`, then gone. A call to a surface of a page
// that is gone answers that it is gone. The resource oui://pages lists the pages. Both ports listen on
// 127.0.0.1 only.
//
// Why a page must present a token: the page's registrations become the tools the MCP host shows its model,
// descriptions included. Listening on 127.0.0.1 keeps other machines out, not other programs on this one, and
// the Origin check only binds browsers: any local process (no Origin header) could otherwise connect, register a
// "page" and rewrite what the model reads, or push the real page out. So every page connection must pass the
// transport's `authorize` hook, here a token in the Socket.IO handshake (`io(url, { auth: { token } })`),
// compared in constant time; until it does nothing it sends is heard, and the page it would replace stays.
//
// The agent side is the other half of the same boundary: whoever speaks MCP to this process lists the page's
// tools and runs actions in the person's page. Over HTTP (a port any local program can reach) every request must
// carry the agent token (`Authorization: Bearer <token>`) or pass an `authorize(req)` hook of your own
// (serveAgentHttp refuses to start without one); a real deployment would use MCP's OAuth there. Over stdio there
// is no token: the trust boundary is the process itself. Only the program that started it (the MCP host, run by
// the person, from its config) holds its stdin and stdout, so whoever can start it or edit that config, i.e. the
// person's own account, is trusted as the agent side; keep the host's config and this script writable by that
// account only.
import { createServer } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Server as SocketServer } from 'socket.io';
import { Validator } from '@cfworker/json-schema';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { loadEngine } from '../mcp/engine.mjs';
import { serveHttp, serveStdio } from '../mcp/server.mjs';

export const OBSERVATIONS_URI = 'oui://page/observations';
export const PAGES_URI = 'oui://pages';
const SERVER_INFO = { name: 'agentic-elements-oui', version: '0.1.0' };

/**
 * A tool call's result as MCP content: the data (or the error) as text, the whole OUI result as structured content.
 * With `outputSchema` (the tool's listing declared one), data that breaks it stays in the text only and a note
 * says so: a client checks structured content against the schema and would throw, and the model, told nothing,
 * would run again an action that already ran.
 */
export function toolResult(result, outputSchema) {
  const shown = result.success ? (result.data ?? null) : result.error;
  let structured = result;
  if (outputSchema && !new Validator(outputSchema, '2020-12', false).validate(result).valid) {
    const { data: _dropped, ...rest } = result;
    structured = { ...rest, note: 'The page answered data that does not match the declared output; it is in the text content.' };
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(shown) ?? 'null' }],
    structuredContent: structured,
    isError: !result.success,
  };
}

/**
 * The app behind every MCP connection: one OUI agent for the page, shared. Each MCP connection gets its own SDK
 * Server (`newServer()`); `acceptPage(socket)` gives the agent a page's Socket.IO socket.
 *
 * Options: `engine` (default: loaded like every Node script of the project), `namespace` (default `oui`),
 * `timeoutMs` (how long a call waits for its next result, default 30 000), `pageGraceMs` (how long a page whose
 * connection broke may come back as itself, default 15 000), `log` (stderr by default: stdout belongs to stdio).
 * `pages()` lists the pages connected.
 */
export async function createOuiMcpApp(options = {}) {
  const engine = options.engine ?? (await loadEngine()).engine;
  const namespace = options.namespace ?? 'oui';
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const pageGraceMs = options.pageGraceMs ?? 15_000;
  const agent = engine.createOUIAgent(null, { timeoutMs: options.timeoutMs ?? 30_000 });
  agent.onIssue((issue) => log(`oui agent: ${issue.code}: ${issue.message}`));
  // Every page (tab) connected, by its id; the active one's surfaces are the tools.
  const pages = new Map();
  let active = null;
  let turn = 0;

  /**
   * The page `socket` says it is (demo/oui/mcpPage.mjs sends a per-tab id), or one of its own; `load` names the
   * document (the same on its socket's reconnections), `resume` says the tab's document before it left.
   */
  const identify = (socket) => {
    const auth = socket.handshake?.auth ?? {};
    const word = /^[A-Za-z0-9_-]{1,64}$/;
    const id = typeof auth.page === 'string' && word.test(auth.page) ? auth.page : `socket-${socket.id}`;
    const title = typeof auth.title === 'string' ? auth.title.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 120) : '';
    const load = typeof auth.load === 'string' && word.test(auth.load) ? auth.load : null;
    return { id, title, load, resume: auth.resume === true };
  };

  /** Makes `page` the one the agent listens to; `previous` says why the one before stops being it. */
  const activate = (page, previous) => {
    const before = active;
    if (before && before !== page) before.socket.emit(`${namespace}:page:replaced`, { by: page.id });
    active = page;
    page.turn = ++turn;
    agent.attach(page.transport, previous ? { previous } : {});
    page.socket.emit(`${namespace}:page:active`, { page: page.id });
    log(`oui: page ${page.id} is the active page`);
  };

  /** The page left for good (pagehide, a deliberate disconnect, or no reconnection within the grace). */
  const leave = (page) => {
    if (pages.get(page.id) !== page) return;
    pages.delete(page.id);
    clearTimeout(page.timer);
    page.transport.close();
    page.socket.disconnect(true);
    log(`oui: page ${page.id} left`);
    if (active !== page) return;
    active = null;
    // The page used most lately among those still connected takes over; with none, the agent has no page.
    const next = [...pages.values()].filter((p) => p.socket.connected).sort((x, y) => y.turn - x.turn)[0];
    if (next) activate(next, 'closed');
    else agent.detach('closed');
  };

  const arrive = (socket, transport) => {
    let { id, title, load, resume } = identify(socket);
    const held = pages.get(id);
    // The id of a page still connected: a duplicated tab (its sessionStorage was copied), a page of its own;
    // unless it is that page's next document (a reload that came before the old one's leave) or the same
    // document on a new socket (the old one not yet known to be dead): then it takes the page over.
    if (held?.socket.connected && !resume && !(load && held.load === load)) {
      id = `page-${randomBytes(12).toString('hex')}`;
      socket.emit(`${namespace}:page:id`, { page: id });
    }
    const same = pages.get(id);
    // The same page again (a reload, a reconnection): the new connection is it.
    if (same) {
      clearTimeout(same.timer);
      pages.delete(id);
      if (same.socket !== socket) {
        same.transport.close();
        same.socket.disconnect(true);
      }
    }
    const page = { id, title, load, socket, transport, turn: 0, timer: undefined };
    pages.set(id, page);
    socket.on(`${namespace}:page:leave`, () => leave(page));
    socket.on('disconnect', (reason) => {
      if (pages.get(id) !== page) return;
      // The page closed its socket itself: it left. Else it may come back (same id) within the grace.
      if (reason === 'client namespace disconnect') return leave(page);
      page.timer = setTimeout(() => leave(page), pageGraceMs);
    });
    activate(page, same && active === same ? undefined : 'replaced');
  };

  /**
   * A page's socket: heard once `authorize(socket)` says yes (see servePages); only then does it become the
   * active page. A socket refused is closed, and changes nothing.
   */
  function acceptPage(socket, { authorize } = {}) {
    const next = engine.createWebSocketTransport(socket, { namespace, ...(authorize ? { authorize } : {}) });
    next.onIssue((issue) => log(`oui page: ${issue.code}: ${issue.message}`));
    if (next.connected) arrive(socket, next);
    else {
      const stop = next.onConnectionChange((up) => {
        if (!up) return;
        stop();
        arrive(socket, next);
      });
    }
  }

  /** Which pages exist, for the agent. */
  function pagesText() {
    if (pages.size === 0) return 'Pages: none connected.';
    const lines = [`Pages: ${pages.size} connected (a page is a browser tab; only the active page's surfaces are tools).`];
    for (const p of pages.values()) {
      const state = p === active ? 'active' : p.socket.connected ? 'waiting (a newer page took its place; it becomes active again when that one leaves)' : 'reconnecting';
      lines.push(`- ${p.id} ${JSON.stringify(p.title)}: ${state}`);
    }
    return lines.join('\n');
  }

  function newServer() {
    const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true }, resources: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: agent.mcpTools() }));

    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { name, arguments: args } = request.params;
      const token = request.params._meta?.progressToken;
      let last = -1;
      const onInterim = (interim) => {
        // MCP progress must grow; interim results without a new percentage say nothing new.
        if (token === undefined || typeof interim.progress !== 'number' || interim.progress <= last) return;
        last = interim.progress;
        extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: interim.progress, total: 100 } }).catch(() => {});
      };
      const result = await agent.call(name, args ?? {}, { onInterim });
      const output = agent.tools().find((t) => t.surfaceId === result.surfaceId && t.actionId === result.actionId)?.action.output;
      return toolResult(result, output && agent.answers(result.surfaceId) ? engine.ouiResultSchema(output) : undefined);
    });

    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: [
        { uri: OBSERVATIONS_URI, name: 'What the page shows', description: 'The pages connected, then the latest observations of every surface on the active page', mimeType: 'text/plain' },
        { uri: PAGES_URI, name: 'Pages', description: 'The pages (browser tabs) connected, and which one is active', mimeType: 'text/plain' },
      ],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const uri = request.params.uri;
      if (uri === PAGES_URI) return { contents: [{ uri, mimeType: 'text/plain', text: pagesText() }] };
      if (uri !== OBSERVATIONS_URI) throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}`);
      return { contents: [{ uri, mimeType: 'text/plain', text: `${pagesText()}\n\n${agent.contextText({ maxChars: 8000 }) || 'No surface is registered.'}` }] };
    });

    // The client is told when the tools change; the listener goes when the connection does.
    const stop = agent.onChange(() => {
      server.sendToolListChanged().catch(() => {});
    });
    const closed = server.onclose;
    server.onclose = () => {
      stop();
      closed?.();
    };
    return server;
  }

  return {
    agent,
    acceptPage,
    newServer,
    pages: () => [...pages.values()].map((p) => ({ id: p.id, title: p.title, active: p === active, connected: p.socket.connected })),
    close() {
      agent.dispose();
      for (const p of pages.values()) {
        clearTimeout(p.timer);
        p.transport.close();
      }
      pages.clear();
    },
  };
}

/** Whether `given` is `token`, compared in constant time. */
function sameToken(want, given) {
  if (typeof given !== 'string') return false;
  const have = Buffer.from(given);
  return have.length === want.length && timingSafeEqual(have, want);
}

function tokenBytes(token, who) {
  if (typeof token !== 'string' || token.length < 16) throw new TypeError(`A ${who} token must be a string of at least 16 characters`);
  return Buffer.from(token);
}

/** An authorize hook for page sockets: the handshake's `auth.token` must equal `token` (compared in constant time). */
export function tokenAuthorizer(token) {
  const want = tokenBytes(token, 'page');
  return (socket) => sameToken(want, socket?.handshake?.auth?.token);
}

/** An authorize hook for the agent side over HTTP: `Authorization: Bearer <token>` (compared in constant time). */
export function bearerAuthorizer(token) {
  const want = tokenBytes(token, 'agent');
  return (req) => {
    const header = req?.headers?.authorization;
    const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/.exec(header.trim()) : null;
    return sameToken(want, match?.[1]);
  };
}

/**
 * Serves the agent side (MCP over Streamable HTTP) on 127.0.0.1, at /mcp. Required, as for pages: `token` (the
 * MCP client sends `Authorization: Bearer <token>`) or an `authorize(req)` hook of your own; without either it
 * throws, because any program on this machine could then list the page's tools and run actions in the person's
 * page. Every request is checked, not only a session's first. Resolves with the node http server.
 */
export async function serveAgentHttp(app, { port = 3333, host = '127.0.0.1', token, authorize, log = (l) => process.stderr.write(`${l}\n`) } = {}) {
  const check = authorize ?? (token !== undefined ? bearerAuthorizer(token) : null);
  if (typeof check !== 'function') {
    throw new TypeError('serveAgentHttp() needs a token or an authorize(req) hook: without one, any program on this machine could list the tools and run actions in the person’s page');
  }
  return serveHttp(app, { port, host, authorize: check, log });
}

/**
 * Listens for pages on 127.0.0.1: a Socket.IO server whose connections go to `app.acceptPage`, each heard only
 * once it is authorized. Required: `token` (pages send it as `io(url, { auth: { token } })`) or an `authorize(socket)`
 * hook of your own; without either it throws, because any local process could then register a page and rewrite
 * the tools the MCP host shows (see the top of this file). Requests with an Origin header are let in only from
 * `origins`. Resolves with `{http, io, url}` once it listens.
 */
export async function servePages(app, { port = 3335, host = '127.0.0.1', origins = [], token, authorize, log = (l) => process.stderr.write(`${l}\n`) } = {}) {
  const check = authorize ?? (token !== undefined ? tokenAuthorizer(token) : null);
  if (typeof check !== 'function') {
    throw new TypeError('servePages() needs a token or an authorize(socket) hook: without one, any program on this machine could register a page and rewrite the tools the MCP host shows');
  }
  const http = createServer();
  const allowed = new Set(origins);
  const io = new SocketServer(http, {
    cors: { origin: [...allowed] },
    // A message is one OUI event; a surface definition is the largest, far under this.
    maxHttpBufferSize: 4 * 1024 * 1024,
    allowRequest: (req, done) => {
      const origin = req.headers.origin;
      done(null, origin === undefined || allowed.has(origin));
    },
  });
  io.on('connection', (socket) => app.acceptPage(socket, { authorize: check }));
  await new Promise((resolve) => http.listen(port, host, resolve));
  const url = `http://${host}:${http.address().port}`;
  log(`OUI pages connect to ${url}`);
  return { http, io, url };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const valueAfter = (flag) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const origins = args.flatMap((a, i) => (a === '--page-origin' && args[i + 1] ? [args[i + 1]] : []));
  const app = await createOuiMcpApp();
  const pagesPort = Number(valueAfter('--pages') ?? 3335);
  const token = valueAfter('--page-token') ?? process.env.OUI_PAGE_TOKEN ?? randomBytes(24).toString('base64url');
  const { url } = await servePages(app, { port: Number.isInteger(pagesPort) && pagesPort >= 0 ? pagesPort : 3335, origins, token });
  // stderr: stdout belongs to the stdio transport.
  process.stderr.write(`Pages connect with io(${JSON.stringify(url)}, { auth: { token: ${JSON.stringify(token)} } })\n`);
  if (args.includes('--http')) {
    const port = Number(valueAfter('--http') ?? 3333);
    const agentToken = valueAfter('--agent-token') ?? process.env.OUI_AGENT_TOKEN ?? randomBytes(24).toString('base64url');
    const http = await serveAgentHttp(app, { port: Number.isInteger(port) && port >= 0 ? port : 3333, token: agentToken });
    process.stderr.write(`MCP clients connect to http://127.0.0.1:${http.address().port}/mcp with the header Authorization: Bearer ${agentToken}\n`);
  } else {
    // Over stdio the agent side is whoever started this process: the MCP host, for the person (see the top).
    await serveStdio(app);
  }
}
