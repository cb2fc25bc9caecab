import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPress, isIdempotencyKey, mutate, newIdempotencyKey } from '../../../../src/omni-ir/transport/index.js';
import { scriptedFetch, settle } from '../../transport/fakes.js';

const ENDPOINT = 'https://app.test/api/mutate';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  }) as never;
}

const OK = { ok: true, tool: 'payments.confirm', result: { paymentId: 'p_1' } };
const params = { amount: 42.5, note: '' };

test('10.14: POST {tool, params, button} as JSON with an Idempotency-Key and the credentials', async () => {
  const fetch = scriptedFetch([json(200, OK)]);
  const result = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, button: 'confirm', fetch, credentials: 'same-origin' });
  assert.deepEqual(result, { ok: true, tool: 'payments.confirm', result: { paymentId: 'p_1' } });
  const { init } = fetch.calls[0]!;
  assert.equal(init.method, 'POST');
  assert.deepEqual(JSON.parse(init.body!), { tool: 'payments.confirm', params, button: 'confirm' });
  assert.equal(init.headers['Content-Type'], 'application/json');
  assert.ok(isIdempotencyKey(init.headers['Idempotency-Key']!));
  assert.equal(init.credentials, 'same-origin');
});

test('10.14: the app\'s headers go along, but its own Idempotency-Key, Content-Type and Accept lose to the client\'s', async () => {
  const fetch = scriptedFetch([json(200, OK)]);
  const headers = { Authorization: 'Bearer t', 'idempotency-key': 'mine', 'content-type': 'text/plain', ACCEPT: '*/*' };
  await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch, headers });
  const sent = fetch.calls[0]!.init.headers;
  assert.deepEqual(Object.keys(sent).sort(), ['Accept', 'Authorization', 'Content-Type', 'Idempotency-Key']);
  assert.equal(sent.Authorization, 'Bearer t');
  assert.notEqual(sent['Idempotency-Key'], 'mine');
  assert.equal(sent['Content-Type'], 'application/json');
  assert.equal(sent.Accept, 'application/json');
});

test('10.14: the idempotency key is 1 to 200 of letters, digits and _-:.', () => {
  assert.ok(isIdempotencyKey('a'));
  assert.ok(isIdempotencyKey('A-z_0:9.'));
  assert.ok(isIdempotencyKey('k'.repeat(200)));
  assert.ok(!isIdempotencyKey(''));
  assert.ok(!isIdempotencyKey('k'.repeat(201)));
  assert.ok(!isIdempotencyKey('a b'));
  assert.ok(!isIdempotencyKey('ключ'));
  for (let i = 0; i < 20; i++) assert.ok(isIdempotencyKey(newIdempotencyKey()));
});

test('10.14: a new key for each press', async () => {
  const fetch = scriptedFetch([json(200, OK)]);
  await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch });
  await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch });
  const keys = fetch.calls.map((c) => c.init.headers['Idempotency-Key']);
  assert.notEqual(keys[0], keys[1]);
});

test('10.14: a malformed key given by the caller is refused before sending', async () => {
  const fetch = scriptedFetch([json(200, OK)]);
  await assert.rejects(mutate({ endpoint: ENDPOINT, tool: 't.x', params, idempotencyKey: 'has space', fetch }), TypeError);
  assert.equal(fetch.calls.length, 0);
});

test('10.14: a retried press sends the same key and the same params', async () => {
  const fetch = scriptedFetch([new TypeError('fetch failed'), json(200, OK)]);
  const live = { amount: 42.5, note: 'table 4' };
  const press = createPress({ endpoint: ENDPOINT, tool: 'payments.confirm', params: live, fetch });
  const first = await press.send();
  assert.equal(first.ok === false && first.code, 'network_error');
  assert.equal(first.ok === false && first.retryable, true);
  live.note = 'changed after the press';
  const second = await press.send();
  assert.equal(second.ok, true);
  const [a, b] = fetch.calls;
  assert.equal(a!.init.headers['Idempotency-Key'], press.idempotencyKey);
  assert.equal(b!.init.headers['Idempotency-Key'], press.idempotencyKey);
  assert.equal(a!.init.body, b!.init.body);
  assert.equal(JSON.parse(b!.init.body!).params.note, 'table 4');
});

