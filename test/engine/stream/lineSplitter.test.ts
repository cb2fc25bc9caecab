import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLineStream } from '../../../src/stream/lineStream.ts';

function collect(chunks: (string | Uint8Array)[], max = 16384) {
  const lines: [number, string][] = [];
  const long: number[] = [];
  const s = createLineStream({ line: (t, n) => lines.push([n, t]), tooLong: (n) => long.push(n) }, max);
  for (const c of chunks) s.write(c);
  s.end();
  return { lines, long };
}

const bytes = (s: string) => new TextEncoder().encode(s);
function split(b: Uint8Array, size: number) {
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
}

test('LF ends a line and lines are numbered from 1', () => {
  assert.deepEqual(collect(['a\nb\n']).lines, [[1, 'a'], [2, 'b']]);
});

test('CR LF behaves like LF', () => {
  assert.deepEqual(collect(['a\r\nb\r\n']).lines, [[1, 'a'], [2, 'b']]);
});

test('chunk boundary between CR and LF', () => {
  assert.deepEqual(collect(['a\r', '\nb']).lines, [[1, 'a'], [2, 'b']]);
});

test('a lone CR inside a line is kept', () => {
  assert.deepEqual(collect(['a\rb\n']).lines, [[1, 'a\rb']]);
});

test('final line without LF is processed at end', () => {
  assert.deepEqual(collect(['a\nb']).lines, [[1, 'a'], [2, 'b']]);
});

test('empty lines count', () => {
  assert.deepEqual(collect(['\n\nx\n']).lines, [[1, ''], [2, ''], [3, 'x']]);
});

test('chunk boundary inside a multi-byte character', () => {
  const b = bytes('café ☕ 日本\n𝄞\n');
  for (const size of [1, 2, 3, 5]) {
    assert.deepEqual(collect(split(b, size)).lines, [[1, 'café ☕ 日本'], [2, '𝄞']], `size ${size}`);
  }
});

test('invalid bytes become U+FFFD and decoding carries on', () => {
  const b = new Uint8Array([0x61, 0xff, 0x62, 0x0a, 0xe2, 0x82, 0x0a, 0x63]);
  assert.deepEqual(collect([b]).lines, [[1, 'a\uFFFDb'], [2, '\uFFFD'], [3, 'c']]);
});

test('a character cut off by the end of the stream becomes U+FFFD', () => {
  assert.deepEqual(collect([new Uint8Array([0x61, 0xe2, 0x82])]).lines, [[1, 'a\uFFFD']]);
});

test('over-long line is reported on its own number and skipped', () => {
  const r = collect(['ok\n', 'x'.repeat(20), '\nnext\n'], 10);
  assert.deepEqual(r.lines, [[1, 'ok'], [3, 'next']]);
  assert.deepEqual(r.long, [2]);
});

test('over-long line split across many chunks', () => {
  const r = collect([...Array.from({ length: 30 }, () => 'xy'), '\nz'], 10);
  assert.deepEqual(r.long, [1]);
  assert.deepEqual(r.lines, [[2, 'z']]);
});

test('a line exactly at the limit is kept, also with CR LF', () => {
  assert.deepEqual(collect(['0123456789\r\n'], 10).lines, [[1, '0123456789']]);
  assert.deepEqual(collect(['01234', '56789', '\r', '\n'], 10).lines, [[1, '0123456789']]);
  assert.deepEqual(collect(['01234567890\n'], 10).long, [1]);
});

test('over-long final line without LF is reported at end', () => {
  assert.deepEqual(collect(['a\n', 'x'.repeat(50)], 10).long, [2]);
});

test('write after end throws a clear error', () => {
  const s = createLineStream({ line() {}, tooLong() {} });
  s.end();
  assert.throws(() => s.write('x'), /after end/);
});
