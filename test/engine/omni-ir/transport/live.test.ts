import { test } from 'node:test';
import assert from 'node:assert/strict';
import { followLive, type LiveStop, type LiveUpdate } from '../../../../src/omni-ir/transport/index.js';
import { manualTimers, openBody, response, scriptedFetch, settle, sse } from '../../transport/fakes.js';

const up = (seq: number, text = `$n = ${seq}\n`) => sse('update', { seq, text });
const END = sse('end', {});
const notFound = () => response(404, JSON.stringify({ error: { code: 'not_found', message: 'No such screen.', retryable: false } }));

function follow(answers: Parameters<typeof scriptedFetch>[0], extra: Partial<Parameters<typeof followLive>[0]> = {}) {
  const timers = manualTimers();
  const fetch = scriptedFetch(answers);
  const updates: LiveUpdate[] = [];
  const stops: LiveStop[] = [];
  const follower = followLive({
    endpoint: '/api/live',
    screen: 'scr_1',
    fetch,
    timers,
    onUpdate: (u) => updates.push(u),
    onStop: (s) => stops.push(s),
    ...extra,
  });
  return { timers, fetch, updates, stops, follower };
}

test('10.37: GET the live endpoint with screen and after, Accept text/event-stream', async () => {
  const { fetch, follower } = follow([response(200, END)], { after: 3, credentials: 'include' });
  await follower.done;
  assert.equal(fetch.calls[0]!.url, '/api/live?screen=scr_1&after=3');
  assert.equal(fetch.calls[0]!.init.method, 'GET');
  assert.equal(fetch.calls[0]!.init.headers.Accept, 'text/event-stream');
  assert.equal(fetch.calls[0]!.init.credentials, 'include');
});

test('10.37: the app\'s headers go along on every attempt, but its own Accept loses to the client\'s', async () => {
  const { fetch, follower } = follow([response(200, END)], { headers: { Authorization: 'Bearer t', accept: 'text/html' } });
  await follower.done;
  assert.deepEqual(fetch.calls[0]!.init.headers, { Authorization: 'Bearer t', Accept: 'text/event-stream' });
});

test('10.38: updates are applied in order; a seq not above the last is skipped', async () => {
  const { updates, follower } = follow([response(200, up(1) + up(2) + up(2) + up(1) + up(4) + END)]);
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.deepEqual(updates.map((u) => u.seq), [1, 2, 4]);
  assert.equal(follower.lastSeq, 4);
});

test('10.38: malformed updates are skipped (seq not a positive whole number, text not a string)', async () => {
  const body = sse('update', { seq: 0, text: 'a' }) + sse('update', { seq: 1.5, text: 'a' }) + sse('update', { seq: '2', text: 'a' }) + sse('update', { seq: 3, text: 7 }) + sse('update', 'x') + up(5) + END;
  const { updates, follower } = follow([response(200, body)]);
  await follower.done;
  assert.deepEqual(updates.map((u) => u.seq), [5]);
});

test('10.38: a rejected update still counts as received', async () => {
  const errors: string[] = [];
  const timers = manualTimers();
  const fetch = scriptedFetch([response(200, up(1)), response(200, up(1) + up(2) + END)]);
  const seen: number[] = [];
  const follower = followLive({
    screen: 's',
    fetch,
    timers,
    onUpdate: (u) => {
      seen.push(u.seq);
      if (u.seq === 1) throw new Error('update rejected');
    },
    onError: (e) => errors.push(e.code),
  });
  await settle();
  timers.advance(1000);
  await follower.done;
  assert.deepEqual(seen, [1, 2]);
  assert.match(fetch.calls[1]!.url, /after=1$/);
  assert.ok(errors.includes('update_failed'));
});

test('10.37: end stops following; nothing more is requested', async () => {
  const { fetch, timers, follower } = follow([response(200, up(1) + END + up(2))]);
  await follower.done;
  timers.advance(120_000);
  await settle();
  assert.equal(fetch.calls.length, 1);
});

