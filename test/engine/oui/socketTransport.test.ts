import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWebSocketTransport, OUI_SOCKET_EVENTS, type SocketLike } from '../../../src/oui/index.ts';
import { FakeSocket, manualTimers, recorder, settle, socketPair, todoSurface } from './helpers.ts';

const request = { requestId: 'r1', surfaceId: 'todo-list', actionId: 'add_item', params: { title: 'Milk' }, timestamp: 1 };
const update = (value: unknown) => ({ surfaceId: 'todo-list', observationId: 'item_count', value, timestamp: 1 });

test('each event is one namespaced socket event with the payload as its argument; ours ride as fields and events beside 0.1.0\'s', async () => {
  const [agentSocket, pageSocket] = socketPair();
  const agent = createWebSocketTransport(agentSocket, { namespace: 'app' });
  const page = createWebSocketTransport(pageSocket, { namespace: 'app' });
  const heardByPage = recorder(page);
  const heardByAgent = recorder(agent);
  agent.sendRequest({ ...request, timeoutMs: 1500 });
  agent.sendCancel({ surfaceId: 'todo-list', requestId: 'r1', timestamp: 2 });
  page.sendResult({ requestId: 'r1', surfaceId: 'todo-list', actionId: 'add_item', success: true, timestamp: 2 });
  page.pushObservation(update(1));
  page.sendRegistration({ surface: todoSurface(), timestamp: 3, capabilities: ['action:result'] });
  page.deregisterSurface('todo-list');
  assert.deepEqual(agentSocket.emitted.map(([e]) => e), ['app:dispatch', 'app:action:cancel']);
  assert.deepEqual(agentSocket.emitted[0]![1], { ...request, timeoutMs: 1500 }, 'the 0.1.0 dispatch, with the request id and deadline added');
  assert.deepEqual(pageSocket.emitted.map(([e]) => e), ['app:action:result', 'app:observation', 'app:surface:register', 'app:surface:deregister']);
  assert.deepEqual(heardByPage.actions, [{ ...request, timeoutMs: 1500 }]);
  assert.equal(heardByPage.cancels.length, 1);
  assert.equal(heardByAgent.results.length + heardByAgent.observations.length + heardByAgent.registers.length + heardByAgent.deregisters.length, 4);
  assert.deepEqual(Object.values(OUI_SOCKET_EVENTS).sort(), ['action:cancel', 'action:result', 'dispatch', 'observation', 'surface:deregister', 'surface:register']);
});

test('the default namespace is oui; a bad one or a socket without emit/on/off is refused', () => {
  const s = new FakeSocket();
  createWebSocketTransport(s).dispatch('todo-list', 'add_item', {});
  assert.equal(s.emitted[0]![0], 'oui:dispatch');
  assert.throws(() => createWebSocketTransport(new FakeSocket(), { namespace: 'a b' }), TypeError);
  assert.throws(() => createWebSocketTransport({} as SocketLike), TypeError);
});

test('malformed events from the socket are dropped and reported, never thrown', () => {
  const s = new FakeSocket();
  const t = createWebSocketTransport(s);
  const r = recorder(t);
  const junk: unknown[] = [undefined, null, 'text', 42, [], { requestId: 'r' }, { ...request, params: 'x' }, { ...request, requestId: 7 }, { ...request, timeoutMs: -1 }, JSON.parse('{"__proto__":1}')];
  for (const j of junk) s.fire('oui:dispatch', j);
  s.fire('oui:surface:register', { surface: { id: 'x' } });
  s.fire('oui:action:result', { requestId: 'r' });
  s.fire('oui:observation', 'x'.repeat(3_000_000));
  assert.equal(r.actions.length, 0);
  assert.equal(r.issues.length, junk.length + 3);
  assert.ok(r.issues.every((i) => i.code === 'malformed-event'));
});

test('an extra argument (an acknowledgement callback) is ignored', () => {
  const s = new FakeSocket();
  const r = recorder(createWebSocketTransport(s));
  let acked = false;
  s.fire('oui:dispatch', request, () => (acked = true));
  assert.equal(r.actions.length, 1);
  assert.equal(acked, false);
});

test('disconnected: events wait (the first maxBufferSize kept, the rest dropped and reported) and flush in order before listeners hear of it', () => {
  const [agentSocket, pageSocket] = socketPair();
  const page = createWebSocketTransport(pageSocket, { maxBufferSize: 3 });
  const agent = createWebSocketTransport(agentSocket);
  const heard = recorder(agent);
  const pageHeard = recorder(page);
  pageSocket.drop();
  assert.equal(page.connected, false);
  for (const v of [1, 2, 3, 4, 5]) page.pushObservation(update(v));
  assert.equal(heard.observations.length, 0);
  assert.deepEqual(pageHeard.issues.map((i) => i.code), ['buffer-overflow', 'buffer-overflow']);
  let whenTold = -1;
  page.onConnectionChange((up) => {
    if (up) whenTold = heard.observations.length;
  });
  pageSocket.restore();
  assert.deepEqual(heard.observations.map((o) => o.value), [1, 2, 3]);
  assert.equal(whenTold, 3, 'the buffer went out before the listeners heard');
  assert.deepEqual(pageHeard.connection, [false, true]);
});

test('connect() asks the socket to connect and resolves on its connect event', async () => {
  const s = new FakeSocket();
  s.connected = false;
  const t = createWebSocketTransport(s);
  assert.equal(t.connected, false);
  const done = t.connect();
  assert.equal(s.connectCalls, 1);
  s.restore();
  await done;
  assert.equal(t.connected, true);
  await t.connect();
  assert.equal(s.connectCalls, 1, 'already connected: nothing asked');
});

