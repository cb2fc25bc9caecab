// What a surface declares reaches the model, in each tool format where it has a place: an action's output and
// tags and the surface's activation condition in the description (MCP: the output as outputSchema too), the
// surface's metadata and its observations' descriptions in the context text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair, createOUIAgent, type OUISurface } from '../../../src/oui/index.ts';
import { settle } from './helpers.ts';

const orders = (): OUISurface => ({
  id: 'orders',
  name: 'Orders',
  description: 'The person’s orders',
  activation: { routes: '/orders/**', condition: 'only while the person is signed in' },
  metadata: { team: 'shop', region: 'eu' },
  actions: [
    {
      id: 'refund',
      description: 'Refund an order',
      input: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      output: { type: 'object', properties: { refundId: { type: 'string' }, amount: { type: 'number' } }, required: ['refundId'] },
      tags: ['payments', 'irreversible'],
    },
  ],
  observations: [
    { id: 'open_orders', description: 'Orders not yet shipped', schema: { type: 'number' } },
    { id: 'last_refund', description: 'The refund made last', schema: { type: 'string' } },
  ],
});

async function agentWith(surface: OUISurface, capabilities = ['action:result']) {
  const pair = createDirectTransportPair();
  const agent = createOUIAgent(pair.server, { timeoutMs: 0 });
  pair.client.sendRegistration({ surface, timestamp: 1, capabilities });
  await settle(2);
  return { pair, agent };
}

test('the description of every format carries the output, the tags and the activation condition', async () => {
  const { agent } = await agentWith(orders());
  const descriptions = [
    agent.openAITools()[0]!.function.description,
    agent.openAITools('responses')[0]!.description,
    agent.anthropicTools()[0]!.description,
    agent.mcpTools()[0]!.description,
  ];
  for (const d of descriptions) {
    assert.match(d, /Returns: \{"type":"object","properties":\{"refundId":\{"type":"string"\},"amount":\{"type":"number"\}\},"required":\["refundId"\]\}/);
    assert.match(d, /Tags: payments, irreversible/);
    assert.match(d, /Available when: only while the person is signed in/);
  }
});

test('MCP lists the output as outputSchema: the result as structured content, its data the declared output', async () => {
  const { agent } = await agentWith(orders());
  const tool = agent.mcpTools()[0]! as ReturnType<typeof agent.mcpTools>[number] & { outputSchema?: Record<string, any>; annotations?: Record<string, unknown> };
  assert.equal(tool.outputSchema?.type, 'object');
  assert.deepEqual(tool.outputSchema?.properties.data, orders().actions[0]!.output);
  assert.deepEqual(tool.outputSchema?.required, ['success']);
  assert.deepEqual(tool.annotations, { title: tool.title });
  // A 0.1.0 page answers a call with {dispatched: true}: no output is promised for it.
  const old = await agentWith(orders(), []);
  assert.equal((old.agent.mcpTools()[0] as { outputSchema?: unknown }).outputSchema, undefined);
});

test('the context text carries the surface’s metadata and activation condition, and what each observation is', async () => {
  const { pair, agent } = await agentWith(orders());
  pair.client.pushObservation({ surfaceId: 'orders', observationId: 'open_orders', value: 3, timestamp: 1 });
  await settle(2);
  const text = agent.contextText();
  assert.match(text, /- orders "Orders": The person’s orders\n {2}available when: only while the person is signed in\n {2}metadata: \{"team":"shop","region":"eu"\}/);
  assert.match(text, /\n {2}open_orders \(Orders not yet shipped\) = 3/);
  assert.match(text, /\n {2}last_refund \(The refund made last\): no value yet/);
});
