import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { start, person, request, mutate } from './helpers.mjs';

const PAY = { tool: 'payments.confirm', params: { amount: 42.5, note: '' } };
let server;
let me;
let n = 0;
const key = () => `test-key-${Date.now()}-${++n}`;

before(async () => {
  server = await start({ rateLimit: { mutate: 1000 } });
  me = await person(server);
});
after(() => server.close());

function assertError(r, status, code, retryable) {
  assert.equal(r.status, status, `${code}: ${r.text}`);
  assert.equal(r.json.error.code, code);
  assert.equal(r.json.error.retryable, retryable);
  assert.equal(typeof r.json.error.message, 'string');
}

test('10.14: 200 {ok, tool, result} with an update naming the pressed Button', async () => {
  const r = await mutate(server, { ...PAY, button: 'confirm', key: key(), headers: me });
  assert.equal(r.status, 200);
  assert.equal(r.json.ok, true);
  assert.equal(r.json.tool, 'payments.confirm');
  assert.equal(r.json.result.status, 'paid');
  assert.equal(r.json.result.amount, 42.5);
  assert.match(r.json.update, /^confirm = Notice\("\$42\.50 paid to Blue Bottle Café\. Receipt pay_[a-z0-9]+\.", tone="success", title="Payment sent"\)\n$/);
});

test('10.35: a button that is not an id is not written into the update', async () => {
  const r = await mutate(server, { ...PAY, button: 'x = Card([evil])', key: key(), headers: me });
  assert.equal(r.status, 200);
  assert.match(r.json.update, /^confirm = Notice\(/);
  assert.equal(r.json.update.split('\n').length, 2, 'one line');
});

test('10.14: every tool of the demo runs', async () => {
  const settings = {
    name: 'Ada', bio: 'He said "hi"\\n', birthday: '1990-12-10', experience: '5', email: 'ada@example.com', phone: '',
    website: 'https://example.com', country: 'Portugal', language: '', newsletter: true, terms: true,
  };
  const s = await mutate(server, { tool: 'settings.save', params: settings, key: key(), headers: me });
  assert.equal(s.status, 200, s.text);
  assert.match(s.json.update, /^saveState = Notice\("Saved at .+\.", tone="success"\)\n$/);
  const link = await mutate(server, { tool: 'auth.sendMagicLink', params: { email: 'ada@example.com' }, button: 'send', key: key(), headers: me });
  assert.equal(link.status, 200);
  assert.ok(!link.json.update.includes('ada@example.com'), 'the address is masked');
  assert.match(link.json.update, /a•••@example\.com/);
});

test('10.14: a tool for everyone runs without a session (no cookie, no Origin: a native app or curl)', async () => {
  const r = await mutate(server, { tool: 'auth.sendMagicLink', params: { email: 'ada@example.com' }, key: key() });
  assert.equal(r.status, 200);
});

test('10.14: 400 invalid_request for a body that is not {tool, params}', async () => {
  for (const body of [{}, { tool: 'payments.confirm' }, { tool: 1, params: {} }, { tool: 'payments.confirm', params: [] }, { tool: 'payments.confirm', params: 'x' }, { tool: 'payments.confirm', params: {}, button: 3 }, []]) {
    const r = await request(server, 'POST', '/api/mutate', { headers: me, body });
    assertError(r, 400, 'invalid_request', false);
  }
  const notJson = await request(server, 'POST', '/api/mutate', { headers: me, body: '{tool', json: true });
  assertError(notJson, 400, 'invalid_request', false);
  const wrongType = await request(server, 'POST', '/api/mutate', { headers: { ...me, 'content-type': 'text/plain' }, body: JSON.stringify(PAY) });
  assertError(wrongType, 400, 'invalid_request', false);
});

test('10.14: 400 invalid_request for a malformed Idempotency-Key', async () => {
  for (const bad of ['has space', 'k'.repeat(201), 'clé', 'a/b', 'a,b']) {
    const r = await mutate(server, { ...PAY, key: bad, headers: me });
    assertError(r, 400, 'invalid_request', false);
  }
  const longest = await mutate(server, { ...PAY, key: 'A-z_0:9.'.repeat(25), headers: me });
  assert.equal(longest.status, 200, '200 characters of every allowed kind');
});

test('10.14: 401 sign_in_required for a signed-in tool without a session', async () => {
  assertError(await mutate(server, { ...PAY, key: key() }), 401, 'sign_in_required', false);
  const unknownSession = await mutate(server, { ...PAY, key: key(), headers: { cookie: 'demo_session=' + 'a'.repeat(43), origin: server.url } });
  assertError(unknownSession, 401, 'sign_in_required', false);
});

test('10.14: 403 unknown_tool for a tool not registered or without a handler', async () => {
  for (const tool of ['payments.refund', 'Payments.confirm', 'constructor', '__proto__', 'toString']) {
    assertError(await mutate(server, { tool, params: {}, key: key(), headers: me }), 403, 'unknown_tool', false);
  }
  const noHandler = await start({ handlers: { 'payments.confirm': null } });
  try {
    const p = await person(noHandler);
    assertError(await mutate(noHandler, { ...PAY, headers: p }), 403, 'unknown_tool', false);
  } finally {
    await noHandler.close();
  }
});

test('10.14: 403 bad_origin for a cookie without this app’s Origin, or another site’s Origin', async () => {
  assertError(await mutate(server, { ...PAY, key: key(), headers: { cookie: me.cookie } }), 403, 'bad_origin', false);
  assertError(await mutate(server, { ...PAY, key: key(), headers: { cookie: me.cookie, origin: 'https://evil.example' } }), 403, 'bad_origin', false);
  assertError(await mutate(server, { ...PAY, key: key(), headers: { cookie: me.cookie, origin: 'null' } }), 403, 'bad_origin', false);
  const port = new URL(server.url).port;
  assertError(await mutate(server, { ...PAY, key: key(), headers: { cookie: me.cookie, origin: `http://127.0.0.1:${Number(port) + 1}` } }), 403, 'bad_origin', false);
  const anonymousFromElsewhere = await mutate(server, { tool: 'auth.sendMagicLink', params: { email: 'a@b.co' }, headers: { origin: 'https://evil.example' } });
  assertError(anonymousFromElsewhere, 403, 'bad_origin', false);
  const localhost = await mutate(server, { ...PAY, key: key(), headers: { cookie: me.cookie, origin: `http://localhost:${port}` } });
  assert.equal(localhost.status, 200, 'the app’s own origin under its other name');
});

test('10.14 / section 9: 404 not_found is identical for a missing order and someone else’s', async () => {
  const missing = await mutate(server, { tool: 'orders.requestReturn', params: { order: '9999' }, key: key(), headers: me });
  const theirs = await mutate(server, { tool: 'orders.requestReturn', params: { order: '2077' }, key: key(), headers: me });
  assertError(missing, 404, 'not_found', false);
  assert.equal(theirs.status, missing.status);
  assert.equal(theirs.text, missing.text, 'same body, byte for byte');
  const headersOf = (r) => [...r.headers].filter(([k]) => k !== 'date').map(([k, v]) => `${k}: ${v}`).join('\n');
  assert.equal(headersOf(theirs), headersOf(missing), 'same headers');
});

test('10.14: an order belongs to its person: another session’s 1042 is theirs, not mine', async () => {
  const other = await person(server);
  const mine = await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: key(), headers: me });
  const theirs = await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: key(), headers: other });
  assert.equal(mine.status, 200);
  assert.equal(theirs.status, 200, 'each person returns their own order');
  assert.match(mine.json.update, /^ret = Notice\("Return requested for order 1042\./);
});

