// The real model adapters against local fake providers speaking each provider's streaming format: requests as
// the provider expects, text written through (fence lines dropped), stop reasons, the provider's failures as
// [10.5] error events, and a person who goes away closing the provider's request.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { start, generate, readEvents } from './helpers.mjs';
import { createAnthropicModel } from '../../demo/server/model/anthropic.mjs';
import { createOpenAIModel } from '../../demo/server/model/openai.mjs';
import { createFenceFilter } from '../../demo/server/model/provider.mjs';
import { demoSystemPrompt, modelFromEnv } from '../../demo/server/model/fromEnv.mjs';
import { scriptedModel } from '../../demo/server/model/index.mjs';
import * as engine from '../../src/index.ts';

/** A fake provider: each request is recorded and answered by the current `script(req, res, body)`. */
function fakeProvider() {
  const requests = [];
  let script = () => {};
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const entry = { method: req.method, url: req.url, headers: req.headers, body: JSON.parse(body), closed: false };
    res.on('close', () => (entry.closed = true));
    requests.push(entry);
    script(req, res, entry);
  });
  return {
    requests,
    set script(fn) {
      script = fn;
    },
    async listen() {
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${server.address().port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

const sse = (event, data) => (event ? `event: ${event}\n` : '') + `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

function anthropicStream(res, pieces, { stop = 'end_turn', finish = true } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(sse('message_start', { type: 'message_start', message: { id: 'msg_1', model: 'claude-test-1', role: 'assistant', content: [] } }));
  res.write(sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
  res.write(sse('ping', { type: 'ping' }));
  for (const text of pieces) res.write(sse('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }));
  if (!finish) return res.end();
  res.write(sse('content_block_stop', { type: 'content_block_stop', index: 0 }));
  res.write(sse('message_delta', { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 12 } }));
  res.end(sse('message_stop', { type: 'message_stop' }));
}

function openaiStream(res, pieces, { finish = 'stop', done = true } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const content of pieces) res.write(sse(null, { id: 'c1', model: 'gpt-test-1', choices: [{ index: 0, delta: { content }, finish_reason: null }] }));
  res.write(sse(null, { id: 'c1', model: 'gpt-test-1', choices: [{ index: 0, delta: {}, finish_reason: finish }] }));
  if (done) res.write(sse(null, '[DONE]'));
  res.end();
}

let provider;
let base;
let system;
before(async () => {
  provider = fakeProvider();
  base = await provider.listen();
  system = demoSystemPrompt(engine);
});
after(() => provider.close());

async function withModel(model, fn) {
  const server = await start({ model });
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

const SCREEN = ['```omni-ir\n', 'root = Card([t])\nt = Hea', 'ding("Hi")\n', '```'];
const WRITTEN = '# omni-ir 0.8\nroot = Card([t])\nt = Heading("Hi")\n';

test('Anthropic: a streaming Messages request with the generated system prompt', async () => {
  provider.script = (req, res) => anthropicStream(res, SCREEN);
  const model = createAnthropicModel({ apiKey: 'sk-test', baseUrl: base, system, model: 'claude-x' });
  await withModel(model, async (server) => {
    const { events, text } = await generate(server, 'Show my order');
    assert.equal(text, WRITTEN);
    assert.deepEqual({ ...events.at(-1).data, ms: 0 }, { stopReason: 'end_turn', model: 'claude-test-1', ms: 0 });
  });
  const r = provider.requests.at(-1);
  assert.equal(r.url, '/v1/messages');
  assert.equal(r.headers['x-api-key'], 'sk-test');
  assert.equal(r.headers['anthropic-version'], '2023-06-01');
  assert.equal(r.body.stream, true);
  assert.equal(r.body.model, 'claude-x');
  assert.deepEqual(r.body.messages, [{ role: 'user', content: 'Show my order' }]);
  assert.equal(r.body.system, system);
  for (const name of ['payments.confirm', 'orders.requestReturn', 'settings.save', 'auth.sendMagicLink', 'parcel']) {
    assert.ok(system.includes(name), `the system prompt names ${name}`);
  }
});

test('Anthropic: max_tokens and refusal stop reasons are passed on', async () => {
  for (const [stop, expected] of [['max_tokens', 'max_tokens'], ['refusal', 'refusal'], ['stop_sequence', 'end_turn']]) {
    provider.script = (req, res) => anthropicStream(res, ['a = Divider()\n'], { stop });
    await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
      const { events } = await generate(server, 'x');
      assert.equal(events.at(-1).data.stopReason, expected, stop);
    });
  }
});

test('Anthropic: provider statuses become [10.5] error events, without the provider’s words', async () => {
  const cases = [
    [429, 'rate_limited', true],
    [529, 'unavailable', true],
    [503, 'unavailable', true],
    [500, 'model_error', true],
    [401, 'model_error', false],
    [400, 'model_error', false],
  ];
  for (const [status, code, retryable] of cases) {
    provider.script = (req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'x', message: 'secret internal detail' } }));
    };
    await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
      const { events, raw } = await generate(server, 'x');
      const last = events.at(-1);
      assert.equal(last.event, 'error', String(status));
      assert.equal(last.data.code, code, String(status));
      assert.equal(last.data.retryable, retryable, String(status));
      assert.ok(!raw.includes('secret internal detail'));
    });
  }
});

test('Anthropic: an error event mid-stream, and a stream cut before message_stop, end with an error', async () => {
  provider.script = (req, res) => {
    anthropicStream(res, ['a = Divider()\n'], { finish: false });
  };
  await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
    const { events } = await generate(server, 'x');
    assert.deepEqual([events.at(-1).event, events.at(-1).data.code], ['error', 'unavailable']);
  });
  provider.script = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(sse('message_start', { type: 'message_start', message: { model: 'm' } }));
    res.end(sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
  };
  await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
    const { events } = await generate(server, 'x');
    assert.deepEqual([events.at(-1).event, events.at(-1).data.code, events.at(-1).data.retryable], ['error', 'unavailable', true]);
  });
});

test('Anthropic: a provider that stops sending is a timeout', async () => {
  provider.script = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': hello\n\n');
  };
  await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system, silenceMs: 100 }), async (server) => {
    const { events } = await generate(server, 'x');
    assert.deepEqual([events.at(-1).event, events.at(-1).data.code], ['error', 'timeout']);
  });
});

test('a person who goes away closes the provider’s request', async () => {
  provider.script = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(sse('message_start', { type: 'message_start', message: { model: 'm' } }));
    res.write(sse('content_block_delta', { type: 'content_block_delta', delta: { type: 'text_delta', text: 'root = Card([a])\n' } }));
  };
  await withModel(createAnthropicModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
    const res = await fetch(`${server.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'x' }) });
    await readEvents(res, { until: (events) => events.length >= 2 });
    const entry = provider.requests.at(-1);
    for (let i = 0; i < 100 && !entry.closed; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(entry.closed, true);
  });
});

