// The real model adapters against local fakes that speak each provider's streaming format byte for byte: the
// request they send (headers, model, the generated system prompt, stream: true), the text they yield however the
// events were split, the stop reasons, the errors ([10.5] codes with retryable), and cancellation.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import * as registry from '../../demo/server/registry.mjs';
import { modelFromEnv, createAnthropicModel, createOpenAIModel, stripFences, promptOptions, loadSystemPrompt } from '../../demo/providers/index.mjs';
import { retryAfterSeconds } from '../../demo/providers/common.mjs';
import { systemPrompt, promptExamples } from '../../src/omni-ir/prompt.ts';
import { createOmniParser } from '../../src/entries/omni-ir.ts';
import { generate } from '../../src/omni-ir/transport/index.ts';
import { start } from './helpers.mjs';

const KEY = 'sk-test-0123456789';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// A fake provider: records each request, then runs the test's script on the raw response.

const servers = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function fake(script) {
  const requests = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const closed = new Promise((resolve) => res.on('close', resolve));
      const record = { method: req.method, url: req.url, headers: req.headers, body: raw ? JSON.parse(raw) : undefined, closed };
      requests.push(record);
      res.socket.setNoDelay(true);
      Promise.resolve(script(req, res, record)).catch(() => res.destroy());
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const handle = {
    url,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
  servers.push(handle);
  return handle;
}

/** Writes each piece in its own TCP write, a few milliseconds apart, so events and characters arrive split. */
async function writeSplit(res, pieces, { end = true, gap = 3 } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  for (const p of pieces) {
    if (res.destroyed) return;
    res.write(p);
    await sleep(gap);
  }
  if (end) res.end();
}

function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const aEvent = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const oEvent = (data) => `data: ${JSON.stringify(data)}\n\n`;

/** Splits text into pieces at the given byte offsets, so a multi-byte character can straddle two writes. */
function splitBytes(text, every) {
  const bytes = Buffer.from(text, 'utf8');
  const out = [];
  for (let i = 0; i < bytes.length; i += every) out.push(bytes.subarray(i, i + every));
  return out;
}

async function collect(iterable) {
  const parts = [];
  try {
    for await (const p of iterable) parts.push(p);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: null };
}

const texts = (parts) => parts.filter((p) => p.type === 'text').map((p) => p.text);

// ---------------------------------------------------------------------------------------------------------------
// Anthropic

const SCREEN = 'root = Card([t, price])\nt = Heading("Café au lait")\nprice = Text(4.5, format="currency", currency="EUR")\n';

function anthropicStream(deltas, { stop = 'end_turn', model = 'claude-sonnet-4-5-20250929', pings = true } = {}) {
  const out = [
    aEvent('message_start', { message: { id: 'msg_01', type: 'message', role: 'assistant', content: [], model, stop_reason: null, stop_sequence: null, usage: { input_tokens: 2100, output_tokens: 1 } } }),
    aEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ];
  if (pings) out.push(aEvent('ping', {}));
  deltas.forEach((text, i) => {
    out.push(aEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
    if (pings && i === 0) out.push(aEvent('ping', {}));
  });
  out.push(
    aEvent('content_block_stop', { index: 0 }),
    aEvent('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 40 } }),
    aEvent('message_stop', {}),
  );
  return out.join('');
}

const SCREEN_DELTAS = ['root = Card([t, price])\nt = Head', 'ing("Café au lait")\n', 'price = Text(4.5, format="currency", currency="EUR")\n'];

test('anthropic: the request is a streamed Messages call with the key, the version, the model and the generated system prompt', async () => {
  const server = await fake((req, res) => writeSplit(res, [anthropicStream(SCREEN_DELTAS)]));
  const model = modelFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }, { registry });
  assert.equal(model.provider, 'anthropic');
  assert.equal(model.name, 'claude-sonnet-4-5');
  await collect(model.stream('Show my café order'));
  const [r] = server.requests;
  assert.equal(r.method, 'POST');
  assert.equal(r.url, '/v1/messages');
  assert.equal(r.headers['x-api-key'], KEY);
  assert.equal(r.headers['anthropic-version'], '2023-06-01');
  assert.match(r.headers['content-type'], /^application\/json/);
  assert.equal(r.headers.authorization, undefined, 'the key goes only in x-api-key');
  assert.equal(r.body.stream, true);
  assert.equal(r.body.model, 'claude-sonnet-4-5');
  assert.equal(r.body.max_tokens, 4096);
  assert.deepEqual(r.body.messages, [{ role: 'user', content: 'Show my café order' }]);
  const expected = systemPrompt(promptOptions(registry));
  assert.equal(r.body.system, expected, 'the system prompt is the engine’s, generated from the registry');
  for (const tool of Object.keys(registry.tools)) assert.ok(r.body.system.includes(tool));
  assert.equal(await model.systemPrompt(), expected);
});

test('anthropic: ANTHROPIC_MODEL chooses the model; a base URL with a path prefix keeps it', async () => {
  const server = await fake((req, res) => writeSplit(res, [anthropicStream(['root = Divider()\n'])]));
  const model = modelFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: `${server.url}/proxy/`, ANTHROPIC_MODEL: 'claude-haiku-4-5' }, { registry });
  const { parts } = await collect(model.stream('x'));
  assert.equal(server.requests[0].url, '/proxy/v1/messages');
  assert.equal(server.requests[0].body.model, 'claude-haiku-4-5');
  assert.deepEqual(parts.at(-1), { type: 'done', stopReason: 'end_turn', model: 'claude-sonnet-4-5-20250929' });
});

