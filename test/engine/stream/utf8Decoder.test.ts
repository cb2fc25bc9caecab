import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUtf8Decoder } from '../../../src/stream/utf8Decoder.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const BOM = '\uFEFF';

/** Decodes the chunks in order and flushes, as a reader does at the end. */
function decode(chunks: (string | Uint8Array | ArrayBuffer)[]): string {
  const decoder = createUtf8Decoder();
  let out = '';
  for (const chunk of chunks) out += decoder.decode(chunk);
  return out + decoder.flush();
}

function split(data: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return out;
}

test('3.1: a character split across chunks at any byte arrives whole', () => {
  const text = 'a é € 😀 𝄞 z';
  const all = bytes(text);
  for (let cut = 0; cut <= all.length; cut++) assert.equal(decode([all.subarray(0, cut), all.subarray(cut)]), text, `cut at ${cut}`);
  assert.equal(decode(split(all, 1)), text);
});

test('3.1: an invalid byte becomes U+FFFD and decoding goes on; an unfinished character at the end too', () => {
  assert.equal(decode([new Uint8Array([0x61, 0xff, 0x62])]), 'a\uFFFDb');
  assert.equal(decode([new Uint8Array([0x61, 0xe2, 0x98])]), 'a\uFFFD');
});

test('a byte-order mark at the start of the bytes is dropped, whole or split byte by byte', () => {
  assert.equal(decode([bytes(BOM + 'x')]), 'x');
  assert.equal(decode(split(bytes(BOM + 'x'), 1)), 'x');
  assert.equal(decode([new Uint8Array(0), bytes(BOM + 'x')]), 'x');
});

test('only the first byte-order mark is dropped; a later one is a character', () => {
  assert.equal(decode([bytes(BOM + BOM + 'x')]), BOM + 'x');
  assert.equal(decode([bytes('x'), bytes(BOM + 'y')]), 'x' + BOM + 'y');
});

test('text given as a string passes through untouched, a leading mark included: the reader decides', () => {
  assert.equal(decode([BOM + 'x']), BOM + 'x');
  assert.equal(decode(['', BOM + 'x']), BOM + 'x');
});

test('a mark in bytes after text is kept: it is not the start of the stream', () => {
  assert.equal(decode(['x', bytes(BOM + 'y')]), 'x' + BOM + 'y');
});

test('a mark in bytes after text that followed bytes is kept: flushing does not start the stream over', () => {
  assert.equal(decode([bytes('a'), 'b', bytes(BOM + 'c')]), 'ab' + BOM + 'c');
  // The text cut an unfinished character short: it becomes U+FFFD, and the decoder still goes on.
  assert.equal(decode([new Uint8Array([0xe2, 0x98]), 'b', bytes(BOM + 'c')]), '\uFFFDb' + BOM + 'c');
});

test('bytes may come as an ArrayBuffer', () => {
  const b = bytes('é');
  assert.equal(decode([b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)]), 'é');
});
