import { before, test } from 'node:test';
import { warmValidator } from '../../../src/actions/index.ts';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  matchesDispatchFilter,
  resolveDispatchFilter,
  type OUIActionPolling,
  type OUIActionResultMessage,
  type OUIEventSource,
  type SurfaceRuntimeOptions,
} from '../../../src/oui/index.ts';
import { manualTimers, settle, todoSurface } from './helpers.ts';

// The schema checker loads on first use, over real time; manual clocks and a few turns can't wait for that.
before(() => warmValidator());

/** A surface whose export_all has this polling, mounted with manual timers. */
async function mount(polling: OUIActionPolling, options: Partial<SurfaceRuntimeOptions> = {}) {
  const timers = manualTimers();
  const surface = todoSurface();
  surface.actions[2]!.polling = polling;
  const pair = createDirectTransportPair();
  const runtime = createSurfaceRuntime({ surface, transport: pair.client, timers, ...options });
  const agent = createOUIAgent(pair.server, { timeoutMs: 0 });
  await settle(2);
  const interims: OUIActionResultMessage[] = [];
  const call = () => agent.call('export_all', { format: 'csv' }, { onInterim: (r) => interims.push(r) });
  /** Moves the clock `ms` in steps, letting promises run between them. */
  const advance = async (ms: number, step = 100) => {
    for (let t = 0; t < ms; t += step) {
      await settle(3);
      timers.advance(Math.min(step, ms - t));
      await settle(3);
    }
  };
  return { timers, runtime, agent, interims, call, advance };
}

/** App events the test fires by hand. */
function eventSource() {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const source: OUIEventSource & { fire(event: string, payload: unknown): void; count(): number } = {
    subscribe(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return () => void listeners.get(event)!.delete(listener);
    },
    fire(event, payload) {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload);
    },
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
  return source;
}

test('polling to completion: the dispatch answer first, progress while polling, then one final result', async () => {
  const seen: [unknown, number][] = [];
  const m = await mount({ intervalMs: 100, maxAttempts: 5 }, {
    handlers: {
      export_all: {
        run: () => ({ jobId: 'j1' }),
        poll: (dispatched, ctx) => {
          seen.push([dispatched, ctx.attempt]);
          return ctx.attempt < 3 ? { done: false, progress: ctx.attempt * 30 } : { done: true, data: { url: 'blob:1' } };
        },
      },
    },
  });
  const r = m.call();
  await m.advance(300);
  const final = await r;
  assert.deepEqual(m.interims.map((i) => [i.interim, i.progress, i.data]), [[true, 0, { jobId: 'j1' }], [true, 30, undefined], [true, 60, undefined]]);
  assert.equal(final.success, true);
  assert.equal(final.interim, false);
  assert.equal(final.progress, 100);
  assert.deepEqual(final.data, { url: 'blob:1' });
  assert.deepEqual(seen, [[{ jobId: 'j1' }, 1], [{ jobId: 'j1' }, 2], [{ jobId: 'j1' }, 3]]);
  assert.deepEqual(m.timers.pending, []);
});

test('polling: no final answer after maxAttempts is TIMEOUT', async () => {
  let polls = 0;
  const m = await mount({ intervalMs: 100, maxAttempts: 3 }, { handlers: { export_all: { run: () => 1, poll: () => (polls++, { done: false }) } } });
  const r = m.call();
  await m.advance(500);
  const final = await r;
  assert.equal(final.error?.code, 'TIMEOUT');
  assert.equal(polls, 3);
});

test('polling: maxDurationMs passing is TIMEOUT', async () => {
  const m = await mount({ intervalMs: 100, maxDurationMs: 250 }, { handlers: { export_all: { run: () => 1, poll: () => ({ done: false }) } } });
  const r = m.call();
  await m.advance(300, 50);
  assert.match((await r).error?.message ?? '', /within 250 ms/);
});

test('polling: a poll that throws, or reports the job failed, is ACTION_EXECUTION_ERROR', async () => {
  for (const poll of [() => { throw new Error('server 500'); }, () => ({ done: true, error: { message: 'render failed', details: { step: 2 } } }), () => ({ nonsense: 1 })]) {
    const m = await mount({ intervalMs: 100, maxAttempts: 3 }, { handlers: { export_all: { run: () => 1, poll: poll as never } } });
    const r = m.call();
    await m.advance(100);
    const final = await r;
    assert.equal(final.error?.code, 'ACTION_EXECUTION_ERROR');
    m.runtime.dispose();
  }
});

test('polling: a hung poll is TIMEOUT after actionTimeoutMs', async () => {
  const m = await mount({ intervalMs: 100, maxAttempts: 3 }, { actionTimeoutMs: 200, handlers: { export_all: { run: () => 1, poll: () => new Promise(() => {}) } } });
  const r = m.call();
  await m.advance(300);
  assert.match((await r).error?.message ?? '', /poll took longer/);
});