test('anthropic: text deltas are yielded in order across split events, pings and a character split between writes; done ends it', async () => {
  const wire = anthropicStream(SCREEN_DELTAS);
  for (const every of [1, 7, 64, wire.length]) {
    const server = await fake((req, res) => writeSplit(res, splitBytes(wire, every), { gap: every === 1 ? 0 : 3 }));
    const model = createAnthropicModel({ apiKey: KEY, baseUrl: server.url, system: 'S' });
    const { parts, error } = await collect(model.stream('x'));
    assert.equal(error, null);
    assert.deepEqual(texts(parts), SCREEN_DELTAS, `split every ${every} bytes`);
    assert.equal(texts(parts).join(''), SCREEN);
    assert.deepEqual(parts.at(-1), { type: 'done', stopReason: 'end_turn', model: 'claude-sonnet-4-5-20250929' });
    assert.equal(parts.filter((p) => p.type === 'done').length, 1);
  }
});

test('anthropic: stop reasons map to end_turn, max_tokens and refusal', async () => {
  for (const [stop, expected] of [
    ['end_turn', 'end_turn'],
    ['stop_sequence', 'end_turn'],
    ['max_tokens', 'max_tokens'],
    ['refusal', 'refusal'],
    ['something_new', 'end_turn'],
  ]) {
    const server = await fake((req, res) => writeSplit(res, [anthropicStream(['root = Divider()\n'], { stop })]));
    const { parts } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.equal(parts.at(-1).stopReason, expected, stop);
  }
});

