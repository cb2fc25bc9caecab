import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  statusObservationId,
  OUISurfaceError,
  OUIActionError,
  type OUIActionRequest,
  type SurfaceRuntimeOptions,
} from '../../../src/oui/index.ts';
import { manualTimers, recorder, settle, todoSurface } from './helpers.ts';

/** A runtime on the client end of a direct pair, and an agent (and a recorder) on the server end. */
async function mount(options: Partial<SurfaceRuntimeOptions> = {}) {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, ...options });
  const agent = createOUIAgent(pair.server, { timeoutMs: 0 });
  await settle(3);
  return { ...pair, heard, runtime, agent };
}

let n = 0;
const req = (actionId: string, params: Record<string, unknown> = {}, requestId = `req-${++n}`): OUIActionRequest => ({
  requestId,
  surfaceId: 'todo-list',
  actionId,
  params,
  timestamp: 1,
});

test('registers on start with the checked definition; success carries data, durationMs and timestamp', async () => {
  let clock = 1000;
  const m = await mount({ now: () => clock, handlers: { add_item: async (p) => { clock += 7; return { id: 7, title: p.title }; } } });
  assert.equal(m.runtime.registered, true);
  assert.deepEqual(m.heard.registers[0].surface, todoSurface());
  const result = await m.agent.request('todo-list', 'add_item', { title: 'Milk' });
  assert.deepEqual(result, { requestId: result.requestId, surfaceId: 'todo-list', actionId: 'add_item', success: true, data: { id: 7, title: 'Milk' }, durationMs: 7, timestamp: 1007 });
});

test('every result is also the status observation <actionId>:status on the surface', async () => {
  const m = await mount({ handlers: { add_item: () => 'ok' } });
  const result = await m.agent.request('todo-list', 'add_item', { title: 'x' });
  await settle(2);
  const status = m.heard.observations.filter((o) => o.observationId === 'add_item:status');
  assert.equal(statusObservationId('add_item'), 'add_item:status');
  assert.equal(status.length, 1);
  assert.equal(status[0].surfaceId, 'todo-list');
  assert.deepEqual(status[0].value, result);
});

test('the registration says the page answers requests: 0.1.0 fields, capabilities beside them', async () => {
  const m = await mount();
  assert.deepEqual(Object.keys(m.heard.registers[0]).sort(), ['capabilities', 'surface', 'timestamp']);
  assert.ok(m.heard.registers[0].capabilities.includes('action:result'));
  assert.equal(m.agent.answers('todo-list'), true);
});

test('ACTION_NOT_FOUND: an undeclared action, or a declared one without a handler', async () => {
  const m = await mount();
  const unknown = await m.agent.request('todo-list', 'delete_everything');
  assert.equal(unknown.error?.code, 'ACTION_NOT_FOUND');
  const noHandler = await m.agent.request('todo-list', 'add_item', { title: 'x' });
  assert.equal(noHandler.error?.code, 'ACTION_NOT_FOUND');
  assert.match(noHandler.error!.message, /no handler/);
});

test('INVALID_PARAMS names each field, with the problems in details; the handler is not called', async () => {
  let calls = 0;
  const m = await mount({ handlers: { add_item: () => calls++ } });
  const r = await m.agent.request('todo-list', 'add_item', { due: 5, extra: true });
  assert.equal(r.error?.code, 'INVALID_PARAMS');
  assert.match(r.error!.message, /title/);
  assert.match(r.error!.message, /due/);
  const paths = (r.error!.details as { problems: { path: string }[] }).problems.map((p) => p.path);
  assert.ok(paths.includes('title') && paths.includes('due'));
  assert.equal(calls, 0);
});

test('confirm: asked with the request and the action; yes runs, no is ACTION_DENIED', async () => {
  const asked: [OUIActionRequest, string][] = [];
  let answer = true;
  const m = await mount({
    handlers: { clear_done: () => ({ removed: 3 }) },
    confirm: async (request, action) => {
      asked.push([request, action.id]);
      return answer;
    },
  });
  assert.equal((await m.agent.request('todo-list', 'clear_done')).success, true);
  answer = false;
  const denied = await m.agent.request('todo-list', 'clear_done');
  assert.equal(denied.error?.code, 'ACTION_DENIED');
  assert.deepEqual(asked.map(([r, a]) => [r.actionId, a]), [['clear_done', 'clear_done'], ['clear_done', 'clear_done']]);
});

