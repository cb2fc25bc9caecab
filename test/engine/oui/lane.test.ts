import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLane } from '../../../src/oui/lane.ts';

test('a lane gives turns in the order places were taken; a place left early holds no one back', async () => {
  const lane = createLane();
  const order: string[] = [];
  const a = lane.enter();
  const b = lane.enter();
  const c = lane.enter();
  void b.turn.then(() => order.push('b'));
  void c.turn.then(() => order.push('c'));
  await a.turn;
  order.push('a');
  assert.equal(lane.size, 3);
  b.leave();
  await Promise.resolve();
  assert.deepEqual(order, ['a', 'b'], 'a place left resolves its own wait, so its owner goes on');
  a.leave();
  await c.turn;
  assert.deepEqual(order, ['a', 'b', 'c']);
  c.leave();
  c.leave();
  assert.equal(lane.size, 0);
  const d = lane.enter();
  await d.turn;
});