test('10.14: 409 a tool’s own conflict: a second return of the same order', async () => {
  const p = await person(server);
  assert.equal((await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: key(), headers: p })).status, 200);
  assertError(await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: key(), headers: p }), 409, 'unavailable', false);
});

test('10.14: a repeated key gets the stored answer; the action runs once', async () => {
  const p = await person(server);
  const k = key();
  const first = await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: k, headers: p });
  const again = await mutate(server, { tool: 'orders.requestReturn', params: { order: '1042' }, key: k, headers: p });
  assert.equal(first.status, 200);
  assert.equal(again.status, 200, 'not 409 unavailable: the return was not requested twice');
  assert.equal(again.text, first.text);
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
});

test('10.14: params in another key order are the same params', async () => {
  const k = key();
  const a = await mutate(server, { tool: 'payments.confirm', params: { amount: 1, note: 'x' }, key: k, headers: me });
  const b = await mutate(server, { tool: 'payments.confirm', params: { note: 'x', amount: 1 }, key: k, headers: me });
  assert.equal(b.text, a.text);
});

test('10.14: 409 idempotency_conflict for the same key with other params', async () => {
  const k = key();
  assert.equal((await mutate(server, { ...PAY, key: k, headers: me })).status, 200);
  assertError(await mutate(server, { tool: 'payments.confirm', params: { amount: 43, note: '' }, key: k, headers: me }), 409, 'idempotency_conflict', false);
  assertError(await mutate(server, { tool: 'settings.save', params: {}, key: k, headers: me }), 422, 'invalid_params', false);
});

