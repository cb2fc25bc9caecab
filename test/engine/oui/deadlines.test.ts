// No ghost actions (issue 15, items 7 and 10): a request carries a deadline; the page never runs an action after
// it, even when the person confirms later; while the confirmation is open the page says so (interim results) and
// the agent waits on as long as it hears them, up to a bound; an agent that gives up says so and the page
// withdraws the question. An open confirmation never holds up the actions that need none. Time is moved by hand.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { warmValidator } from '../../../src/actions/index.ts';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  type OUIActionRequest,
  type OUIActionResultMessage,
  type SurfaceRuntimeOptions,
} from '../../../src/oui/index.ts';
import { manualTimers, settle, todoSurface } from './helpers.ts';

before(() => warmValidator());

/** A confirmation the test answers by hand, and what it was asked with. */
function person() {
  const asked: { request: OUIActionRequest; answer: (yes: boolean) => void; signal?: AbortSignal }[] = [];
  const confirm = (request: OUIActionRequest, _action: unknown, limits?: { signal?: AbortSignal }) =>
    new Promise<boolean>((resolve) => asked.push({ request, answer: resolve, ...(limits?.signal ? { signal: limits.signal } : {}) }));
  return { asked, confirm };
}

/** A runtime and an agent on one clock, moved by hand. */
async function mount(options: Partial<SurfaceRuntimeOptions> = {}, agentOptions: Record<string, unknown> = {}) {
  const timers = manualTimers();
  let clock = 1_000_000;
  const now = () => clock;
  const advance = async (ms: number, step = 100) => {
    for (let t = 0; t < ms; t += step) {
      const d = Math.min(step, ms - t);
      clock += d;
      timers.advance(d);
      await settle(3);
    }
  };
  const pair = createDirectTransportPair({ now });
  const deleted: string[] = [];
  const ran: string[] = [];
  const runtime = createSurfaceRuntime({
    surface: todoSurface(),
    transport: pair.client,
    timers,
    now,
    handlers: {
      clear_done: () => {
        deleted.push('done items');
        return { removed: 3 };
      },
      add_item: (p) => {
        ran.push(String(p.title));
        return { added: p.title };
      },
    },
    ...options,
  });
  const agent = createOUIAgent(pair.server, { timers, now, ...agentOptions });
  await settle(3);
  return { pair, runtime, agent, timers, advance, deleted, ran, now: () => clock };
}

test('repro: call(…, {timeoutMs: 1500}) answers TIMEOUT; the person confirms at 2 s; nothing is deleted', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('clear_done', {}, { timeoutMs: 1500 }).then((r) => (out.result = r));
  await settle(5);
  assert.equal(p.asked.length, 1, 'the person is asked');
  await m.advance(1500);
  assert.equal(out.result?.error?.code, 'TIMEOUT');
  await m.advance(500);
  p.asked[0]!.answer(true);
  await settle(10);
  await m.advance(1000);
  assert.deepEqual(m.deleted, [], 'never run after the agent was told it failed');
});

test('repro: requests queued behind an open confirmation never run after the agent was told they failed', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const results: (OUIActionResultMessage | undefined)[] = [];
  void m.agent.call('clear_done', {}, { timeoutMs: 1500 }).then((r) => (results[0] = r));
  void m.agent.call('clear_done', {}, { timeoutMs: 1500 }).then((r) => (results[1] = r));
  await settle(5);
  await m.advance(1600);
  assert.deepEqual(results.map((r) => r?.error?.code), ['TIMEOUT', 'TIMEOUT']);
  for (const a of p.asked) a.answer(true);
  await settle(10);
  // Whatever was still waiting for its turn is asked now, if at all: every answer comes after the deadline.
  for (const a of p.asked) a.answer(true);
  await m.advance(2000);
  for (const a of p.asked) a.answer(true);
  await settle(10);
  assert.deepEqual(m.deleted, []);
});

test('item 10: an action that needs no confirmation runs while another waits for the person', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const c: { cleared?: OUIActionResultMessage } = {};
  void m.agent.call('clear_done', {}).then((r) => (c.cleared = r));
  await settle(5);
  assert.equal(p.asked.length, 1);
  const added = await m.agent.call('add_item', { title: 'Milk' });
  assert.equal(added.success, true, 'not blocked by the open confirmation');
  assert.deepEqual(m.ran, ['Milk']);
  assert.equal(c.cleared === undefined, true);
  p.asked[0]!.answer(true);
  await settle(10);
  assert.equal(c.cleared?.success, true);
  assert.deepEqual(m.deleted, ['done items']);
});