test('OpenAI: a streaming Chat Completions request; length is max_tokens; [DONE] ends it', async () => {
  provider.script = (req, res) => openaiStream(res, SCREEN, { finish: 'length' });
  await withModel(createOpenAIModel({ apiKey: 'sk-o', baseUrl: base, system, model: 'gpt-x' }), async (server) => {
    const { events, text } = await generate(server, 'Show my order');
    assert.equal(text, WRITTEN);
    assert.equal(events.at(-1).data.stopReason, 'max_tokens');
    assert.equal(events.at(-1).data.model, 'gpt-test-1');
  });
  const r = provider.requests.at(-1);
  assert.equal(r.url, '/v1/chat/completions');
  assert.equal(r.headers.authorization, 'Bearer sk-o');
  assert.equal(r.body.stream, true);
  assert.deepEqual(r.body.messages, [
    { role: 'system', content: system },
    { role: 'user', content: 'Show my order' },
  ]);
});

test('OpenAI: a stream without [DONE] is an error; 429 is rate_limited', async () => {
  provider.script = (req, res) => openaiStream(res, ['a = Divider()\n'], { done: false });
  await withModel(createOpenAIModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
    const { events } = await generate(server, 'x');
    assert.equal(events.at(-1).event, 'error');
  });
  provider.script = (req, res) => {
    res.writeHead(429, { 'content-type': 'application/json' });
    res.end('{}');
  };
  await withModel(createOpenAIModel({ apiKey: 'k', baseUrl: base, system }), async (server) => {
    const { events } = await generate(server, 'x');
    assert.deepEqual([events.at(-1).data.code, events.at(-1).data.retryable], ['rate_limited', true]);
  });
});

test('the fence filter drops fence lines only, however the text is split', () => {
  const input = '```omni-ir\nroot = Card([a])\na = Text("`x` and ```")\n  ```\n`b`\n```';
  const expected = 'root = Card([a])\na = Text("`x` and ```")\n`b`\n';
  for (const size of [1, 2, 3, 7, 100]) {
    const f = createFenceFilter();
    let out = '';
    for (let i = 0; i < input.length; i += size) out += f.push(input.slice(i, i + size));
    out += f.end();
    assert.equal(out, expected, `pieces of ${size}`);
  }
  const f = createFenceFilter();
  assert.equal(f.push('root = Ca'), 'root = Ca', 'text that cannot be a fence is not held back');
});

test('modelFromEnv: the scripted model unless a key is set and the engine can write the prompt', () => {
  const logs = [];
  assert.equal(modelFromEnv({}, engine), scriptedModel);
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: 'k', DEMO_MODEL: 'scripted' }, engine), scriptedModel);
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: 'k' }, null, (l) => logs.push(l)), scriptedModel);
  assert.match(logs[0], /npm run build/);
  assert.equal(modelFromEnv({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODEL: 'claude-y' }, engine).name, 'claude-y');
  assert.equal(modelFromEnv({ OPENAI_API_KEY: 'k' }, engine).name, 'gpt-4o-mini');
});
