// Issue 27: every answer to an agent is true, complete and in order. A result comes after the observations
// its action changed; an answer too large for the connection still says the action ran; a request too large
// to send fails at once; a surface id mounted twice is handed over to the latest mount; an action id
// `__proto__` runs like any other; a page can run an action itself (execute) and refuse requests (accept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  createWebSocketTransport,
  type SurfaceRuntimeOptions,
} from '../../../src/oui/index.ts';
import { recorder, settle, socketPair, todoSurface } from './helpers.ts';

async function mount(options: Partial<SurfaceRuntimeOptions> = {}) {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, ...options });
  const agent = createOUIAgent(pair.server, { timeoutMs: 5000 });
  await settle(3);
  return { ...pair, heard, runtime, agent };
}

test('a result comes after the observations its action changed: getters are read before the answer is sent', async () => {
  const todos: string[] = [];
  const m = await mount({ handlers: { add_item: async ({ title }) => void todos.push(String(title)) }, getters: { item_count: () => todos.length } });
  for (let i = 1; i <= 5; i++) {
    const order: string[] = [];
    const offObs = m.server.onObservation((u) => order.push(`obs:${u.observationId}=${JSON.stringify(u.value)}`));
    const offRes = m.server.onResult(() => order.push('result'));
    const result = await m.agent.request('todo-list', 'add_item', { title: `t${i}` });
    const seen = m.agent.observations('todo-list').get('item_count');
    offObs();
    offRes();
    assert.equal(result.success, true);
    assert.equal(seen, i, 'the agent holds the new value when the result arrives');
    assert.ok(order.indexOf(`obs:item_count=${i}`) >= 0 && order.indexOf(`obs:item_count=${i}`) < order.indexOf('result'), order.join(', '));
  }
});

test('a result waits for the page to settle (afterRun: one render) and carries what the render set', async () => {
  let count = 0;
  let rendered: (() => void) | null = null;
  const m = await mount({
    handlers: { add_item: () => void count++ },
    // A framework's render: the observation is set when the view draws the new state, after the handler.
    afterRun: () =>
      new Promise<void>((resolve) => {
        rendered = () => {
          m.runtime.setObservation('item_count', count);
          resolve();
        };
        setTimeout(() => rendered!(), 5);
      }),
  });
  const order: string[] = [];
  m.server.onObservation((u) => order.push(u.observationId));
  m.server.onResult(() => order.push('result'));
  const result = await m.agent.request('todo-list', 'add_item', { title: 'x' });
  assert.equal(result.success, true);
  assert.equal(m.agent.observations('todo-list').get('item_count'), 1);
  assert.deepEqual(order.filter((o) => !o.endsWith(':status')), ['item_count', 'result']);
});

test('a 0.1.0 agent hears an oversized outcome too: the status observation carries the result cut down, with what was dropped', async () => {
  const [a, b] = socketPair();
  const agentEnd = createWebSocketTransport(a);
  const page = createWebSocketTransport(b, { maxMessageBytes: 2000 });
  const heard = recorder(agentEnd);
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: page, handlers: { add_item: () => 'x'.repeat(5000) } });
  agentEnd.dispatch('todo-list', 'add_item', { title: 'big' });
  await settle(5);
  const status = heard.observations.filter((o) => o.observationId === 'add_item:status');
  assert.equal(status.length, 1);
  assert.equal(status[0].value.success, true);
  assert.equal(status[0].value.data, undefined);
  assert.deepEqual(status[0].value.dropped.fields, ['data']);
  runtime.dispose();
});

test('the same surface id mounted again before the old one left: the latest takes over, and the surface stays reachable through the handover', async () => {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const agent = createOUIAgent(pair.server, { timeoutMs: 5000 });
  const old = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, handlers: { add_item: () => 'old' } });
  const next = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, handlers: { add_item: () => 'new' } });
  assert.equal(next.registered, true);
  assert.equal(old.registered, false, 'the old one handed its registration over');
  assert.equal((await agent.request('todo-list', 'add_item', { title: 'a' })).data, 'new');
  old.dispose();
  assert.deepEqual(heard.deregisters, [], 'the old one leaving does not withdraw the surface the new one holds');
  assert.equal((await agent.call('add_item', { title: 'b' })).data, 'new');
  // And back: the latest leaving while an earlier one is still mounted gives the surface back to it.
  const third = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, handlers: { add_item: () => 'third' } });
  assert.equal((await agent.call('add_item', { title: 'c' })).data, 'third');
  third.dispose();
  assert.equal(next.registered, true);
  assert.equal((await agent.call('add_item', { title: 'd' })).data, 'new');
  assert.deepEqual(heard.deregisters, []);
  next.dispose();
  assert.deepEqual(heard.deregisters, ['todo-list']);
});

