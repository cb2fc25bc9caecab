// The transport as oui-spec 0.1.0 declares it (package/dist/transport/index.d.ts), tried the way a 0.1.0 user
// writes it: `dispatch(surfaceId, actionId, params)`, handlers of those three arguments, `registerSurface(surface)`,
// `deregisterSurface(surfaceId)`, handlers given the surface and the id, a connected direct pair that delivers
// within the call, and the four `{ns}:` socket events with the payloads 0.1.0 sends. Each test runs on the direct
// pair and on a pair of Socket.IO-shaped sockets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createWebSocketTransport,
  type OUIActionHandler,
  type OUIIssue,
  type OUIObservationHandler,
  type OUIObservationUpdate,
  type OUISurface,
  type OUITransport,
  type OUITransportConfig,
} from '../../../src/oui/index.ts';
import { FakeSocket, socketPair, todoSurface } from './helpers.ts';

type Pair = { server: OUITransport; client: OUITransport; issues: OUIIssue[]; sockets?: [FakeSocket, FakeSocket] };
type Make = (config?: OUITransportConfig) => Pair;

/** connect() on the client end; a fake socket's connect() only asks, so its connection comes back by hand. */
async function reconnect(p: Pair): Promise<void> {
  const done = p.client.connect();
  p.sockets?.[1].restore();
  await done;
}

const kinds: [string, Make][] = [
  [
    'direct pair',
    (config) => {
      const { server, client } = createDirectTransportPair(config);
      const issues: OUIIssue[] = [];
      server.onIssue((i) => issues.push(i));
      client.onIssue((i) => issues.push(i));
      return { server, client, issues };
    },
  ],
  [
    'Socket.IO-shaped sockets',
    (config) => {
      const sockets = socketPair();
      const server = createWebSocketTransport(sockets[0], config);
      const client = createWebSocketTransport(sockets[1], config);
      const issues: OUIIssue[] = [];
      server.onIssue((i) => issues.push(i));
      client.onIssue((i) => issues.push(i));
      return { server, client, issues, sockets };
    },
  ],
];

const update = (value: unknown): OUIObservationUpdate => ({ surfaceId: 'todo-list', observationId: 'item_count', value, timestamp: 5 });

for (const [kind, make] of kinds) {
  test(`${kind}: dispatch(surfaceId, actionId, params) reaches onAction(surfaceId, actionId, params) within the call`, () => {
    const { server, client, issues } = make();
    const heard: [string, string, Record<string, unknown>][] = [];
    const handler: OUIActionHandler = (surfaceId, actionId, params) => heard.push([surfaceId, actionId, params]);
    const off = client.onAction(handler);
    server.dispatch('todo-list', 'add_item', { title: 'Milk' });
    assert.deepEqual(heard, [['todo-list', 'add_item', { title: 'Milk' }]], 'heard before dispatch() returned');
    off();
    server.dispatch('todo-list', 'add_item', { title: 'Bread' });
    assert.equal(heard.length, 1, 'the unsubscribe removed the handler');
    assert.deepEqual(issues, []);
  });

  test(`${kind}: registerSurface(surface) and deregisterSurface(id) reach handlers given the surface and the id`, () => {
    const { server, client, issues } = make();
    const surfaces: OUISurface[] = [];
    const gone: string[] = [];
    server.onSurfaceRegister((surface) => surfaces.push(surface));
    server.onSurfaceDeregister((surfaceId) => gone.push(surfaceId));
    client.registerSurface(todoSurface());
    client.deregisterSurface('todo-list');
    assert.deepEqual(surfaces, [todoSurface()]);
    assert.deepEqual(gone, ['todo-list']);
    assert.deepEqual(issues, []);
  });

  test(`${kind}: pushObservation(update) reaches onObservation(update) within the call`, () => {
    const { server, client } = make();
    const heard: OUIObservationUpdate[] = [];
    const handler: OUIObservationHandler = (u) => heard.push(u);
    server.onObservation(handler);
    client.pushObservation(update(3));
    assert.deepEqual(heard, [update(3)]);
  });

  test(`${kind}: connected from the start on both sides; connect() resolves at once; onConnectionChange hears a disconnect`, async () => {
    const { server, client } = make();
    assert.equal(server.connected, true);
    assert.equal(client.connected, true);
    let settled = false;
    void client.connect().then(() => (settled = true));
    await Promise.resolve();
    assert.equal(settled, true);
    const changes: boolean[] = [];
    const off = client.onConnectionChange((c) => changes.push(c));
    client.disconnect();
    assert.equal(client.connected, false);
    assert.deepEqual(changes, [false]);
    off();
  });

  test(`${kind}: while disconnected, events are held and sent in order on connect`, async () => {
    const p = make();
    const { server, client } = p;
    const heard: unknown[] = [];
    server.onObservation((u) => heard.push(u.value));
    server.onSurfaceRegister((s) => heard.push(s.id));
    client.disconnect();
    client.registerSurface(todoSurface());
    client.pushObservation(update(1));
    client.pushObservation(update(2));
    assert.deepEqual(heard, []);
    await reconnect(p);
    assert.deepEqual(heard, ['todo-list', 1, 2]);
  });

  test(`${kind}: maxBufferSize keeps the first events; the rest are dropped and reported`, async () => {
    const p = make({ maxBufferSize: 2 });
    const { server, client, issues } = p;
    const heard: unknown[] = [];
    server.onObservation((u) => heard.push(u.value));
    client.disconnect();
    for (const v of [1, 2, 3, 4]) client.pushObservation(update(v));
    await reconnect(p);
    assert.deepEqual(heard, [1, 2], 'messages are dropped after the first maxBufferSize');
    assert.deepEqual(issues.map((i) => i.code), ['buffer-overflow', 'buffer-overflow']);
  });

  test(`${kind}: bufferWhileDisconnected: false drops what is sent while disconnected, and says so`, async () => {
    const p = make({ bufferWhileDisconnected: false });
    const { server, client, issues } = p;
    const heard: unknown[] = [];
    server.onObservation((u) => heard.push(u.value));
    client.disconnect();
    client.pushObservation(update(1));
    await reconnect(p);
    client.pushObservation(update(2));
    assert.deepEqual(heard, [2]);
    assert.deepEqual(issues.map((i) => i.code), ['not-connected']);
  });
}

