import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { listenToSocket, type MessageSocket } from '../../../src/transport/messageSocket.ts';
import type { WebSocketLike } from '../../../src/transport/index.ts';

test('a WebSocket-style socket: messages as text (a string, UTF-8 bytes, in an event or not), close, and stop', () => {
  const target = new EventTarget();
  const socket: MessageSocket = { send() {}, addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target) };
  const heard: string[] = [];
  let closed = 0;
  const stop = listenToSocket(socket, (text) => heard.push(text), () => closed++);
  const message = (data: unknown) => target.dispatchEvent(Object.assign(new Event('message'), { data }));
  message('{"a":1}');
  message(new TextEncoder().encode('héllo'));
  message(new TextEncoder().encode('bytes').buffer);
  message(42);
  message(null);
  target.dispatchEvent(new Event('close'));
  assert.deepEqual(heard, ['{"a":1}', 'héllo', 'bytes']);
  assert.equal(closed, 1);
  stop();
  message('after');
  target.dispatchEvent(new Event('close'));
  assert.deepEqual(heard, ['{"a":1}', 'héllo', 'bytes']);
  assert.equal(closed, 1);
});

test('an emitter-style socket (on/off): the data itself is the message', () => {
  const emitter = new EventEmitter();
  const socket: MessageSocket = { send() {}, on: emitter.on.bind(emitter), off: emitter.off.bind(emitter) };
  const heard: string[] = [];
  let closed = 0;
  const stop = listenToSocket(socket, (text) => heard.push(text), () => closed++);
  emitter.emit('message', 'one');
  emitter.emit('message', Buffer.from('two'));
  emitter.emit('close');
  assert.deepEqual(heard, ['one', 'two']);
  assert.equal(closed, 1);
  stop();
  assert.equal(emitter.listenerCount('message') + emitter.listenerCount('close'), 0);
});

test('a socket with neither way to listen is refused plainly', () => {
  assert.throws(() => listenToSocket({ send() {} }, () => {}, () => {}), /neither addEventListener\(\) nor on\(\)/);
});

test('a WebSocketLike is a MessageSocket: the one shape, with what a client that opens it needs', () => {
  const ws: WebSocketLike = { readyState: 1, send() {}, close() {}, addEventListener() {}, removeEventListener() {} };
  const asMessageSocket: MessageSocket = ws;
  assert.equal(typeof listenToSocket(asMessageSocket, () => {}, () => {}), 'function');
});
