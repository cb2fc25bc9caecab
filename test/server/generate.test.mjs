import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, person, request, generate, readEvents, sleep } from './helpers.mjs';

const screen = (name) => readFileSync(new URL(`../../demo/server/model/screens/${name}.omni`, import.meta.url), 'utf8');

let server;
let me;
before(async () => {
  server = await start({ rateLimit: { generate: 1000 } });
  me = await person(server);
});
after(() => server.close());

test('10.4 / 10.13: 200 text/event-stream; the version marker is the first chunk; done is last', async () => {
  const { res, events, raw } = await generate(server, 'Confirm my payment', { query: '?version=0.8' });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/event-stream/);
  assert.ok(!raw.includes('\r'), 'LF line endings only');
  assert.deepEqual(events[0], { event: 'chunk', data: { text: '# omni-ir 0.8\n' } });
  const last = events.at(-1);
  assert.equal(last.event, 'done');
  assert.equal(last.data.stopReason, 'end_turn');
  assert.equal(last.data.model, 'demo-scripted');
  assert.equal(typeof last.data.ms, 'number');
  assert.equal(events.filter((e) => e.event === 'done' || e.event === 'error').length, 1, 'exactly one terminal event');
});

test('10.5: the chunks are the recorded screen, in pieces of 3 to 40 characters', async () => {
  const { events, text } = await generate(server, 'Confirm my payment');
  assert.equal(text, '# omni-ir 0.8\n' + screen('payment'));
  const pieces = events.filter((e) => e.event === 'chunk').slice(1).map((e) => e.data.text);
  assert.ok(pieces.length > 5);
  pieces.slice(0, -1).forEach((p) => assert.ok(p.length >= 3 && p.length <= 41, `piece of ${p.length}`));
});

test('the scripted model picks its screen by keywords; anything else gets the menu', async () => {
  const cases = [
    ['Please confirm my payment to Blue Bottle', 'payment'],
    ['Sign me in', 'signin'],
    ['I need to log in', 'signin'],
    ['Where is my order?', 'order'],
    ['order tracking for 1042', 'order'],
    ['Show the sales dashboard', 'dashboard'],
    ['Open my settings', 'settings'],
    ['Write me a poem', 'menu'],
  ];
  for (const [prompt, name] of cases) {
    const { text } = await generate(server, prompt, { headers: me });
    assert.equal(text, '# omni-ir 0.8\n' + screen(name), prompt);
  }
});

test('10.36: a live event before done for the screens the app keeps current, none for the others', async () => {
  for (const [prompt, live] of [['Where is my order?', true], ['Show the sales dashboard', true], ['Confirm my payment', false], ['Sign me in', false]]) {
    const { events } = await generate(server, prompt, { headers: me });
    const i = events.findIndex((e) => e.event === 'live');
    assert.equal(i !== -1, live, prompt);
    if (live) {
      assert.equal(i, events.length - 2, 'right before done');
      assert.match(events[i].data.screen, /^scr_[A-Za-z0-9_-]{32,}$/, 'at least 128 random bits');
    }
  }
});

test('10.36: live screen ids differ every time', async () => {
  const ids = new Set();
  for (let i = 0; i < 5; i++) {
    const { events } = await generate(server, 'sales dashboard', { headers: me });
    ids.add(events.find((e) => e.event === 'live').data.screen);
  }
  assert.equal(ids.size, 5);
});

test('10.2: 400 invalid_request for a body that is not {prompt}', async () => {
  const bodies = [
    ['not json', { 'content-type': 'application/json' }],
    [JSON.stringify({}), { 'content-type': 'application/json' }],
    [JSON.stringify({ prompt: 42 }), { 'content-type': 'application/json' }],
    [JSON.stringify({ prompt: '  ' }), { 'content-type': 'application/json' }],
    [JSON.stringify({ prompt: 'x'.repeat(4001) }), { 'content-type': 'application/json' }],
    [JSON.stringify([]), { 'content-type': 'application/json' }],
    [JSON.stringify({ prompt: 'hi' }), { 'content-type': 'text/plain' }],
  ];
  for (const [body, headers] of bodies) {
    const r = await request(server, 'POST', '/api/generate', { body, headers });
    assert.equal(r.status, 400, body.slice(0, 40));
    assert.equal(r.json.error.code, 'invalid_request');
    assert.equal(r.json.error.retryable, false);
    assert.equal(typeof r.json.error.message, 'string');
  }
});

test('10.12: unsupported_version only for an older format (0.6 and 0.7 are 0.5)', async () => {
  for (const v of ['0.1', '0.5', '0.6', '0.7', '0.07']) {
    const r = await request(server, 'POST', `/api/generate?version=${v}`, { body: { prompt: 'hi' } });
    assert.equal(r.status, 400, v);
    assert.deepEqual(Object.keys(r.json.error).sort(), ['code', 'message', 'retryable']);
    assert.equal(r.json.error.code, 'unsupported_version', v);
  }
  for (const v of ['0.8', '0.08', '0.9', '0.10', '1.0', '99999999999999999999.0']) {
    const { res, events } = await generate(server, 'hi', { query: `?version=${v}` });
    assert.equal(res.status, 200, v);
    assert.equal(events[0].data.text, '# omni-ir 0.8\n');
  }
});

