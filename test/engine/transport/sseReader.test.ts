import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSseReader, parseEventObject, type SseEvent } from '../../../src/transport/index.js';
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

test('10.6: a leading byte-order mark is dropped, whole or split byte by byte', () => {
  for (const size of [Infinity, 1, 2]) {
    assert.deepEqual(read('\uFEFFevent: chunk\ndata: x\n\n', size), [{ event: 'chunk', data: 'x' }], `reads of ${size}`);
  }
});

test('10.6: a leading byte-order mark in text given as a string is dropped too', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  reader.write('');
  reader.write('\uFEFFevent: chunk\ndata: x\n\n');
  reader.end();
  assert.deepEqual(events, [{ event: 'chunk', data: 'x' }]);
});

test('10.6: only the first byte-order mark is dropped; a second one is part of the first line', () => {
  // The line becomes "\uFEFFdata: x": a field no one knows, so the event has no data and is not dispatched.
  assert.deepEqual(read('\uFEFF\uFEFFdata: x\n\n'), []);
  assert.deepEqual(read('\uFEFF\uFEFFdata: x\n\n', 1), []);
});

test('10.6: a byte-order mark later in the stream is a character like any other', () => {
  assert.deepEqual(read('data: \uFEFFx\n\ndata: y\uFEFF\n\n', 1), [
    { event: 'message', data: '\uFEFFx' },
    { event: 'message', data: 'y\uFEFF' },
  ]);
});

test('10.6: a byte-order mark in bytes after text was written is kept (the decoder is not started over)', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  reader.write(readsOf('data: a')[0]!);
  reader.write('b');
  reader.write(readsOf('\uFEFFc\n\n')[0]!);
  reader.write('data: d');
  reader.write(readsOf('\uFEFFe\n\n')[0]!);
  reader.end();
  assert.deepEqual(events, [
    { event: 'message', data: 'ab\uFEFFc' },
    { event: 'message', data: 'd\uFEFFe' },
  ]);
});

test('3.3: a read boundary at every byte, even inside 2-, 3- and 4-byte characters, gives the same events', () => {
  const text = 'event: chunk\ndata: {"text":"é€😀 ö ☕ 𝄞"}\n\n';
  const bytes = new TextEncoder().encode(text);
  const whole = read(text);
  assert.equal(JSON.parse(whole[0]!.data).text, 'é€😀 ö ☕ 𝄞');
  for (let cut = 1; cut < bytes.length; cut++) {
    const events: SseEvent[] = [];
    const reader = createSseReader((e) => events.push(e));
    reader.write(bytes.subarray(0, cut));
    reader.write(bytes.subarray(cut));
    reader.end();
    assert.deepEqual(events, whole, `cut at byte ${cut}`);
  }
});

test('3.1: a character cut off by text written after its first bytes becomes U+FFFD, and reading goes on', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  reader.write(new Uint8Array([...new TextEncoder().encode('data: a'), 0xe2, 0x98]));
  reader.write('b\n\n');
  reader.end();
  assert.deepEqual(events, [{ event: 'message', data: 'a\uFFFDb' }]);
});

test('bytes may come as an ArrayBuffer', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  const bytes = new TextEncoder().encode('data: x\n\n');
  reader.write(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  reader.end();
  assert.deepEqual(events, [{ event: 'message', data: 'x' }]);
});

test('after end() nothing more is read', () => {
  const events: SseEvent[] = [];
  const reader = createSseReader((e) => events.push(e));
  reader.end();
  reader.write('data: x\n\n');
  reader.end();
  assert.deepEqual(events, []);
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