test('subscribe: waits for the event whose filter matches the dispatch answer ($dispatchResult paths)', async () => {
  const events = eventSource();
  const m = await mount(
    { intervalMs: 1000, maxDurationMs: 60_000, subscribe: { event: 'export.done', filter: { jobId: '$dispatchResult.job.id', kind: 'export', owner: { team: '$dispatchResult.team' } } } },
    { events, handlers: { export_all: () => ({ job: { id: 'j7' }, team: 'blue' }) } },
  );
  const r = m.call();
  await settle(10);
  assert.equal(events.count(), 1);
  events.fire('export.done', { jobId: 'j6', kind: 'export', owner: { team: 'blue' }, url: 'wrong' });
  events.fire('export.done', { jobId: 'j7', kind: 'import', owner: { team: 'blue' }, url: 'wrong' });
  events.fire('export.done', { jobId: 'j7', kind: 'export', owner: { team: 'red' }, url: 'wrong' });
  events.fire('other.event', { jobId: 'j7', kind: 'export', owner: { team: 'blue' } });
  events.fire('export.done', { jobId: 'j7', kind: 'export', owner: { team: 'blue', extra: 1 }, url: 'blob:7' });
  const final = await r;
  assert.equal(final.success, true);
  assert.equal((final.data as { url: string }).url, 'blob:7');
  assert.equal(events.count(), 0, 'unsubscribed');
  assert.deepEqual(m.timers.pending, []);
});

test('subscribe: onEvent turns events into progress, then the final answer', async () => {
  const events = eventSource();
  const m = await mount(
    { intervalMs: 1000, subscribe: { event: 'job', filter: { id: '$dispatchResult' } } },
    {
      events,
      handlers: {
        export_all: {
          run: () => 'j1',
          onEvent: (payload, dispatched) => {
            const p = payload as { pct: number };
            return p.pct < 100 ? { done: false, progress: p.pct } : { done: true, data: { job: dispatched } };
          },
        },
      },
    },
  );
  const r = m.call();
  await settle(10);
  events.fire('job', { id: 'j1', pct: 40 });
  events.fire('job', { id: 'j1', pct: 80 });
  events.fire('job', { id: 'j1', pct: 100 });
  const final = await r;
  assert.deepEqual(m.interims.map((i) => i.progress), [0, 40, 80]);
  assert.deepEqual(final.data, { job: 'j1' });
});

test('subscribe: a filter path the answer lacks is ACTION_EXECUTION_ERROR at once; silence is TIMEOUT', async () => {
  const events = eventSource();
  const m = await mount({ intervalMs: 1000, subscribe: { event: 'job', filter: { id: '$dispatchResult.jobId' } } }, { events, handlers: { export_all: () => ({ other: 1 }) } });
  const r = await (async () => {
    const p = m.call();
    await settle(10);
    return p;
  })();
  assert.match(r.error?.message ?? '', /\$dispatchResult\.jobId/);
  assert.equal(events.count(), 0);

  const quiet = await mount({ intervalMs: 1000, maxDurationMs: 5000, subscribe: { event: 'job' } }, { events, handlers: { export_all: () => 1 } });
  const p = quiet.call();
  await quiet.advance(5000, 1000);
  assert.equal((await p).error?.code, 'TIMEOUT');
  assert.equal(events.count(), 0);
});

test('a follow runs beside later requests: the surface is not blocked by a long job', async () => {
  const m = await mount({ intervalMs: 100, maxAttempts: 50 }, {
    handlers: { export_all: { run: () => 1, poll: () => ({ done: false }) }, add_item: () => 'quick' },
  });
  void m.call();
  await settle(10);
  const quick = await m.agent.call('add_item', { title: 'x' });
  assert.equal(quick.data, 'quick');
  m.runtime.dispose();
});

test('dispose during a follow: SURFACE_UNAVAILABLE, unsubscribed, no timer left', async () => {
  const events = eventSource();
  const m = await mount({ intervalMs: 1000, subscribe: { event: 'job' } }, { events, handlers: { export_all: () => 1 } });
  const r = m.call();
  await settle(10);
  m.runtime.dispose();
  assert.equal((await r).error?.code, 'SURFACE_UNAVAILABLE');
  assert.equal(events.count(), 0);
  assert.deepEqual(m.timers.pending, []);
});

test('resolveDispatchFilter walks own properties and indexes only', () => {
  assert.deepEqual(resolveDispatchFilter({ a: '$dispatchResult.list.1', b: 2, c: ['$dispatchResult.x'] }, { list: ['p', 'q'], x: true }), {
    ok: true,
    filter: { a: 'q', b: 2, c: [true] },
  });
  assert.deepEqual(resolveDispatchFilter({ a: '$dispatchResult.constructor' }, {}), { ok: false, missing: '$dispatchResult.constructor' });
  assert.deepEqual(resolveDispatchFilter({ a: '$dispatchResult.__proto__' }, {}), { ok: false, missing: '$dispatchResult.__proto__' });
  assert.deepEqual(resolveDispatchFilter({ a: '$dispatchResultish' }, {}), { ok: true, filter: { a: '$dispatchResultish' } });
  assert.deepEqual(resolveDispatchFilter(undefined, 1), { ok: true, filter: {} });
});

test('matchesDispatchFilter: every key an own, equal property; objects matched by their own keys', () => {
  assert.equal(matchesDispatchFilter({ a: 1, b: [1, 2], c: { d: 1, e: 2 } }, { a: 1, b: [1, 2], c: { d: 1 } }), true);
  assert.equal(matchesDispatchFilter({ a: 1 }, { a: '1' }), false);
  assert.equal(matchesDispatchFilter({}, { toString: Object.prototype.toString }), false);
  assert.equal(matchesDispatchFilter({ c: 5 }, { c: {} }), false);
  assert.equal(matchesDispatchFilter('text', {}), true);
  assert.equal(matchesDispatchFilter('text', { a: 1 }), false);
});