test('10.12: a version not in the MAJOR.MINOR form is invalid_request', async () => {
  for (const v of ['abc', '0.8.1', '0', '.8', '0.8&version=0.9']) {
    const r = await request(server, 'POST', `/api/generate?version=${v}`, { body: { prompt: 'hi' } });
    assert.equal(r.status, 400, v);
    assert.equal(r.json.error.code, 'invalid_request', v);
  }
});

test('10.2: only POST', async () => {
  const r = await request(server, 'GET', '/api/generate');
  assert.equal(r.status, 405);
  assert.equal(r.json.error.code, 'invalid_request');
});

test('10.2 / 10.15: 429 rate_limited with Retry-After, per person', async () => {
  const limited = await start({ rateLimit: { generate: 2 } });
  try {
    const a = await person(limited);
    const b = await person(limited);
    await generate(limited, 'hi', { headers: a });
    await generate(limited, 'hi', { headers: a });
    const r = await request(limited, 'POST', '/api/generate', { headers: a, body: { prompt: 'hi' } });
    assert.equal(r.status, 429);
    assert.equal(r.json.error.code, 'rate_limited');
    assert.equal(r.json.error.retryable, true);
    const wait = Number(r.headers.get('retry-after'));
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${wait}`);
    const other = await generate(limited, 'hi', { headers: b });
    assert.equal(other.res.status, 200, 'another person has their own budget');
  } finally {
    await limited.close();
  }
});

test('10.15: X-Forwarded-For is ignored unless the proxy is trusted', async () => {
  const limited = await start({ rateLimit: { generate: 1 } });
  try {
    await generate(limited, 'hi', { headers: { 'x-forwarded-for': '203.0.113.1' } });
    const r = await request(limited, 'POST', '/api/generate', { headers: { 'x-forwarded-for': '203.0.113.2' }, body: { prompt: 'hi' } });
    assert.equal(r.status, 429, 'a forged address does not buy a new budget');
  } finally {
    await limited.close();
  }
  const proxied = await start({ rateLimit: { generate: 1 }, trustProxy: '127.0.0.1' });
  try {
    await generate(proxied, 'hi', { headers: { 'x-forwarded-for': '203.0.113.1' } });
    const { res } = await generate(proxied, 'hi', { headers: { 'x-forwarded-for': '203.0.113.2' } });
    assert.equal(res.status, 200, 'behind a trusted proxy each client has its own budget');
  } finally {
    await proxied.close();
  }
});

test('10.10: a ping comment while the model is quiet', async () => {
  const slow = await start({ fast: false, log: () => {}, pace: { min: 40, max: 50 }, pingIntervalMs: 10 });
  try {
    const { comments, events } = await generate(slow, 'Sign me in');
    assert.ok(comments.includes(': ping'), `pings: ${comments.length}`);
    assert.equal(events.at(-1).event, 'done');
  } finally {
    await slow.close();
  }
});

test('10.2: 500 server_error when the model cannot start', async () => {
  const broken = await start({ model: { name: 'x', start() { throw new Error('down'); } } });
  try {
    const r = await request(broken, 'POST', '/api/generate', { body: { prompt: 'hi' } });
    assert.equal(r.status, 500);
    assert.deepEqual(r.json, { error: { code: 'server_error', message: 'The model could not start.', retryable: false } });
  } finally {
    await broken.close();
  }
});

test('10.5: a model that fails mid-stream ends with one error event', async () => {
  const model = {
    name: 'flaky',
    start() {
      return {
        live: null,
        chunks: (async function* () {
          yield 'root = Card([a])\n';
          throw Object.assign(new Error('overloaded'), { code: 'unavailable', retryable: true });
        })(),
      };
    },
  };
  const flaky = await start({ model });
  try {
    const { events } = await generate(flaky, 'hi');
    assert.deepEqual(events.map((e) => e.event), ['chunk', 'chunk', 'error']);
    assert.equal(events[2].data.code, 'unavailable');
    assert.equal(events[2].data.retryable, true);
  } finally {
    await flaky.close();
  }
});

test('a client that goes away mid-stream stops the model and leaves no live screen behind', async () => {
  const slow = await start({ fast: false, log: () => {}, pace: { min: 20, max: 30 } });
  try {
    const me2 = await person(slow);
    const before = slow.internals.live.size;
    const res = await fetch(slow.url + '/api/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...me2 },
      body: JSON.stringify({ prompt: 'Where is my order?' }),
    });
    await readEvents(res, { until: (events) => events.length >= 3 });
    // The server learns of the closed connection when the socket closes: wait for it (up to 10 s on a busy machine)
    // rather than a fixed 200 ms, and still fail if the live screen stays.
    for (let i = 0; i < 200 && slow.internals.live.size !== before; i++) await sleep(50);
    assert.equal(slow.internals.live.size, before);
  } finally {
    await slow.close();
  }
});

test('10.2 / 10.23: 503 model_unverified, retryable, with Retry-After, while the model’s check hasn’t passed', async () => {
  let verified = false;
  const checked = await start({ modelCheck: { verified: () => verified, retryAfter: () => 30 } });
  try {
    const r = await request(checked, 'POST', '/api/generate', { body: { prompt: 'hi' } });
    assert.equal(r.status, 503);
    assert.deepEqual(r.json.error.code, 'model_unverified');
    assert.equal(r.json.error.retryable, true);
    assert.equal(r.headers.get('retry-after'), '30');
    verified = true;
    const { res } = await generate(checked, 'hi');
    assert.equal(res.status, 200);
  } finally {
    await checked.close();
  }
});