test('10.14: keys are per person: the same key from someone else runs for them', async () => {
  const k = key();
  const other = await person(server);
  const a = await mutate(server, { ...PAY, key: k, headers: me });
  const b = await mutate(server, { tool: 'payments.confirm', params: { amount: 5, note: '' }, key: k, headers: other });
  assert.equal(a.status, 200);
  assert.equal(b.status, 200);
  assert.notEqual(a.json.result.paymentId, b.json.result.paymentId);
});

test('10.14: 409 idempotency_in_progress (retryable) while the same key is still running', async () => {
  let release;
  const gate = new Promise((r) => (release = r));
  let runs = 0;
  let started;
  const running = new Promise((r) => (started = r));
  const slow = await start({
    handlers: {
      'payments.confirm': async () => {
        runs++;
        started();
        await gate;
        return { result: { paymentId: 'p1' } };
      },
    },
  });
  try {
    const p = await person(slow);
    const k = key();
    const first = mutate(slow, { ...PAY, key: k, headers: p });
    // The second request goes only once the first holds the key (its handler runs): a fixed sleep lost that race
    // on a busy CI machine, and the second request then ran too and waited on the gate for fetch's 300 s timeout.
    await running;
    const during = await mutate(slow, { ...PAY, key: k, headers: p });
    assertError(during, 409, 'idempotency_in_progress', true);
    release();
    assert.equal((await first).status, 200);
    const afterwards = await mutate(slow, { ...PAY, key: k, headers: p });
    assert.equal(afterwards.status, 200);
    assert.equal(runs, 1);
  } finally {
    await slow.close();
  }
});

test('10.14: 422 invalid_params with issues [{path, message}]', async () => {
  const r = await mutate(server, { tool: 'payments.confirm', params: { amount: -1, note: 'x'.repeat(201), extra: true }, key: key(), headers: me });
  assertError(r, 422, 'invalid_params', false);
  const paths = r.json.error.issues.map((i) => i.path).sort();
  assert.deepEqual(paths, ['/amount', '/extra', '/note']);
  r.json.error.issues.forEach((i) => assert.equal(typeof i.message, 'string'));
  const missing = await mutate(server, { tool: 'payments.confirm', params: {}, key: key(), headers: me });
  assertError(missing, 422, 'invalid_params', false);
  assert.ok(missing.json.error.issues.length >= 1);
  const email = await mutate(server, { tool: 'auth.sendMagicLink', params: { email: 'not an email' }, key: key(), headers: me });
  assertError(email, 422, 'invalid_params', false);
  assert.deepEqual(email.json.error.issues.map((i) => i.path), ['/email']);
});

test('10.14 / 10.15: 429 rate_limited with Retry-After, per person', async () => {
  const limited = await start({ rateLimit: { mutate: 3 } });
  try {
    const p = await person(limited);
    for (let i = 0; i < 3; i++) assert.equal((await mutate(limited, { ...PAY, key: key(), headers: p })).status, 200);
    const r = await mutate(limited, { ...PAY, key: key(), headers: p });
    assertError(r, 429, 'rate_limited', true);
    const wait = Number(r.headers.get('retry-after'));
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60);
    const other = await person(limited);
    assert.equal((await mutate(limited, { ...PAY, key: key(), headers: other })).status, 200);
  } finally {
    await limited.close();
  }
});

test('10.14: 500 tool_failed (retryable) when a handler throws; the key is free to retry', async () => {
  let fail = true;
  const flaky = await start({
    handlers: {
      'payments.confirm': async () => {
        if (fail) throw new Error('card network down');
        return { result: { paymentId: 'p2' } };
      },
    },
  });
  try {
    const p = await person(flaky);
    const k = key();
    const r = await mutate(flaky, { ...PAY, key: k, headers: p });
    assertError(r, 500, 'tool_failed', true);
    assert.ok(!r.text.includes('card network'), 'the error’s details stay on the server');
    fail = false;
    const retry = await mutate(flaky, { ...PAY, key: k, headers: p });
    assert.equal(retry.status, 200);
  } finally {
    await flaky.close();
  }
});

test('10.14: only POST', async () => {
  assertError(await request(server, 'GET', '/api/mutate', { headers: me }), 405, 'invalid_request', false);
});

test('the mutate body has a size limit', async () => {
  const r = await mutate(server, { tool: 'payments.confirm', params: { amount: 1, note: 'x'.repeat(70 * 1024) }, headers: me });
  assertError(r, 400, 'invalid_request', false);
});