test('anthropic: unknown events and non-text deltas are skipped', async () => {
  const wire =
    aEvent('message_start', { message: { model: 'claude-x' } }) +
    aEvent('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }) +
    aEvent('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }) +
    aEvent('something_new', { x: 1 }) +
    'event: content_block_delta\ndata: not json\n\n' +
    aEvent('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'root = Divider()\n' } }) +
    aEvent('message_delta', { delta: { stop_reason: 'end_turn' } }) +
    aEvent('message_stop', {});
  const server = await fake((req, res) => writeSplit(res, [wire]));
  const { parts, error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
  assert.equal(error, null);
  assert.deepEqual(parts, [{ type: 'text', text: 'root = Divider()\n' }, { type: 'done', stopReason: 'end_turn', model: 'claude-x' }]);
});

test('anthropic: an error event mid-stream throws after the text already yielded: overloaded is unavailable, retryable', async () => {
  for (const [type, code, retryable] of [
    ['overloaded_error', 'unavailable', true],
    ['api_error', 'unavailable', true],
    ['rate_limit_error', 'rate_limited', true],
    ['invalid_request_error', 'model_error', false],
  ]) {
    const wire = anthropicStream(['root = Card([a])\n']).split('event: content_block_stop')[0] + aEvent('error', { error: { type, message: 'Overloaded' } });
    const server = await fake((req, res) => writeSplit(res, [wire]));
    const { parts, error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.deepEqual(texts(parts), ['root = Card([a])\n']);
    assert.equal(parts.some((p) => p.type === 'done'), false);
    assert.equal(error.code, code, type);
    assert.equal(error.retryable, retryable, type);
    assert.equal(typeof error.message, 'string');
    assert.equal(typeof error.publicMessage, 'string');
  }
});

test('anthropic: HTTP 429 is rate_limited, retryable, with Retry-After; nothing is yielded', async () => {
  const server = await fake((req, res) =>
    sendJson(res, 429, { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } }, { 'retry-after': '7' }),
  );
  const { parts, error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
  assert.deepEqual(parts, []);
  assert.equal(error.code, 'rate_limited');
  assert.equal(error.retryable, true);
  assert.equal(error.retryAfter, 7);
  assert.equal(error.status, 429);
});

test('anthropic: 401 and 403 are model_error, not retryable, and no message carries the key', async () => {
  for (const status of [401, 403]) {
    const server = await fake((req, res) => sendJson(res, status, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }));
    const { error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.equal(error.code, 'model_error');
    assert.equal(error.retryable, false);
    assert.match(error.message, /authentication_error/);
    for (const text of [error.message, error.publicMessage, String(error.stack)]) assert.ok(!text.includes(KEY));
  }
});

test('anthropic: 5xx and 529 overloaded are unavailable, retryable; other refusals of the request are model_error', async () => {
  for (const [status, type, code, retryable] of [
    [500, 'api_error', 'unavailable', true],
    [503, 'api_error', 'unavailable', true],
    [529, 'overloaded_error', 'unavailable', true],
    [400, 'invalid_request_error', 'model_error', false],
    [404, 'not_found_error', 'model_error', false],
  ]) {
    const server = await fake((req, res) => sendJson(res, status, { type: 'error', error: { type, message: 'x' } }));
    const { error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.equal(error.code, code, String(status));
    assert.equal(error.retryable, retryable, String(status));
  }
});

test('anthropic: a stream that ends before message_stop is a retryable model_error; a 200 that isn’t a stream is too', async () => {
  const cut = await fake((req, res) => writeSplit(res, [anthropicStream(['root = Divider()\n']).split('event: message_delta')[0]]));
  const { parts, error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: cut.url }).stream('x'));
  assert.deepEqual(texts(parts), ['root = Divider()\n']);
  assert.equal(error.code, 'model_error');
  assert.equal(error.retryable, true);
  const json = await fake((req, res) => sendJson(res, 200, { content: [] }));
  const second = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: json.url }).stream('x'));
  assert.equal(second.error.code, 'model_error');
});

test('anthropic: a server that can’t be reached is unavailable, retryable', async () => {
  const server = await fake(() => {});
  const url = server.url;
  await server.close();
  const { error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: url }).stream('x'));
  assert.equal(error.code, 'unavailable');
  assert.equal(error.retryable, true);
});

/** A provider that sends the start and one delta, then holds the connection open without a byte more. */
const stalling = (first) => (req, res) => writeSplit(res, [first], { end: false });

test('cancellation: aborting the signal ends the stream quietly and closes the request', async () => {
  const server = await fake(stalling(aEvent('message_start', { message: { model: 'm' } }) + aEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'root = ' } })));
  const controller = new AbortController();
  const seen = [];
  const run = (async () => {
    for await (const p of createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x', { signal: controller.signal })) {
      seen.push(p);
      controller.abort();
    }
  })();
  await run; // no error
  assert.deepEqual(seen, [{ type: 'text', text: 'root = ' }]);
  await Promise.race([server.requests[0].closed, sleep(2000).then(() => assert.fail('the request stayed open'))]);
});

