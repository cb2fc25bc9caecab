// The generated tools against each model API's published rules for tool definitions (no network): a checker of
// those rules written here, applied to every format the agent generates, for a surface with a root union, dotted
// and coloned ids and optional fields. Then the way back: what a model sends in those shapes reaches the handler
// as the action declared it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDirectTransportPair, createOUIAgent, createSurfaceRuntime, type OUISurface } from '../../../src/oui/index.ts';
import { settle } from './helpers.ts';

type Schema = Record<string, unknown>;
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const'];

/** OpenAI, Anthropic and MCP alike: a root `type: "object"` schema, no combinator at the root. */
function rootObjectProblems(schema: Schema, at: string): string[] {
  const out: string[] = [];
  if (schema.type !== 'object') out.push(`${at}: root type is ${JSON.stringify(schema.type)}, not "object"`);
  for (const k of COMBINATORS) if (k in schema) out.push(`${at}: root has ${k}`);
  return out;
}

// OpenAI Structured Outputs (strict function calling), "Supported schemas": these keywords are refused.
const STRICT_UNSUPPORTED = [
  'allOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'patternProperties', 'propertyNames',
  'unevaluatedProperties', 'unevaluatedItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'contains',
  'minContains', 'maxContains', 'uniqueItems', 'prefixItems', 'default',
];
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** OpenAI strict mode: every object closed and every property required, supported keywords only, within the limits. */
function strictProblems(root: Schema, at: string): string[] {
  const out: string[] = [];
  if ('anyOf' in root) out.push(`${at}: anyOf at the root`);
  let properties = 0;
  let enumValues = 0;
  const walk = (s: unknown, path: string, depth: number) => {
    if (typeof s !== 'object' || s === null) return out.push(`${path}: not a schema`);
    const schema = s as Schema;
    if (!['type', 'anyOf', '$ref', 'enum', 'const', 'properties'].some((k) => k in schema)) out.push(`${path}: says no type`);
    for (const k of STRICT_UNSUPPORTED) if (k in schema) out.push(`${path}: ${k} is not supported`);
    if (typeof schema.format === 'string' && !STRICT_FORMATS.has(schema.format)) out.push(`${path}: format ${schema.format}`);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('object') || 'properties' in schema) {
      if (depth > 10) out.push(`${path}: nested deeper than 10`);
      if (schema.additionalProperties !== false) out.push(`${path}: additionalProperties is not false`);
      const props = (schema.properties ?? {}) as Record<string, unknown>;
      if (typeof schema.properties !== 'object') out.push(`${path}: an object without properties`);
      const required = (schema.required ?? []) as string[];
      for (const key of Object.keys(props)) {
        properties++;
        if (!required.includes(key)) out.push(`${path}.${key}: not required`);
        walk(props[key], `${path}.${key}`, depth + 1);
      }
    }
    if (Array.isArray(schema.enum)) enumValues += schema.enum.length;
    if (schema.items !== undefined) walk(schema.items, `${path}[]`, depth + 1);
    for (const branch of (schema.anyOf ?? []) as unknown[]) walk(branch, `${path}|`, depth);
    for (const [k, d] of Object.entries((schema.$defs ?? {}) as Record<string, unknown>)) walk(d, `${path}$${k}`, depth);
  };
  walk(root, at, 1);
  if (properties > 5000) out.push(`${at}: more than 5000 properties`);
  if (enumValues > 1000) out.push(`${at}: more than 1000 enum values`);
  return out;
}

function namesProblems(names: string[], at: string): string[] {
  const out = names.filter((n) => !NAME.test(n)).map((n) => `${at}: name ${JSON.stringify(n)}`);
  if (new Set(names).size !== names.length) out.push(`${at}: names repeat`);
  return out;
}

/** Every format the agent generates, each against its API's rules. */
function everyFormatProblems(agent: ReturnType<typeof createOUIAgent>): string[] {
  const out: string[] = [];
  const chat = agent.openAITools();
  out.push(...namesProblems(chat.map((t) => t.function.name), 'chat'));
  for (const t of chat) {
    const f = t.function as typeof t.function & { strict?: unknown };
    out.push(...rootObjectProblems(f.parameters, `chat ${f.name}`));
    if (typeof f.strict !== 'boolean') out.push(`chat ${f.name}: strict is not said`);
    if (f.strict) out.push(...strictProblems(f.parameters, `chat ${f.name}`));
  }
  const responses = agent.openAITools('responses');
  out.push(...namesProblems(responses.map((t) => t.name), 'responses'));
  for (const t of responses as Array<(typeof responses)[number] & { strict?: unknown }>) {
    out.push(...rootObjectProblems(t.parameters, `responses ${t.name}`));
    // The Responses API takes a tool without `strict` as strict: it must be said, and true only when it holds.
    if (typeof t.strict !== 'boolean') out.push(`responses ${t.name}: strict is not said`);
    if (t.strict) out.push(...strictProblems(t.parameters, `responses ${t.name}`));
  }
  const anthropic = agent.anthropicTools();
  out.push(...namesProblems(anthropic.map((t) => t.name), 'anthropic'));
  for (const t of anthropic) out.push(...rootObjectProblems(t.input_schema, `anthropic ${t.name}`));
  const mcp = agent.mcpTools();
  out.push(...namesProblems(mcp.map((t) => t.name), 'mcp'));
  for (const t of mcp as Array<(typeof mcp)[number] & { outputSchema?: Schema }>) {
    out.push(...rootObjectProblems(t.inputSchema, `mcp ${t.name}`));
    if (t.outputSchema) out.push(...rootObjectProblems(t.outputSchema, `mcp ${t.name} output`));
  }
  return out;
}