test('an action id "__proto__" is an action like any other: declared, offered as a tool, run', async () => {
  const surface = todoSurface({ actions: [{ id: '__proto__', description: 'An unlucky name', input: { type: 'object', properties: {} } }] });
  const handlers = Object.defineProperty({}, '__proto__', { value: () => 'ran', enumerable: true });
  const m = await mount({ surface, handlers });
  assert.deepEqual(m.agent.tools().map((t) => t.actionId), ['__proto__']);
  const r = await m.agent.call('__proto__', {});
  assert.equal(r.success, true, JSON.stringify(r.error));
  assert.equal(r.data, 'ran');
});

test('a surface removed while an action that ran waits for the render is answered with what the action did, not SURFACE_UNAVAILABLE', async () => {
  let ran = 0;
  let render!: () => void;
  const m = await mount({ handlers: { add_item: () => (ran++, { id: 1 }) }, afterRun: () => new Promise<void>((r) => (render = r)) });
  const call = m.agent.request('todo-list', 'add_item', { title: 'x' });
  while (ran === 0) await settle(1);
  await settle(2);
  m.runtime.dispose();
  const result = await call;
  assert.equal(result.success, true, JSON.stringify(result.error));
  assert.deepEqual(result.data, { id: 1 });
  render();
});

test('execute(): the page runs an action itself through the same checks and confirmation; the agent hears its observations, not its result', async () => {
  const asked: string[] = [];
  let count = 0;
  const m = await mount({
    handlers: { add_item: ({ title }) => ({ added: title, n: ++count }), clear_done: () => 'cleared' },
    getters: { item_count: () => count },
    confirm: (request) => (asked.push(request.actionId), false),
  });
  const bad = await m.runtime.execute('add_item', { title: '' });
  assert.equal(bad.error?.code, 'INVALID_PARAMS');
  const ok = await m.runtime.execute('add_item', { title: 'Milk' });
  assert.deepEqual(ok.data, { added: 'Milk', n: 1 });
  const denied = await m.runtime.execute('clear_done');
  assert.equal(denied.error?.code, 'ACTION_DENIED');
  assert.deepEqual(asked, ['clear_done']);
  assert.equal((await m.runtime.execute('nope')).error?.code, 'ACTION_NOT_FOUND');
  await settle(2);
  assert.equal(m.heard.results.length, 0, 'no result goes to the agent');
  assert.equal(m.heard.observations.filter((o) => o.observationId.endsWith(':status')).length, 0);
  assert.equal(m.agent.observations('todo-list').get('item_count'), 1);
  m.runtime.dispose();
  assert.equal((await m.runtime.execute('add_item', { title: 'x' })).error?.code, 'SURFACE_UNAVAILABLE');
});

test('accept: the policy of the page sees each request before it runs (and before the person is asked) and may refuse it, saying why', async () => {
  const ran: string[] = [];
  const asked: string[] = [];
  const m = await mount({
    handlers: { add_item: ({ title }) => void ran.push(String(title)), clear_done: () => ran.push('clear') },
    confirm: (request) => (asked.push(request.actionId), true),
    accept: (request, action) => (action.id === 'clear_done' ? 'Clearing is not allowed on this page' : request.params.title !== 'forbidden'),
  });
  assert.equal((await m.agent.call('add_item', { title: 'ok' })).success, true);
  const refused = await m.agent.call('add_item', { title: 'forbidden' });
  assert.equal(refused.error?.code, 'ACTION_DENIED');
  const cleared = await m.agent.call('clear_done', {});
  assert.equal(cleared.error?.code, 'ACTION_DENIED');
  assert.match(cleared.error!.message, /Clearing is not allowed on this page/);
  assert.deepEqual(ran, ['ok']);
  assert.deepEqual(asked, [], 'a refused request never reaches the person');
});