test('10.14: two presses have two keys', () => {
  const options = { endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch: scriptedFetch([]) };
  assert.notEqual(createPress(options).idempotencyKey, createPress(options).idempotencyKey);
});

test('10.14: every error status gives its code, message, retryable and status', async () => {
  const cases: [number, string, boolean][] = [
    [400, 'invalid_request', false],
    [401, 'sign_in_required', false],
    [403, 'unknown_tool', false],
    [403, 'bad_origin', false],
    [404, 'not_found', false],
    [409, 'idempotency_conflict', false],
    [409, 'idempotency_in_progress', true],
    [409, 'unavailable', false],
    [500, 'tool_failed', true],
  ];
  for (const [status, code, retryable] of cases) {
    const fetch = scriptedFetch([json(status, { error: { code, message: `m ${code}`, retryable } })]);
    const result = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch });
    assert.deepEqual(result, { ok: false, code, message: `m ${code}`, retryable, status }, code);
  }
});

test('10.14: 422 invalid_params carries its issues', async () => {
  const issues = [{ path: '/amount', message: 'must be >= 0' }];
  const fetch = scriptedFetch([json(422, { error: { code: 'invalid_params', message: 'Bad.', retryable: false, issues } })]);
  const result = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch });
  assert.equal(result.ok === false && result.code, 'invalid_params');
  assert.deepEqual(result.ok === false && result.issues, issues);
});

test('10.15: 429 rate_limited carries Retry-After in seconds', async () => {
  const fetch = scriptedFetch([json(429, { error: { code: 'rate_limited', message: 'Slow.', retryable: true } }, { 'Retry-After': '12' })]);
  const result = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch });
  assert.equal(result.ok === false && result.retryAfter, 12);
});

test('10.14: an error status without the error body is server_error, retryable from 500', async () => {
  const a = await mutate({ endpoint: ENDPOINT, tool: 't.x', params, fetch: scriptedFetch([json(502, 'Bad gateway')]) });
  const b = await mutate({ endpoint: ENDPOINT, tool: 't.x', params, fetch: scriptedFetch([json(418, '{}')]) });
  assert.deepEqual([a.ok === false && a.code, a.ok === false && a.retryable], ['server_error', true]);
  assert.deepEqual([b.ok === false && b.code, b.ok === false && b.retryable], ['server_error', false]);
});

test('10.14: a 200 that is not {ok: true, …} is server_error', async () => {
  for (const body of ['not json', '[]', '{"ok":false}', '{"result":{}}']) {
    const result = await mutate({ endpoint: ENDPOINT, tool: 't.x', params, fetch: scriptedFetch([json(200, body)]) });
    assert.equal(result.ok === false && result.code, 'server_error', body);
  }
});

test('10.35: a string update is passed on; anything else is ignored', async () => {
  const withUpdate = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch: scriptedFetch([json(200, { ...OK, update: 'confirm = Notice("Paid")\n' })]) });
  assert.equal(withUpdate.ok && withUpdate.update, 'confirm = Notice("Paid")\n');
  for (const update of [42, null, ['a'], { text: 'a' }, true]) {
    const result = await mutate({ endpoint: ENDPOINT, tool: 'payments.confirm', params, fetch: scriptedFetch([json(200, { ...OK, update })]) });
    assert.equal(result.ok, true);
    assert.equal('update' in result, false, JSON.stringify(update));
  }
});

test('cancelled by the app: the request is aborted and the result says cancelled', async () => {
  const controller = new AbortController();
  const fetch = scriptedFetch([() => new Promise(() => {})]);
  const pending = mutate({ endpoint: ENDPOINT, tool: 't.x', params, fetch, signal: controller.signal });
  await settle();
  controller.abort();
  const result = await pending;
  assert.equal(result.ok === false && result.code, 'cancelled');
  assert.equal(fetch.calls[0]!.init.signal!.aborted, true);
});
