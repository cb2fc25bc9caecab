// The demo server's WebSocket endpoint ([10.16], [10.17]) with real clients: the engine's generateOverWebSocket()
// through the `ws` client, and raw `ws` sockets for what a client may get wrong.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { person, sleep, start, wsExchange, wsUrl, chunkText } from './helpers.mjs';
import { createOmniParser, followLive, generateOverWebSocket } from '../../src/entries/omni-ir.ts';

let server;
let me;
before(async () => {
  server = await start({ orderStepMs: 30 });
  me = await person(server);
});
after(() => server.close());

const recorded = (name) => readFileSync(new URL(`../../demo/server/model/screens/${name}.omni`, import.meta.url), 'utf8');
const socketWith = (headers) => (url) => new WebSocket(url, { headers });

test('10.16: generateOverWebSocket() draws the recorded screen, marker first, done last; the live screen can be followed', async () => {
  const parser = createOmniParser({ tools: ['orders.requestReturn'], assets: ['parcel'] });
  let written = '';
  const sink = { write: (t) => ((written += t), parser.write(t)), end: () => parser.end() };
  const outcome = await generateOverWebSocket(
    { url: wsUrl(server), prompt: 'Where is my order?', version: '0.8', createSocket: socketWith(me) },
    sink,
  );
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.model, 'demo-scripted');
  assert.equal(outcome.stopReason, 'end_turn');
  assert.match(outcome.screen, /^scr_/);
  assert.equal(written, '# omni-ir 0.8\n' + recorded('order'));
  assert.equal(parser.ended, true);

  // The id came over the socket; the feed is the same one an SSE screen gets ([10.36]).
  const seqs = [];
  const follower = followLive({ endpoint: `${server.url}/api/live`, screen: outcome.screen, headers: me, onUpdate: (u) => seqs.push(u.seq) });
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.deepEqual(seqs, [1, 2, 3]);
});

test('10.16: chunk messages, then one terminal message, then a close with 1000', async () => {
  const r = await wsExchange(wsUrl(server), { type: 'generate', prompt: 'Sign me in' });
  assert.equal(r.code, 1000);
  assert.equal(r.messages[0].text, '# omni-ir 0.8\n');
  assert.deepEqual(new Set(r.messages.slice(0, -1).map((m) => m.type)), new Set(['chunk']));
  assert.equal(r.messages.at(-1).type, 'done');
  assert.equal(chunkText(r.messages), '# omni-ir 0.8\n' + recorded('signin'));
});

test('10.17: a handshake from another origin, or a cookie without an origin, is refused with 403 bad_origin', async () => {
  const foreign = await wsExchange(wsUrl(server), undefined, { origin: 'https://evil.example' });
  assert.equal(foreign.status, 403);
  assert.equal(foreign.body.error.code, 'bad_origin');
  const noOrigin = await wsExchange(wsUrl(server), undefined, { cookie: me.cookie });
  assert.equal(noOrigin.status, 403);
  // The engine's client sees a socket that never opened: connection_lost, and the sink still ended.
  let ended = 0;
  const outcome = await generateOverWebSocket(
    { url: wsUrl(server), prompt: 'hi', createSocket: socketWith({ origin: 'https://evil.example' }) },
    { write() {}, end: () => ended++ },
  );
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(ended, 1);
  // A client that is not a browser (no origin, no cookie) may connect.
  const plain = await wsExchange(wsUrl(server), { type: 'generate', prompt: 'hi' });
  assert.equal(plain.messages.at(-1).type, 'done');
});

test('10.16 / 10.12: errors [10.2] sends as statuses come as one error message: versions', async () => {
  const older = await wsExchange(wsUrl(server), { type: 'generate', prompt: 'hi', version: '0.5' });
  assert.deepEqual(older.messages.map((m) => [m.type, m.code, m.retryable]), [['error', 'unsupported_version', false]]);
  assert.equal(older.code, 1000);
  const malformed = await wsExchange(wsUrl(server), { type: 'generate', prompt: 'hi', version: 'v1' });
  assert.equal(malformed.messages[0].code, 'invalid_request');
  // The engine's client asks once more without a version, on a new connection.
  let written = '';
  const outcome = await generateOverWebSocket(
    { url: wsUrl(server), prompt: 'Sign me in', version: '0.5', createSocket: socketWith({}) },
    { write: (t) => (written += t), end() {} },
  );
  assert.equal(outcome.status, 'done');
  assert.equal(written, '# omni-ir 0.8\n' + recorded('signin'));
});