test('the agent waits while the page says the person is still being asked: a 45 s answer runs, and the agent hears why it waits', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const heard: (string | undefined)[] = [];
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('clear_done', {}, { onInterim: (r) => heard.push(r.waiting) }).then((r) => (out.result = r));
  await settle(5);
  await m.advance(45_000, 500);
  assert.equal(out.result === undefined, true, 'still waiting at 45 s (its own timeout is 30 s)');
  assert.ok(heard.length >= 9 && heard.every((w) => w === 'confirmation'), `interim results while the question is open: ${heard.length}`);
  p.asked[0]!.answer(true);
  await settle(10);
  assert.equal(out.result?.success, true);
  assert.deepEqual(m.deleted, ['done items']);
});

test('the bound: past maxWaitMs the agent gives up, says so, and the page withdraws the question; nothing runs', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm }, { maxWaitMs: 60_000 });
  const cancels: unknown[] = [];
  m.pair.client.onCancel((c) => cancels.push(c));
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('clear_done', {}).then((r) => (out.result = r));
  await settle(5);
  await m.advance(59_000, 1000);
  assert.equal(out.result === undefined, true);
  assert.equal(p.asked[0]!.signal?.aborted, false);
  await m.advance(1000, 1000);
  assert.equal(cancels.length, 1, 'the agent said it gave up');
  assert.equal(p.asked[0]!.signal?.aborted, true, 'the question is withdrawn');
  assert.equal(out.result?.error?.code, 'TIMEOUT');
  assert.match(out.result!.error!.message, /did not run: the agent stopped waiting .* while it waited for the person/);
  p.asked[0]!.answer(true);
  await settle(10);
  assert.deepEqual(m.deleted, []);
});

test('an agent that is gone can\'t cancel: the page\'s own count of the deadline withdraws the question', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const results: OUIActionResultMessage[] = [];
  m.pair.server.onResult((r) => results.push(r));
  m.pair.server.sendRequest({ requestId: 'lonely', surfaceId: 'todo-list', actionId: 'clear_done', params: {}, timestamp: 1, timeoutMs: 1000, maxWaitMs: 1000 });
  await settle(5);
  assert.equal(p.asked.length, 1);
  await m.advance(1000);
  assert.equal(p.asked[0]!.signal?.aborted, true);
  assert.deepEqual(results.filter((r) => !r.interim).map((r) => r.error?.code), ['TIMEOUT']);
  p.asked[0]!.answer(true);
  await settle(10);
  assert.deepEqual(m.deleted, []);
});

test('confirmed in time, but its turn comes after the deadline (a slow action ahead): TIMEOUT, never run', async () => {
  const p = person();
  let release!: () => void;
  const m = await mount({
    confirm: p.confirm,
    handlers: {
      add_item: () => new Promise<void>((r) => (release = r)),
      clear_done: () => {
        throw new Error('must not run');
      },
    },
    actionTimeoutMs: 0,
  });
  void m.agent.call('add_item', { title: 'slow' }, { timeoutMs: 0 });
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('clear_done', {}, { timeoutMs: 2000 }).then((r) => (out.result = r));
  await settle(5);
  p.asked[0]!.answer(true);
  await settle(5);
  await m.advance(2000);
  assert.equal(out.result?.error?.code, 'TIMEOUT');
  assert.match(out.result!.error!.message, /did not run/);
  release();
  await settle(10);
  assert.equal(m.runtime.pending.length, 0);
});

test('the deadline is checked again just before the handler: a yes in the same instant runs nothing', async () => {
  let clock = 0;
  const timers = manualTimers();
  const pair = createDirectTransportPair();
  let ran = false;
  let answer!: (yes: boolean) => void;
  createSurfaceRuntime({
    surface: todoSurface(),
    transport: pair.client,
    timers,
    now: () => clock,
    confirm: () => new Promise<boolean>((r) => (answer = r)),
    handlers: { clear_done: () => (ran = true) },
  });
  const results: OUIActionResultMessage[] = [];
  pair.server.onResult((r) => results.push(r));
  pair.server.sendRequest({ requestId: 'edge', surfaceId: 'todo-list', actionId: 'clear_done', params: {}, timestamp: 1, timeoutMs: 1000, maxWaitMs: 1000 });
  await settle(5);
  // The clock passes the deadline before its timer had a chance to fire; the person's yes lands first.
  clock = 1000;
  answer(true);
  await settle(10);
  assert.equal(ran, false);
  assert.deepEqual(results.filter((r) => !r.interim).map((r) => r.error?.code), ['TIMEOUT']);
});

test('a cancel for an action already running: its signal aborts, and the answer says what it did may stand', async () => {
  let signal: AbortSignal | undefined;
  const m = await mount({ handlers: { add_item: (_p, ctx) => ((signal = ctx.signal), new Promise(() => {})) }, actionTimeoutMs: 0 });
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('add_item', { title: 'x' }, { timeoutMs: 1000 }).then((r) => (out.result = r));
  await settle(5);
  await m.advance(1000);
  assert.equal(signal?.aborted, true);
  assert.equal(out.result?.error?.code, 'TIMEOUT');
  assert.match(out.result!.error!.message, /had already started, and what it did may stand/);
});

