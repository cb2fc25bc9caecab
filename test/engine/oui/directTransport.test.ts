import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair } from '../../../src/oui/index.ts';
import { recorder, settle, todoSurface } from './helpers.ts';

const request = (requestId = 'r1') => ({ requestId, surfaceId: 'todo-list', actionId: 'add_item', params: { title: 'Milk' }, timestamp: 1 });
const update = (value: unknown) => ({ surfaceId: 'todo-list', observationId: 'item_count', value, timestamp: 1 });

test('what one end sends, the other hears: on a later microtask, as a checked copy', async () => {
  const { server, client } = createDirectTransportPair();
  const page = recorder(client);
  const agent = recorder(server);
  const sent = request();
  server.dispatch(sent);
  assert.equal(page.actions.length, 0, 'not delivered inside the call');
  await settle(2);
  assert.deepEqual(page.actions, [sent]);
  assert.notEqual(page.actions[0], sent);
  client.registerSurface({ surface: todoSurface(), timestamp: 2 });
  client.pushObservation(update(3));
  client.sendResult({ requestId: 'r1', surfaceId: 'todo-list', actionId: 'add_item', success: true, data: { id: 1 }, timestamp: 3 });
  client.deregisterSurface({ surfaceId: 'todo-list', timestamp: 4 });
  await settle(2);
  assert.equal(agent.registers[0].surface.id, 'todo-list');
  assert.deepEqual(agent.observations.map((o) => o.value), [3]);
  assert.deepEqual(agent.results.map((r) => r.data), [{ id: 1 }]);
  assert.deepEqual(agent.deregisters, [{ surfaceId: 'todo-list', timestamp: 4 }]);
  assert.equal(page.issues.length + agent.issues.length, 0);
});

test('a malformed event is refused at the sender, reported, never thrown', async () => {
  const { server, client } = createDirectTransportPair();
  const agent = recorder(server);
  const page = recorder(client);
  client.registerSurface({ surface: todoSurface({ id: 'Bad' }), timestamp: 1 });
  client.pushObservation({ surfaceId: 'todo-list' } as never);
  await settle(2);
  assert.equal(agent.registers.length + agent.observations.length, 0);
  assert.deepEqual(page.issues.map((i) => i.code), ['malformed-event', 'malformed-event']);
});

test('disconnect cuts both ends; each buffers, and flushes in order before its listeners hear of the reconnection', async () => {
  const { server, client } = createDirectTransportPair();
  const agent = recorder(server);
  const page = recorder(client);
  client.disconnect();
  assert.equal(server.connected, false);
  assert.equal(client.connected, false);
  assert.deepEqual([agent.connection, page.connection], [[false], [false]]);
  client.pushObservation(update(1));
  client.pushObservation(update(2));
  await settle(2);
  assert.equal(agent.observations.length, 0);
  let seenWhenTold = -1;
  client.onConnectionChange((up) => {
    if (up) seenWhenTold = agent.observations.length;
  });
  await server.connect();
  await settle(2);
  assert.deepEqual(agent.observations.map((o) => o.value), [1, 2]);
  assert.equal(seenWhenTold, 0, 'told before delivery: delivery is a microtask later, but the sends went first');
  assert.deepEqual(page.connection, [false, true]);
});

test('the buffer keeps the newest maxBufferSize events and reports each one dropped', async () => {
  const { server, client } = createDirectTransportPair({ maxBufferSize: 2 });
  const agent = recorder(server);
  const page = recorder(client);
  client.disconnect();
  for (const v of [1, 2, 3, 4]) client.pushObservation(update(v));
  await client.connect();
  await settle(2);
  assert.deepEqual(agent.observations.map((o) => o.value), [3, 4]);
  assert.deepEqual(page.issues.map((i) => i.code), ['buffer-overflow', 'buffer-overflow']);
});

test('maxBufferSize 0 keeps nothing while disconnected', async () => {
  const { server, client } = createDirectTransportPair({ maxBufferSize: 0 });
  const agent = recorder(server);
  const page = recorder(client);
  client.disconnect();
  client.pushObservation(update(1));
  await client.connect();
  await settle(2);
  assert.equal(agent.observations.length, 0);
  assert.equal(page.issues[0]?.code, 'buffer-overflow');
});

test('close: event listeners go, sends are reported, the other end can no longer connect', async () => {
  const { server, client } = createDirectTransportPair();
  const agent = recorder(server);
  const page = recorder(client);
  client.close();
  assert.equal(client.connected, false);
  assert.deepEqual(agent.connection, [false]);
  client.pushObservation(update(1));
  assert.deepEqual(page.issues.map((i) => i.code), ['send-failed']);
  await assert.rejects(server.connect(), /closed/);
  await assert.rejects(client.connect(), /closed/);
});

test('a listener that throws is reported; the others still hear the event', async () => {
  const reported: unknown[] = [];
  const before = (globalThis as any).reportError;
  (globalThis as any).reportError = (e: unknown) => reported.push(e);
  try {
    const { server, client } = createDirectTransportPair();
    const heard: unknown[] = [];
    client.onAction(() => {
      throw new Error('app bug');
    });
    client.onAction((r) => heard.push(r));
    server.dispatch(request());
    await settle(2);
    assert.equal(heard.length, 1);
    assert.equal((reported[0] as Error).message, 'app bug');
  } finally {
    (globalThis as any).reportError = before;
  }
});

test('unsubscribing stops one listener only', async () => {
  const { server, client } = createDirectTransportPair();
  const a: unknown[] = [];
  const b: unknown[] = [];
  const off = client.onAction((r) => a.push(r));
  client.onAction((r) => b.push(r));
  off();
  server.dispatch(request());
  await settle(2);
  assert.deepEqual([a.length, b.length], [0, 1]);
});
