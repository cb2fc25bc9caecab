// A 0.1.0 agent drives <oui-surface> in headless Chromium over real Socket.IO. The agent here is written from
// oui-spec 0.1.0's declarations alone, on the raw socket, with none of our code: it hears `{ns}:surface:register`
// ({surface, timestamp}), sends `{ns}:dispatch` ({surfaceId, actionId, params, timestamp}: no request id), and
// learns every outcome from `{ns}:observation`, the app's state and each action's `<actionId>:status`. The page
// is the one of ouiSocket.test.mjs (test/e2e/oui/page.ts): the element and socket.io-client bundled by esbuild.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Server as SocketServer } from 'socket.io';
import { chromium } from 'playwright';
import { CHROME } from './helpers.mjs';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Todos</title>
<script type="module" src="/page.js"></script></head>
<body><main><h1>Todos</h1><oui-surface><ul id="list"></ul></oui-surface></main></body></html>`;

let http;
let io;
let browser;
let page;
const pageErrors = [];

/** The 0.1.0 agent: what the declarations give it, on one page socket. */
const agent = {
  socket: null,
  surfaces: new Map(),
  observations: [],
  /** Every event the page emitted, by name: a 0.1.0 agent never listens to the others. */
  heard: [],
  dispatch(surfaceId, actionId, params) {
    this.socket.emit('oui:dispatch', { surfaceId, actionId, params, timestamp: Date.now() });
  },
  /** The status observations of an action, in order. */
  status(actionId) {
    return this.observations.filter((o) => o.observationId === `${actionId}:status`).map((o) => o.value);
  },
  latest(observationId) {
    return this.observations.filter((o) => o.observationId === observationId).at(-1)?.value;
  },
};

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
    res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
  });
  io = new SocketServer(http, { serveClient: false });
  io.on('connection', (socket) => {
    agent.socket = socket;
    socket.onAny((event) => agent.heard.push(event));
    socket.on('oui:surface:register', ({ surface }) => agent.surfaces.set(surface.id, surface));
    socket.on('oui:surface:deregister', ({ surfaceId }) => agent.surfaces.delete(surfaceId));
    socket.on('oui:observation', (update) => agent.observations.push(update));
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  await page.goto(`http://127.0.0.1:${http.address().port}/`);
});

after(async () => {
  await browser?.close();
  io?.close();
  await new Promise((r) => (http ? http.close(() => r()) : r()));
});

describe('a 0.1.0 agent drives <oui-surface> over Socket.IO', { timeout: 60_000 }, () => {
  it('hears the registration as 0.1.0 sends it: the surface, whole', async () => {
    await until(() => agent.surfaces.has('todo-list'), 'the registration');
    assert.deepEqual(agent.surfaces.get('todo-list').actions.map((a) => a.id), ['add_item', 'clear_all', 'export_all', 'mark', 'dump']);
    await until(() => agent.latest('titles') !== undefined, 'the first observation');
  });

  it('dispatches without a request id: the page runs it, the state and the status observation follow', async () => {
    agent.dispatch('todo-list', 'add_item', { title: 'Milk' });
    await until(() => agent.status('add_item').length === 1, 'the status of add_item');
    const [status] = agent.status('add_item');
    assert.equal(status.success, true, JSON.stringify(status));
    assert.deepEqual(status.data, { count: 1 });
    assert.equal(status.requestId, undefined);
    assert.deepEqual(agent.latest('titles'), ['Milk']);
    assert.equal(await page.locator('#list li').textContent(), 'Milk');

    agent.dispatch('todo-list', 'add_item', { title: '' });
    agent.dispatch('todo-list', 'rename_everything', {});
    await until(() => agent.status('add_item').length === 2 && agent.status('rename_everything').length === 1, 'the two refusals');
    assert.equal(agent.status('add_item')[1].error.code, 'INVALID_PARAMS');
    assert.match(agent.status('add_item')[1].error.message, /title/);
    assert.equal(agent.status('rename_everything')[0].error.code, 'ACTION_NOT_FOUND');
  });

  it('an action that needs the person: the status says so while the dialog is open, then the outcome', async () => {
    agent.dispatch('todo-list', 'clear_all', {});
    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor();
    await until(() => agent.status('clear_all').length === 1, 'the status while the person is asked');
    assert.deepEqual([agent.status('clear_all')[0].interim, agent.status('clear_all')[0].waiting], [true, 'confirmation']);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await until(() => agent.status('clear_all').some((s) => s.interim !== true), 'the final status of clear_all');
    assert.deepEqual(agent.status('clear_all').at(-1).data, { cleared: true });
    assert.equal(await page.locator('#list li').count(), 0);
    assert.deepEqual(agent.latest('titles'), []);
  });

  it('follows an async action: interim progress, then the final status', async () => {
    agent.dispatch('todo-list', 'export_all', {});
    await until(() => agent.status('export_all').some((s) => s.interim === false), 'the final status of export_all');
    const statuses = agent.status('export_all');
    assert.deepEqual(statuses.filter((s) => s.interim).map((s) => s.progress), [0, 25, 50, 75]);
    assert.deepEqual(statuses.at(-1).data, { url: '/exports/export-1.csv', rows: 0 });
  });

  it('a dispatch to a surface that is not on the page is answered, not met with silence', async () => {
    agent.dispatch('no-such-surface', 'add_item', { title: 'x' });
    await until(() => agent.observations.some((o) => o.surfaceId === 'no-such-surface'), 'the answer');
    const answer = agent.observations.find((o) => o.surfaceId === 'no-such-surface');
    assert.equal(answer.observationId, 'add_item:status');
    assert.equal(answer.value.error.code, 'SURFACE_NOT_FOUND');
  });

  it('the page used only the events 0.1.0 names toward this agent, and nothing failed', () => {
    const names = new Set(agent.heard);
    assert.deepEqual([...names].filter((n) => !['oui:surface:register', 'oui:surface:deregister', 'oui:observation'].includes(n)), [], 'no result events for dispatches without ids');
    assert.deepEqual(pageErrors, []);
  });
});
