import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDirectTransportPair,
  createOUIAgent,
  createSurfaceRuntime,
  OUI_TOOL_NAME,
  qualifiedToolName,
  statusObservationId,
  type OUIDispatchMessage,
  type OUISurface,
} from '../../../src/oui/index.ts';
import { manualTimers, settle, todoSurface } from './helpers.ts';

const cart = (): OUISurface => ({
  id: 'shop-cart',
  name: 'Cart',
  description: 'The shopping cart',
  actions: [
    { id: 'add_item', description: 'Put an item in the cart', input: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
    { id: 'check_out', description: 'Pay', input: { properties: {} }, usage: 'when the person is done', preconditions: 'a non-empty cart', estimatedDuration: '2-5s' },
  ],
  observations: [{ id: 'total', description: 'Total in cents', schema: { type: 'number' } }],
});

/** A page (direct client end) on which the test registers and answers by hand, and the agent on the server end. */
async function page(timeoutMs = 0) {
  const timers = manualTimers();
  const pair = createDirectTransportPair();
  // The page here never answers a cancel: no grace to wait out.
  const agent = createOUIAgent(pair.server, { timers, now: () => timers.now, timeoutMs, cancelGraceMs: 0 });
  const requests: OUIDispatchMessage[] = [];
  pair.client.onRequest((r) => requests.push(r));
  const register = async (surface: OUISurface) => {
    pair.client.sendRegistration({ surface, timestamp: 1, capabilities: ['action:result'] });
    await settle(2);
  };
  return { ...pair, agent, timers, requests, register };
}

test('tools in each API’s shape, from the registered surfaces', async () => {
  const p = await page();
  await p.register(todoSurface());
  await p.register(cart());
  assert.deepEqual(p.agent.tools().map((t) => t.name), ['todo-list__add_item', 'clear_done', 'export_all', 'shop-cart__add_item', 'check_out']);

  const [chat] = p.agent.openAITools();
  assert.equal(chat!.type, 'function');
  assert.equal(chat!.function.name, 'todo-list__add_item');
  // Strict-ready: every property required, the optional one nullable, what strict mode lacks said in words.
  assert.equal(chat!.function.strict, true);
  assert.deepEqual(chat!.function.parameters, {
    type: 'object',
    properties: { title: { type: 'string', description: '(minLength: 1; maxLength: 80)' }, due: { type: ['string', 'null'], format: 'date' } },
    required: ['title', 'due'],
    additionalProperties: false,
  });
  assert.deepEqual(p.agent.anthropicTools()[0]!.input_schema, todoSurface().actions[0]!.input, 'Anthropic gets the input as declared');
  const flat = p.agent.openAITools('responses').find((t) => t.name === 'check_out')!;
  assert.deepEqual(flat.parameters, { type: 'object', properties: {}, required: [], additionalProperties: false }, 'an input without type becomes an object schema');
  assert.match(flat.description, /^Pay\nWhen: when the person is done\nFirst: a non-empty cart\nTakes: 2-5s\nOn: Cart \(shop-cart\)$/);

  const anthropic = p.agent.anthropicTools().find((t) => t.name === 'clear_done')!;
  assert.deepEqual(Object.keys(anthropic).sort(), ['description', 'input_schema', 'name']);
  assert.match(anthropic.description, /asked to confirm/);
  const mcp = p.agent.mcpTools().find((t) => t.name === 'export_all')!;
  assert.deepEqual(Object.keys(mcp).sort(), ['annotations', 'description', 'inputSchema', 'name', 'title']);
  assert.match(mcp.description, /Starts a job/);
  for (const t of p.agent.tools()) assert.match(t.name, OUI_TOOL_NAME);
  mcp.inputSchema.type = 'changed';
  assert.equal(p.agent.mcpTools().find((t) => t.name === 'export_all')!.inputSchema.type, 'object', 'each listing is a fresh copy');
});

test('a collision is reported once; names go back to short when it is gone', async () => {
  const p = await page();
  const changes: number[] = [];
  p.agent.onChange(() => changes.push(p.agent.tools().length));
  await p.register(todoSurface());
  await p.register(cart());
  await p.register(cart()); // the same again: no second report
  const issues = p.agent.issues.filter((i) => i.code === 'tool-name-collision');
  assert.equal(issues.length, 1);
  assert.match(issues[0]!.message, /"todo-list" and "shop-cart".*"add_item"/);
  assert.deepEqual(p.agent.collisions(), [{ actionId: 'add_item', surfaceIds: ['todo-list', 'shop-cart'] }]);
  p.client.deregisterSurface('todo-list');
  await settle(2);
  assert.deepEqual(p.agent.tools().map((t) => t.name), ['add_item', 'check_out']);
  assert.deepEqual(changes, [3, 5, 5, 2]);
});

test('qualified names stay within 64 characters, match the rule and stay apart', () => {
  const long = `${'a'.repeat(30)}-${'b'.repeat(30)}`;
  const a = qualifiedToolName(long, 'x'.repeat(40));
  const b = qualifiedToolName(long, `${'x'.repeat(39)}y`);
  assert.ok(a.length <= 64 && b.length <= 64);
  assert.match(a, OUI_TOOL_NAME);
  assert.notEqual(a, b);
  assert.equal(qualifiedToolName('s', 'a'), 's__a');
});

test('call(): by name or by the qualified form; args as an object or JSON text', async () => {
  const p = await page();
  await p.register(cart());
  const a = p.agent.call('add_item', { sku: 'A1' });
  const b = p.agent.call('shop-cart__add_item', '{"sku":"B2"}');
  const c = p.agent.call('check_out', '');
  await settle(2);
  assert.deepEqual(p.requests.map((r) => [r.actionId, r.params]), [['add_item', { sku: 'A1' }], ['add_item', { sku: 'B2' }], ['check_out', {}]]);
  for (const r of p.requests) p.client.sendResult({ requestId: r.requestId!, surfaceId: r.surfaceId, actionId: r.actionId, success: true, data: r.params, timestamp: 2 });
  assert.deepEqual((await a).data, { sku: 'A1' });
  assert.deepEqual((await b).data, { sku: 'B2' });
  assert.deepEqual((await c).data, {});
});

test('call(): unknown tools, bad arguments and unregistered surfaces are failed results, not throws', async () => {
  const p = await page();
  await p.register(cart());
  assert.equal((await p.agent.call('nope')).error?.code, 'ACTION_NOT_FOUND');
  assert.equal((await p.agent.call('__proto__')).error?.code, 'ACTION_NOT_FOUND');
  assert.equal((await p.agent.call('add_item', '{oops')).error?.code, 'INVALID_PARAMS');
  assert.equal((await p.agent.call('add_item', [1])).error?.code, 'INVALID_PARAMS');
  assert.equal((await p.agent.call('add_item', { n: 1n })).error?.code, 'INVALID_PARAMS');
  assert.equal((await p.agent.request('elsewhere', 'x')).error?.code, 'SURFACE_NOT_FOUND');
  assert.equal(p.requests.length, 0);
  const detached = createOUIAgent();
  assert.equal((await detached.request('shop-cart', 'add_item')).error?.code, 'DISCONNECTED');
});

test('call(): TIMEOUT when no result comes; each interim result restarts the wait; a late result is reported', async () => {
  const p = await page(1000);
  await p.register(cart());
  const interims: number[] = [];
  const r = p.agent.call('add_item', { sku: 'A' }, { onInterim: (i) => interims.push(i.progress!) });
  await settle(2);
  const [req] = p.requests;
  const send = (fields: object) => p.client.sendResult({ requestId: req!.requestId!, surfaceId: 'shop-cart', actionId: 'add_item', timestamp: 1, success: true, ...fields });
  p.timers.advance(900);
  send({ interim: true, progress: 50 });
  await settle(2);
  p.timers.advance(900);
  await settle(2);
  assert.deepEqual(interims, [50]);
  p.timers.advance(100);
  const result = await r;
  assert.equal(result.error?.code, 'TIMEOUT');
  send({ data: 'too late' });
  await settle(2);
  assert.ok(p.agent.issues.some((i) => i.code === 'unexpected-result' && /after its call timed out/.test(i.message)));
  assert.deepEqual(p.timers.pending, []);
});

test('a result heard twice (result event and status observation) counts once; a 0.1.0 page answering only by status works', async () => {
  const p = await page();
  await p.register(cart());
  const heard: unknown[] = [];
  p.agent.onResult((r) => heard.push(r));
  const r1 = p.agent.call('add_item', { sku: 'A' });
  const r2 = p.agent.call('check_out', {});
  await settle(2);
  const [a, b] = p.requests;
  const resultA = { requestId: a!.requestId!, surfaceId: 'shop-cart', actionId: 'add_item', success: true, data: 1, timestamp: 5 };
  p.client.sendResult(resultA);
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: statusObservationId('shop-cart', 'add_item'), value: resultA, timestamp: 5 });
  const resultB = { requestId: b!.requestId!, surfaceId: 'shop-cart', actionId: 'check_out', success: true, data: 2, timestamp: 6 };
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: statusObservationId('shop-cart', 'check_out'), value: resultB, timestamp: 6 });
  assert.equal((await r1).data, 1);
  assert.equal((await r2).data, 2);
  await settle(2);
  assert.equal(heard.length, 2);
  assert.equal(p.agent.issues.length, 0);
});

