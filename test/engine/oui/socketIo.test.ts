// The Socket.IO transport against the real socket.io server and client on loopback: the page (client) runs a
// surface, the agent runs on the server's side of each connection.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectTo, type Socket as ClientSocket } from 'socket.io-client';
import {
  createOUIAgent,
  createSurfaceRuntime,
  createWebSocketTransport,
  type OUIAgent,
  type OUIIssue,
  type OUIPollStatus,
  type OUIRequestTransport,
} from '../../../src/oui/index.ts';
import { todoSurface } from './helpers.ts';

let http: HttpServer;
let server: Server;
let url: string;
let agent: OUIAgent;
let connections = 0;

/** Waits for a condition over real time (sockets are real here). */
async function until(ready: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

before(async () => {
  http = createServer();
  server = new Server(http);
  agent = createOUIAgent(null, { timeoutMs: 5000 });
  // Each page connection is a new server-side socket: the agent moves to it and keeps waiting calls.
  server.on('connection', (socket) => {
    connections++;
    agent.attach(createWebSocketTransport(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

after(async () => {
  agent.dispose();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('register, observe, dispatch, confirm, poll to completion; disconnect and buffer with a cap, reconnect and flush', async () => {
  const client: ClientSocket = connectTo(url, { transports: ['websocket'], reconnectionDelay: 250, reconnectionDelayMax: 250, randomizationFactor: 0 });
  const transport: OUIRequestTransport = createWebSocketTransport(client, { maxBufferSize: 3 });
  const issues: OUIIssue[] = [];
  transport.onIssue((i) => issues.push(i));
  let release: ((v: unknown) => void) | undefined;
  const confirmed: string[] = [];
  const runtime = createSurfaceRuntime({
    surface: todoSurface(),
    transport,
    confirm: async (request) => {
      confirmed.push(request.actionId);
      return true;
    },
    handlers: {
      add_item: (p) => (p.title === 'slow' ? new Promise((r) => (release = r)) : { id: 1, title: p.title }),
      clear_done: () => ({ removed: 2 }),
      export_all: {
        run: () => ({ jobId: 'j1' }),
        poll: (_d, ctx): OUIPollStatus => (ctx.attempt < 3 ? { done: false, progress: ctx.attempt * 25 } : { done: true, data: { url: 'blob:x' } }),
      },
    },
  });
  try {
    await transport.connect();
    await until(() => agent.surface('todo-list') !== undefined);
    assert.deepEqual(agent.tools().map((t) => t.name), ['add_item', 'clear_done', 'export_all']);

    runtime.setObservation('item_count', 3);
    await until(() => agent.observations('todo-list').get('item_count') === 3);

    assert.deepEqual((await agent.call('add_item', { title: 'Milk' })).data, { id: 1, title: 'Milk' });
    assert.equal((await agent.call('add_item', { title: '' })).error?.code, 'INVALID_PARAMS');
    assert.deepEqual((await agent.call('clear_done', {})).data, { removed: 2 });
    assert.deepEqual(confirmed, ['clear_done']);

    const progress: number[] = [];
    const exported = await agent.call('export_all', { format: 'csv' }, { onInterim: (r) => progress.push(r.progress ?? -1) });
    assert.deepEqual(exported.data, { url: 'blob:x' });
    assert.deepEqual(progress, [0, 25, 50]);

    // A slow action is running when the connection drops; its answer waits in the page's buffer.
    const slow = agent.call('add_item', { title: 'slow' });
    await until(() => release !== undefined);
    client.io.engine.close();
    await until(() => !transport.connected && !runtime.registered);
    // The server hears of the loss too: the agent forgets the lost page's surfaces (the client is back in 250 ms).
    await until(() => agent.surfaces().length === 0, 200);
    release!({ id: 2 });
    await until(() => runtime.pending.length === 0);
    // The result event and the status observation wait in the buffer (3); of two more events the second is dropped.
    transport.pushObservation({ surfaceId: 'todo-list', observationId: 'item_count', value: 10, timestamp: 1 });
    transport.pushObservation({ surfaceId: 'todo-list', observationId: 'item_count', value: 11, timestamp: 1 });
    assert.deepEqual(issues.map((i) => i.code), ['buffer-overflow']);
    assert.match(issues[0]!.message, /3 events are already waiting.*observation:update event was dropped/);

    await until(() => transport.connected && runtime.registered);
    const result = await slow;
    assert.deepEqual(result.data, { id: 2 }, 'the waiting call got its answer after the reconnection');
    await until(() => agent.surface('todo-list') !== undefined && agent.observations('todo-list').get('item_count') === 3);
    assert.equal(connections, 2);
  } finally {
    runtime.dispose();
    transport.close();
    client.close();
  }
});

test('connect() rejects after connectTimeoutMs when nothing answers', async () => {
  const client = connectTo('http://127.0.0.1:9', { autoConnect: false, reconnection: false, transports: ['websocket'] });
  const transport = createWebSocketTransport(client, { connectTimeoutMs: 300 });
  const issues: OUIIssue[] = [];
  transport.onIssue((i) => issues.push(i));
  await assert.rejects(transport.connect(), /not connected after 300 ms/);
  assert.deepEqual(issues.map((i) => i.code), ['connect-timeout']);
  transport.close();
  client.close();
});

test('an observation larger than the server accepts (1.2 MB over a 1 MB socket) is refused once, not re-sent on every reconnect', async () => {
  const before = connections;
  const client: ClientSocket = connectTo(url, { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 50, randomizationFactor: 0 });
  const transport = createWebSocketTransport(client);
  const issues: OUIIssue[] = [];
  transport.onIssue((i) => issues.push(i));
  const surface = todoSurface();
  surface.observations = [{ id: 'dump', description: 'A large value', schema: { type: 'string' } }, ...surface.observations!];
  const runtime = createSurfaceRuntime({ surface, transport, checkObservations: false });
  try {
    await until(() => agent.surface('todo-list') !== undefined);
    runtime.setObservation('dump', 'x'.repeat(1_200_000));
    runtime.setObservation('item_count', 1);
    await until(() => agent.observations('todo-list').get('item_count') === 1);
    // Long enough for several reconnections at 50 ms, had the socket been closed.
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(connections - before, 1, 'one connection: the socket was never closed for an oversized message');
    assert.equal(client.connected, true);
    assert.deepEqual(issues.map((i) => i.code), ['too-large']);
    assert.equal(agent.observations('todo-list').has('dump'), false);
  } finally {
    runtime.dispose();
    transport.close();
    client.close();
  }
});

test('an action whose answer is 1.2 MB ran: the agent is told at once it succeeded, and that its data was dropped and why (never TIMEOUT)', async () => {
  const before = connections;
  const client: ClientSocket = connectTo(url, { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 50, randomizationFactor: 0 });
  const transport = createWebSocketTransport(client);
  let ran = 0;
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport, handlers: { add_item: () => (ran++, { dump: 'x'.repeat(1_200_000) }) } });
  try {
    await until(() => connections > before && agent.surface('todo-list') !== undefined);
    const result = await agent.request('todo-list', 'add_item', { title: 'big' }, { timeoutMs: 1500 });
    assert.equal(ran, 1);
    assert.equal(result.success, true, JSON.stringify(result.error));
    assert.equal(result.data, undefined);
    assert.deepEqual(result.dropped?.fields, ['data']);
    assert.match(result.dropped!.reason, /1000000/);
    assert.equal(client.connected, true);
  } finally {
    runtime.dispose();
    transport.close();
    client.close();
  }
});

test('a request of 1.2 MB is never sent: the call fails at once with MESSAGE_TOO_LARGE, and nothing runs', async () => {
  const before = connections;
  const client: ClientSocket = connectTo(url, { transports: ['websocket'] });
  const transport = createWebSocketTransport(client);
  let ran = 0;
  const runtime = createSurfaceRuntime({ surface: todoSurface({ actions: [{ id: 'add_item', description: 'Add', input: { type: 'object' } }] }), transport, handlers: { add_item: () => ran++ } });
  try {
    await until(() => connections > before && agent.surface('todo-list') !== undefined);
    const result = await agent.request('todo-list', 'add_item', { title: 'x'.repeat(1_200_000) }, { timeoutMs: 4000 });
    assert.equal(result.error?.code, 'MESSAGE_TOO_LARGE');
    assert.match(result.error!.message, /not sent/);
    assert.equal(ran, 0);
  } finally {
    runtime.dispose();
    transport.close();
    client.close();
  }
});
