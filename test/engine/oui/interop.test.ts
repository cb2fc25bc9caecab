// Our two sides against a peer that speaks only what oui-spec 0.1.0 declares: no request ids, no results, only
// dispatches one way and observations (and registrations) the other. A 0.1.0 agent drives our surface runtime and
// learns each outcome from the action's status observation; our agent drives a 0.1.0 page and reads its
// observations. The peers here use only the declared methods, on our transports and on a minimal 0.1.0-style
// transport written below from the declarations alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  type OUIActionHandler,
  type OUIObservationHandler,
  type OUIObservationUpdate,
  type OUISurface,
  type OUITransport,
} from '../../../src/oui/index.ts';
import { settle, todoSurface } from './helpers.ts';

/** A direct pair as 0.1.0 describes one: synchronous, the declared methods and nothing else. */
function plainPair(): { server: OUITransport; client: OUITransport } {
  const actions = new Set<OUIActionHandler>();
  const observations = new Set<OUIObservationHandler>();
  const registers = new Set<(s: OUISurface) => void>();
  const deregisters = new Set<(id: string) => void>();
  const sub = <T>(set: Set<T>, h: T) => (set.add(h), () => void set.delete(h));
  const end = (): OUITransport => ({
    dispatch: (s, a, p) => actions.forEach((h) => h(s, a, structuredClone(p))),
    onAction: (h) => sub(actions, h),
    pushObservation: (u) => observations.forEach((h) => h(structuredClone(u))),
    onObservation: (h) => sub(observations, h),
    registerSurface: (s) => registers.forEach((h) => h(structuredClone(s))),
    deregisterSurface: (id) => deregisters.forEach((h) => h(id)),
    onSurfaceRegister: (h) => sub(registers, h),
    onSurfaceDeregister: (h) => sub(deregisters, h),
    connected: true,
    connect: () => Promise.resolve(),
    disconnect: () => {},
    onConnectionChange: () => () => {},
  });
  return { server: end(), client: end() };
}

const chart = (): OUISurface => ({
  id: 'dataViz',
  name: 'Chart',
  description: 'The chart on the dashboard',
  actions: [
    { id: 'setChartType', description: 'Change the chart type', input: { type: 'object', properties: { type: { enum: ['bar', 'line'] } }, required: ['type'] } },
    { id: 'reset', description: 'Reset the chart', input: { type: 'object', properties: {} }, confirm: true },
    {
      id: 'render_job',
      description: 'Render it as an image',
      input: { type: 'object', properties: {} },
      async: true,
      polling: { intervalMs: 0, subscribe: { event: 'render.done', filter: { job: '$dispatchResult.job' } } },
    },
  ],
  observations: [{ id: 'chartType', description: 'The chart type shown', schema: { type: 'string' } }],
  activation: { routes: '/projects/:projectId/chart' },
});