test('confirm: none given, a throwing one, or a non-true answer is ACTION_DENIED', async () => {
  for (const confirm of [undefined, () => { throw new Error('dialog broke'); }, async () => 'yes' as unknown as boolean]) {
    let ran = false;
    const m = await mount({ handlers: { clear_done: () => (ran = true) }, ...(confirm ? { confirm } : {}) });
    const r = await m.agent.request('todo-list', 'clear_done');
    assert.equal(r.error?.code, 'ACTION_DENIED');
    assert.equal(ran, false);
    m.runtime.dispose();
  }
});

test('confirm: nobody answering within confirmTimeoutMs is ACTION_DENIED', async () => {
  const timers = manualTimers();
  const m = await mount({ timers, confirmTimeoutMs: 1000, handlers: { clear_done: () => 1 }, confirm: () => new Promise(() => {}) });
  const pending = m.agent.request('todo-list', 'clear_done');
  await settle(5);
  timers.advance(1000);
  const r = await pending;
  assert.equal(r.error?.code, 'ACTION_DENIED');
  assert.match(r.error!.message, /Nobody answered/);
});

test('ACTION_EXECUTION_ERROR with the thrown message; the next request still runs', async () => {
  const m = await mount({ handlers: { add_item: () => { throw new Error('disk full'); }, clear_done: () => 1 }, confirm: () => true });
  const r = await m.agent.request('todo-list', 'add_item', { title: 'x' });
  assert.deepEqual(r.error, { code: 'ACTION_EXECUTION_ERROR', message: 'disk full' });
  assert.equal((await m.agent.request('todo-list', 'clear_done')).success, true);
});

test('a non-Error thrown is ACTION_EXECUTION_ERROR too; an answer that cannot be sent is a success that says its data was dropped (it ran)', async () => {
  const cyclic: any = {};
  cyclic.self = cyclic;
  const m = await mount({ handlers: { add_item: () => Promise.reject('plain string'), clear_done: () => cyclic }, confirm: () => true });
  assert.equal((await m.agent.request('todo-list', 'add_item', { title: 'x' })).error?.message, 'plain string');
  const r = await m.agent.request('todo-list', 'clear_done');
  assert.equal(r.success, true);
  assert.equal(r.data, undefined);
  assert.deepEqual(r.dropped?.fields, ['data']);
  assert.match(r.dropped!.reason, /can't be sent/);
});

test('a handler that throws OUIActionError answers with its code and details; an unknown code stays ACTION_EXECUTION_ERROR', async () => {
  const forged = Object.assign(new Error('nope'), { name: 'OUIActionError', code: 'MADE_UP' });
  const m = await mount({
    handlers: {
      add_item: () => {
        throw new OUIActionError('INVALID_PARAMS', 'title: already on the list', { problems: [{ path: 'title', message: 'already on the list' }] });
      },
      clear_done: () => {
        throw forged;
      },
    },
    confirm: () => true,
  });
  const r = await m.agent.request('todo-list', 'add_item', { title: 'Milk' });
  assert.deepEqual(r.error, { code: 'INVALID_PARAMS', message: 'title: already on the list', details: { problems: [{ path: 'title', message: 'already on the list' }] } });
  assert.deepEqual((await m.agent.request('todo-list', 'clear_done')).error, { code: 'ACTION_EXECUTION_ERROR', message: 'nope' });
});

test('TIMEOUT: a hung handler is answered after actionTimeoutMs, its signal aborted, and the queue moves on', async () => {
  const timers = manualTimers();
  let signal: AbortSignal | undefined;
  const m = await mount({
    timers,
    actionTimeoutMs: 500,
    confirm: () => true,
    handlers: {
      add_item: (_p, ctx) => {
        signal = ctx.signal;
        return new Promise(() => {});
      },
      clear_done: () => 'next',
    },
  });
  const hung = m.agent.request('todo-list', 'add_item', { title: 'x' });
  const next = m.agent.request('todo-list', 'clear_done');
  await settle(5);
  timers.advance(500);
  assert.equal((await hung).error?.code, 'TIMEOUT');
  assert.equal(signal?.aborted, true);
  assert.equal((await next).data, 'next');
});

test('SURFACE_UNAVAILABLE while the route does not match; registration follows the path', async () => {
  const surface = todoSurface({ activation: { routes: '/todos/**' } });
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface, transport: pair.client, path: '/settings', handlers: { add_item: () => 1 } });
  await settle(2);
  assert.equal(runtime.active, false);
  assert.equal(heard.registers.length, 0);
  pair.server.sendRequest(req('add_item', { title: 'x' }));
  await settle(5);
  assert.equal(heard.results[0].error.code, 'SURFACE_UNAVAILABLE');
  runtime.setPath('/todos/today');
  await settle(2);
  assert.equal(heard.registers.length, 1);
  runtime.setPath('/todos/today?x=1');
  runtime.setPath('/elsewhere');
  await settle(2);
  assert.equal(heard.registers.length, 1);
  assert.deepEqual(heard.deregisters, ['todo-list']);
});