test('a result naming another surface or action than the request went to is ignored and reported', async () => {
  const p = await page(1000);
  await p.register(cart());
  await p.register(todoSurface());
  const r = p.agent.call('check_out', {});
  await settle(2);
  const [req] = p.requests;
  p.client.sendResult({ requestId: req!.requestId!, surfaceId: 'todo-list', actionId: 'check_out', success: true, data: 'forged', timestamp: 1 });
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: statusObservationId('shop-cart', 'check_out'), value: { requestId: req!.requestId, surfaceId: 'shop-cart', actionId: 'add_item', success: true, timestamp: 1 }, timestamp: 1 });
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: statusObservationId('todo-list', 'check_out'), value: {}, timestamp: 1 });
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: statusObservationId('shop-cart', 'check_out'), value: 'junk', timestamp: 1 });
  p.client.sendResult({ requestId: 'never-asked', surfaceId: 'shop-cart', actionId: 'check_out', success: true, timestamp: 1 });
  await settle(2);
  p.timers.advance(1000);
  assert.equal((await r).error?.code, 'TIMEOUT');
  assert.deepEqual(p.agent.issues.filter((i) => i.code !== 'tool-name-collision').map((i) => i.code), ['unexpected-result', 'malformed-event', 'malformed-event', 'malformed-event', 'unexpected-result']);
});

