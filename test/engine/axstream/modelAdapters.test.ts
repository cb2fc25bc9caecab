// The Claude and OpenAI chat adapters (demo/providers/chat.mjs) against a fake fetch that answers in each
// provider's streaming format: the request they send, the text they yield however the bytes were split, errors,
// cancellation, and a whole agent run driven through one. No network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropicConversation, chatFromEnv, createAnthropicChat, createOpenAIChat, type ChatAdapterOptions } from '../../../demo/providers/chat.mjs';
import { runAgent, type ChatMessage } from '../../../src/axstream/index.ts';
import { fakeBackend, fence, act } from './helpers.ts';

const KEY = 'sk-test-key';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: any;
  signal: AbortSignal;
}

type FakeFetch = NonNullable<ChatAdapterOptions['fetch']>;

/** A fetch that records each request and answers with `wire` as an event stream, cut every `every` bytes. */
function fakeFetch(wire: string | (() => string), { every = 0, status = 200, contentType = 'text/event-stream', gap = 0 } = {}) {
  const sent: Sent[] = [];
  const fetch: FakeFetch = async (url, init) => {
    sent.push({ url, headers: init.headers, body: JSON.parse(init.body), signal: init.signal });
    const data = new TextEncoder().encode(typeof wire === 'function' ? wire() : wire);
    const size = every || data.length || 1;
    let at = 0;
    let aborted = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // As a real fetch does: an abort errors the body being read.
        init.signal.addEventListener('abort', () => ((aborted = true), controller.error(new DOMException('aborted', 'AbortError'))), { once: true });
      },
      async pull(controller) {
        if (gap) await new Promise((r) => setTimeout(r, gap));
        if (aborted) return;
        if (at >= data.length) return controller.close();
        controller.enqueue(data.slice(at, at + size));
        at += size;
      },
    });
    return new Response(status === 200 ? body : JSON.stringify({ error: { type: 'rate_limit_error', message: 'slow down' } }), {
      status,
      headers: { 'content-type': status === 200 ? contentType : 'application/json', 'retry-after': '3' },
    });
  };
  return { fetch, sent };
}

const aEvent = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
function anthropicWire(deltas: string[]): string {
  return [
    aEvent('message_start', { message: { model: 'claude-test' } }),
    aEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...deltas.map((text) => aEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
    aEvent('content_block_stop', { index: 0 }),
    aEvent('message_delta', { delta: { stop_reason: 'end_turn' } }),
    aEvent('message_stop', {}),
  ].join('');
}

const oEvent = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
function openaiWire(deltas: string[]): string {
  return [
    ...deltas.map((content) => oEvent({ model: 'gpt-test', choices: [{ index: 0, delta: { content } }] })),
    oEvent({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    'data: [DONE]\n\n',
  ].join('');
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const t of iterable) out.push(t);
  return out;
}

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'Teach axstream.' },
  { role: 'system', content: 'App rules.' },
  { role: 'user', content: 'Task: save' },
  { role: 'user', content: 'Screen: e1 button "Save"' },
];

const REPLY = ['I will sa', 've.\n```jsonl\n{"op":"act","do":"click","target":{"ax":{"id":"e1"}}}\n', '{"op":"done","status":"success"}\n```\n'];

test('anthropic: one streamed Messages call, system prompt apart, turns merged, key only in x-api-key', async () => {
  const { fetch, sent } = fakeFetch(anthropicWire(['hi']));
  const chat = createAnthropicChat({ apiKey: KEY, fetch, model: 'claude-x', baseUrl: 'https://proxy.example/api/' });
  assert.deepEqual(await collect(chat(MESSAGES, { signal: new AbortController().signal })), ['hi']);
  const [r] = sent;
  assert.equal(r!.url, 'https://proxy.example/api/v1/messages');
  assert.equal(r!.headers['x-api-key'], KEY);
  assert.equal(r!.headers['authorization'], undefined);
  assert.equal(r!.body.stream, true);
  assert.equal(r!.body.model, 'claude-x');
  assert.equal(r!.body.system, 'Teach axstream.\n\nApp rules.');
  assert.deepEqual(r!.body.messages, [{ role: 'user', content: 'Task: save\n\nScreen: e1 button "Save"' }]);
  assert.equal(chat.provider, 'anthropic');
});

test('anthropic: the text comes out whole however the bytes were split, multi-byte characters included', async () => {
  const deltas = ['Café ☕ ', '日本 𝄞\n', ...REPLY];
  for (const every of [1, 3, 7, 64]) {
    const { fetch } = fakeFetch(anthropicWire(deltas), { every });
    const got = await collect(createAnthropicChat({ apiKey: KEY, fetch })(MESSAGES, { signal: new AbortController().signal }));
    assert.equal(got.join(''), deltas.join(''), `every ${every} bytes`);
  }
});