test('cancellation: a signal aborted before the start sends nothing; aborting while waiting for headers stops too', async () => {
  const server = await fake(() => {}); // never answers
  const early = new AbortController();
  early.abort();
  assert.deepEqual(await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x', { signal: early.signal })), { parts: [], error: null });
  assert.equal(server.requests.length, 0);
  const late = new AbortController();
  setTimeout(() => late.abort(), 50);
  assert.deepEqual(await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x', { signal: late.signal })), { parts: [], error: null });
});

test('cancellation: a consumer that stops reading closes the request', async () => {
  const server = await fake(stalling(aEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'a' } })));
  for await (const p of createAnthropicModel({ apiKey: KEY, baseUrl: server.url }).stream('x')) {
    assert.equal(p.text, 'a');
    break;
  }
  await Promise.race([server.requests[0].closed, sleep(2000).then(() => assert.fail('the request stayed open'))]);
});

test('a provider silent for idleTimeoutMs is a retryable timeout', async () => {
  const server = await fake(stalling(aEvent('message_start', { message: { model: 'm' } })));
  const { error } = await collect(createAnthropicModel({ apiKey: KEY, baseUrl: server.url, idleTimeoutMs: 150 }).stream('x'));
  assert.equal(error.code, 'timeout');
  assert.equal(error.retryable, true);
  await Promise.race([server.requests[0].closed, sleep(2000).then(() => assert.fail('the request stayed open'))]);
});

// ---------------------------------------------------------------------------------------------------------------
// OpenAI

function openaiStream(deltas, { finish = 'stop', model = 'gpt-4.1-mini-2025-04-14', done = true } = {}) {
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1760000000, model, system_fingerprint: 'fp_1' };
  const out = [oEvent({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }] })];
  deltas.forEach((content, i) => {
    out.push(oEvent({ ...base, choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }] }));
    if (i === 0) out.push(': keep-alive\n\n');
  });
  out.push(oEvent({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finish }] }));
  if (done) out.push('data: [DONE]\n\n');
  return out.join('');
}

test('openai: the request is a streamed chat completion with the Bearer key, the model and the generated system message', async () => {
  const server = await fake((req, res) => writeSplit(res, [openaiStream(SCREEN_DELTAS)]));
  const model = modelFromEnv({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url }, { registry });
  assert.equal(model.provider, 'openai');
  assert.equal(model.name, 'gpt-4.1-mini');
  await collect(model.stream('Show my café order'));
  const [r] = server.requests;
  assert.equal(r.method, 'POST');
  assert.equal(r.url, '/v1/chat/completions');
  assert.equal(r.headers.authorization, `Bearer ${KEY}`);
  assert.match(r.headers['content-type'], /^application\/json/);
  assert.equal(r.body.stream, true);
  assert.equal(r.body.model, 'gpt-4.1-mini');
  assert.equal(r.body.max_completion_tokens, 4096);
  assert.deepEqual(r.body.messages, [
    { role: 'system', content: systemPrompt(promptOptions(registry)) },
    { role: 'user', content: 'Show my café order' },
  ]);
  const other = modelFromEnv({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'gpt-4.1' }, { registry });
  await collect(other.stream('x'));
  assert.equal(server.requests[1].body.model, 'gpt-4.1');
});

test('openai: content deltas are yielded in order across splits, comments and the role-only first chunk; [DONE] ends it', async () => {
  const wire = openaiStream(SCREEN_DELTAS);
  for (const every of [1, 5, 100, wire.length]) {
    const server = await fake((req, res) => writeSplit(res, splitBytes(wire, every), { gap: every === 1 ? 0 : 3 }));
    const { parts, error } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.equal(error, null);
    assert.deepEqual(texts(parts), SCREEN_DELTAS, `split every ${every} bytes`);
    assert.deepEqual(parts.at(-1), { type: 'done', stopReason: 'end_turn', model: 'gpt-4.1-mini-2025-04-14' });
  }
});

