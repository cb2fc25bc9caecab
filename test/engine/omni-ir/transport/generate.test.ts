import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '../../../../src/omni-ir/transport/index.js';
import { manualTimers, openBody, response, scriptedFetch, settle, sink, sse } from '../../transport/fakes.js';

const DONE = sse('done', { stopReason: 'end_turn', model: 'mock', ms: 12 });
const ENDPOINT = 'https://app.test/api/generate';

test('10.1: POST with a JSON {prompt}, Content-Type application/json and Accept text/event-stream', async () => {
  const fetch = scriptedFetch([response(200, DONE)]);
  await generate({ endpoint: ENDPOINT, prompt: 'Pay Blue Bottle', fetch, credentials: 'include', headers: { 'X-App': '1' } }, sink());
  const { url, init } = fetch.calls[0]!;
  assert.equal(url, ENDPOINT);
  assert.equal(init.method, 'POST');
  assert.deepEqual(JSON.parse(init.body!), { prompt: 'Pay Blue Bottle' });
  assert.equal(init.headers['Content-Type'], 'application/json');
  assert.equal(init.headers.Accept, 'text/event-stream');
  assert.equal(init.headers['X-App'], '1');
  assert.equal(init.credentials, 'include');
});

test('10.1: the app\'s headers go along, but its own Content-Type and Accept lose to the client\'s, whatever their case', async () => {
  const fetch = scriptedFetch([response(200, DONE)]);
  const headers = { Authorization: 'Bearer t', accept: 'text/html', 'CONTENT-TYPE': 'text/plain' };
  await generate({ endpoint: ENDPOINT, prompt: 'x', fetch, headers }, sink());
  assert.deepEqual(fetch.calls[0]!.init.headers, { Authorization: 'Bearer t', 'Content-Type': 'application/json', Accept: 'text/event-stream' });
});

test('10.1: the version goes in the query, also on a relative endpoint or one with a query already', async () => {
  const fetch = scriptedFetch([response(200, DONE)]);
  await generate({ endpoint: '/api/generate', prompt: 'x', version: '0.8', fetch }, sink());
  await generate({ endpoint: '/api/generate?tenant=a', prompt: 'x', version: '0.8', fetch }, sink());
  assert.equal(fetch.calls[0]!.url, '/api/generate?version=0.8');
  assert.equal(fetch.calls[1]!.url, '/api/generate?tenant=a&version=0.8');
  assert.equal(JSON.parse(fetch.calls[0]!.init.body!).version, undefined, 'not in the body');
});

test('10.1: a version not in the MAJOR.MINOR form is the caller’s mistake', async () => {
  await assert.rejects(generate({ endpoint: ENDPOINT, prompt: 'x', version: '0.8.1', fetch: scriptedFetch([]) }, sink()), TypeError);
});

test('10.3: an error status with the error body is reported as given; nothing written, the sink untouched', async () => {
  const s = sink();
  const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.', retryable: true } });
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(429, body, { 'Retry-After': '7' })]) }, s);
  assert.deepEqual(outcome, { status: 'error', code: 'rate_limited', message: 'Slow down.', retryable: true, httpStatus: 429, retryAfter: 7 });
  assert.equal(s.written, '');
  assert.equal(s.ended, 0);
});

test('10.3: a body not in the error form is server_error, retryable from status 500', async () => {
  for (const [status, retryable] of [
    [400, false],
    [404, false],
    [499, false],
    [500, true],
    [502, true],
    [503, true],
  ] as const) {
    const s = sink();
    const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(status, '<html>nope</html>')]) }, s);
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.status === 'error' && outcome.code, 'server_error', String(status));
    assert.equal(outcome.status === 'error' && outcome.retryable, retryable, String(status));
    assert.equal(s.ended, 0);
  }
});

test('10.3: an error body with a field missing is not the error form', async () => {
  const body = JSON.stringify({ error: { code: 'rate_limited', retryable: true } });
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(429, body)]) }, sink());
  assert.equal(outcome.status === 'error' && outcome.code, 'server_error');
  assert.equal(outcome.status === 'error' && outcome.retryable, false);
});

test('10.4: a 200 that is not an event stream is server_error and writes nothing', async () => {
  const s = sink();
  const r = new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([r as never]) }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'server_error');
  assert.equal(s.written, '');
});