test('activation by entity: registered only while the page shows it', async () => {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface: todoSurface({ activation: { entity: { type: 'list' } } }), transport: pair.client });
  assert.equal(runtime.registered, false);
  runtime.setEntity({ type: 'list', id: '9' });
  assert.equal(runtime.registered, true);
  runtime.setEntity(null);
  await settle(2);
  assert.deepEqual([heard.registers.length, heard.deregisters.length], [1, 1]);
});

test('the same requestId never runs twice; a repeat gets the same answer again', async () => {
  let calls = 0;
  const m = await mount({ handlers: { add_item: () => ({ n: ++calls }) } });
  const same = req('add_item', { title: 'x' }, 'once');
  m.server.sendRequest(same);
  m.server.sendRequest(same); // while the first is still running: not answered twice
  await settle(10);
  m.server.sendRequest(same); // after: the stored answer
  await settle(5);
  assert.equal(calls, 1);
  assert.equal(m.heard.results.length, 2);
  assert.deepEqual(m.heard.results[0], m.heard.results[1]);
  assert.ok(m.runtime.issues.some((i) => i.code === 'duplicate-request'));
});

test('requests run one after another: the second starts when the first has its answer', async () => {
  const order: string[] = [];
  let release!: () => void;
  const m = await mount({
    confirm: () => true,
    handlers: {
      add_item: async () => {
        order.push('first starts');
        await new Promise<void>((r) => (release = r));
        order.push('first ends');
      },
      clear_done: () => void order.push('second runs'),
    },
  });
  const a = m.agent.request('todo-list', 'add_item', { title: 'x' });
  const b = m.agent.request('todo-list', 'clear_done');
  await settle(10);
  assert.deepEqual(order, ['first starts']);
  assert.deepEqual(m.runtime.pending.map((r) => r.actionId), ['add_item', 'clear_done']);
  release();
  await Promise.all([a, b]);
  assert.deepEqual(order, ['first starts', 'first ends', 'second runs']);
});

test('more than maxQueue waiting: answered SURFACE_BUSY at once, saying the queue is full', async () => {
  const m = await mount({ maxQueue: 1, handlers: { add_item: () => new Promise(() => {}) } });
  for (let i = 0; i < 3; i++) m.server.sendRequest(req('add_item', { title: 'x' }));
  await settle(10);
  assert.deepEqual(m.heard.results.map((r) => r.error?.code), ['SURFACE_BUSY']);
  assert.match(m.heard.results[0].error.message, /busy: 1 requests are already waiting/);
  m.runtime.dispose();
});

test('stop(): the person stops a request; ACTION_DENIED and the handler hears its signal', async () => {
  let signal: AbortSignal | undefined;
  const m = await mount({ handlers: { add_item: (_p, ctx) => ((signal = ctx.signal), new Promise(() => {})) } });
  const phases: string[] = [];
  m.runtime.onActivity((a) => phases.push(a.phase));
  const r = m.agent.request('todo-list', 'add_item', { title: 'x' });
  await settle(10);
  const [running] = m.runtime.pending;
  assert.equal(m.runtime.stop(running!.requestId), true);
  assert.equal((await r).error?.code, 'ACTION_DENIED');
  assert.equal(signal?.aborted, true);
  assert.equal(m.runtime.stop(running!.requestId), false);
  assert.deepEqual(phases, ['run', 'done']);
});

test('a request for a surface nobody runs on the page is answered SURFACE_NOT_FOUND, by result and by status', async () => {
  const m = await mount({ handlers: { add_item: () => 1 } });
  m.server.sendRequest({ ...req('add_item', { title: 'x' }, 'lost'), surfaceId: 'other' });
  m.server.dispatch('other', 'add_item', { title: 'y' });
  assert.deepEqual(m.heard.results.map((r) => [r.requestId, r.surfaceId, r.error?.code]), [['lost', 'other', 'SURFACE_NOT_FOUND']]);
  assert.match(m.heard.results[0].error.message, /no surface "other" on this page/);
  const status = m.heard.observations.filter((o) => o.surfaceId === 'other');
  assert.deepEqual(status.map((o) => [o.observationId, o.value.requestId, o.value.error.code]), [['add_item:status', 'lost', 'SURFACE_NOT_FOUND'], ['add_item:status', undefined, 'SURFACE_NOT_FOUND']]);
});

