import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pumpBody } from '../../../src/transport/index.js';
import { bodyFrom, manualTimers, openBody, readsOf, settle } from './fakes.js';

const decoder = new TextDecoder();

test('reads every chunk in order to the end', async () => {
  let text = '';
  const end = await pumpBody(bodyFrom(readsOf('hello world', 3)), (bytes) => void (text += decoder.decode(bytes)));
  assert.equal(end, 'ended');
  assert.equal(text, 'hello world');
});

test('the consumer stops it by returning false: the body is cancelled', async () => {
  const body = openBody();
  body.push('a');
  body.push('b');
  const seen: string[] = [];
  const end = await pumpBody(body.stream, (bytes) => (seen.push(decoder.decode(bytes)), false));
  assert.equal(end, 'stopped');
  assert.deepEqual(seen, ['a']);
  assert.equal(body.cancelled, true);
});

test('an abort cancels a read that is waiting', async () => {
  const body = openBody();
  const controller = new AbortController();
  const pending = pumpBody(body.stream, () => {}, { signal: controller.signal });
  await settle();
  controller.abort();
  assert.equal(await pending, 'cancelled');
  assert.equal(body.cancelled, true);
});

test('a failing read is failed, not a throw', async () => {
  const body = openBody();
  const pending = pumpBody(body.stream, () => {});
  body.fail();
  assert.equal(await pending, 'failed');
});

test('silence: each read re-arms the timer; none for the limit ends it as silent', async () => {
  const timers = manualTimers();
  const body = openBody();
  const pending = pumpBody(body.stream, () => {}, { silenceTimeoutMs: 1000, timers });
  timers.advance(900);
  body.push('x');
  await settle();
  timers.advance(900);
  await settle();
  timers.advance(100);
  assert.equal(await pending, 'silent');
  assert.equal(body.cancelled, true);
});
