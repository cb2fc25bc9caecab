// A page replaced while a call waits (issue 27): the agent hears the answer on the transport the call went out on,
// whatever it attached meanwhile; a transport that goes before the page answered makes the call OUTCOME_UNKNOWN
// ("may have run") after the grace, never TIMEOUT. The end-to-end form, over Socket.IO and the MCP SDK, is
// test/server/ouiMcpHandover.test.mjs. Time is moved by hand.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { warmValidator } from '../../../src/actions/index.ts';
import { createDirectTransportPair, createOUIAgent, createSurfaceRuntime, type OUIActionResultMessage } from '../../../src/oui/index.ts';
import { manualTimers, settle, todoSurface } from './helpers.ts';

before(() => warmValidator());

/** A page on its own transport pair whose add_item waits for `open()`. */
function page(timers: ReturnType<typeof manualTimers>, name: string) {
  const pair = createDirectTransportPair();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const runs: string[] = [];
  const runtime = createSurfaceRuntime({
    surface: todoSurface(),
    transport: pair.client,
    timers,
    handlers: {
      add_item: async (p) => {
        runs.push(String(p.title));
        await gate;
        return `${name} added ${String(p.title)}`;
      },
    },
  });
  return { pair, runtime, runs, open: () => open() };
}

test('another page attached while a call waits: the replaced page’s answer is the call’s result', async () => {
  const timers = manualTimers();
  const a = page(timers, 'A');
  const b = page(timers, 'B');
  const agent = createOUIAgent(a.pair.server, { timers });
  await settle(3);
  const out: { result?: OUIActionResultMessage } = {};
  void agent.call('add_item', { title: 'milk' }).then((r) => (out.result = r));
  await settle(5);
  assert.deepEqual(a.runs, ['milk']);
  agent.attach(b.pair.server, { previous: 'replaced' });
  await settle(3);
  a.open();
  await settle(10);
  assert.equal(out.result?.success, true, JSON.stringify(out.result));
  assert.equal(out.result?.data, 'A added milk');
  assert.deepEqual(agent.issues.filter((i) => i.code === 'unexpected-result'), []);
  agent.dispose();
});

test('the transport a call went on closes before the page answered: OUTCOME_UNKNOWN after the grace, not TIMEOUT', async () => {
  const timers = manualTimers();
  const a = page(timers, 'A');
  const b = page(timers, 'B');
  const agent = createOUIAgent(a.pair.server, { timers, cancelGraceMs: 2000, timeoutMs: 30_000 });
  await settle(3);
  const out: { result?: OUIActionResultMessage } = {};
  void agent.call('add_item', { title: 'milk' }).then((r) => (out.result = r));
  await settle(5);
  agent.attach(b.pair.server, { previous: 'replaced' });
  a.pair.server.close();
  timers.advance(1999);
  await settle(3);
  assert.ok(!out.result, 'it waits the grace for an answer');
  timers.advance(1);
  await settle(3);
  const result = out.result as OUIActionResultMessage | undefined;
  assert.equal(result?.error?.code, 'OUTCOME_UNKNOWN');
  assert.match(result?.error?.message ?? '', /may have run/);
  agent.dispose();
});

test('the attached page cut off mid-action: it waits for the page to come back, and says OUTCOME_UNKNOWN, not TIMEOUT, if it never does', async () => {
  const timers = manualTimers();
  const a = page(timers, 'A');
  const agent = createOUIAgent(a.pair.server, { timers, timeoutMs: 5000, cancelGraceMs: 2000 });
  await settle(3);
  const out: { result?: OUIActionResultMessage } = {};
  void agent.call('add_item', { title: 'milk' }).then((r) => (out.result = r));
  await settle(5);
  a.pair.server.disconnect();
  timers.advance(4999);
  await settle(3);
  assert.ok(!out.result, 'a page cut off may come back with its answer');
  timers.advance(1);
  await settle(3);
  const result = out.result as OUIActionResultMessage | undefined;
  assert.equal(result?.error?.code, 'OUTCOME_UNKNOWN', JSON.stringify(result));
  agent.dispose();
});

test('the page back on a new connection sends the answer it held: that is the call’s result', async () => {
  const timers = manualTimers();
  const a = page(timers, 'A');
  const pair = a.pair;
  const next = createDirectTransportPair();
  const agent = createOUIAgent(pair.server, { timers });
  await settle(3);
  const asked: string[] = [];
  pair.client.onRequest((r) => asked.push(r.requestId ?? ''));
  const out: { result?: OUIActionResultMessage } = {};
  void agent.call('add_item', { title: 'milk' }).then((r) => (out.result = r));
  await settle(3);
  assert.equal(asked.length, 1);
  // The old connection goes; the page's next connection is attached and carries the answer the page held.
  pair.server.close();
  agent.attach(next.server);
  next.client.sendResult({ requestId: asked[0]!, surfaceId: 'todo-list', actionId: 'add_item', success: true, data: 'held', timestamp: 1 });
  await settle(3);
  assert.equal((out.result as OUIActionResultMessage | undefined)?.data, 'held');
  agent.dispose();
});