test('a surface the app registered by hand on the same transport is left to the app', async () => {
  const m = await mount({ handlers: { add_item: () => 1 } });
  const own: string[] = [];
  m.client.registerSurface(todoSurface({ id: 'hand-made' }));
  m.client.onAction((surfaceId, actionId) => surfaceId === 'hand-made' && own.push(actionId));
  m.server.dispatch('hand-made', 'add_item', {});
  assert.deepEqual(own, ['add_item']);
  assert.equal(m.heard.observations.filter((o) => o.surfaceId === 'hand-made').length, 0);
});

test('connection lost: unregistered without a word; back: registered again with the observations', async () => {
  const m = await mount();
  m.runtime.setObservation('item_count', 3);
  await settle(2);
  m.client.disconnect();
  assert.equal(m.runtime.registered, false);
  m.runtime.setObservation('item_count', 4);
  await m.client.connect();
  await settle(3);
  assert.equal(m.runtime.registered, true);
  assert.equal(m.heard.registers.length, 2);
  assert.equal(m.heard.deregisters.length, 0);
  assert.deepEqual(m.heard.observations.map((o) => o.value), [3, 4]);
  assert.equal(m.agent.observations('todo-list').get('item_count'), 4);
});

test('dispose: pending answered SURFACE_UNAVAILABLE, deregistered, listeners and timers gone, the id free again', async () => {
  const timers = manualTimers();
  const m = await mount({ timers, handlers: { add_item: () => new Promise(() => {}) } });
  const r = m.agent.request('todo-list', 'add_item', { title: 'x' });
  await settle(5);
  m.runtime.dispose();
  assert.equal((await r).error?.code, 'SURFACE_UNAVAILABLE');
  await settle(2);
  assert.deepEqual(m.heard.deregisters, ['todo-list']);
  assert.deepEqual(timers.pending, []);
  m.server.sendRequest(req('add_item', { title: 'y' }));
  await settle(5);
  assert.equal(m.heard.results.length, 1, 'a disposed runtime (the last on its transport) answers nothing more');
  m.runtime.dispose();
  const again = createSurfaceRuntime({ surface: todoSurface(), transport: m.client });
  again.dispose();
});

test('refused at creation: a malformed surface, handlers that do not fit (the same id twice on one transport is a handover: see answers.test.ts)', () => {
  const { client } = createDirectTransportPair();
  assert.throws(() => createSurfaceRuntime({ surface: todoSurface({ id: '' }), transport: client }), OUISurfaceError);
  assert.throws(() => createSurfaceRuntime({ surface: todoSurface(), transport: client, handlers: { nope: () => 1 } }), /doesn't declare/);
  assert.throws(() => createSurfaceRuntime({ surface: todoSurface(), transport: client, handlers: { export_all: () => 1 } }), /\{run, poll\}/);
  assert.throws(() => createSurfaceRuntime({ surface: todoSurface(), transport: client, handlers: { add_item: 5 as never } }), /function/);
  const sub = todoSurface();
  sub.actions[2]!.polling = { intervalMs: 1, subscribe: { event: 'done' } };
  assert.throws(() => createSurfaceRuntime({ surface: sub, transport: client, handlers: { export_all: () => 1 } }), /events source/);
});

test('setHandlers replaces the handlers', async () => {
  const m = await mount();
  m.runtime.setHandlers({ add_item: () => 'late' });
  assert.equal((await m.agent.request('todo-list', 'add_item', { title: 'x' })).data, 'late');
});

test('__proto__ in params never reaches a prototype', async () => {
  let seen: any;
  const m = await mount({ handlers: { clear_done: (p) => (seen = p) }, confirm: () => true });
  m.server.sendRequest({ ...req('clear_done'), params: JSON.parse('{"__proto__":{"polluted":true},"x":1}') });
  await settle(10);
  assert.equal(({} as any).polluted, undefined);
  assert.equal(Object.getPrototypeOf(seen), Object.prototype);
  assert.equal(seen.polluted, undefined);
  assert.equal(seen.x, 1);
});
