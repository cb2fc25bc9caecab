import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPostMessageTransport, type OUIRequestTransport } from '../../../src/oui/index.ts';
import { FakeWindow, manualTimers, recorder, settle, todoSurface, windowPair } from './helpers.ts';

const PARENT = 'https://app.example';
const FRAME = 'https://frame.example';

/** The parent's end (the agent) and the frame's end (the page with surfaces), joined. */
async function joined(): Promise<{ parent: FakeWindow; frame: FakeWindow; agent: OUIRequestTransport; page: OUIRequestTransport }> {
  const [parent, frame] = windowPair(PARENT, FRAME);
  const agent = createPostMessageTransport({ target: frame, targetOrigin: FRAME, listen: parent });
  const page = createPostMessageTransport({ target: parent, targetOrigin: PARENT, listen: frame });
  await Promise.all([agent.connect(), page.connect()]);
  return { parent, frame, agent, page };
}

test('both ends say hello and connect; protocol events travel as {oui, type, payload}', async () => {
  const { agent, page, frame, parent } = await joined();
  const heard = recorder(agent);
  const pageHeard = recorder(page);
  page.registerSurface(todoSurface());
  agent.sendRequest({ requestId: 'r', surfaceId: 'todo-list', actionId: 'add_item', params: {}, timestamp: 2 });
  agent.dispatch('todo-list', 'add_item', {});
  agent.sendCancel({ surfaceId: 'todo-list', requestId: 'r', timestamp: 3 });
  await settle(3);
  assert.equal(heard.registers[0].surface.id, 'todo-list');
  assert.deepEqual(pageHeard.actions.map((a) => a.requestId), ['r', undefined]);
  assert.equal(pageHeard.cancels.length, 1);
  const sent = parent.posted.map((p) => p.message as any).find((m) => m.type === 'surface:register');
  assert.equal(sent.oui, 'oui');
  assert.ok(parent.posted.every((p) => p.targetOrigin === PARENT), 'posted to the parent origin only');
  assert.ok(frame.posted.every((p) => p.targetOrigin === FRAME), 'posted to the frame origin only');
});

test('messages from another origin or another window are ignored, silently', async () => {
  const { agent, parent, frame } = await joined();
  const heard = recorder(agent);
  const message = { oui: 'oui', type: 'surface:register', payload: { surface: todoSurface(), timestamp: 1 } };
  parent.deliver({ data: message, origin: 'https://evil.example', source: frame });
  parent.deliver({ data: message, origin: FRAME, source: new FakeWindow(FRAME) });
  parent.deliver({ data: message, origin: FRAME, source: null });
  parent.deliver({ data: { ...message, oui: 'other' }, origin: FRAME, source: frame });
  parent.deliver({ data: 'not ours', origin: FRAME, source: frame });
  assert.equal(heard.registers.length, 0);
  assert.equal(heard.issues.length, 0);
  parent.deliver({ data: message, origin: FRAME, source: frame });
  assert.equal(heard.registers.length, 1);
});

test('a malformed message from the right window is dropped and reported', async () => {
  const { agent, parent, frame } = await joined();
  const heard = recorder(agent);
  parent.deliver({ data: { oui: 'oui', type: 'surface:register', payload: { surface: { id: 'x' } } }, origin: FRAME, source: frame });
  parent.deliver({ data: { oui: 'oui', type: 'nonsense' }, origin: FRAME, source: frame });
  parent.deliver({ data: { oui: 'oui', type: 'hello' }, origin: FRAME, source: frame });
  assert.deepEqual(heard.issues.map((i) => i.code), ['malformed-event', 'malformed-event', 'malformed-event']);
});

test('"*" is refused unless the app allows it, and origins must look like origins', () => {
  const [parent, frame] = windowPair();
  assert.throws(() => createPostMessageTransport({ target: frame, targetOrigin: '*', listen: parent }), /allowAnyOrigin/);
  assert.throws(() => createPostMessageTransport({ target: frame, targetOrigin: 'frame.example', listen: parent }), TypeError);
  assert.throws(() => createPostMessageTransport({ target: {} as never, targetOrigin: FRAME, listen: parent }), TypeError);
  const open = createPostMessageTransport({ target: frame, targetOrigin: '*', listen: parent, allowAnyOrigin: true, autoConnect: false });
  open.close();
});

test('with allowAnyOrigin, any origin is heard, but only from the target window', async () => {
  const [parent, frame] = windowPair(PARENT, FRAME);
  const agent = createPostMessageTransport({ target: frame, targetOrigin: '*', listen: parent, allowAnyOrigin: true });
  const heard = recorder(agent);
  const message = { oui: 'oui', type: 'surface:deregister', payload: { surfaceId: 'x', timestamp: 1 } };
  parent.deliver({ data: message, origin: 'https://anything.example', source: frame });
  parent.deliver({ data: message, origin: FRAME, source: new FakeWindow(FRAME) });
  assert.equal(heard.deregisters.length, 1);
  agent.close();
});

test('until the other side answers, events wait; its hello connects and flushes them', async () => {
  const [parent, frame] = windowPair(PARENT, FRAME);
  const page = createPostMessageTransport({ target: parent, targetOrigin: PARENT, listen: frame });
  page.registerSurface(todoSurface());
  await settle(3);
  assert.equal(page.connected, false, 'nobody listened to the first hello');
  const agent = createPostMessageTransport({ target: frame, targetOrigin: FRAME, listen: parent });
  const heard = recorder(agent);
  await settle(5);
  assert.equal(page.connected && agent.connected, true);
  assert.equal(heard.registers.length, 1);
});

test('a hello from a new page (a reload) drops and restores the connection; bye disconnects', async () => {
  const { agent, page, frame, parent } = await joined();
  const heard = recorder(agent);
  page.close(); // the frame's old page is gone
  const reloaded = createPostMessageTransport({ target: parent, targetOrigin: PARENT, listen: frame });
  await reloaded.connect();
  await settle(3);
  assert.deepEqual(heard.connection, [false, true]);
  reloaded.disconnect();
  await settle(3);
  assert.equal(agent.connected, false);
  assert.deepEqual(heard.connection, [false, true, false]);
});

test('connect() times out when nobody answers, and reports it', async () => {
  const timers = manualTimers();
  const [parent, frame] = windowPair();
  const t = createPostMessageTransport({ target: frame, targetOrigin: 'https://frame.example', listen: parent, timers, connectTimeoutMs: 1000, autoConnect: false });
  const heard = recorder(t);
  const done = t.connect();
  timers.advance(1000);
  await assert.rejects(done, /no answer/);
  assert.deepEqual(heard.issues.map((i) => i.code), ['connect-timeout']);
  t.close();
  assert.equal(parent.listeners.size, 0);
});