test('openai: finish_reason maps stop → end_turn, length → max_tokens, content_filter → refusal; a refusal delta is not drawn', async () => {
  for (const [finish, expected] of [
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
    ['tool_calls', 'end_turn'],
  ]) {
    const server = await fake((req, res) => writeSplit(res, [openaiStream(['root = Divider()\n'], { finish })]));
    const { parts } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.equal(parts.at(-1).stopReason, expected, finish);
  }
  const refusal = oEvent({ model: 'gpt', choices: [{ index: 0, delta: { refusal: 'I can’t help with that.' }, finish_reason: null }] }) + oEvent({ model: 'gpt', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) + 'data: [DONE]\n\n';
  const server = await fake((req, res) => writeSplit(res, [refusal]));
  const { parts } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
  assert.deepEqual(parts, [{ type: 'done', stopReason: 'refusal', model: 'gpt' }]);
});

test('openai: a stream closed after finish_reason without [DONE] has finished; one closed before is a retryable model_error', async () => {
  const s1 = await fake((req, res) => writeSplit(res, [openaiStream(['a'], { done: false })]));
  assert.equal((await collect(createOpenAIModel({ apiKey: KEY, baseUrl: s1.url }).stream('x'))).parts.at(-1).stopReason, 'end_turn');
  const s2 = await fake((req, res) => writeSplit(res, [openaiStream(['a']).split('"finish_reason":"stop"')[0].replace(/data: [^\n]*$/, '')]));
  const { parts, error } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: s2.url }).stream('x'));
  assert.deepEqual(texts(parts), ['a']);
  assert.equal(error.code, 'model_error');
  assert.equal(error.retryable, true);
});

test('openai: an error object mid-stream throws after the text already yielded', async () => {
  const wire = openaiStream(['root = Card([a])\n']).split('data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"gpt-4.1-mini-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{},')[0];
  for (const [type, code, retryable] of [
    ['server_error', 'unavailable', true],
    ['invalid_request_error', 'model_error', false],
  ]) {
    const server = await fake((req, res) => writeSplit(res, [wire + oEvent({ error: { message: 'The server had an error', type, param: null, code: null } })]));
    const { parts, error } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.deepEqual(texts(parts), ['root = Card([a])\n']);
    assert.equal(error.code, code);
    assert.equal(error.retryable, retryable);
  }
});

test('openai: 429 with Retry-After, 401, 503, and a spent quota', async () => {
  for (const [status, body, headers, code, retryable, retryAfter] of [
    [429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '3' }, 'rate_limited', true, 3],
    [429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } }, {}, 'model_error', false, undefined],
    [401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, {}, 'model_error', false, undefined],
    [503, { error: { message: 'The engine is currently overloaded', type: 'server_error' } }, {}, 'unavailable', true, undefined],
  ]) {
    const server = await fake((req, res) => sendJson(res, status, body, headers));
    const { parts, error } = await collect(createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x'));
    assert.deepEqual(parts, []);
    assert.equal(error.code, code, `${status} ${body.error.type}`);
    assert.equal(error.retryable, retryable);
    assert.equal(error.retryAfter, retryAfter);
    assert.ok(!error.message.includes(KEY));
  }
});

test('openai: aborting the signal ends the stream quietly and closes the request', async () => {
  const server = await fake(stalling(oEvent({ model: 'g', choices: [{ index: 0, delta: { content: 'root = ' }, finish_reason: null }] })));
  const controller = new AbortController();
  const seen = [];
  for await (const p of createOpenAIModel({ apiKey: KEY, baseUrl: server.url }).stream('x', { signal: controller.signal })) {
    seen.push(p);
    controller.abort();
  }
  assert.deepEqual(seen, [{ type: 'text', text: 'root = ' }]);
  await Promise.race([server.requests[0].closed, sleep(2000).then(() => assert.fail('the request stayed open'))]);
});

// ---------------------------------------------------------------------------------------------------------------
// Choosing a model, the server's shape, and the whole chain

test('modelFromEnv: null without a key; Claude when both keys are set; blank keys don’t count', () => {
  assert.equal(modelFromEnv({}, { registry }), null);
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: '  ', OPENAI_API_KEY: '' }, { registry }), null);
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY }, { registry }).provider, 'anthropic');
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: ' ', OPENAI_API_KEY: KEY }, { registry }).provider, 'openai');
  assert.throws(() => createAnthropicModel({}), TypeError);
  assert.throws(() => createOpenAIModel({ apiKey: '' }), TypeError);
});

test('loadSystemPrompt gives the engine’s systemPrompt (from a fresh build, or the source)', async () => {
  const fn = await loadSystemPrompt();
  assert.equal(fn(promptOptions(registry)), systemPrompt(promptOptions(registry)));
});

