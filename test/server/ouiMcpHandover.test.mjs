// A page replaced while an agent's call waits, in the MCP example (demo/oui/mcpServer.mjs), over real Socket.IO
// and the MCP SDK's own Client: the answer is true. A newer tab takes over while the old tab's action runs: its
// result still reaches the agent from the connection the call went out on. The page's connection goes before it
// answered (it reloaded, or broke): the agent is told the outcome is unknown and the action may have run, never
// TIMEOUT. And a reload racing its own leave (the old document's pagehide reaches the server after the new
// document connected) keeps its page id, and the old connection's late leave does not take the new one away; so
// does the same document on a new socket.
import { test, before, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import { io as connectTo } from 'socket.io-client';
import { app, client, engine, open, pages, startExample, stopExample, surface, tab, toolNames, until } from './ouiMcpExample.mjs';

/**
 * A Socket.IO client whose outgoing messages (and its own disconnect) can be held back, as a slow network holds
 * them: `lag.hold = true` keeps them, `lag.release()` lets them go in order.
 */
function laggyIo(lag) {
  return (url, options) => {
    const socket = connectTo(url, options);
    const emit = socket.emit.bind(socket);
    const disconnect = socket.disconnect.bind(socket);
    socket.emit = (...args) => (lag.hold ? (lag.held.push(() => emit(...args)), socket) : emit(...args));
    socket.disconnect = () => (lag.hold ? (lag.held.push(() => disconnect()), socket) : disconnect());
    return socket;
  };
}

/** A gate an action waits at: `open()` lets every waiting run go on. */
function gated() {
  let opened;
  const promise = new Promise((r) => (opened = r));
  return { wait: () => promise, open: () => opened() };
}

// A call gives up after 20 s without word: long enough for a busy machine, short enough that a TIMEOUT shows.
before(() => startExample('handover', { timeoutMs: 20_000 }));

// Each test starts with no page: one that failed midway leaves none behind for the next.
beforeEach(async () => {
  for (const t of open.splice(0)) t.close();
  await until(() => app.pages().length === 0);
});

after(stopExample);

test('a newer tab takes over while the old tab’s action runs: its result reaches the agent from the connection the call went on', async () => {
  const gate = gated();
  const a = tab('Tab A', 'checkout', 'pay', { gate: gate.wait });
  await until(async () => (await toolNames()).join() === 'pay');
  const paying = client.callTool({ name: 'pay', arguments: {} }, undefined, { timeout: 60_000 });
  await until(() => a.started === 1);

  const b = tab('Tab B', 'notes', 'add_note');
  await until(async () => (await toolNames()).join() === 'add_note');
  await until(() => a.statuses.at(-1)?.state === 'replaced');
  gate.open();
  const paid = await paying;
  assert.equal(paid.isError, false, JSON.stringify(paid.structuredContent));
  assert.equal(paid.structuredContent.data, 'Tab A did pay');
  assert.equal(a.started, 1);
  b.close();
  a.close();
  await until(async () => (await toolNames()).length === 0);
});

for (const [how, goes] of [
  ['the page reloads (its pagehide, then the same tab connects again)', (t) => {
    t.events.dispatchEvent(new Event('pagehide'));
    return tab('Tab reloaded', 'checkout', 'pay', { storage: t.storage });
  }],
  ['the page’s connection breaks without a word', (t) => {
    t.page.socket.io.engine.close();
    return null;
  }],
]) {
  test(`${how} while its action runs: the agent is told the outcome is unknown and the action may have run, not TIMEOUT`, async () => {
    const gate = gated();
    const a = tab('Tab C', 'checkout', 'pay', { gate: gate.wait });
    await until(async () => (await toolNames()).join() === 'pay');
    const paying = client.callTool({ name: 'pay', arguments: {} }, undefined, { timeout: 60_000 });
    await until(() => a.started === 1);

    const next = goes(a);
    const answer = await paying;
    assert.equal(answer.isError, true);
    assert.equal(answer.structuredContent.error.code, 'OUTCOME_UNKNOWN', JSON.stringify(answer.structuredContent));
    assert.match(answer.structuredContent.error.message, /may have run/);
    assert.doesNotMatch(answer.structuredContent.error.message, /try again|did not start|did not say whether/i);
    gate.open();
    next?.close();
    a.close();
    await until(async () => app.pages().length === 0);
  });
}

test('a reload racing its own leave keeps its page id, and the old document’s late leave does not take the new one away', async () => {
  const storage = new Map();
  const lag = { hold: false, held: [], release() {
    this.hold = false;
    for (const send of this.held.splice(0)) send();
  } };
  const old = tab('Tab R', 'cart', 'check_out', { storage, io: laggyIo(lag) });
  await until(async () => (await toolNames()).join() === 'check_out');
  const id = old.page.pageId;

  // The old document's pagehide: it says it leaves and disconnects, but the network holds both back.
  lag.hold = true;
  old.events.dispatchEvent(new Event('pagehide'));
  // The new document of the same tab connects first.
  const reloaded = tab('Tab R', 'cart', 'check_out', { storage });
  // (Not called before it is active: the old document's answers would be held by the network too.)
  await until(() => reloaded.statuses.length > 0);
  await until(async () => (await toolNames()).join() === 'check_out');
  assert.equal(reloaded.page.pageId, id, 'a reload is the same page');
  assert.equal((await client.callTool({ name: 'check_out', arguments: {} })).structuredContent.data, 'Tab R did check_out');
  assert.ok(reloaded.statuses.every((s) => s.state === 'active'), JSON.stringify(reloaded.statuses));

  // Now the old document's leave arrives, late: the page is still there, as the new document.
  lag.release();
  await until(() => old.page.socket.disconnected);
  const after = await client.callTool({ name: 'check_out', arguments: {} });
  assert.equal(after.structuredContent.data, 'Tab R did check_out');
  assert.deepEqual(app.pages().map((p) => [p.id, p.active, p.connected]), [[id, true, true]]);
  assert.deepEqual(await toolNames(), ['check_out']);

  // A tab duplicated from it afterwards (its storage copied while this one lives) is still a page of its own.
  const copy = tab('Tab R copy', 'notes', 'add_note', { storage: new Map(storage) });
  await until(() => copy.page.pageId !== id && app.pages().length === 2);
  assert.equal(reloaded.page.socket.connected, true);
  copy.close();
  reloaded.close();
  old.close();
  await until(async () => app.pages().length === 0);
});

test('the same document on a new socket, while its old connection still looks alive, takes its page over; the call waiting on the old one is told the outcome is unknown', async () => {
  const gate = gated();
  const a = tab('Tab S', 'checkout', 'pay', { gate: gate.wait });
  await until(async () => (await toolNames()).join() === 'pay');
  const id = a.page.pageId;
  const paying = client.callTool({ name: 'pay', arguments: {} }, undefined, { timeout: 60_000 });
  await until(() => a.started === 1);

  // Socket.IO reconnecting sends the same handshake again, here on a second socket before the first is seen to die.
  const again = connectTo(pages.url, { transports: ['websocket'], reconnection: false, auth: { ...a.page.socket.auth } });
  const pageIds = [];
  again.on('oui:page:id', (m) => pageIds.push(m.page));
  const transport = engine.createWebSocketTransport(again);
  const runtime = engine.createSurfaceRuntime({ surface: surface('checkout', 'pay'), transport, handlers: { pay: () => 'Tab S paid again' } });
  open.push({ close: () => (runtime.dispose(), transport.close(), again.close()) });
  await until(() => a.page.socket.disconnected);
  const answer = await paying;
  assert.equal(answer.structuredContent.error?.code, 'OUTCOME_UNKNOWN', JSON.stringify(answer.structuredContent));
  assert.deepEqual(pageIds, [], 'no new page id: it is the same page');
  assert.deepEqual(app.pages().map((p) => [p.id, p.active, p.connected]), [[id, true, true]]);
  gate.open();
});
