// <oui-surface> end to end over real Socket.IO on loopback: a page in headless Chromium (the element and
// socket.io-client bundled by esbuild here) connects to a Node Socket.IO server where an OUI agent runs. The
// agent sees the surface register, reads observations, dispatches, waits while the person confirms (Playwright
// clicks Confirm), follows an async action to completion, and keeps a call waiting while the page is
// disconnected: what the page did meanwhile is buffered and flushed when it reconnects.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Server as SocketServer } from 'socket.io';
import { chromium } from 'playwright';
import { createOUIAgent, createWebSocketTransport } from '../../src/oui/index.ts';
import { CHROME } from './helpers.mjs';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Todos</title>
<script type="module" src="/page.js"></script></head>
<body><main><h1>Todos</h1><oui-surface><ul id="list"></ul></oui-surface></main></body></html>`;

let http;
let io;
let browser;
let page;
let url;
const agent = createOUIAgent(null, { timeoutMs: 10_000 });
const connections = [];
const pageErrors = [];

async function until(ready, what, ms = 8000) {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

before(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./oui/page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  http = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'; style-src 'self'" });
      return res.end(PAGE);
    }
    if (req.url === '/page.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return res.end(script);
    }
    // The browser asks for a favicon on its own; a 404 would be a console error.
    res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
  });
  io = new SocketServer(http, { serveClient: false });
  io.on('connection', (socket) => {
    // One transport per connection: the agent keeps its calls waiting across a reconnection.
    const transport = createWebSocketTransport(socket);
    connections.push({ socket, transport });
    agent.attach(transport);
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${http.address().port}/`;
  browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  await page.goto(url);
});

after(async () => {
  agent.dispose();
  await browser?.close();
  io?.close();
  await new Promise((r) => (http ? http.close(() => r()) : r()));
});

describe('<oui-surface> over Socket.IO', { timeout: 60_000 }, () => {
  it('registers with the agent, which lists its actions as tools and reads its observations', async () => {
    await until(() => agent.surface('todo-list'), 'the registration');
    assert.deepEqual(agent.anthropicTools().map((t) => t.name), ['add_item', 'clear_all', 'export_all', 'mark', 'dump']);
    await until(() => agent.observations('todo-list').has('titles'), 'the first observation');
    assert.deepEqual(agent.observations('todo-list').get('titles'), []);
  });

  it('dispatches an action: the page runs it, answers, and its observation follows', async () => {
    const result = await agent.call('add_item', { title: 'Milk' });
    assert.equal(result.success, true, JSON.stringify(result));
    assert.deepEqual(result.data, { count: 1 });
    assert.equal(typeof result.durationMs, 'number');
    await until(() => agent.observations('todo-list').get('titles')?.length === 1, 'the new titles');
    assert.deepEqual(agent.observations('todo-list').get('titles'), ['Milk']);
    assert.equal(await page.locator('#list li').textContent(), 'Milk');
    const invalid = await agent.call('add_item', { title: '' });
    assert.equal(invalid.error?.code, 'INVALID_PARAMS');
  });

  it('answers after the view drew what the action changed: the agent reads the new value as soon as it has the result (5 of 5)', async () => {
    for (let i = 1; i <= 5; i++) {
      const result = await agent.call('mark', {});
      assert.equal(result.success, true, JSON.stringify(result));
      assert.equal(agent.observations('todo-list').get('marks'), i, `call ${i}`);
    }
  });

  it('an answer of 1.2 MB ran: the agent hears at once it succeeded, its data dropped and why, and the socket stays up', async () => {
    const result = await agent.call('dump', {}, { timeoutMs: 4000 });
    assert.equal(result.success, true, JSON.stringify(result.error));
    assert.equal(result.data, undefined);
    assert.deepEqual(result.dropped?.fields, ['data']);
    assert.match(result.dropped.reason, /1000000/);
    assert.equal(await page.evaluate(() => window.__oui.connected()), true);
  });

  it('waits for the person to confirm: Playwright clicks Confirm in the shared dialog', async () => {
    const call = agent.call('clear_all');
    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /The assistant asks to do this: Remove every todo/);
    assert.match(await page.locator('oui-surface [part="activity-text"]').textContent(), /Waiting for your confirmation: Remove every todo/);
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const result = await call;
    assert.deepEqual(result.data, { cleared: true });
    assert.equal(await page.locator('#list li').count(), 0);
  });

  it('follows an async action by polling to completion, with interim progress', async () => {
    const progress = [];
    const result = await agent.call('export_all', {}, { onInterim: (r) => progress.push(r.progress) });
    assert.equal(result.success, true);
    assert.equal(result.progress, 100);
    assert.deepEqual(result.data, { url: '/exports/export-1.csv', rows: 0 });
    assert.deepEqual(progress, [0, 25, 50, 75]);
  });

  it('disconnects mid-action: the page buffers the result and what changed, and flushes them when it reconnects', async () => {
    await page.evaluate(() => window.__oui.hold());
    const call = agent.call('add_item', { title: 'Bread' });
    await page.locator('oui-surface [part="activity-text"]').filter({ hasText: 'Assistant: Add a todo' }).waitFor();
    const before = connections.length;
    await page.evaluate(() => window.__oui.disconnect());
    await until(() => agent.surfaces().length === 0, 'the agent to forget the surface');
    // While cut off, the action finishes and the person adds a todo by hand: both wait in the page's buffer.
    await page.evaluate(() => window.__oui.release());
    await until(() => page.evaluate(() => document.querySelectorAll('#list li').length === 1), 'the action to finish');
    await page.evaluate(() => window.__oui.add('Typed by hand'));
    await until(() => page.evaluate(() => document.querySelectorAll('#list li').length === 2), 'the page to add both');
    assert.equal(await page.evaluate(() => window.__oui.connected()), false);
    await page.evaluate(() => window.__oui.connect());
    const result = await call;
    assert.equal(result.success, true, JSON.stringify(result));
    assert.deepEqual(result.data, { count: 1 });
    assert.equal(connections.length, before + 1, 'a new connection');
    await until(() => agent.surface('todo-list'), 'the registration again');
    await until(() => agent.observations('todo-list').get('titles')?.length === 2, 'the current titles');
    assert.deepEqual(agent.observations('todo-list').get('titles'), ['Bread', 'Typed by hand']);
    assert.deepEqual(pageErrors, []);
  });
});
