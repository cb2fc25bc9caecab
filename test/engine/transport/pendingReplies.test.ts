import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPendingReplies } from '../../../src/transport/pendingReplies.ts';
import { manualTimers } from './fakes.ts';

test('a reply settles its request once, with what it keeps meanwhile; a stray or second reply is refused', async () => {
  const timers = manualTimers();
  const table = createPendingReplies<number, { call: string }, string>(timers);
  const one = table.wait(1, { call: 'observe' });
  const two = table.wait(2, { call: 'act' });
  assert.equal(table.size, 2);
  assert.deepEqual(table.get(1), { call: 'observe' });
  assert.equal(table.settle(1, 'seen'), true);
  assert.equal(table.settle(1, 'again'), false);
  assert.equal(table.settle(9, 'stray'), false);
  assert.equal(table.get(1), undefined);
  assert.equal(await one, 'seen');
  assert.equal(table.size, 1);
  table.settle(2, 'done');
  assert.equal(await two, 'done');
  assert.equal(table.size, 0);
});

test('a deadline runs its callback when no reply came in time, and never after the reply', async () => {
  const timers = manualTimers();
  const table = createPendingReplies<string, null, string>(timers);
  const late = table.wait('a', null);
  const early = table.wait('b', null);
  table.deadline('a', 1000, () => table.settle('a', 'timed out'));
  let ranForB = false;
  table.deadline('b', 1000, () => (ranForB = true));
  timers.advance(999);
  table.settle('b', 'answered');
  assert.deepEqual(timers.pending, [1], 'the settled request left no timer behind');
  timers.advance(1);
  assert.equal(await late, 'timed out');
  assert.equal(await early, 'answered');
  assert.equal(ranForB, false);
  assert.deepEqual(timers.pending, []);
});

test('a new deadline replaces the old one (one that fires anyway is ignored); one not finite drops it', async () => {
  const timers = manualTimers();
  const table = createPendingReplies<string, null, string>(timers);
  const reply = table.wait('a', null);
  const ran: string[] = [];
  table.deadline('a', 100, () => ran.push('first'));
  table.deadline('a', 500, () => ran.push('second'));
  assert.deepEqual(timers.pending, [500]);
  timers.advance(500);
  assert.deepEqual(ran, ['second']);
  // From the callback: another deadline (the grace after asking the other end to withdraw).
  table.deadline('a', 200, () => table.settle('a', 'gave up'));
  table.deadline('a', Infinity, () => ran.push('never'));
  assert.deepEqual(timers.pending, []);
  table.deadline('a', 200, () => table.settle('a', 'gave up'));
  timers.advance(200);
  assert.equal(await reply, 'gave up');
  // A deadline for what doesn't wait is nothing.
  table.deadline('gone', 10, () => ran.push('gone'));
  timers.advance(10);
  assert.deepEqual(ran, ['second']);

  // Timers whose handles all look alike: a replaced deadline still never runs.
  const due: (() => void)[] = [];
  const alike = createPendingReplies<string, null, string>({ setTimeout: (fn) => void due.push(fn), clearTimeout: () => {} });
  const r = alike.wait('x', null);
  alike.deadline('x', 10, () => alike.settle('x', 'old'));
  alike.deadline('x', 20, () => alike.settle('x', 'new'));
  for (const fn of due) fn();
  assert.equal(await r, 'new');
});

test('settleAll answers everything waiting and drops every deadline', async () => {
  const timers = manualTimers();
  const table = createPendingReplies<number, string, string>(timers);
  const replies = [table.wait(1, 'observe'), table.wait(2, 'act')];
  table.deadline(1, 100, () => assert.fail('no deadline after settleAll'));
  table.settleAll((id, entry) => `${entry} ${id}: the connection closed`);
  assert.deepEqual(await Promise.all(replies), ['observe 1: the connection closed', 'act 2: the connection closed']);
  assert.equal(table.size, 0);
  assert.deepEqual(timers.pending, []);
  timers.advance(100);
});

test('the platform timers by default', async () => {
  const table = createPendingReplies<number, null, string>();
  const reply = table.wait(1, null);
  table.deadline(1, 0, () => table.settle(1, 'now'));
  assert.equal(await reply, 'now');
});