test('openai: one streamed Chat Completions call with the system messages in place and a bearer key', async () => {
  const { fetch, sent } = fakeFetch(openaiWire(REPLY), { every: 5 });
  const chat = createOpenAIChat({ apiKey: KEY, fetch });
  assert.equal((await collect(chat(MESSAGES, { signal: new AbortController().signal }))).join(''), REPLY.join(''));
  const [r] = sent;
  assert.equal(r!.url, 'https://api.openai.com/v1/chat/completions');
  assert.equal(r!.headers['authorization'], `Bearer ${KEY}`);
  assert.equal(r!.body.stream, true);
  assert.deepEqual(r!.body.messages, MESSAGES);
  assert.equal(chat.provider, 'openai');
});

test('an error status becomes a ProviderError with its code, thrown when the reply is read', async () => {
  for (const make of [createAnthropicChat, createOpenAIChat]) {
    const { fetch } = fakeFetch('', { status: 429 });
    await assert.rejects(collect(make({ apiKey: KEY, fetch })(MESSAGES, { signal: new AbortController().signal })), (e: any) => {
      assert.equal(e.name, 'ProviderError');
      assert.equal(e.code, 'rate_limited');
      assert.equal(e.retryable, true);
      assert.equal(e.retryAfter, 3);
      assert.ok(!String(e.message).includes(KEY), 'the key is never in a message');
      return true;
    });
  }
});

test('a stream that ends before the provider says it is done is an error, not a quiet end', async () => {
  const cut = anthropicWire(['half']).split('event: message_stop')[0]!;
  const { fetch } = fakeFetch(cut);
  await assert.rejects(collect(createAnthropicChat({ apiKey: KEY, fetch })(MESSAGES, { signal: new AbortController().signal })), /before message_stop/);
});

test('aborting the signal ends the reply quietly and cancels the request', async () => {
  const { fetch, sent } = fakeFetch(openaiWire(['a', 'b', 'c', 'd', 'e', 'f']), { every: 10, gap: 10 });
  const controller = new AbortController();
  const got: string[] = [];
  for await (const t of createOpenAIChat({ apiKey: KEY, fetch })(MESSAGES, { signal: controller.signal })) {
    got.push(t);
    controller.abort();
  }
  assert.ok(got.length < 6);
  assert.equal(sent[0]!.signal.aborted, true);
});

test('a reader that stops early closes the request', async () => {
  const { fetch, sent } = fakeFetch(anthropicWire(['a', 'b', 'c']), { every: 40 });
  for await (const t of createAnthropicChat({ apiKey: KEY, fetch })(MESSAGES, { signal: new AbortController().signal })) {
    assert.equal(t, 'a');
    break;
  }
  assert.equal(sent[0]!.signal.aborted, true);
});

test('messages are checked: a missing key, a bad message or no user turn is a TypeError at once', () => {
  const signal = new AbortController().signal;
  assert.throws(() => createAnthropicChat({ apiKey: '' }), TypeError);
  assert.throws(() => createOpenAIChat({} as ChatAdapterOptions), TypeError);
  const chat = createAnthropicChat({ apiKey: KEY, fetch: fakeFetch('').fetch });
  assert.throws(() => chat([], { signal }), TypeError);
  assert.throws(() => chat([{ role: 'tool', content: 'x' } as unknown as ChatMessage], { signal }), TypeError);
  assert.throws(() => chat([{ role: 'system', content: 'x' }], { signal }), /start with a user message/);
  assert.deepEqual(anthropicConversation([{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'assistant', content: 'c' }]).turns, [
    { role: 'user', content: 'a' },
    { role: 'assistant', content: 'b\n\nc' },
  ]);
});

test('chatFromEnv prefers Claude, falls back to OpenAI, and gives null with no key', () => {
  assert.equal(chatFromEnv({}), null);
  assert.equal(chatFromEnv({ OPENAI_API_KEY: KEY })?.provider, 'openai');
  const both = chatFromEnv({ ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY, ANTHROPIC_MODEL: 'claude-y' });
  assert.equal(both?.provider, 'anthropic');
  assert.equal(both?.modelName, 'claude-y');
});

test('a whole agent run through the Claude adapter: the burst runs as the events arrive, and done ends it', async () => {
  const { fetch, sent } = fakeFetch(anthropicWire([`Saving.\n${fence(act({ do: 'click', target: { ax: { id: 'e1' } } }), '{"op":"done","status":"success"}')}`]), {
    every: 11,
  });
  const fake = fakeBackend();
  const result = await runAgent('save the note', { model: createAnthropicChat({ apiKey: KEY, fetch }), backend: fake.backend });
  assert.equal(result.reason, 'done');
  assert.deepEqual(fake.log, ['click @save']);
  assert.match(sent[0]!.body.system, /axstream 0\.1/);
  assert.match(sent[0]!.body.messages[0].content, /^Task: save the note/);
});