test('10.39: a response that ends without end is followed again, at least 1 s later, with after = last seq', async () => {
  const { fetch, timers, updates, follower } = follow([response(200, up(1) + up(2)), response(200, up(3) + END)]);
  await settle();
  assert.equal(fetch.calls.length, 1);
  timers.advance(999);
  await settle();
  assert.equal(fetch.calls.length, 1, 'not before a second');
  timers.advance(1);
  await follower.done;
  assert.equal(fetch.calls.length, 2);
  assert.match(fetch.calls[1]!.url, /after=2$/);
  assert.deepEqual(updates.map((u) => u.seq), [1, 2, 3]);
});

test('10.39: the wait doubles after each attempt that brought nothing, up to a minute', async () => {
  const { fetch, timers, follower } = follow([response(200, ': ping\n\n')]);
  const waits: number[] = [];
  for (let i = 0; i < 9; i++) {
    await settle();
    waits.push(Math.min(...timers.pending));
    timers.advance(Math.min(...timers.pending));
  }
  assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  assert.equal(fetch.calls.length, 10);
  follower.stop();
});

test('10.39: an attempt that brings updates resets the wait to a second', async () => {
  const { timers, fetch, follower } = follow([response(200, ''), response(200, ''), response(200, up(1)), response(200, '')]);
  await settle();
  timers.advance(1000);
  await settle();
  timers.advance(2000);
  await settle();
  assert.equal(fetch.calls.length, 3);
  assert.deepEqual(timers.pending, [1000]);
  follower.stop();
});

test('10.39: minDelayMs below a second is raised to a second', async () => {
  const { timers, follower } = follow([response(200, '')], { minDelayMs: 10 });
  await settle();
  assert.deepEqual(timers.pending, [1000]);
  follower.stop();
});

test('10.39: an error that is not retryable stops following (404 not_found)', async () => {
  const { fetch, timers, follower } = follow([notFound()]);
  const stop = await follower.done;
  assert.equal(stop.reason, 'error');
  assert.equal(stop.reason === 'error' && stop.code, 'not_found');
  assert.equal(stop.reason === 'error' && stop.status, 404);
  timers.advance(120_000);
  await settle();
  assert.equal(fetch.calls.length, 1);
});

test('10.39: a retryable error is followed again, no sooner than Retry-After', async () => {
  const busy = response(429, JSON.stringify({ error: { code: 'rate_limited', message: 'Slow.', retryable: true } }), { 'Retry-After': '5' });
  const { fetch, timers, follower } = follow([busy, response(200, END)]);
  await settle();
  assert.deepEqual(timers.pending, [5000]);
  timers.advance(5000);
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.equal(fetch.calls.length, 2);
});

test('10.39: a failed request (no answer) is followed again', async () => {
  const { fetch, timers, follower } = follow([new TypeError('fetch failed'), response(200, END)]);
  await settle();
  timers.advance(1000);
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.equal(fetch.calls.length, 2);
});

test('10.39: stop() ends following at once and closes the response', async () => {
  const body = openBody();
  const { fetch, timers, updates, stops, follower } = follow([response(200, body.stream)]);
  body.push(up(1));
  await settle();
  follower.stop();
  assert.deepEqual(await follower.done, { reason: 'stopped' });
  assert.equal(fetch.calls[0]!.init.signal!.aborted, true);
  await settle();
  assert.equal(body.cancelled, true);
  timers.advance(120_000);
  await settle();
  assert.deepEqual(updates.map((u) => u.seq), [1]);
  assert.equal(fetch.calls.length, 1);
  assert.equal(stops.length, 1);
});

test('10.39: the app’s signal stops following like stop()', async () => {
  const controller = new AbortController();
  const { follower } = follow([response(200, openBody().stream)], { signal: controller.signal });
  await settle();
  controller.abort();
  assert.deepEqual(await follower.done, { reason: 'stopped' });
});

test('10.10: a feed silent past the limit is dropped and followed again', async () => {
  const body = openBody();
  const { fetch, timers, follower } = follow([response(200, body.stream), response(200, END)], { silenceTimeoutMs: 45_000 });
  await settle();
  timers.advance(45_000);
  await settle();
  assert.equal(body.cancelled, true);
  timers.advance(1000);
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.equal(fetch.calls.length, 2);
});
