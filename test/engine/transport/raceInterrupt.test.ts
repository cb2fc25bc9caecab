import { test } from 'node:test';
import assert from 'node:assert/strict';
import { raceInterrupt } from '../../../src/transport/index.js';
import { manualTimers } from './fakes.js';

const never = () => new Promise<never>(() => {});

test('the promise’s value, or its failure, when nothing interrupts', async () => {
  assert.deepEqual(await raceInterrupt(Promise.resolve(4), {}), { value: 4 });
  const error = new Error('reset');
  assert.deepEqual(await raceInterrupt(Promise.reject(error), {}), { failed: error });
});

test('an abort interrupts a wait the promise would never end', async () => {
  const controller = new AbortController();
  const pending = raceInterrupt(never(), { signal: controller.signal });
  controller.abort();
  assert.deepEqual(await pending, { interrupted: 'cancelled' });
});

test('already aborted: cancelled at once, and the promise’s later failure is not left unhandled', async () => {
  const controller = new AbortController();
  controller.abort();
  assert.deepEqual(await raceInterrupt(Promise.reject(new Error('late')), { signal: controller.signal }), { interrupted: 'cancelled' });
});

test('a failure caused by the abort counts as cancelled', async () => {
  const controller = new AbortController();
  const failing = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('aborted'))));
  const pending = raceInterrupt(failing, { signal: controller.signal });
  controller.abort();
  assert.deepEqual(await pending, { interrupted: 'cancelled' });
});

test('silence: no answer within the limit is silent; the timer is cleared when the answer comes first', async () => {
  const timers = manualTimers();
  const pending = raceInterrupt(never(), { silenceTimeoutMs: 1000, timers });
  timers.advance(1000);
  assert.deepEqual(await pending, { interrupted: 'silent' });
  const answered = raceInterrupt(Promise.resolve('ok'), { silenceTimeoutMs: 1000, timers });
  assert.deepEqual(await answered, { value: 'ok' });
  assert.deepEqual(timers.pending, []);
});
