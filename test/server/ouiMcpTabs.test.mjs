// Tabs and the MCP example (demo/oui/mcpServer.mjs), over real Socket.IO and the MCP SDK's own Client: each page
// (tab) has an identity (demo/oui/mcpPage.mjs keeps it in sessionStorage, so a reload is the same page); the
// newest page's surfaces are the tools, and the page it replaced is told; when the newest leaves (pagehide), the
// one before is reachable again; a closed page's surfaces answer that they are gone; the agent can read which
// pages exist. Then the agent side's credential over HTTP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serveAgentHttp, OBSERVATIONS_URI, PAGES_URI } from '../../demo/oui/mcpServer.mjs';
import { agentToken, agentUrl, app, client, startExample, stopExample, tab, toolNames, until } from './ouiMcpExample.mjs';

before(() => startExample('tabs'));
after(stopExample);

test('a second tab: the first is told it was replaced; when the second leaves, the first is reachable again; the closed one is gone', async () => {
  const a = tab('Tab A', 'todo', 'add_todo');
  await until(async () => (await toolNames()).join() === 'add_todo');
  assert.deepEqual(a.statuses.map((s) => s.state), ['active']);

  const b = tab('Tab B', 'notes', 'add_note');
  await until(async () => (await toolNames()).join() === 'add_note');
  await until(() => a.statuses.at(-1)?.state === 'replaced');
  assert.equal(a.statuses.at(-1).by, b.page.pageId);
  assert.notEqual(a.page.pageId, b.page.pageId);
  const away = await client.callTool({ name: 'add_todo', arguments: {} });
  assert.equal(away.structuredContent.error.code, 'SURFACE_UNAVAILABLE');
  assert.match(away.structuredContent.error.message, /another page/);

  // The agent reads which pages exist.
  const { contents } = await client.readResource({ uri: PAGES_URI });
  assert.match(contents[0].text, new RegExp(`${b.page.pageId} "Tab B": active`));
  assert.match(contents[0].text, new RegExp(`${a.page.pageId} "Tab A": waiting`));
  assert.match((await client.readResource({ uri: OBSERVATIONS_URI })).contents[0].text, /^Pages:/);

  // Tab B goes away (pagehide): it deregisters; Tab A takes over again and is told.
  b.events.dispatchEvent(new Event('pagehide'));
  await until(async () => (await toolNames()).join() === 'add_todo');
  await until(() => a.statuses.at(-1)?.state === 'active');
  const back = await client.callTool({ name: 'add_todo', arguments: {} });
  assert.equal(back.structuredContent.data, 'Tab A did add_todo');
  const gone = await client.callTool({ name: 'add_note', arguments: {} });
  assert.equal(gone.structuredContent.error.code, 'SURFACE_UNAVAILABLE');
  assert.match(gone.structuredContent.error.message, /is gone: the page that held it was closed/);
  assert.doesNotMatch(gone.structuredContent.error.message, /try again shortly/);
  assert.doesNotMatch((await client.readResource({ uri: PAGES_URI })).contents[0].text, /Tab B/);
  a.close();
  await until(async () => (await toolNames()).length === 0);
});

test('a tab whose connection dropped without pagehide: reconnecting for a while, then gone; a reload is the same page', async () => {
  const storage = new Map();
  const c = tab('Tab C', 'cart', 'check_out', { storage });
  await until(async () => (await toolNames()).join() === 'check_out');
  const id = c.page.pageId;
  // The transport under the socket breaks (a crash, a closed laptop): no pagehide came.
  c.page.socket.io.engine.close();
  await until(() => app.pages().some((p) => p.id === id && !p.connected));
  const reconnecting = await client.callTool({ name: 'check_out', arguments: {} });
  assert.equal(reconnecting.structuredContent.error.code, 'DISCONNECTED');
  await until(async () => /is gone/.test((await client.callTool({ name: 'check_out', arguments: {} })).structuredContent.error?.message ?? ''));
  c.close();

  // A reload: the same tab's storage, so the same page id, and no page is told it was replaced.
  const first = tab('Tab D', 'cart', 'check_out', { storage });
  await until(async () => (await toolNames()).join() === 'check_out');
  assert.equal(first.page.pageId, id);
  first.close();
  const reloaded = tab('Tab D', 'cart', 'check_out', { storage });
  await until(async () => (await client.callTool({ name: 'check_out', arguments: {} })).structuredContent.data === 'Tab D did check_out');
  assert.equal(reloaded.page.pageId, id);
  assert.ok(reloaded.statuses.every((s) => s.state === 'active'));
  reloaded.close();
});

test('a duplicated tab (its sessionStorage copied, so the same id) becomes a page of its own; the first stays connected', async () => {
  const storage = new Map();
  const f = tab('Tab F', 'todo', 'add_todo', { storage });
  await until(async () => (await toolNames()).join() === 'add_todo');
  const g = tab('Tab G', 'notes', 'add_note', { storage: new Map(storage) });
  await until(async () => (await toolNames()).join() === 'add_note');
  await until(() => g.page.pageId !== f.page.pageId);
  await until(() => f.statuses.at(-1)?.state === 'replaced');
  assert.equal(f.page.socket.connected, true);
  assert.equal(app.pages().length, 2);
  g.events.dispatchEvent(new Event('pagehide'));
  await until(async () => (await client.callTool({ name: 'add_todo', arguments: {} })).structuredContent.data === 'Tab F did add_todo');
  f.close();
  await until(async () => (await toolNames()).length === 0);
});

test('over HTTP the agent side needs the token too: without it (or with a wrong one) nothing is listed or run', async () => {
  const a = tab('Tab E', 'todo', 'add_todo');
  await until(async () => (await toolNames()).join() === 'add_todo');
  const url = agentUrl();
  for (const headers of [{}, { Authorization: 'Bearer guess' }, { Authorization: `Bearer ${agentToken.slice(0, -1)}x` }, { Authorization: agentToken }]) {
    const intruder = new Client({ name: 'intruder', version: '1.0.0' });
    await assert.rejects(intruder.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } })), /401|Unauthorized|token/i);
    // Not even a session's later requests get through on a guessed session id.
    const raw = await fetch(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'mcp-session-id': 'x' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    assert.equal(raw.status, 401);
    assert.match(raw.headers.get('www-authenticate') ?? '', /^Bearer/);
  }
  a.close();
  await until(async () => (await toolNames()).length === 0);
});

test('the agent side over HTTP refuses to start without a token or an authorize hook; a hook of one’s own decides', async () => {
  await assert.rejects(serveAgentHttp(app, { port: 0, log: () => {} }), /any program on this machine could list the tools/);
  await assert.rejects(serveAgentHttp(app, { port: 0, token: 'short', log: () => {} }), /at least 16 characters/);
  const seen = [];
  const http = await serveAgentHttp(app, { port: 0, log: () => {}, authorize: (req) => (seen.push(req.headers['x-person']), req.headers['x-person'] === 'ann') });
  try {
    const url = new URL(`http://127.0.0.1:${http.address().port}/mcp`);
    const ann = new Client({ name: 'ann', version: '1.0.0' });
    await ann.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-person': 'ann' } } }));
    assert.ok(Array.isArray((await ann.listTools()).tools));
    await ann.close();
    const bob = new Client({ name: 'bob', version: '1.0.0' });
    await assert.rejects(bob.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-person': 'bob' } } })), /401|Unauthorized/i);
    assert.ok(seen.includes('bob'));
  } finally {
    await new Promise((r) => http.close(() => r()));
  }
});