test('connect() rejects after connectTimeoutMs and reports it', async () => {
  const timers = manualTimers();
  const s = new FakeSocket();
  s.connected = false;
  const t = createWebSocketTransport(s, { connectTimeoutMs: 500, timers });
  const r = recorder(t);
  const done = t.connect();
  const again = t.connect();
  timers.advance(499);
  await settle(2);
  assert.equal(r.issues.length, 0);
  timers.advance(1);
  await assert.rejects(done, /not connected after 500 ms/);
  await assert.rejects(again, /not connected after 500 ms/);
  assert.deepEqual(r.issues.map((i) => i.code), ['connect-timeout']);
  assert.deepEqual(timers.pending, []);
});

test('disconnect() disconnects the socket; a socket without `connected` counts as connected', () => {
  const s = new FakeSocket();
  const t = createWebSocketTransport(s);
  const r = recorder(t);
  t.disconnect();
  assert.equal(s.connected, false);
  assert.deepEqual(r.connection, [false]);
  const bare = { emit: () => undefined, on: () => undefined, off: () => undefined, once: () => undefined };
  assert.equal(createWebSocketTransport(bare).connected, true);
});

test('close() removes every listener it put on the socket and rejects a waiting connect', async () => {
  const s = new FakeSocket();
  s.connected = false;
  const t = createWebSocketTransport(s);
  assert.ok(s.listenerCount() > 0);
  const waiting = t.connect();
  t.close();
  await assert.rejects(waiting, /closed/);
  assert.equal(s.listenerCount(), 0);
});

test('an emit that throws is reported as send-failed', () => {
  const s = new FakeSocket();
  s.emit = () => {
    throw new Error('socket gone');
  };
  const t = createWebSocketTransport(s);
  const r = recorder(t);
  t.sendRequest(request);
  assert.equal(r.issues[0]?.code, 'send-failed');
  assert.match(r.issues[0]!.message, /socket gone/);
});

test('an event larger than the socket accepts is refused once, with an issue, and never kept for a reconnection', () => {
  const [a, b] = socketPair();
  const agent = createWebSocketTransport(a, { maxMessageBytes: 1000 });
  const page = createWebSocketTransport(b, { maxMessageBytes: 1000 });
  const heard = recorder(agent);
  const issues = recorder(page).issues;
  page.pushObservation(update('x'.repeat(2000)));
  page.pushObservation(update('é'.repeat(600)), );
  page.pushObservation(update('small'));
  assert.deepEqual(heard.observations.map((o) => o.value), ['small']);
  assert.deepEqual(issues.map((i) => i.code), ['too-large', 'too-large'], 'counted in UTF-8 bytes: 600 é are 1200');
  assert.match(issues[0]!.message, /more than the 1000 the socket accepts/);
  b.drop();
  page.pushObservation(update('y'.repeat(2000)));
  b.restore();
  assert.equal(b.emitted.filter(([, p]) => JSON.stringify(p).length > 1000).length, 0, 'nothing oversized was ever emitted');
  assert.equal(issues.length, 3);
});

test('the default size is Socket.IO\'s 1 MB: an observation of 1.2 MB is refused, one under it sent', () => {
  const s = new FakeSocket();
  const t = createWebSocketTransport(s);
  const r = recorder(t);
  t.pushObservation(update('x'.repeat(1_200_000)));
  t.pushObservation(update('x'.repeat(900_000)));
  assert.deepEqual(r.issues.map((i) => i.code), ['too-large']);
  assert.equal(s.emitted.length, 1);
});

test('authorize: nothing is heard or sent until it says yes; then what waited goes through, in order', async () => {
  const [a, b] = socketPair();
  let answer!: (yes: boolean) => void;
  const asked: unknown[] = [];
  const agent = createWebSocketTransport(a, { authorize: (socket) => (asked.push(socket), new Promise<boolean>((r) => (answer = r))) });
  const page = createWebSocketTransport(b);
  const heard = recorder(agent);
  assert.equal(agent.connected, false);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(asked, [a]);
  page.registerSurface(todoSurface());
  page.pushObservation(update(1));
  agent.dispatch('todo-list', 'add_item', { title: 'held' });
  assert.equal(heard.registers.length + heard.observations.length, 0);
  assert.equal(a.emitted.length, 0, 'nothing sent to a peer not yet authorized');
  answer(true);
  await new Promise((r) => setImmediate(r));
  assert.equal(agent.connected, true);
  assert.deepEqual(heard.registers.map((r) => r.surface.id), ['todo-list']);
  assert.deepEqual(heard.observations.map((o) => o.value), [1]);
  assert.deepEqual(a.emitted.map(([e]) => e), ['oui:dispatch']);
});

test('authorize: a no (or a throw) closes the transport, disconnects the socket, and drops what came', async () => {
  for (const authorize of [() => false, () => Promise.resolve(false), () => { throw new Error('bad token'); }]) {
    const [a, b] = socketPair();
    const agent = createWebSocketTransport(a, { authorize });
    const page = createWebSocketTransport(b);
    const heard = recorder(agent);
    page.registerSurface(todoSurface());
    await new Promise((r) => setImmediate(r));
    assert.equal(heard.registers.length, 0);
    assert.equal(a.connected, false, 'the socket was disconnected');
    assert.equal(a.listenerCount(), 0, 'the transport closed');
    assert.deepEqual(heard.issues.map((i) => i.code), ['unauthorized']);
  }
});