test('10.7: each chunk’s text is written exactly, in order, pieces ending anywhere', async () => {
  const s = sink();
  const body = sse('chunk', { text: 'root = Card([ti' }) + sse('chunk', { text: 'tle])\n  \\d ' }) + sse('chunk', { text: '' }) + DONE;
  await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, s);
  assert.deepEqual(s.writes, ['root = Card([ti', 'tle])\n  \\d ']);
});

test('10.7: unknown events, data that is not a JSON object and non-string text are skipped', async () => {
  const s = sink();
  const body =
    sse('hello', { text: 'no' }) +
    sse('chunk', 'not json') +
    sse('chunk', '[1]') +
    sse('chunk', { text: 42 }) +
    sse('chunk', { text: null }) +
    'data: {"text":"unnamed"}\n\n' +
    sse('chunk', { text: 'a = Divider()\n' }) +
    DONE;
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, s);
  assert.equal(s.written, 'a = Divider()\n');
  assert.equal(outcome.status, 'done');
});

test('10.5: done gives stopReason, model and ms', async () => {
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, sse('done', { stopReason: 'max_tokens', model: 'm', ms: 5 }))]) }, sink());
  assert.deepEqual(outcome, { status: 'done', stopReason: 'max_tokens', model: 'm', ms: 5 });
});

test('10.7: a done with missing or mistyped fields still ends as done', async () => {
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, sse('done', { model: 3, ms: 'soon' }))]) }, sink());
  assert.deepEqual(outcome, { status: 'done' });
});

test('10.5: any error code is accepted with its retryable flag', async () => {
  const s = sink();
  const body = sse('error', { code: 'daily_cap', message: 'Come back tomorrow.', retryable: false });
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, s);
  assert.deepEqual(outcome, { status: 'error', code: 'daily_cap', message: 'Come back tomorrow.', retryable: false });
  assert.equal(s.ended, 1);
});

test('10.7: an error with missing fields is server_error, not retryable', async () => {
  for (const data of [{}, { code: 'timeout' }, { code: 'timeout', message: 'x' }, { code: '', message: 'x', retryable: true }]) {
    const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, sse('error', data))]) }, sink());
    assert.equal(outcome.status === 'error' && outcome.code, 'server_error', JSON.stringify(data));
    assert.equal(outcome.status === 'error' && outcome.retryable, false);
  }
});

test('10.8: the first terminal event decides; later events are ignored', async () => {
  const s = sink();
  const body = sse('chunk', { text: 'a\n' }) + sse('error', { code: 'timeout', message: 'x', retryable: true }) + sse('chunk', { text: 'b\n' }) + DONE;
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'timeout');
  assert.equal(s.written, 'a\n');
});

test('10.8: after the terminal event the response is closed without waiting for the server', async () => {
  const body = openBody();
  const s = sink();
  const pending = generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body.stream)]) }, s);
  body.push(sse('chunk', { text: 'a\n' }) + DONE + sse('chunk', { text: 'late\n' }));
  const outcome = await pending;
  assert.equal(outcome.status, 'done');
  assert.equal(s.written, 'a\n');
  assert.equal(body.cancelled, true);
  assert.equal(s.ended, 1);
});

test('10.9: a response that ends without a terminal event is connection_lost, retryable; the sink is ended', async () => {
  const s = sink();
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, sse('chunk', { text: 'root = Stack([a])\n' }))]) }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(outcome.status === 'error' && outcome.retryable, true);
  assert.equal(s.ended, 1);
});

test('10.9: a connection reset mid-stream is connection_lost; the sink is ended once', async () => {
  const body = openBody();
  const s = sink();
  const pending = generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body.stream)]) }, s);
  body.push(sse('chunk', { text: 'a\n' }));
  await settle();
  body.fail();
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(s.written, 'a\n');
  assert.equal(s.ended, 1);
});

test('10.9: a request that fails before any answer is connection_lost, and still ends the sink', async () => {
  const s = sink();
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([new TypeError('fetch failed')]) }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(s.ended, 1);
});

test('10.9: cancelled by the app mid-stream: reports cancelled, ends the sink, closes the response', async () => {
  const body = openBody();
  const s = sink();
  const controller = new AbortController();
  const fetch = scriptedFetch([response(200, body.stream)]);
  const pending = generate({ endpoint: ENDPOINT, prompt: 'x', fetch, signal: controller.signal }, s);
  body.push(sse('chunk', { text: 'a\n' }));
  await settle();
  controller.abort();
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'cancelled');
  assert.equal(outcome.status === 'error' && outcome.retryable, false);
  assert.equal(s.ended, 1);
  assert.equal(body.cancelled, true);
  assert.equal(fetch.calls[0]!.init.signal!.aborted, true);
});

