import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair } from '../../../src/oui/index.ts';
import { recorder, todoSurface } from './helpers.ts';

const request = (requestId = 'r1') => ({ requestId, surfaceId: 'todo-list', actionId: 'add_item', params: { title: 'Milk' }, timestamp: 1 });
const update = (value: unknown) => ({ surfaceId: 'todo-list', observationId: 'item_count', value, timestamp: 1 });

test('what one end sends, the other hears within the call, as a checked copy', () => {
  const { server, client } = createDirectTransportPair();
  const page = recorder(client);
  const agent = recorder(server);
  const sent = request();
  server.sendRequest(sent);
  assert.deepEqual(page.actions, [sent]);
  assert.notEqual(page.actions[0], sent);
  assert.notEqual(page.actions[0].params, sent.params);
  client.sendRegistration({ surface: todoSurface(), timestamp: 2, capabilities: ['action:result'] });
  client.pushObservation(update(3));
  client.sendResult({ requestId: 'r1', surfaceId: 'todo-list', actionId: 'add_item', success: true, data: { id: 1 }, timestamp: 3 });
  client.sendCancel({ surfaceId: 'todo-list', requestId: 'r1', timestamp: 4 });
  client.deregisterSurface('todo-list');
  assert.equal(agent.registers[0].surface.id, 'todo-list');
  assert.deepEqual(agent.registers[0].capabilities, ['action:result']);
  assert.deepEqual(agent.observations.map((o) => o.value), [3]);
  assert.deepEqual(agent.results.map((r) => r.data), [{ id: 1 }]);
  assert.deepEqual(agent.cancels.map((c) => c.requestId), ['r1']);
  assert.deepEqual(agent.deregisters, ['todo-list']);
  assert.equal(page.issues.length + agent.issues.length, 0);
});

test('a malformed event is refused at the sender, reported, never thrown', () => {
  const { server, client } = createDirectTransportPair();
  const agent = recorder(server);
  const page = recorder(client);
  client.registerSurface(todoSurface({ id: '' }));
  client.pushObservation({ surfaceId: 'todo-list' } as never);
  server.sendRequest({ surfaceId: 'todo-list', actionId: 'add_item', params: {}, timestamp: 1 } as never);
  assert.equal(agent.registers.length + agent.observations.length + page.actions.length, 0);
  assert.deepEqual(page.issues.map((i) => i.code), ['malformed-event', 'malformed-event']);
  assert.deepEqual(agent.issues.map((i) => i.code), ['malformed-event']);
  assert.match(agent.issues[0]!.message, /without a requestId/);
});

test('code written for the request-object API is told what changed: registerSurface takes the surface', () => {
  const { client } = createDirectTransportPair();
  const page = recorder(client);
  client.registerSurface({ surface: todoSurface(), timestamp: 1 } as never);
  client.deregisterSurface({ surfaceId: 'todo-list', timestamp: 1 } as never);
  assert.match(page.issues[0]!.message, /registerSurface\(\) takes the surface itself/);
  assert.match(page.issues[1]!.message, /deregisterSurface\(\) takes the surface id/);
});

test('registeredSurfaceIds(): what this end registered and did not deregister', () => {
  const { client } = createDirectTransportPair();
  client.registerSurface(todoSurface());
  client.registerSurface(todoSurface({ id: 'notes' }));
  client.deregisterSurface('todo-list');
  assert.deepEqual(client.registeredSurfaceIds(), ['notes']);
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
  assert.equal(agent.observations.length, 0);
  let seenWhenTold = -1;
  client.onConnectionChange((up) => {
    if (up) seenWhenTold = agent.observations.length;
  });
  await server.connect();
  assert.deepEqual(agent.observations.map((o) => o.value), [1, 2]);
  assert.equal(seenWhenTold, 2, 'the buffer went out before the listeners heard of the reconnection');
  assert.deepEqual(page.connection, [false, true]);
});

test('maxBufferSize 0 keeps nothing while disconnected', async () => {
  const { server, client } = createDirectTransportPair({ maxBufferSize: 0 });
  const agent = recorder(server);
  const page = recorder(client);
  client.disconnect();
  client.pushObservation(update(1));
  await client.connect();
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
    client.onAction((...r) => heard.push(r));
    server.dispatch('todo-list', 'add_item', { title: 'Milk' });
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
  const off = client.onRequest((r) => a.push(r));
  client.onRequest((r) => b.push(r));
  off();
  server.sendRequest(request());
  assert.deepEqual([a.length, b.length], [0, 1]);
});