test('observations: stored when declared by a registered surface; others reported; connection loss forgets surfaces', async () => {
  const p = await page();
  await p.register(cart());
  const heard: unknown[] = [];
  p.agent.onObservation((u) => heard.push(u.value));
  const push = (surfaceId: string, observationId: string, value: unknown) => p.client.pushObservation({ surfaceId, observationId, value, timestamp: 1 });
  push('shop-cart', 'total', 1200);
  push('shop-cart', 'secret', 1);
  push('nowhere', 'total', 1);
  await settle(2);
  assert.deepEqual([...p.agent.observations('shop-cart')], [['total', 1200]]);
  assert.deepEqual(heard, [1200]);
  assert.deepEqual(p.agent.issues.map((i) => i.code), ['observation-mismatch', 'unknown-surface']);
  p.client.disconnect();
  assert.equal(p.agent.surfaces().length, 0);
  assert.equal(p.agent.tools().length, 0);
});

test('context text: each surface and its latest values, bounded', async () => {
  const p = await page();
  await p.register(todoSurface());
  await p.register(cart());
  p.client.pushObservation({ surfaceId: 'todo-list', observationId: 'item_count', value: 2, timestamp: 1 });
  p.client.pushObservation({ surfaceId: 'todo-list', observationId: 'filter', value: { done: true, label: 'x'.repeat(5000) }, timestamp: 1 });
  p.client.pushObservation({ surfaceId: 'shop-cart', observationId: 'total', value: '12.00', timestamp: 1 });
  await settle(2);
  const text = p.agent.contextText();
  assert.match(text, /^Surfaces on the page/);
  assert.match(text, /- todo-list "Todos": The list of things to do\n {2}item_count \(How many todos\) = 2\n {2}filter \(The filter shown\) = \{"done":true,"label":"xxx/);
  assert.match(text, /total \(Total in cents\) = "12\.00"/);
  assert.ok(text.length <= 2000);
  assert.ok(text.split('\n').every((l) => l.length <= 260), 'one value is cut');
  const short = p.agent.contextText({ maxChars: 120 });
  assert.ok(short.length <= 120);
  assert.match(short, /more lines\)$/);
  assert.equal(createOUIAgent().contextText(), '');
});

test('limits: surfaces beyond maxSurfaces and calls beyond maxPending are refused', async () => {
  const pair = createDirectTransportPair();
  const agent = createOUIAgent(pair.server, { maxSurfaces: 1, maxPending: 1, timeoutMs: 0 });
  pair.client.sendRegistration({ surface: cart(), timestamp: 1, capabilities: ['action:result'] });
  pair.client.sendRegistration({ surface: todoSurface(), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  assert.deepEqual(agent.surfaces().map((s) => s.id), ['shop-cart']);
  assert.equal(agent.issues[0]?.code, 'too-many');
  void agent.call('check_out');
  const busy = await agent.call('check_out');
  assert.equal(busy.error?.code, 'AGENT_BUSY');
  assert.match(busy.error?.message ?? '', /already waiting/);
  agent.dispose();
});

test('dispose answers waiting calls; attach() moves to a new transport and keeps calls waiting', async () => {
  const first = createDirectTransportPair();
  const agent = createOUIAgent(first.server, { timeoutMs: 0 });
  const requests: OUIDispatchMessage[] = [];
  first.client.onRequest((r) => requests.push(r));
  first.client.sendRegistration({ surface: cart(), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  const waiting = agent.call('check_out');
  await settle(2);
  const second = createDirectTransportPair();
  agent.attach(second.server);
  assert.equal(agent.surfaces().length, 0, 'the new page registers for itself');
  second.client.sendResult({ requestId: requests[0]!.requestId!, surfaceId: 'shop-cart', actionId: 'check_out', success: true, data: 'flushed', timestamp: 1 });
  assert.equal((await waiting).data, 'flushed');
  second.client.sendRegistration({ surface: cart(), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  const left = agent.call('check_out');
  agent.dispose();
  assert.equal((await left).error?.code, 'DISCONNECTED');
  assert.throws(() => agent.attach(first.server), /disposed/);
});

test('end to end on a direct pair: a runtime’s tools called through the agent', async () => {
  const pair = createDirectTransportPair();
  const runtime = createSurfaceRuntime({ surface: cart(), transport: pair.client, handlers: { add_item: (p) => ({ added: p.sku }) } });
  const agent = createOUIAgent(pair.server);
  await settle(2);
  assert.deepEqual((await agent.call('add_item', { sku: 'Z' })).data, { added: 'Z' });
  const bad = await agent.call('add_item', {});
  assert.equal(bad.error?.code, 'INVALID_PARAMS');
  assert.match(bad.error!.message, /sku/);
  runtime.dispose();
  agent.dispose();
});

test('a page away during a reconnect: its tools answer DISCONNECTED, not "no tool named"; back, they work again', async () => {
  const p = await page();
  await p.register(cart());
  p.client.disconnect();
  const away = await p.agent.call('add_item', { sku: 'A' });
  assert.equal(away.error?.code, 'DISCONNECTED');
  assert.match(away.error!.message, /not connected \(it may be reconnecting\)/);
  assert.equal(away.surfaceId, 'shop-cart');
  assert.equal((await p.agent.request('shop-cart', 'check_out')).error?.code, 'DISCONNECTED');
  assert.equal((await p.agent.call('no_such_tool')).error?.code, 'ACTION_NOT_FOUND');
  assert.equal(p.requests.length, 0);
  await p.client.connect();
  await p.register(cart());
  void p.agent.call('add_item', { sku: 'B' });
  assert.equal(p.requests.length, 1);
  p.client.deregisterSurface('shop-cart');
  const withdrawn = await p.agent.call('add_item', { sku: 'C' });
  assert.equal(withdrawn.error?.code, 'SURFACE_UNAVAILABLE', 'a surface the page withdrew (off its routes) is unavailable, not an unknown tool');
  assert.match(withdrawn.error!.message, /withdrew it/);
});

test('a registration heard before the agent listened (a direct pair delivers at once) is known all the same', () => {
  const pair = createDirectTransportPair();
  pair.client.sendRegistration({ surface: cart(), timestamp: 1, capabilities: ['action:result'] });
  const agent = createOUIAgent(pair.server);
  assert.deepEqual(agent.surfaces().map((s) => s.id), ['shop-cart']);
  assert.equal(agent.answers('shop-cart'), true);
  pair.client.disconnect();
  const later = createOUIAgent(pair.server);
  assert.deepEqual(later.surfaces(), [], 'forgotten once the connection dropped');
});

test('tool names for ids 0.1.0 accepts and the model APIs do not: fitted, hashed, and callable', async () => {
  const p = await page();
  const odd = cart();
  odd.id = 'Shop Cart';
  odd.actions[0]!.id = 'add item!';
  odd.actions[1]!.id = 'x'.repeat(80);
  await p.register(odd);
  const [a, b] = p.agent.tools();
  assert.match(a!.name, /^add_item__[0-9a-f]{8}$/);
  assert.equal(b!.name.length, 64);
  for (const t of p.agent.tools()) assert.match(t.name, OUI_TOOL_NAME);
  void p.agent.call(a!.name, { sku: 'A' });
  assert.deepEqual(p.requests.map((r) => [r.surfaceId, r.actionId]), [['Shop Cart', 'add item!']]);
});

test('a page that left says how: a closed page’s surfaces are gone, a replaced page’s are on another tab', async () => {
  const first = createDirectTransportPair();
  const agent = createOUIAgent(first.server, { timeoutMs: 0 });
  first.client.sendRegistration({ surface: cart(), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  const second = createDirectTransportPair();
  agent.attach(second.server, { previous: 'replaced' });
  const replaced = await agent.call('check_out');
  assert.equal(replaced.error?.code, 'SURFACE_UNAVAILABLE');
  assert.match(replaced.error!.message, /another page/);
  assert.doesNotMatch(replaced.error!.message, /try again shortly/);
  second.client.sendRegistration({ surface: todoSurface(), timestamp: 1, capabilities: ['action:result'] });
  await settle(2);
  agent.detach('closed');
  const gone = await agent.call('clear_done');
  assert.equal(gone.error?.code, 'SURFACE_UNAVAILABLE');
  assert.match(gone.error!.message, /is gone: the page that held it was closed/);
  // The first page is back: its surfaces (still registered on its transport) are offered again.
  agent.attach(first.server);
  assert.deepEqual(agent.tools().map((t) => t.name), ['add_item', 'check_out']);
});