test('10.9: cancelled before the server answers (a fetch that ignores the signal still stops)', async () => {
  const s = sink();
  const controller = new AbortController();
  const pending = generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([() => new Promise(() => {})]), signal: controller.signal }, s);
  await settle();
  controller.abort();
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'cancelled');
  assert.equal(s.ended, 1);
});

test('10.9: already cancelled: nothing is requested, the sink is ended', async () => {
  const s = sink();
  const fetch = scriptedFetch([response(200, DONE)]);
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch, signal: AbortSignal.abort() }, s);
  assert.equal(outcome.status === 'error' && outcome.code, 'cancelled');
  assert.equal(fetch.calls.length, 0);
  assert.equal(s.ended, 1);
});

test('10.10: 45 seconds without a byte is connection_lost and closes the response; any byte restarts the clock', async () => {
  const timers = manualTimers();
  const body = openBody();
  const s = sink();
  let outcome: unknown = null;
  void generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body.stream)]), timers }, s).then((o) => (outcome = o));
  await settle();
  timers.advance(44_000);
  body.push(': ping\n\n');
  await settle();
  timers.advance(44_000);
  await settle();
  assert.equal(outcome, null, 'the ping kept it alive');
  timers.advance(1_000);
  await settle();
  assert.deepEqual(outcome && (outcome as { code: string }).code, 'connection_lost');
  assert.equal(body.cancelled, true);
  assert.equal(s.ended, 1);
});

test('10.10: the silence limit also covers waiting for the answer, and aborts the request', async () => {
  const timers = manualTimers();
  const fetch = scriptedFetch([() => new Promise(() => {})]);
  let outcome: unknown = null;
  void generate({ endpoint: ENDPOINT, prompt: 'x', fetch, timers, silenceTimeoutMs: 1000 }, sink()).then((o) => (outcome = o));
  await settle();
  timers.advance(1000);
  await settle();
  assert.equal((outcome as { code: string }).code, 'connection_lost');
  assert.equal(fetch.calls[0]!.init.signal!.aborted, true);
});

test('10.36: a live event before the terminal event gives the outcome its screen', async () => {
  const body = sse('chunk', { text: 'a\n' }) + sse('live', { screen: 'scr_abc' }) + DONE + sse('live', { screen: 'late' });
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, sink());
  assert.deepEqual(outcome, { status: 'done', stopReason: 'end_turn', model: 'mock', ms: 12, screen: 'scr_abc' });
});

test('10.36: a live event without a string screen is skipped', async () => {
  const body = sse('live', { screen: 42 }) + sse('live', {}) + DONE;
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', fetch: scriptedFetch([response(200, body)]) }, sink());
  assert.equal('screen' in outcome, false);
});

test('10.12: unsupported_version is asked once more without a version', async () => {
  const refusal = JSON.stringify({ error: { code: 'unsupported_version', message: 'Only 0.7.', retryable: false } });
  const fetch = scriptedFetch([response(400, refusal), response(200, sse('chunk', { text: '# omni-ir 0.7\n' }) + DONE)]);
  const s = sink();
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', version: '0.8', fetch }, s);
  assert.equal(outcome.status, 'done');
  assert.deepEqual(fetch.calls.map((c) => c.url), [`${ENDPOINT}?version=0.8`, ENDPOINT]);
  assert.equal(s.written, '# omni-ir 0.7\n');
});

test('10.12: the retry happens only once, and not at all when turned off', async () => {
  const refusal = JSON.stringify({ error: { code: 'unsupported_version', message: 'No.', retryable: false } });
  const twice = scriptedFetch([response(400, refusal), response(400, refusal), response(400, refusal)]);
  const outcome = await generate({ endpoint: ENDPOINT, prompt: 'x', version: '0.8', fetch: twice }, sink());
  assert.equal(outcome.status === 'error' && outcome.code, 'unsupported_version');
  assert.equal(twice.calls.length, 2);
  const off = scriptedFetch([response(400, refusal)]);
  await generate({ endpoint: ENDPOINT, prompt: 'x', version: '0.8', fetch: off, retryWithoutVersion: false }, sink());
  assert.equal(off.calls.length, 1);
});
