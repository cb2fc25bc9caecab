// The demo's model tool loop (demo/oui/modelAgent.mjs) against stand-ins for both model APIs: the generated
// tools go out, each tool call runs on a surface through the OUI agent, its result goes back in the API's shape,
// and the loop ends when the model stops calling tools or after maxTurns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair, createOUIAgent, createSurfaceRuntime } from '../../src/oui/index.ts';
import { runModelAgent, toolModelFromEnv } from '../../demo/oui/modelAgent.mjs';

async function page() {
  const { server, client } = createDirectTransportPair();
  const titles = [];
  createSurfaceRuntime({
    transport: client,
    surface: {
      id: 'todo-list',
      name: 'Todos',
      description: 'Things to do',
      actions: [{ id: 'add_item', description: 'Add a todo', input: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] } }],
    },
    handlers: { add_item: ({ title }) => (titles.push(title), { count: titles.length }) },
  });
  const agent = createOUIAgent(server);
  while (!agent.surface('todo-list')) await new Promise((r) => setTimeout(r, 1));
  return { agent, titles };
}

const reply = (body) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

test('OpenAI: tool_calls run on the page, their results go back as tool messages, and the loop ends on a plain answer', async () => {
  const { agent, titles } = await page();
  const sent = [];
  const answers = [
    { choices: [{ message: { content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add_item', arguments: '{"title":"Milk"}' } }, { id: 'c2', type: 'function', function: { name: 'add_item', arguments: '{"title":""}' } }] } }] },
    { choices: [{ message: { content: 'Added Milk.' } }] },
  ];
  const fetch = async (url, init) => (sent.push({ url, headers: init.headers, body: JSON.parse(init.body) }), reply(answers.shift()));
  const log = [];
  await runModelAgent(agent, 'Add milk', { model: { provider: 'openai', apiKey: 'k', baseUrl: 'http://m.invalid/', model: 'gpt-test' }, log: (e) => log.push(e), fetch });
  assert.deepEqual(titles, ['Milk']);
  assert.equal(sent[0].url, 'http://m.invalid/v1/chat/completions');
  assert.equal(sent[0].headers.authorization, 'Bearer k');
  assert.equal(sent[0].body.tools[0].function.name, 'add_item');
  assert.match(sent[0].body.messages[0].content, /todo-list/);
  const tools = sent[1].body.messages.filter((m) => m.role === 'tool');
  assert.deepEqual(tools.map((m) => m.tool_call_id), ['c1', 'c2']);
  assert.deepEqual(JSON.parse(tools[0].content), { count: 1 });
  assert.equal(JSON.parse(tools[1].content).code, 'INVALID_PARAMS');
  assert.deepEqual(log.map((e) => e.kind), ['call', 'result', 'call', 'result', 'model']);
});

test('Anthropic: stops after maxTurns when the model keeps calling tools; a failing service rejects with its status', async () => {
  const { agent, titles } = await page();
  const loop = async () => reply({ content: [{ type: 'tool_use', id: 't', name: 'add_item', input: { title: 'again' } }], stop_reason: 'tool_use' });
  const log = [];
  await runModelAgent(agent, 'go', { model: { provider: 'anthropic', apiKey: 'k', baseUrl: 'http://m.invalid', model: 'c' }, log: (e) => log.push(e), fetch: loop, maxTurns: 3 });
  assert.equal(titles.length, 3);
  assert.match(log.at(-1).text, /Stopped after 3 model calls/);
  const failing = async () => new Response('{"error":{"message":"bad key"}}', { status: 401 });
  await assert.rejects(runModelAgent(agent, 'go', { model: { provider: 'anthropic', apiKey: 'k', baseUrl: 'http://m.invalid', model: 'c' }, log: () => {}, fetch: failing }), /answered 401/);
});

test('toolModelFromEnv: Claude first, then OpenAI, else none', () => {
  assert.equal(toolModelFromEnv({}), null);
  assert.equal(toolModelFromEnv({ OPENAI_API_KEY: 'o' }).provider, 'openai');
  assert.equal(toolModelFromEnv({ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a', ANTHROPIC_MODEL: 'm' }).model, 'm');
});