for (const [kind, make] of [
  ['our direct pair', () => createDirectTransportPair()],
  ['a plain 0.1.0 pair', plainPair],
] as const) {
  test(`${kind}: a 0.1.0 agent (dispatch and observations, no ids) drives our runtime; outcomes arrive as <actionId>:status`, async () => {
    const { server, client } = make();
    // The 0.1.0 agent: what the declarations let it do, nothing more.
    const surfaces: OUISurface[] = [];
    const seen: OUIObservationUpdate[] = [];
    server.onSurfaceRegister((s) => surfaces.push(s));
    server.onObservation((u) => seen.push(u));
    let type = 'line';
    let confirmAnswer = false;
    const subscribers = new Set<(p: unknown) => void>();
    const runtime = createSurfaceRuntime({
      surface: chart(),
      transport: client,
      path: '/projects/42/chart',
      confirm: () => confirmAnswer,
      events: { subscribe: (_e, l) => (subscribers.add(l), () => void subscribers.delete(l)) },
      getters: { chartType: () => type },
      handlers: {
        setChartType: ({ type: t }) => ((type = String(t)), { type }),
        reset: () => ((type = 'line'), { type }),
        render_job: { run: () => ({ job: 'j1' }) },
      },
    });
    assert.deepEqual(surfaces.map((s) => s.id), ['dataViz'], 'camelCase ids and a :param route are accepted');
    assert.deepEqual(runtime.issues.filter((i) => i.code === 'surface-style').map((i) => i.message.match(/"(\w+)" is not/)?.[1]), ['dataViz', 'setChartType'], 'each id off the conventions is a warning');
    const status = (actionId: string) => seen.filter((u) => u.observationId === `${actionId}:status`).map((u) => u.value as Record<string, any>);

    server.dispatch('dataViz', 'setChartType', { type: 'bar' });
    for (let i = 0; i < 200 && status('setChartType').length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const [ok] = status('setChartType');
    assert.equal(ok!.success, true);
    assert.deepEqual(ok!.data, { type: 'bar' });
    assert.equal(ok!.requestId, undefined, 'a 0.1.0 dispatch had no id, and its status says none');
    assert.ok(seen.some((u) => u.observationId === 'chartType' && u.value === 'bar'), 'the app state follows');

    server.dispatch('dataViz', 'setChartType', { type: 'pie' });
    server.dispatch('dataViz', 'nope', {});
    server.dispatch('dataViz', 'reset', {});
    await settle(10);
    assert.equal(status('setChartType')[1]!.error.code, 'INVALID_PARAMS');
    assert.match(status('setChartType')[1]!.error.message, /type/);
    assert.equal(status('nope')[0]!.error.code, 'ACTION_NOT_FOUND');
    assert.equal(status('reset').at(-1)!.error.code, 'ACTION_DENIED');
    confirmAnswer = true;
    server.dispatch('dataViz', 'reset', {});
    await settle(10);
    assert.deepEqual(status('reset').at(-1)!.data, { type: 'line' });

    server.dispatch('dataViz', 'render_job', {});
    await settle(5);
    assert.equal(status('render_job')[0]!.interim, true);
    for (const l of subscribers) l({ job: 'j1', url: 'blob:chart' });
    await settle(5);
    assert.deepEqual(status('render_job').at(-1)!.data, { job: 'j1', url: 'blob:chart' });
    assert.equal(status('render_job').at(-1)!.interim, false);

    server.dispatch('elsewhere', 'setChartType', { type: 'bar' });
    assert.equal(seen.at(-1)!.surfaceId, 'elsewhere');
    assert.equal((seen.at(-1)!.value as any).error.code, 'SURFACE_NOT_FOUND', 'a dispatch to an unknown surface is answered, not silent');
    runtime.dispose();
  });

  test(`${kind}: our agent against a 0.1.0 page: tools, a dispatch that answers at once, the outcome in its observations`, async () => {
    const { server, client } = make();
    const agent = createOUIAgent(server, { timeoutMs: 0 });
    // The 0.1.0 page: registers, hears dispatches with three arguments, pushes state.
    const surface = todoSurface({ id: 'documentEditor' });
    surface.actions[0]!.id = 'addItem';
    surface.observations = [{ id: 'items', description: 'The items', schema: { type: 'array' } }];
    const items: string[] = [];
    client.onAction((surfaceId, actionId, params) => {
      if (surfaceId !== 'documentEditor') return;
      if (actionId === 'addItem') {
        items.push(String(params.title));
        client.pushObservation({ surfaceId, observationId: 'items', value: [...items], timestamp: 1 });
        client.pushObservation({ surfaceId, observationId: 'addItem:status', value: { success: true, data: { count: items.length } }, timestamp: 1 });
      } else {
        client.pushObservation({ surfaceId, observationId: `${actionId}:status`, value: { success: false, error: { code: 'NOT_HERE', message: 'not on this page' } }, timestamp: 1 });
      }
    });
    client.registerSurface(surface);
    assert.deepEqual(agent.tools().map((t) => t.name), ['addItem', 'clear_done', 'export_all']);
    assert.equal(agent.answers('documentEditor'), false);

    const result = await agent.call('addItem', { title: 'Milk' });
    assert.equal(result.success, true);
    assert.equal((result.data as { dispatched: boolean }).dispatched, true);
    assert.match((result.data as { message: string }).message, /observations/);
    assert.deepEqual(items, ['Milk'], 'the page ran it with the params');
    assert.deepEqual(agent.observations('documentEditor').get('items'), ['Milk']);
    assert.deepEqual(agent.observations('documentEditor').get('addItem:status'), { surfaceId: 'documentEditor', actionId: 'addItem', success: true, data: { count: 1 }, timestamp: 1 });
    await agent.call('clear_done', {});
    assert.match(agent.contextText(), /clear_done:status = .*NOT_HERE/);
    assert.deepEqual(agent.issues, []);
    client.deregisterSurface('documentEditor');
    assert.deepEqual(agent.tools(), []);
  });
}

test('our runtime on a plain 0.1.0 transport registers the surface itself, and answers nothing but status observations', async () => {
  const { server, client } = plainPair();
  const registered: OUISurface[] = [];
  server.onSurfaceRegister((s) => registered.push(s));
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: client, handlers: { add_item: () => 1 } });
  assert.deepEqual(registered, [todoSurface()]);
  const seen: OUIObservationUpdate[] = [];
  server.onObservation((u) => seen.push(u));
  server.dispatch('todo-list', 'add_item', { title: 'x' });
  for (let i = 0; i < 200 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(seen.map((u) => [u.observationId, (u.value as any).success]), [['add_item:status', true]]);
  runtime.dispose();
});