test('start(): the generate route’s shape: text chunks without Markdown fences, then stopReason() and model()', async () => {
  const server = await fake((req, res) => writeSplit(res, [anthropicStream(['```omni-ir\nroot = Card([t])\n', 't = Heading("Hi")\n``', '`\n'], { stop: 'max_tokens' })]));
  const model = modelFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url }, { registry, systemPrompt: () => 'S' });
  const run = model.start('x', { pace: null, chunk: {} });
  assert.equal(run.live, null);
  let text = '';
  for await (const piece of run.chunks) text += piece;
  assert.equal(text, 'root = Card([t])\nt = Heading("Hi")\n');
  assert.equal(run.stopReason(), 'max_tokens');
  assert.equal(run.model(), 'claude-sonnet-4-5-20250929');
  assert.equal(server.requests[0].body.system, 'S', 'an injected prompt builder is used');
});

test('stripFences: fence lines go, every other line passes unchanged, however the text is split', async () => {
  const cases = [
    ['```omni-ir\nroot = Divider()\n```\n', 'root = Divider()\n'],
    ['```\nroot = Divider()\n```', 'root = Divider()\n'],
    ['root = Text("```")\n  ``x = 1\n', 'root = Text("```")\n  ``x = 1\n'],
    ['\n  \nroot = Divider()', '\n  \nroot = Divider()'],
    ['``` \r\nroot = Divider()\r\n', 'root = Divider()\r\n'],
  ];
  async function* from(pieces) {
    for (const p of pieces) yield p;
  }
  for (const [input, expected] of cases) {
    for (let cut = 0; cut <= input.length; cut++) {
      let out = '';
      for await (const t of stripFences(from([input.slice(0, cut), input.slice(cut)]))) out += t;
      assert.equal(out, expected, `${JSON.stringify(input)} cut at ${cut}`);
    }
    let out = '';
    for await (const t of stripFences(from([...input]))) out += t;
    assert.equal(out, expected, 'one character at a time');
  }
});

test('retryAfterSeconds reads seconds and HTTP dates', () => {
  assert.equal(retryAfterSeconds('7'), 7);
  assert.equal(retryAfterSeconds('1.2'), 2);
  assert.equal(retryAfterSeconds(new Date(Date.now() + 5000).toUTCString()) >= 4, true);
  assert.equal(retryAfterSeconds('soon'), undefined);
  assert.equal(retryAfterSeconds(null), undefined);
});

test('the whole chain: fake Claude → provider → demo server → the engine’s generate() → parser, with no issue', async () => {
  // The fake model answers with the prompt's own form example, in small pieces.
  const example = promptExamples(promptOptions(registry)).find((e) => e.text.includes('McpMutation')).text;
  const pieces = example.match(/[\s\S]{1,13}/g);
  const provider = await fake((req, res) => writeSplit(res, [anthropicStream(pieces, { pings: true })], { gap: 1 }));
  const model = modelFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: provider.url }, { registry });
  const server = await start({ model });
  try {
    const parser = createOmniParser(registry.parserRegistries());
    const outcome = await generate({ endpoint: `${server.url}/api/generate`, prompt: 'Pay for my coffee', version: '0.8' }, parser);
    assert.equal(outcome.status, 'done');
    assert.equal(outcome.stopReason, 'end_turn');
    assert.equal(parser.issues.length, 0, parser.issues.map((i) => `${i.line}: ${i.code}`).join(', '));
    assert.ok(parser.document.node('root'));
    assert.equal(provider.requests[0].body.messages[0].content, 'Pay for my coffee');
  } finally {
    await server.close();
  }
});

test('the whole chain: a provider error reaches the client as an error event with its code and retryable', async () => {
  const provider = await fake((req, res) => sendJson(res, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
  const model = modelFromEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: provider.url }, { registry });
  const server = await start({ model });
  try {
    const outcome = await generate({ endpoint: `${server.url}/api/generate`, prompt: 'Pay for my coffee' }, { write() {}, end() {} });
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.code, 'unavailable');
    assert.equal(outcome.retryable, true);
    assert.ok(!JSON.stringify(outcome).includes(KEY));
  } finally {
    await server.close();
  }
});
