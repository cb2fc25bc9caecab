// The parts a surface runtime is made of, each on its own: a flight's deadline and heartbeat, its answers, the
// handler table, the door (queue), the confirmation step, and the registration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonSchema } from '../../../src/actions/index.ts';
import { createDirectTransportPair, type OUIActionResultMessage, type OUIDispatchMessage, type OUIActivity } from '../../../src/oui/index.ts';
import { createFlightTimers, deadlineOf, type Flight } from '../../../src/oui/flight.ts';
import { createFlightAnswers } from '../../../src/oui/flightAnswers.ts';
import { createFlightQueue, flightOf } from '../../../src/oui/flightQueue.ts';
import { confirmFlight, type FlightRunContext } from '../../../src/oui/flightRunner.ts';
import { createHandlerTable } from '../../../src/oui/handlerTable.ts';
import { createLane } from '../../../src/oui/lane.ts';
import { createListeners } from '../../../src/oui/listeners.ts';
import { createRequestMemory } from '../../../src/oui/requestMemory.ts';
import { createSurfaceRegistration } from '../../../src/oui/surfaceRegistration.ts';
import { manualTimers, recorder, settle, todoSurface } from './helpers.ts';

/** The next result the agent's end hears (the params check may load its checker first: no count of turns will do). */
function nextResult(server: ReturnType<typeof createDirectTransportPair>['server']): Promise<void> {
  return new Promise((resolve) => {
    const off = server.onResult(() => {
      off();
      resolve();
    });
  });
}

const dispatch = (actionId: string, extra: Partial<OUIDispatchMessage> = {}): OUIDispatchMessage => ({ surfaceId: 'todo-list', actionId, params: {}, timestamp: 1, ...extra });

/** The answers and timers of a runtime, with a clock moved by hand, recording what goes to the page's own promise. */
function parts() {
  const timers = manualTimers();
  const now = () => timers.now;
  const pair = createDirectTransportPair();
  const flights = new Map<string, Flight>();
  const memory = createRequestMemory(10);
  const activity = createListeners<OUIActivity>();
  const beats: string[] = [];
  const clock = createFlightTimers({
    timers,
    now,
    heartbeatMs: 1000,
    beat: (f, waiting) => (beats.push(waiting), answers.interim(f, undefined, undefined, waiting)),
    expired: (f) => answers.withdrawn(f, 'the deadline passed'),
  });
  const answers = createFlightAnswers({ surfaceId: 'todo-list', transport: pair.client, ours: pair.client, ownStatus: new Set(), memory, flights, activity, now, quiet: clock.quiet, heard: clock.arm });
  return { timers, now, pair, flights, memory, activity, beats, clock, answers };
}

test('the deadline: timeoutMs after the last word, never past maxWaitMs after the request came; none for 0.1.0', () => {
  assert.equal(deadlineOf({ receivedAt: 100, lastWord: 100 }), Infinity);
  assert.equal(deadlineOf({ receivedAt: 100, lastWord: 100, timeoutMs: 50 }), 150);
  assert.equal(deadlineOf({ receivedAt: 100, lastWord: 400, timeoutMs: 50, maxWaitMs: 1000 }), 450);
  assert.equal(deadlineOf({ receivedAt: 100, lastWord: 1080, timeoutMs: 50, maxWaitMs: 1000 }), 1100);
});

test('the flight timers: a beat moves the deadline, the deadline withdraws a flight that never started, quiet stops both', async () => {
  const p = parts();
  const results: OUIActionResultMessage[] = [];
  const flight = flightOf(dispatch('add_item', { requestId: 'r1', timeoutMs: 900, maxWaitMs: 2000 }), p.now(), undefined);
  flight.local = (r) => results.push(r);
  p.flights.set('r1', flight);
  p.clock.arm(flight);
  p.clock.waitFor(flight, 'turn', false);
  // Beats every 300 ms (a third of the timeout): each moves the deadline, so it passes at maxWaitMs only.
  p.timers.advance(1999);
  assert.equal(flight.done, false);
  assert.equal(p.beats.length, 6);
  p.timers.advance(1);
  assert.equal(flight.done, true);
  assert.equal(results[0]!.error!.code, 'TIMEOUT');
  assert.match(results[0]!.error!.message, /did not run: the deadline passed while it waited for its turn/);
  assert.deepEqual(p.timers.pending, [], 'no timer is left behind');
  const other = flightOf(dispatch('add_item', { requestId: 'r2', timeoutMs: 900 }), p.now(), () => {});
  p.clock.arm(other);
  p.clock.waitFor(other, 'confirmation');
  p.clock.quiet(other);
  assert.deepEqual(p.timers.pending, []);
});

test('the answers: a final result once, to the agent and as the status observation; remembered for repeats', async () => {
  const p = parts();
  const heard = recorder(p.pair.server);
  const flight = flightOf(dispatch('add_item', { requestId: 'r1' }), p.now(), undefined);
  p.flights.set('r1', flight);
  const done: OUIActivity[] = [];
  p.activity.add((a) => done.push(a));
  p.answers.answer(flight, { success: true, data: 1 });
  p.answers.fail(flight, 'TIMEOUT', 'too late');
  await settle(3);
  assert.equal(heard.results.length, 1);
  assert.equal(heard.results[0].data, 1);
  assert.deepEqual(heard.observations.map((o) => o.observationId), ['add_item:status']);
  assert.equal(p.flights.size, 0);
  assert.equal(p.memory.get('r1')?.state, 'final');
  assert.deepEqual(done.map((a) => a.phase), ['done']);
  assert.equal(flight.withdraw.signal.aborted, true, 'an open question is withdrawn');
  assert.equal(flight.controller.signal.aborted, false, 'a success does not abort its handler');
});