test('a running async action keeps the agent waiting past maxWaitMs while its progress comes', async () => {
  const m = await mount(
    {
      handlers: {
        export_all: {
          run: () => ({ job: 1 }),
          poll: (_d: unknown, ctx: { attempt: number }) => (ctx.attempt < 4 ? { done: false, progress: ctx.attempt * 20 } : { done: true, data: 'file' }),
        },
      },
    },
    { maxWaitMs: 150, timeoutMs: 150 },
  );
  const out: { result?: OUIActionResultMessage } = {};
  void m.agent.call('export_all', { format: 'csv' }, { timeoutMs: 150, maxWaitMs: 150 }).then((r) => (out.result = r));
  await settle(5);
  await m.advance(400, 50);
  assert.equal(out.result?.success, true, JSON.stringify(out.result));
  assert.equal(out.result?.data, 'file');
});

test('a page that says nothing to a cancel: the call answers TIMEOUT after the grace, saying it does not know more', async () => {
  const timers = manualTimers();
  const pair = createDirectTransportPair();
  const agent = createOUIAgent(pair.server, { timers, timeoutMs: 1000, cancelGraceMs: 500 });
  pair.client.sendRegistration({ surface: todoSurface(), timestamp: 1, capabilities: ['action:result', 'action:cancel'] });
  const sent: unknown[] = [];
  pair.client.onRequest((r) => sent.push(r));
  const out: { result?: OUIActionResultMessage } = {};
  void agent.call('add_item', { title: 'x' }).then((r) => (out.result = r));
  assert.deepEqual(sent.map((r: any) => [r.timeoutMs, r.maxWaitMs]), [[1000, 300_000]], 'the request carries its deadline');
  timers.advance(1000);
  await settle(2);
  assert.equal(out.result === undefined, true, 'the grace runs');
  timers.advance(500);
  await settle(2);
  assert.equal(out.result?.error?.code, 'TIMEOUT');
  assert.match(out.result!.error!.message, /did not say whether it had started/);
});

test('a cancel for a request already answered sends the answer again (it may have been lost)', async () => {
  const m = await mount();
  const done = await m.agent.call('add_item', { title: 'x' });
  const results: OUIActionResultMessage[] = [];
  m.pair.server.onResult((r) => results.push(r));
  m.pair.server.sendCancel({ surfaceId: 'todo-list', requestId: done.requestId, timestamp: 1 });
  assert.deepEqual(results, [done]);
});

test('a 0.1.0 dispatch that needs the person: its status says so once, then the outcome', async () => {
  const p = person();
  const m = await mount({ confirm: p.confirm });
  const status: any[] = [];
  m.pair.server.onObservation((u) => u.observationId === 'clear_done:status' && status.push(u.value));
  m.pair.server.dispatch('todo-list', 'clear_done', {});
  await settle(5);
  await m.advance(20_000, 1000);
  assert.deepEqual(status.map((s) => [s.interim, s.waiting]), [[true, 'confirmation']], 'said once: nobody awaits it');
  p.asked[0]!.answer(true);
  await settle(10);
  assert.deepEqual(status.at(-1).data, { removed: 3 });
});

test('a question closed by its deadline (a dialog given it answers no) is TIMEOUT, not the person\'s refusal', async () => {
  let clock = 0;
  const pair = createDirectTransportPair();
  let answer!: (yes: boolean) => void;
  let deadline: number | undefined;
  createSurfaceRuntime({
    surface: todoSurface(),
    transport: pair.client,
    timers: manualTimers(),
    now: () => clock,
    confirm: (_r, _a, limits) => new Promise<boolean>((resolve) => ((deadline = limits.deadline), (answer = resolve))),
    handlers: { clear_done: () => 1 },
  });
  const results: OUIActionResultMessage[] = [];
  pair.server.onResult((r) => results.push(r));
  pair.server.sendRequest({ requestId: 'closed', surfaceId: 'todo-list', actionId: 'clear_done', params: {}, timestamp: 1, timeoutMs: 1000, maxWaitMs: 1000 });
  await settle(5);
  assert.equal(deadline, 1000, 'the question is given the request\'s deadline');
  // The dialog closes itself at that deadline, before the runtime's own timer fired.
  clock = 1000;
  answer(false);
  await settle(10);
  assert.deepEqual(results.filter((r) => !r.interim).map((r) => [r.error?.code, /did not run/.test(r.error?.message ?? '')]), [['TIMEOUT', true]]);
});