const shop = (): OUISurface => ({
  id: 'shop.cart:v2',
  name: 'Cart',
  description: 'The cart',
  actions: [
    {
      id: 'pay.card',
      description: 'Pay by card or by voucher',
      input: {
        oneOf: [
          { type: 'object', properties: { card: { type: 'string', minLength: 12 }, cvc: { type: 'string' } }, required: ['card'], additionalProperties: false },
          { type: 'object', properties: { voucher: { type: 'string' } }, required: ['voucher'], additionalProperties: false },
        ],
      },
    },
    {
      id: 'cart:add',
      description: 'Add an item',
      input: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          qty: { type: 'integer', minimum: 1 },
          note: { type: 'string', maxLength: 40 },
          gift: { type: 'object', properties: { to: { type: 'string' }, wrap: { type: 'boolean' } }, required: ['to'] },
          color: { enum: ['red', 'blue'] },
        },
        required: ['sku'],
      },
    },
    // A free-form object can't be strict: said so, not claimed.
    { id: 'set_meta', description: 'Set free-form metadata', input: { type: 'object', properties: { meta: { type: 'object' }, extra: {} } } },
  ],
});

async function setUp() {
  const pair = createDirectTransportPair();
  const heard: Array<{ action: string; params: unknown }> = [];
  const runtime = createSurfaceRuntime({
    surface: shop(),
    transport: pair.client,
    handlers: {
      'pay.card': (p) => (heard.push({ action: 'pay.card', params: p }), 'paid'),
      'cart:add': (p) => (heard.push({ action: 'cart:add', params: p }), 'added'),
      set_meta: (p) => (heard.push({ action: 'set_meta', params: p }), 'set'),
    },
  });
  const agent = createOUIAgent(pair.server, { timeoutMs: 0 });
  await settle(3);
  return { pair, runtime, agent, heard };
}

test('every generated format of a surface with a root union, dotted ids and optional fields passes its API’s rules', async () => {
  const { agent } = await setUp();
  assert.equal(agent.tools().length, 3);
  assert.deepEqual(everyFormatProblems(agent), []);
  const strict = Object.fromEntries(agent.openAITools('responses').map((t) => [agent.tools().find((e) => e.name === t.name)!.actionId, (t as { strict?: boolean }).strict]));
  assert.deepEqual(strict, { 'pay.card': true, 'cart:add': true, set_meta: false }, 'strict is said truthfully');
});

test('what a model sends in those shapes reaches the handler as the action declared it', async () => {
  const { agent, heard } = await setUp();
  const name = (actionId: string) => agent.tools().find((t) => t.actionId === actionId)!.name;
  const pay = agent.openAITools('responses').find((t) => t.name === name('pay.card'))!;
  const wrap = Object.keys((pay.parameters as { properties: object }).properties)[0]!;
  // Strict mode: the union in its property, the absent optional as null.
  const paid = await agent.call(name('pay.card'), JSON.stringify({ [wrap]: { card: '4111111111111111', cvc: null } }));
  assert.equal(paid.success, true, JSON.stringify(paid.error));
  const added = await agent.call(name('cart:add'), { sku: 'A1', qty: null, note: null, gift: { to: 'Ann', wrap: null }, color: null });
  assert.equal(added.success, true, JSON.stringify(added.error));
  // A non-strict client sends the wrapped union without nulls.
  const voucher = await agent.call(name('pay.card'), { [wrap]: { voucher: 'V-1' } });
  assert.equal(voucher.success, true, JSON.stringify(voucher.error));
  assert.deepEqual(heard, [
    { action: 'pay.card', params: { card: '4111111111111111' } },
    { action: 'cart:add', params: { sku: 'A1', gift: { to: 'Ann' } } },
    { action: 'pay.card', params: { voucher: 'V-1' } },
  ]);
});

test('the qualified form works as written, and as fitted to the name rule', async () => {
  const { agent, heard } = await setUp();
  const literal = await agent.call('shop.cart:v2__cart:add', { sku: 'B2' });
  assert.equal(literal.success, true, JSON.stringify(literal.error));
  assert.deepEqual(heard.at(-1), { action: 'cart:add', params: { sku: 'B2' } });
});

test('a name the model holds that a second surface made ambiguous says so and names the new tools', async () => {
  const pair = createDirectTransportPair();
  const agent = createOUIAgent(pair.server, { timeoutMs: 0 });
  const one = (id: string): OUISurface => ({ id, name: id, description: id, actions: [{ id: 'add_item', description: 'Add', input: { type: 'object', properties: {} } }] });
  pair.client.sendRegistration({ surface: one('todo'), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  assert.deepEqual(agent.tools().map((t) => t.name), ['add_item']);
  pair.client.sendRegistration({ surface: one('notes'), timestamp: 2, capabilities: ['action:result'] });
  await settle(2);
  const r = await agent.call('add_item', {});
  assert.equal(r.success, false);
  assert.doesNotMatch(r.error!.message, /no tool named/);
  assert.match(r.error!.message, /ambiguous/);
  assert.match(r.error!.message, /"todo__add_item"/);
  assert.match(r.error!.message, /"notes__add_item"/);
  assert.deepEqual((r.error!.details as { tools: string[] }).tools, ['todo__add_item', 'notes__add_item']);
});
