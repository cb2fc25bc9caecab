// The document never depends on how the input was split: each boundary case is named after what it checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunked, encode, lines, read, snap } from './helpers.ts';

const rich = lines(
  { op: 'open', id: '0', type: 'h', attrs: { level: '1' } },
  { op: 'spans', id: '0', spans: [{ t: 'text', v: 'Grüße 世界 👋🏽 𝔘' }] },
  { op: 'close', id: '0' },
  { op: 'open', id: '1', type: 'Card', attrs: { title: 'Ünïcode' } },
  { op: 'node', id: '1.0', type: 'p', spans: [{ t: 'strong', c: 'مرحبا' }] },
  '{"op":"node","id":"1.1",',
  { op: 'close', id: '1.0' },
  { op: 'end', complete: false, truncated: true },
);

const whole = JSON.stringify(snap(read(rich)));

test('chunks of every size from 1 to 40 bytes give the same document', () => {
  for (let n = 1; n <= 40; n++) assert.equal(JSON.stringify(snap(read(chunked(rich, n)))), whole, `${n}-byte chunks`);
});

test('a character whose bytes are split across chunks arrives whole (every split point of a 4-byte emoji)', () => {
  const text = lines({ op: 'node', id: '0', type: 'p', spans: '👋' });
  const bytes = encode(text);
  const at = text.indexOf('👋');
  const byteAt = encode(text.slice(0, at)).length;
  for (let cut = byteAt; cut <= byteAt + 4; cut++) {
    const doc = read([bytes.subarray(0, cut), bytes.subarray(cut)]);
    assert.deepEqual(doc.node('0')!.spans, [{ t: 'text', v: '👋' }], `cut at byte ${cut}`);
  }
});

test('every two-piece split of the stream gives the same document', () => {
  const bytes = encode(rich);
  for (let cut = 0; cut <= bytes.length; cut++) {
    assert.equal(JSON.stringify(snap(read([bytes.subarray(0, cut), bytes.subarray(cut)]))), whole, `cut at ${cut}`);
  }
});

test('a CR LF split between chunks is one line ending', () => {
  const text = lines({ op: 'open', id: '0', type: 'p' }, { op: 'close', id: '0' }).replaceAll('\n', '\r\n');
  const cr = text.indexOf('\r') + 1;
  const doc = read([text.slice(0, cr), text.slice(cr)]);
  assert.equal(doc.node('0')!.closed, true);
  assert.deepEqual(snap(doc).rejected, []);
});

test('a byte-order mark split across chunks is dropped, not read as part of the first op', () => {
  const bytes = encode('\ufeff' + lines({ op: 'node', id: '0', type: 'p' }));
  for (let cut = 0; cut <= 3; cut++) assert.equal(read([bytes.subarray(0, cut), bytes.subarray(cut)]).size, 1, `cut at ${cut}`);
});

test('a last line without a newline is applied at the end, and only then', () => {
  const doc = read('{"op":"node","id":"0","type":"p"}');
  assert.equal(doc.size, 1);
});

test('a last line cut off inside a string is refused, never half applied', () => {
  const doc = read('{"op":"node","id":"0","type":"p"}\n{"op":"node","id":"1","type":"p","spans":"half');
  assert.equal(doc.size, 1);
  assert.deepEqual(snap(doc).rejected, [2]);
});

test('text chunks and byte chunks mixed give the same document', () => {
  const bytes = encode(rich);
  const half = Math.floor(bytes.length / 2);
  const text = new TextDecoder().decode(bytes.subarray(half));
  // Cut on a character boundary for the text half.
  const start = encode(rich.slice(0, rich.length - text.length)).length;
  assert.equal(JSON.stringify(snap(read([bytes.subarray(0, start), rich.slice(rich.length - text.length)]))), whole);
});

test('a line split inside an escaped character (\\u00e9) is read whole', () => {
  const text = '{"op":"node","id":"0","type":"p","spans":"caf\\u00e9"}\n';
  const at = text.indexOf('\\u') + 3;
  assert.deepEqual(read([text.slice(0, at), text.slice(at)]).node('0')!.spans, [{ t: 'text', v: 'café' }]);
});
