// An example MCP server for MCP Apps hosts (Claude, ChatGPT, code editors): the host's own model writes a screen
// as show_screen's argument, and the view (ui://agentic-elements/screen) draws it while it streams
// ([10.25]–[10.28]). The view is the demo's own page (demo/mcp/view.mjs: the package's generic view with the
// demo's registries written in); with --generic-view it is the package's page as shipped, and the registries
// travel in show_screen's listing instead. The demo app's registry tools are offered too, to the view only, and run the same
// handlers as the demo server's mutate endpoint, with the same checks.
//
//   node demo/mcp/server.mjs                   stdio (what a host's config starts)
//   node demo/mcp/server.mjs --http [port]     Streamable HTTP on 127.0.0.1 (default port 3333), path /mcp
//   … --generic-view                           serve dist/mcp-view.html as shipped, registries in the listing
//
// Over stdio, the connection is the person: the host started this process for them. Over HTTP, each MCP
// session is one person, with no sign-in: it listens on 127.0.0.1 only, and refuses other Host and Origin
// headers. A real app would authenticate sessions (MCP's OAuth) before running anything that matters.
import { readFileSync, existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import * as appRegistry from '../server/registry.mjs';
import { createHandlers } from '../server/tools.mjs';
import { createOrders } from '../server/orders.mjs';
import { createIdempotencyStore } from '../server/idempotency.mjs';
import { loadEngine } from './engine.mjs';
import { GENERIC_VIEW_FILE, buildDemoView, viewRegistry } from './view.mjs';
import { createAppTools, refusal } from './appTools.mjs';
import {
  MCP_APP_MIME,
  SCREEN_RESOURCE_URI,
  SCREEN_TOOL,
  checkScreen,
  describeScreenTool,
  screenResult,
  screenToolListing,
} from './screenTool.mjs';

export { MCP_APP_MIME, SCREEN_RESOURCE_URI, SCREEN_TOOL } from './screenTool.mjs';
export { IDEMPOTENCY_META, BUTTON_META } from './appTools.mjs';

export { DEMO_VIEW_FILE as VIEW_FILE, GENERIC_VIEW_FILE } from './view.mjs';
const SERVER_INFO = { name: 'agentic-elements-omni-ir', version: '0.1.0' };

/**
 * The view's page, read on each request so a rebuild is served without a restart: the demo's own page
 * (rebuilt from the generic one when that is newer), or the generic page as shipped.
 */
function readView({ viewFile, generic }) {
  if (!existsSync(GENERIC_VIEW_FILE)) {
    throw new McpError(ErrorCode.InternalError, 'The view is not built: run `npm run build` (it writes dist/mcp-view.html).');
  }
  if (viewFile) return readFileSync(viewFile, 'utf8');
  if (generic) return readFileSync(GENERIC_VIEW_FILE, 'utf8');
  return readFileSync(buildDemoView().out, 'utf8');
}

/**
 * The app behind every connection: engine, registry, tool handlers and the idempotency store, shared. Each
 * connection gets its own SDK Server and its own person (`newServer()`).
 *
 * Options: `engine` (default: loaded from dist/engine*.js or the sources), `registry` (default the demo's),
 * `html` (the view's page; default the demo's own, read on each request), `genericView` (serve the package's
 * dist/mcp-view.html and put the registries in show_screen's listing), `log` (to stderr by default: stdout
 * belongs to the stdio transport).
 */
export async function createMcpApp(options = {}) {
  const engine = options.engine ?? (await loadEngine()).engine;
  const registry = options.registry ?? appRegistry;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const orders = options.orders ?? createOrders();
  const handlers = options.handlers ?? createHandlers({ orders });
  const idempotency = options.idempotency ?? createIdempotencyStore();
  const registries = { tools: Object.keys(registry.tools), assets: Object.keys(registry.assets), pictures: registry.pictures ?? [] };
  const description = describeScreenTool(engine, registry);
  const appTools = createAppTools({ tools: registry.tools, handlers, idempotency, log });
  const html = () => (typeof options.html === 'string' ? options.html : readView({ viewFile: options.viewFile, generic: options.genericView }));
  // For the generic page: the same registries the demo's page carries, in the listing the host hands the view.
  const listingRegistry = options.genericView ? viewRegistry(registry).registry : undefined;

  function newServer(person = { id: randomUUID() }) {
    // The person's own order, so the return screens have something to return.
    orders.ensure?.(person.id);
    const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} } });

    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [screenToolListing(description, listingRegistry), ...appTools.listing()],
    }));

    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args, _meta: meta } = request.params;
      if (name === SCREEN_TOOL) {
        const screen = args?.screen;
        if (typeof screen !== 'string') return refusal('invalid_params', 'show_screen takes one argument, screen: the Omni-IR text.');
        return screenResult(checkScreen(engine, registries, screen));
      }
      if (appTools.has(name)) return appTools.call(name, args, meta, person);
      return refusal('unknown_tool', `There is no tool named ${JSON.stringify(String(name).slice(0, 128))}.`);
    });

    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: [
        {
          uri: SCREEN_RESOURCE_URI,
          name: 'Omni-IR screen',
          description: 'Draws the screen show_screen was called with, while it streams, and runs its governed buttons.',
          mimeType: MCP_APP_MIME,
        },
      ],
    }));

    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      if (request.params.uri !== SCREEN_RESOURCE_URI) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${request.params.uri}`);
      }
      return {
        contents: [
          {
            uri: SCREEN_RESOURCE_URI,
            mimeType: MCP_APP_MIME,
            text: html(),
            // The view loads nothing: no domain needs to be allowed for connections or resources.
            _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
          },
        ],
      };
    });

    return server;
  }

  return { newServer, engine, description, close: () => orders.close?.() };
}

/** Serves MCP over stdio: one connection, one person. */
export async function serveStdio(app) {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = app.newServer();
  await server.connect(new StdioServerTransport());
  return server;
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1, at /mcp: a session per initialize, each with its own Server
 * and person. With `authorize(req)`, every request (not only the first of a session) must be let in by it first:
 * else 401 with `WWW-Authenticate: Bearer`, before any session is looked at. Resolves with the node http server
 * once it listens.
 */
export async function serveHttp(app, { port = 3333, host = '127.0.0.1', authorize, log = (l) => process.stderr.write(`${l}\n`) } = {}) {
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { isInitializeRequest } = await import('@modelcontextprotocol/sdk/types.js');
  const sessions = new Map();
  const http = createHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    try {
      if (authorize && (await authorize(req)) !== true) {
        res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer realm="mcp"' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized: this server needs its token (Authorization: Bearer <token>).' }, id: null }));
        return;
      }
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        let body;
        if (req.method === 'POST') {
          const chunks = [];
          let size = 0;
          for await (const chunk of req) {
            size += chunk.length;
            if (size > 4 * 1024 * 1024) {
              res.writeHead(413).end();
              return;
            }
            chunks.push(chunk);
          }
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
        }
        if (typeof id === 'string' || !isInitializeRequest(body)) {
          res.writeHead(typeof id === 'string' ? 404 : 400, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No such session: initialize first.' }, id: null }));
          return;
        }
        const actual = http.address();
        const origin = `${host}:${actual.port}`;
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.set(sid, transport),
          enableDnsRebindingProtection: true,
          allowedHosts: [origin, `localhost:${actual.port}`],
          allowedOrigins: [`http://${origin}`, `http://localhost:${actual.port}`],
        });
        transport.onclose = () => {
          if (transport.sessionId) sessions.delete(transport.sessionId);
        };
        await app.newServer().connect(transport);
        await transport.handleRequest(req, res, body);
        return;
      }
      await transport.handleRequest(req, res);
    } catch (error) {
      log(`mcp http: ${error?.message ?? error}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error');
    }
  });
  await new Promise((resolve) => http.listen(port, host, resolve));
  log(`MCP server (Streamable HTTP) on http://${host}:${http.address().port}/mcp`);
  return http;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const app = await createMcpApp({ genericView: args.includes('--generic-view') });
  const at = args.indexOf('--http');
  if (at >= 0) {
    const port = Number(args[at + 1] ?? 3333);
    await serveHttp(app, { port: Number.isInteger(port) && port >= 0 ? port : 3333 });
  } else {
    await serveStdio(app);
  }
}