test('socket: the four {ns}: events carry the payloads 0.1.0 sends', () => {
  const [agentSocket, pageSocket] = socketPair();
  const agent = createWebSocketTransport(agentSocket, { namespace: 'app' });
  const page = createWebSocketTransport(pageSocket, { namespace: 'app' });
  agent.dispatch('todo-list', 'add_item', { title: 'Milk' });
  page.registerSurface(todoSurface());
  page.pushObservation(update(1));
  page.deregisterSurface('todo-list');
  const [dispatch] = agentSocket.emitted;
  assert.equal(dispatch![0], 'app:dispatch');
  const d = dispatch![1] as Record<string, unknown>;
  assert.deepEqual(Object.keys(d).sort(), ['actionId', 'params', 'surfaceId', 'timestamp']);
  assert.deepEqual([d.surfaceId, d.actionId, d.params], ['todo-list', 'add_item', { title: 'Milk' }]);
  assert.equal(typeof d.timestamp, 'number');
  assert.deepEqual(pageSocket.emitted.map(([e]) => e), ['app:surface:register', 'app:observation', 'app:surface:deregister']);
  const [register, observation, deregister] = pageSocket.emitted.map(([, p]) => p as Record<string, unknown>);
  assert.deepEqual(Object.keys(register!).sort(), ['surface', 'timestamp']);
  assert.deepEqual(register!.surface, todoSurface());
  assert.deepEqual(observation, update(1));
  assert.deepEqual(Object.keys(deregister!).sort(), ['surfaceId', 'timestamp']);
  assert.equal(deregister!.surfaceId, 'todo-list');
});

test('socket: a raw 0.1.0 {ns}:dispatch without a requestId is heard, a timestamp of its own kept', () => {
  const s = new FakeSocket();
  const page = createWebSocketTransport(s);
  const heard: unknown[][] = [];
  page.onAction((...args) => heard.push(args));
  s.fire('oui:dispatch', { surfaceId: 'todo-list', actionId: 'setChartType', params: { type: 'bar' }, timestamp: 42 });
  assert.deepEqual(heard, [['todo-list', 'setChartType', { type: 'bar' }]]);
});

test('socket: namespaces keep two conversations on one socket apart', () => {
  const [a, b] = socketPair();
  const agentOne = createWebSocketTransport(a, { namespace: 'one' });
  const agentTwo = createWebSocketTransport(a, { namespace: 'two' });
  const pageOne = createWebSocketTransport(b, { namespace: 'one' });
  const pageTwo = createWebSocketTransport(b, { namespace: 'two' });
  const one: string[] = [];
  const two: string[] = [];
  pageOne.onAction((_s, actionId) => one.push(actionId));
  pageTwo.onAction((_s, actionId) => two.push(actionId));
  agentOne.dispatch('s', 'first', {});
  agentTwo.dispatch('s', 'second', {});
  assert.deepEqual([one, two], [['first'], ['second']]);
});

test('socket: disconnected socket (connected: false) holds events until its connect event, then flushes in order', () => {
  const [a, b] = socketPair();
  const agent = createWebSocketTransport(a);
  const page = createWebSocketTransport(b);
  const heard: unknown[] = [];
  agent.onObservation((u) => heard.push(u.value));
  b.drop();
  page.pushObservation(update(1));
  page.pushObservation(update(2));
  assert.deepEqual(b.emitted.length, 0, 'nothing emitted on a disconnected socket');
  b.restore();
  assert.deepEqual(heard, [1, 2]);
});
