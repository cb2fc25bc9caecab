import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateOverWebSocket } from '../../../../src/omni-ir/transport/index.js';
import type { WebSocketLike } from '../../../../src/transport/index.js';
import { manualTimers, settle, sink } from '../../transport/fakes.js';

type Listener = (event: { data?: unknown; code?: number }) => void;

/** A WebSocket the test drives: `open()`, `receive()`, `drop()`. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  private listeners = new Map<string, Set<Listener>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: Listener) {
    this.listeners.get(type)?.delete(fn);
  }
  emit(type: string, event: { data?: unknown; code?: number } = {}) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) fn(event);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.emit('open');
  }
  receive(message: unknown) {
    this.emit('message', { data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.emit('close', { code: 1006 });
  }
}

function setup(extra: Partial<Parameters<typeof generateOverWebSocket>[0]> = {}) {
  const sockets: FakeSocket[] = [];
  const s = sink();
  const pending = generateOverWebSocket(
    { url: 'wss://app.test/ws', prompt: 'Pay', createSocket: (url) => (sockets.push(new FakeSocket(url)), sockets.at(-1)!), ...extra },
    s,
  );
  return { sockets, s, pending };
}

test('10.16: sends {type: "generate", prompt, version} once open', async () => {
  const { sockets, pending } = setup({ version: '0.8' });
  const ws = sockets[0]!;
  assert.equal(ws.sent.length, 0);
  ws.open();
  assert.deepEqual(JSON.parse(ws.sent[0]!), { type: 'generate', prompt: 'Pay', version: '0.8' });
  ws.receive({ type: 'done' });
  await pending;
});

test('10.16: chunks are written in order; done gives the outcome and the socket is closed with 1000', async () => {
  const { sockets, s, pending } = setup();
  const ws = sockets[0]!;
  ws.open();
  ws.receive({ type: 'chunk', text: 'root = Card([t' });
  ws.receive({ type: 'chunk', text: '])\n' });
  ws.receive({ type: 'live', screen: 'scr_9' });
  ws.receive({ type: 'done', stopReason: 'end_turn', model: 'm', ms: 4 });
  assert.deepEqual(await pending, { status: 'done', stopReason: 'end_turn', model: 'm', ms: 4, screen: 'scr_9' });
  assert.equal(s.written, 'root = Card([t])\n');
  assert.equal(s.ended, 1);
  assert.equal(ws.closedWith, 1000);
});

test('10.16 / 10.7: unknown types, non-JSON, non-objects, binary messages and non-string text are skipped', async () => {
  const { sockets, s, pending } = setup();
  const ws = sockets[0]!;
  ws.open();
  ws.receive('not json');
  ws.receive('[1]');
  ws.receive({ type: 'hello', text: 'x' });
  ws.receive({ text: 'no type' });
  ws.receive({ type: 'chunk', text: 5 });
  ws.emit('message', { data: new Uint8Array([1, 2]) });
  ws.receive({ type: 'chunk', text: 'a = Divider()\n' });
  ws.receive({ type: 'done' });
  assert.deepEqual(await pending, { status: 'done' });
  assert.equal(s.written, 'a = Divider()\n');
});

test('10.16: errors [10.2] sends as HTTP statuses come as an error message', async () => {
  const { sockets, s, pending } = setup();
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'error', code: 'rate_limited', message: 'Slow.', retryable: true });
  assert.deepEqual(await pending, { status: 'error', code: 'rate_limited', message: 'Slow.', retryable: true });
  assert.equal(s.ended, 1);
});

test('10.7: an error message with missing fields is server_error, not retryable', async () => {
  const { sockets, pending } = setup();
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'error', code: 'x' });
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'server_error');
  assert.equal(outcome.status === 'error' && outcome.retryable, false);
});

test('10.8: after the terminal message everything is ignored', async () => {
  const { sockets, s, pending } = setup();
  const ws = sockets[0]!;
  ws.open();
  ws.receive({ type: 'done', model: 'first' });
  ws.receive({ type: 'chunk', text: 'late\n' });
  ws.receive({ type: 'error', code: 'x', message: 'y', retryable: true });
  assert.deepEqual(await pending, { status: 'done', model: 'first' });
  assert.equal(s.written, '');
});

test('10.9: a connection closed before a terminal message is connection_lost; the sink is ended', async () => {
  const { sockets, s, pending } = setup();
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'chunk', text: 'a\n' });
  sockets[0]!.drop();
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(outcome.status === 'error' && outcome.retryable, true);
  assert.equal(s.ended, 1);
});

test('10.9: a socket that fails to open is connection_lost', async () => {
  const s = sink();
  const outcome = await generateOverWebSocket(
    { url: 'wss://x', prompt: 'p', createSocket: () => { throw new Error('bad url'); } },
    s,
  );
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
  assert.equal(s.ended, 1);
});

test('10.9: cancelled by the app: cancelled, the socket closed, the sink ended', async () => {
  const controller = new AbortController();
  const { sockets, s, pending } = setup({ signal: controller.signal });
  sockets[0]!.open();
  controller.abort();
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'cancelled');
  assert.equal(sockets[0]!.closedWith, 1000);
  assert.equal(s.ended, 1);
});

test('silence limit when asked for: no message for that long is connection_lost', async () => {
  const timers = manualTimers();
  const { sockets, pending } = setup({ silenceTimeoutMs: 1000, timers });
  sockets[0]!.open();
  timers.advance(999);
  sockets[0]!.receive({ type: 'chunk', text: 'a\n' });
  timers.advance(999);
  await settle();
  timers.advance(1);
  const outcome = await pending;
  assert.equal(outcome.status === 'error' && outcome.code, 'connection_lost');
});

test('10.12: unsupported_version before any text is asked once more without a version', async () => {
  const { sockets, s, pending } = setup({ version: '0.8' });
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'error', code: 'unsupported_version', message: 'No.', retryable: false });
  await settle();
  assert.equal(sockets.length, 2);
  sockets[1]!.open();
  assert.deepEqual(JSON.parse(sockets[1]!.sent[0]!), { type: 'generate', prompt: 'Pay' });
  sockets[1]!.receive({ type: 'chunk', text: 'a\n' });
  sockets[1]!.receive({ type: 'done' });
  assert.deepEqual(await pending, { status: 'done' });
  assert.equal(s.ended, 1);
});