test('10.16: a first message that is not a generate request is invalid_request', async () => {
  for (const request of ['not json', '[1]', { type: 'hello' }, { type: 'generate' }, { type: 'generate', prompt: ' ' }, { type: 'generate', prompt: 'x'.repeat(4001) }, Buffer.from([1, 2, 3])]) {
    const r = await wsExchange(wsUrl(server), request);
    assert.deepEqual(r.messages.map((m) => [m.type, m.code]), [['error', 'invalid_request']], String(request));
    assert.equal(r.code, 1000);
  }
});

test('a socket that never sends its request is told so and closed', async () => {
  const quiet = await start({ wsRequestTimeoutMs: 50 });
  try {
    const r = await wsExchange(wsUrl(quiet), undefined);
    assert.deepEqual(r.messages.map((m) => m.code), ['invalid_request']);
    assert.equal(r.code, 1000);
  } finally {
    await quiet.close();
  }
});

test('10.15: one rate limit for every transport: SSE, WebSocket and AG-UI draw on the same budget', async () => {
  const limited = await start({ rateLimit: { generate: 2 } });
  try {
    const sse = await fetch(`${limited.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prompt":"hi"}' });
    await sse.text();
    assert.equal(sse.status, 200);
    const first = await wsExchange(wsUrl(limited), { type: 'generate', prompt: 'hi' });
    assert.equal(first.messages.at(-1).type, 'done');
    const second = await wsExchange(wsUrl(limited), { type: 'generate', prompt: 'hi' });
    assert.deepEqual(second.messages.map((m) => [m.code, m.retryable]), [['rate_limited', true]]);
    const agui = await fetch(`${limited.url}/api/agui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: 'hi' }] }),
    });
    assert.equal(agui.status, 429);
    assert.equal((await agui.json()).error.code, 'rate_limited');
  } finally {
    await limited.close();
  }
});

test('10.23: model_unverified comes as an error message, retryable', async () => {
  const checked = await start({ modelCheck: { verified: () => false } });
  try {
    const r = await wsExchange(wsUrl(checked), { type: 'generate', prompt: 'hi' });
    assert.deepEqual(r.messages.map((m) => [m.code, m.retryable]), [['model_unverified', true]]);
  } finally {
    await checked.close();
  }
});

test('10.5: a model that fails mid-stream ends with one error message', async () => {
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
    const r = await wsExchange(wsUrl(flaky), { type: 'generate', prompt: 'hi' });
    assert.deepEqual(r.messages.map((m) => m.type), ['chunk', 'chunk', 'error']);
    assert.equal(r.messages[2].code, 'unavailable');
    assert.equal(r.messages[2].retryable, true);
  } finally {
    await flaky.close();
  }
});

test('a client that goes away mid-stream stops the model and leaves no live screen behind', async () => {
  let stopped = null;
  const model = {
    name: 'slow',
    start(prompt, { signal }) {
      return {
        live: 'dashboard',
        text: recorded('dashboard'),
        chunks: (async function* () {
          yield 'root = Divider()\n';
          await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
          stopped = signal.aborted;
        })(),
      };
    },
  };
  const slow = await start({ model });
  try {
    const before = slow.internals.live.size;
    const socket = new WebSocket(wsUrl(slow));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'generate', prompt: 'sales' })));
    await new Promise((resolve) => socket.on('message', (data) => JSON.parse(data.toString()).text === 'root = Divider()\n' && resolve()));
    socket.close(1000);
    for (let i = 0; i < 100 && stopped === null; i++) await sleep(10);
    assert.equal(stopped, true);
    assert.equal(slow.internals.live.size, before);
  } finally {
    await slow.close();
  }
});

test('the WebSocket’s own pings keep a quiet stream alive ([10.16] in place of [10.10])', async () => {
  const slow = await start({ fast: false, log: () => {}, pace: { min: 40, max: 50 }, pingIntervalMs: 10 });
  try {
    const socket = new WebSocket(wsUrl(slow));
    let pings = 0;
    socket.on('ping', () => pings++);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'generate', prompt: 'Sign me in' })));
    const code = await new Promise((resolve) => socket.on('close', resolve));
    assert.equal(code, 1000);
    assert.ok(pings > 0, `pings: ${pings}`);
  } finally {
    await slow.close();
  }
});

test('/api/ws without an upgrade is 426; an upgrade anywhere else is refused with 404', async () => {
  const res = await fetch(`${server.url}/api/ws`);
  assert.equal(res.status, 426);
  assert.equal((await res.json()).error.code, 'invalid_request');
  const elsewhere = await wsExchange(`${server.url.replace(/^http/, 'ws')}/api/generate`, undefined);
  assert.equal(elsewhere.status, 404);
});
