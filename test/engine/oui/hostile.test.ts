// Whatever the other side sends, on any event: nothing throws, nothing reaches a prototype, and the surface
// and agent keep working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createOUIAgent, createSurfaceRuntime, createWebSocketTransport, OUI_SOCKET_EVENTS } from '../../../src/oui/index.ts';
import { FakeSocket, settle, socketPair, todoSurface } from './helpers.ts';

const EVENTS = Object.values(OUI_SOCKET_EVENTS).map((e) => `oui:${e}`);

/** Values a hostile peer might send, biased towards almost-valid events and prototype keys. */
const hostile = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.record({
    requestId: fc.oneof(fc.string(), fc.constant('__proto__'), fc.integer()),
    surfaceId: fc.constantFrom('todo-list', '__proto__', 'constructor', ''),
    actionId: fc.constantFrom('add_item', 'clear_done', 'toString', '__proto__', 'hasOwnProperty'),
    observationId: fc.constantFrom('item_count', 'add_item:status', '__proto__:status', ':status', '__proto__'),
    timeoutMs: fc.oneof(fc.integer(), fc.double(), fc.constant(Infinity), fc.string()),
    maxWaitMs: fc.oneof(fc.nat(), fc.double()),
    capabilities: fc.oneof(fc.array(fc.string()), fc.jsonValue()),
    reason: fc.oneof(fc.string(), fc.jsonValue()),
    params: fc.oneof(fc.jsonValue(), fc.constant(JSON.parse('{"__proto__":{"polluted":1},"title":"x"}'))),
    success: fc.boolean(),
    value: fc.jsonValue(),
    surface: fc.oneof(fc.constant(todoSurface()), fc.jsonValue()),
    timestamp: fc.oneof(fc.integer(), fc.double(), fc.string()),
  }, { requiredKeys: [] }),
);

test('random events on every socket event name, at both ends, never throw or pollute', async () => {
  const [agentSocket, pageSocket] = socketPair();
  const pageTransport = createWebSocketTransport(pageSocket);
  const agentTransport = createWebSocketTransport(agentSocket);
  const runtime = createSurfaceRuntime({ surface: todoSurface(), transport: pageTransport, handlers: { add_item: (p) => ({ got: p.title }) }, confirm: () => false });
  const agent = createOUIAgent(agentTransport, { timeoutMs: 0 });
  await settle(2);
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...EVENTS), hostile, fc.boolean()), { maxLength: 20 }), async (events) => {
      for (const [event, payload, toPage] of events) {
        (toPage ? pageSocket : agentSocket).fire(event, payload);
      }
      await settle(1);
    }),
    { numRuns: 200 },
  );
  await settle(10);
  assert.equal(({} as any).polluted, undefined);
  assert.equal((Object.prototype as any).title, undefined);
  // Still working: the page registers again and the agent calls it.
  agentSocket.fire('oui:surface:register', { surface: todoSurface(), timestamp: 1, capabilities: ['action:result'] });
  const result = await agent.call('add_item', { title: 'still here' });
  assert.deepEqual(result.data, { got: 'still here' });
  assert.ok(runtime.registered);
});

test('a flood of large events is bounded per event and reported, not kept', () => {
  const socket = new FakeSocket();
  const transport = createWebSocketTransport(socket);
  let issues = 0;
  transport.onIssue(() => issues++);
  const big = { surfaceId: 'todo-list', observationId: 'x', value: 'y'.repeat(2_100_000), timestamp: 1 };
  for (let i = 0; i < 50; i++) socket.fire('oui:observation', big);
  assert.equal(issues, 50);
});