test('the handler table: checks handlers against the definition; a request waits for a late one, within its grace', async () => {
  const timers = manualTimers();
  const table = createHandlerTable(todoSurface(), { timers, hasEvents: false });
  assert.throws(() => table.set({ nope: () => 1 }), /doesn't declare/);
  assert.throws(() => table.set({ export_all: () => 1 }), /polls: its handler must be \{run, poll\}/);
  let came = false;
  void table.waitFor('add_item', 2000, new AbortController().signal)!.then(() => (came = true));
  table.set({ add_item: () => 1 });
  await settle(2);
  assert.equal(came, true);
  assert.ok(table.get('add_item'));
  let gaveUp = false;
  void table.waitFor('clear_done', 2000, new AbortController().signal)!.then(() => (gaveUp = true));
  timers.advance(2000);
  await settle(2);
  assert.equal(gaveUp, true);
  assert.equal(table.get('clear_done'), undefined);
});

/** A run context over the parts, for the steps that need one. */
function runContext(p: ReturnType<typeof parts>, options: FlightRunContext['options'] = {}): FlightRunContext {
  const surface = todoSurface();
  return {
    surfaceId: surface.id,
    actions: new Map(surface.actions.map((a) => [a.id, a])),
    inputs: new Map(surface.actions.map((a) => [a.id, structuredClone(a.input) as JsonSchema])),
    handlers: createHandlerTable(surface, { timers: p.timers, hasEvents: false }),
    runLane: createLane(),
    askLane: createLane(),
    answers: p.answers,
    clock: p.clock,
    activity: p.activity,
    store: { refresh() {} },
    timers: p.timers,
    now: p.now,
    actionTimeoutMs: 30_000,
    confirmTimeoutMs: 300_000,
    asyncTimeoutMs: 600_000,
    options,
    report() {},
  };
}

test('the queue: a repeated request id is answered again, never run twice; beyond maxQueue waiting, SURFACE_BUSY', async () => {
  const p = parts();
  const heard = recorder(p.pair.server);
  const ctx = runContext(p);
  let runs = 0;
  ctx.handlers.set({ add_item: () => ++runs });
  const queue = createFlightQueue(ctx, { flights: p.flights, memory: p.memory, maxQueue: 1, ours: p.pair.client, active: () => true });
  let heardOne = nextResult(p.pair.server);
  queue.dispatch(dispatch('add_item', { requestId: 'a', params: { title: 'x' } }));
  await heardOne;
  heardOne = nextResult(p.pair.server);
  queue.dispatch(dispatch('add_item', { requestId: 'a', params: { title: 'x' } }));
  await heardOne;
  assert.equal(runs, 1);
  assert.deepEqual(heard.results.map((r) => r.requestId), ['a', 'a']);
  const answers: OUIActionResultMessage[] = [];
  // Three waiting behind a question nobody answers: the one about to run and maxQueue more; the third is busy.
  for (const id of ['b', 'c', 'd']) queue.dispatch(dispatch('clear_done'), (r) => answers.push({ ...r, requestId: id }));
  assert.deepEqual(answers.map((r) => [r.requestId, r.error?.code]), [['d', 'SURFACE_BUSY']]);
});

test('the confirmation: asked one at a time within the deadline; a no is ACTION_DENIED, a yes lets it on', async () => {
  const p = parts();
  const asked: string[] = [];
  let answer = false;
  const ctx = runContext(p, { confirm: (request) => (asked.push(request.requestId), answer) });
  const action = ctx.actions.get('clear_done')!;
  const results: OUIActionResultMessage[] = [];
  const no = flightOf(dispatch('clear_done'), p.now(), (r) => results.push(r));
  assert.equal(await confirmFlight(ctx, no, action), false);
  assert.equal(results[0]!.error!.code, 'ACTION_DENIED');
  assert.match(results[0]!.error!.message, /did not allow "clear_done"/);
  answer = true;
  const yes = flightOf(dispatch('clear_done'), p.now(), (r) => results.push(r));
  assert.equal(await confirmFlight(ctx, yes, action), true);
  assert.equal(yes.done, false);
  assert.equal(asked.length, 2);
  const nobody = flightOf(dispatch('clear_done'), p.now(), (r) => results.push(r));
  assert.equal(await confirmFlight({ ...ctx, options: {} }, nobody, action), false);
  assert.match(results[1]!.error!.message, /this page can't ask/);
});

test('the registration: registered while wanted and connected; a later mount of the same id takes it over and gives it back', async () => {
  const pair = createDirectTransportPair();
  const heard = recorder(pair.server);
  const store = { registered() {}, unregistered() {} };
  let wanted = true;
  let changes = 0;
  const base = { surface: todoSurface(), transport: pair.client, ours: pair.client, store, now: () => 1, dispatch() {}, cancel() {}, changed: () => changes++ };
  const first = createSurfaceRegistration({ ...base, wanted: () => wanted });
  assert.equal(first.registered, true);
  const second = createSurfaceRegistration({ ...base, wanted: () => true });
  assert.equal(first.registered, false, 'displaced');
  assert.equal(second.registered, true);
  second.leave();
  assert.equal(first.registered, true, 'taken back');
  wanted = false;
  first.update();
  assert.equal(first.registered, false);
  await settle(3);
  assert.equal(heard.registers.length, 3);
  assert.equal(changes, 5, "each mount says when its own state changed");
  first.leave();
});
