// An example MCP server that gives a model the OUI surfaces of a page as tools. The page connects to this
// process over Socket.IO (its end: createWebSocketTransport(io(url)) and a surface runtime per surface); the
// MCP client (Claude, an editor, any MCP host) lists the page's actions as tools, calls them, and reads the
// page's observations as a resource. Tools change as the page's surfaces come and go, and the client is told.
//
//   node demo/oui/mcpServer.mjs                      MCP over stdio; pages connect to 127.0.0.1:3335
//   node demo/oui/mcpServer.mjs --http [port]        MCP over Streamable HTTP on 127.0.0.1 (default 3333), /mcp
//   options: --pages <port>                          the Socket.IO port pages connect to (default 3335)
//            --page-origin <origin>                  a browser origin allowed to connect (repeatable)
//
// One page drives the server at a time: a page that connects replaces the one before (a reload is a new
// connection), and calls still waiting are answered by the new connection if its buffer brings their results.
// Both ports listen on 127.0.0.1 only. A browser page must be served from an origin named with --page-origin;
// a client without an Origin header (Node, a test) is let in. A real deployment authenticates pages and MCP
// sessions before anything runs.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Server as SocketServer } from 'socket.io';
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
const SERVER_INFO = { name: 'agentic-elements-oui', version: '0.1.0' };

/** A tool call's result as MCP content: the data (or the error) as text, the whole OUI result as structured content. */
export function toolResult(result) {
  const shown = result.success ? (result.data ?? null) : result.error;
  return {
    content: [{ type: 'text', text: JSON.stringify(shown) ?? 'null' }],
    structuredContent: result,
    isError: !result.success,
  };
}

/**
 * The app behind every MCP connection: one OUI agent for the page, shared. Each MCP connection gets its own SDK
 * Server (`newServer()`); `acceptPage(socket)` gives the agent a page's Socket.IO socket.
 *
 * Options: `engine` (default: loaded like every Node script of the project), `namespace` (default `oui`),
 * `timeoutMs` (how long a call waits for its next result, default 30 000), `log` (stderr by default: stdout
 * belongs to stdio).
 */
export async function createOuiMcpApp(options = {}) {
  const engine = options.engine ?? (await loadEngine()).engine;
  const namespace = options.namespace ?? 'oui';
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const agent = engine.createOUIAgent(null, { timeoutMs: options.timeoutMs ?? 30_000 });
  agent.onIssue((issue) => log(`oui agent: ${issue.code}: ${issue.message}`));
  let transport = null;

  function acceptPage(socket) {
    transport?.close();
    transport = engine.createWebSocketTransport(socket, { namespace });
    transport.onIssue((issue) => log(`oui page: ${issue.code}: ${issue.message}`));
    agent.attach(transport);
    log('oui: a page connected');
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
      return toolResult(await agent.call(name, args ?? {}, { onInterim }));
    });

    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: [{ uri: OBSERVATIONS_URI, name: 'What the page shows', description: 'The latest observations of every surface on the page', mimeType: 'text/plain' }],
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      if (request.params.uri !== OBSERVATIONS_URI) throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${request.params.uri}`);
      return { contents: [{ uri: OBSERVATIONS_URI, mimeType: 'text/plain', text: agent.contextText({ maxChars: 8000 }) || 'No surface is registered.' }] };
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
    close() {
      agent.dispose();
      transport?.close();
    },
  };
}

/**
 * Listens for pages on 127.0.0.1: a Socket.IO server whose connections go to `app.acceptPage`. Requests with an
 * Origin header are let in only from `origins`. Resolves with `{http, io, url}` once it listens.
 */
export async function servePages(app, { port = 3335, host = '127.0.0.1', origins = [], log = (l) => process.stderr.write(`${l}\n`) } = {}) {
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
  io.on('connection', (socket) => app.acceptPage(socket));
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
  await servePages(app, { port: Number.isInteger(pagesPort) && pagesPort >= 0 ? pagesPort : 3335, origins });
  if (args.includes('--http')) {
    const port = Number(valueAfter('--http') ?? 3333);
    await serveHttp(app, { port: Number.isInteger(port) && port >= 0 ? port : 3333 });
  } else {
    await serveStdio(app);
  }
}
