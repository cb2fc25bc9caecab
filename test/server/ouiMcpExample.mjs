// The MCP example (demo/oui/mcpServer.mjs) as the tab tests drive it (ouiMcpTabs, ouiMcpHandover): its page side
// over real Socket.IO and its agent side over HTTP, reached with the MCP SDK's own Client; tabs, each a page
// connection with its own storage and one surface of one action; and a wait that fails with what it waited for.
// The server's parts are exported as live bindings, set by `startExample()`: each test file runs in a process of
// its own, so each has its own example.
import { io as connectTo } from 'socket.io-client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadEngine } from '../../bin/loadEngine.mjs';
import { createOuiMcpApp, servePages, serveAgentHttp } from '../../demo/oui/mcpServer.mjs';
import { connectOuiPage } from '../../demo/oui/mcpPage.mjs';

export let engine;
export let app;
export let pages;
export let mcpHttp;
export let client;
/** What `tab()` opened (and anything else a test adds with a `close()`): `stopExample()` closes it. */
export const open = [];
/** The agent side's credential. */
export let agentToken;
let pageToken;

/** One surface with one action and no params. */
export const surface = (id, actionId) => ({
  id,
  name: id,
  description: `The ${id}`,
  actions: [{ id: actionId, description: `Do ${actionId}`, input: { type: 'object', properties: {} } }],
});

/** Waits until `ready()` (which may be async) holds. */
export async function until(ready, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${ready}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Starts the example with `options` for its app; `name` makes the test's own tokens. */
export async function startExample(name, options = {}) {
  pageToken = `page-token-for-the-${name}-test-0123456789`;
  agentToken = `agent-token-for-the-${name}-test-0123456789`;
  engine = await loadEngine();
  app = await createOuiMcpApp({ engine, log: () => {}, pageGraceMs: 1000, ...options });
  pages = await servePages(app, { port: 0, token: pageToken, log: () => {} });
  mcpHttp = await serveAgentHttp(app, { port: 0, log: () => {}, token: agentToken });
  client = new Client({ name: `oui-${name}-test`, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(agentUrl(), { requestInit: { headers: { Authorization: `Bearer ${agentToken}` } } }));
}

export async function stopExample() {
  for (const t of open) t.close();
  await client?.close();
  app?.close();
  await new Promise((r) => pages.io.close(() => r()));
  await new Promise((r) => mcpHttp.close(() => r()));
}

/** Where the agent side answers MCP. */
export const agentUrl = () => new URL(`http://127.0.0.1:${mcpHttp.address().port}/mcp`);

/** The tools the agent sees now, sorted. */
export const toolNames = async () => (await client.listTools()).tools.map((t) => t.name).sort();

/**
 * A tab: its own storage (a Map, kept as sessionStorage keeps it: one per tab, so a reload is the same page; copy
 * it for a duplicated tab) and window events, a page connection over `io`, and one surface whose action waits for
 * `gate()` when the tab is given one. `started` counts the action's runs.
 */
export function tab(title, surfaceId, actionId, { storage = new Map(), io = connectTo, gate } = {}) {
  const events = new EventTarget();
  const statuses = [];
  const page = connectOuiPage(io, pages.url, {
    token: pageToken,
    title,
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, String(v)), removeItem: (k) => storage.delete(k) },
    events,
    socketOptions: { transports: ['websocket'], reconnection: false },
    onStatus: (s) => statuses.push(s),
  });
  const transport = engine.createWebSocketTransport(page.socket);
  const t = { page, transport, statuses, events, storage, started: 0 };
  const run = async () => {
    t.started++;
    if (gate) await gate();
    return `${title} did ${actionId}`;
  };
  t.runtime = engine.createSurfaceRuntime({ surface: surface(surfaceId, actionId), transport, handlers: { [actionId]: run } });
  t.close = () => (t.runtime.dispose(), transport.close(), page.socket.close());
  open.push(t);
  return t;
}
