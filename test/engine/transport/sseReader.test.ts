import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSseReader, parseEventObject, type SseEvent } from '../../../src/omni-ir/transport/index.js';
import { readsOf } from './fakes.js';

function read(text: string, size = Infinity): SseEvent[] {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  for (const bytes of readsOf(text, size)) reader.write(bytes);
  reader.end();
  return events;
}

const STREAM =
  ': ping\n\nid: 3\nretry: 10\nevent: chunk\r\ndata: {"text":"Café ☕ 日本 🎉"}\r\n\r\n' +
  'event:chunk\ndata:a\ndata:b\n\n' +
  'data: no name\n\n' +
  'event: done\n\n' +
  'event: done\ndata: {}\n\n';

test('10.6: a blank line ends an event; CR LF counts as LF; comments and id/retry are skipped', () => {
  assert.deepEqual(read(STREAM), [
    { event: 'chunk', data: '{"text":"Café ☕ 日本 🎉"}' },
    { event: 'chunk', data: 'a\nb' },
    { event: 'message', data: 'no name' },
    { event: 'done', data: '{}' },
  ]);
});

test('10.6 / 3.3: events are the same for reads of every size, even inside a UTF-8 character', () => {
  const whole = read(STREAM);
  for (const size of [1, 2, 3, 5, 7, 13, 64]) assert.deepEqual(read(STREAM, size), whole, `reads of ${size}`);
});

test('10.6: an event without data is ignored', () => {
  assert.deepEqual(read('event: chunk\n\nevent: done\nid: 1\n\n'), []);
});

test('10.6: an event without its closing blank line when the response ends is dropped', () => {
  assert.deepEqual(read('event: done\ndata: {}\n'), []);
  assert.deepEqual(read('event: done\ndata: {}'), []);
});

test('10.6: a CR LF split across reads is one line ending', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  reader.write('event: chunk\r');
  reader.write('\ndata: x\r');
  reader.write('\n\r');
  reader.write('\n');
  reader.end();
  assert.deepEqual(events, [{ event: 'chunk', data: 'x' }]);
});

test('10.6: a leading byte-order mark is dropped', () => {
  assert.deepEqual(read('\uFEFFevent: chunk\ndata: x\n\n', 1), [{ event: 'chunk', data: 'x' }]);
});

test('10.10: comments reach onComment (a ping)', () => {
  const comments: string[] = [];
  const reader = createSseReader(() => {}, { onComment: (c) => comments.push(c) });
  reader.write(': ping\n\n');
  reader.end();
  assert.deepEqual(comments, ['ping']);
});

test('limit: an endless line stops the reader instead of growing without bound', () => {
  let overflow = 0;
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e), { maxBufferSize: 100, onOverflow: () => overflow++ });
  reader.write('data: ' + 'x'.repeat(200));
  reader.write('\n\n');
  reader.end();
  assert.equal(overflow, 1);
  assert.deepEqual(events, []);
});

test('10.7: event data must be a JSON object', () => {
  assert.deepEqual(parseEventObject('{"a":1}'), { a: 1 });
  for (const bad of ['not json', '[1,2]', '42', 'null', '"text"', '']) assert.equal(parseEventObject(bad), null, bad);
});
