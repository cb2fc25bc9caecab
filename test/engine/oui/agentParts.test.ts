// The parts an OUI agent is made of, each on its own: the surfaces it knows (and the ones away), and its calls
// that wait for their answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair, type OUIActionResultMessage } from '../../../src/oui/index.ts';
import { createAgentCalls } from '../../../src/oui/agent/agentCalls.ts';
import { createAgentSurfaces } from '../../../src/oui/agent/agentSurfaces.ts';
import { createListeners } from '../../../src/oui/listeners.ts';
import { manualTimers, recorder, todoSurface } from './helpers.ts';

test('the surfaces: registered ones are named as tools, the same action on two is qualified, and one away says why', () => {
  const reports: string[] = [];
  const changed = createListeners<void>();
  let changes = 0;
  changed.add(() => changes++);
  const surfaces = createAgentSurfaces({ maxSurfaces: 2, report: (code) => reports.push(code), changed });
  surfaces.register({ surface: todoSurface(), timestamp: 1 }, true);
  assert.deepEqual(surfaces.tools.map((t) => t.name), ['add_item', 'clear_done', 'export_all']);
  surfaces.register({ surface: todoSurface({ id: 'other-list' }), timestamp: 1 }, false);
  assert.equal(surfaces.collisions.length, 3);
  assert.ok(reports.includes('tool-name-collision'));
  assert.equal(surfaces.resolveTool('todo-list__add_item')?.surfaceId, 'todo-list');
  assert.deepEqual(surfaces.ambiguous('add_item').map((t) => t.surfaceId), ['todo-list', 'other-list']);
  surfaces.register({ surface: todoSurface({ id: 'third' }), timestamp: 1 }, false);
  assert.ok(reports.includes('too-many'), 'beyond maxSurfaces a registration is refused');
  surfaces.deregister('other-list');
  assert.equal(surfaces.awayAnswer('other-list')?.[0], 'SURFACE_UNAVAILABLE');
  surfaces.forget('replaced');
  assert.match(surfaces.awayAnswer('todo-list')![1], /another page \(tab\) took the place/);
  assert.equal(surfaces.awayTool('todo-list__add_item')?.surfaceId, 'todo-list', 'named as it was when registered');
  assert.equal(surfaces.known.size, 0);
  assert.equal(changes, 4);
});

test('the calls: one answer however often heard; at its deadline the page is asked to withdraw it, then TIMEOUT after the grace', async () => {
  const timers = manualTimers();
  const pair = createDirectTransportPair();
  const page = recorder(pair.client);
  const reports: string[] = [];
  const resulted = createListeners<OUIActionResultMessage>();
  let results = 0;
  resulted.add(() => results++);
  const calls = createAgentCalls({
    timers,
    now: () => timers.now,
    defaultTimeout: 1000,
    defaultMaxWait: 5000,
    cancelGraceMs: 200,
    attached: () => pair.server,
    report: (code) => reports.push(code),
    resulted,
  });
  const answered = calls.send(pair.server, 'r1', 'todo-list', 'add_item', { title: 'x' }, {});
  assert.equal(calls.size, 1);
  const result: OUIActionResultMessage = { requestId: 'r1', surfaceId: 'todo-list', actionId: 'add_item', success: true, timestamp: 1 };
  calls.onResult(result);
  calls.onResult(result, true);
  assert.deepEqual(await answered, result);
  assert.equal(results, 1);
  assert.deepEqual(reports, [], 'the second copy is not news');

  const late = calls.send(pair.server, 'r2', 'todo-list', 'add_item', {}, { timeoutMs: 500 });
  timers.advance(500);
  assert.deepEqual(page.cancels.map((c) => c.requestId), ['r2'], 'the page is asked to withdraw it');
  timers.advance(200);
  const timedOut = await late;
  assert.equal(timedOut.error?.code, 'TIMEOUT');
  assert.match(timedOut.error!.message, /asked to withdraw the request and did not say whether it had started/);
  calls.onResult({ ...result, requestId: 'r2' });
  assert.deepEqual(reports, ['unexpected-result'], 'a result after the timeout is told as late');
  const left = calls.send(pair.server, 'r3', 'todo-list', 'add_item', {}, {});
  calls.stopAll();
  assert.equal((await left).error?.code, 'DISCONNECTED');
});
