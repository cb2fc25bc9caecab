import { before, test } from 'node:test';
import { warmValidator } from '../../../src/actions/index.ts';
import assert from 'node:assert/strict';
import { createDirectTransportPair, createSurfaceRuntime, parseStatusObservationId, type SurfaceRuntimeOptions } from '../../../src/oui/index.ts';
import { manualTimers, recorder, settle, todoSurface } from './helpers.ts';

// The schema checker loads on first use, over real time; manual clocks and a few turns can't wait for that.
before(() => warmValidator());

async function mount(options: Partial<SurfaceRuntimeOptions> = {}) {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: pair.client, ...options });
  await settle(2);
  const pushed = () => heard.observations.filter((o) => !parseStatusObservationId(o.observationId)).map((o) => [o.observationId, o.value]);
  return { ...pair, heard, runtime, pushed };
}

test('pushed when the value changes; a deep-equal value is not sent again', async () => {
  const m = await mount();
  for (const [id, v] of [['item_count', 1], ['item_count', 1], ['filter', { done: false, tags: ['a'] }], ['filter', { tags: ['a'], done: false }], ['item_count', 2]] as const) {
    m.runtime.setObservation(id, v);
  }
  await settle(3);
  assert.deepEqual(m.pushed(), [['item_count', 1], ['filter', { done: false, tags: ['a'] }], ['item_count', 2]]);
  assert.equal(m.runtime.observation('item_count'), 2);
});

test('an undeclared observation id throws (the app’s mistake); a value that cannot be sent is reported', async () => {
  const m = await mount();
  assert.throws(() => m.runtime.setObservation('nope', 1), /declares no observation "nope"/);
  const cyclic: any = {};
  cyclic.self = cyclic;
  m.runtime.setObservation('filter', cyclic);
  await settle(2);
  assert.equal(m.pushed().length, 0);
  assert.equal(m.runtime.issues[0]?.code, 'observation-mismatch');
});

test('a value that does not match its schema is reported, not thrown, and still sent', async () => {
  const m = await mount();
  m.runtime.setObservation('item_count', 'many');
  await settle(10);
  assert.deepEqual(m.pushed(), [['item_count', 'many']]);
  const issue = m.runtime.issues.find((i) => i.code === 'observation-mismatch');
  assert.match(issue?.message ?? '', /item_count/);
});

test('checkObservations: false skips the schema check', async () => {
  const m = await mount({ checkObservations: false });
  m.runtime.setObservation('item_count', 'many');
  await settle(10);
  assert.equal(m.runtime.issues.length, 0);
});

test('getters: read on registration, after each action, on refresh(); a throwing getter is reported', async () => {
  let count = 1;
  let broken = false;
  const m = await mount({
    getters: {
      item_count: () => count,
      filter: () => {
        if (broken) throw new Error('store gone');
        return { done: false };
      },
    },
    handlers: { add_item: () => void count++ },
  });
  assert.deepEqual(m.pushed(), [['item_count', 1], ['filter', { done: false }]]);
  m.server.dispatch('todo-list', 'add_item', { title: 'x' });
  await settle(10);
  assert.deepEqual(m.pushed().at(-1), ['item_count', 2]);
  count = 5;
  broken = true;
  m.runtime.refresh(['item_count', 'filter']);
  await settle(2);
  assert.deepEqual(m.pushed().at(-1), ['item_count', 5]);
  assert.ok(m.runtime.issues.some((i) => /store gone/.test(i.message)));
  assert.throws(() => createSurfaceRuntime({ surface: todoSurface({ id: 'other' }), transport: m.client, getters: { nope: () => 1 } }), /doesn't declare/);
});

test('observations declared `polling` are read on a cadence while registered, and not after dispose', async () => {
  const timers = manualTimers();
  const surface = todoSurface();
  surface.observations![0]!.updateFrequency = 'polling';
  let count = 0;
  const m = await mount({ surface, timers, observationPollMs: 1000, getters: { item_count: () => count } });
  count = 1;
  timers.advance(999);
  await settle(2);
  assert.deepEqual(m.pushed(), [['item_count', 0]]);
  timers.advance(1);
  count = 2;
  timers.advance(1000);
  timers.advance(1000); // unchanged: not sent again
  await settle(2);
  assert.deepEqual(m.pushed(), [['item_count', 0], ['item_count', 1], ['item_count', 2]]);
  m.runtime.dispose();
  assert.deepEqual(timers.pending, []);
});

test('nothing is pushed while unregistered; the latest value goes out on registration', async () => {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const runtime = createSurfaceRuntime({ surface: todoSurface({ activation: { routes: '/todos' } }), transport: pair.client, path: '/x' });
  runtime.setObservation('item_count', 1);
  runtime.setObservation('item_count', 2);
  await settle(2);
  assert.equal(heard.observations.length, 0);
  runtime.setPath('/todos');
  await settle(2);
  assert.deepEqual(heard.observations.map((o) => o.value), [2]);
});
