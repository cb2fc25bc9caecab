import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createJsonLineReader, isBlank, isJsonObject, parseJsonLine } from '../../../src/stream/jsonLines.ts';

function read(chunks: (string | Uint8Array)[], options = {}) {
  const values: [number, unknown][] = [];
  const issues: [number | null, string][] = [];
  const r = createJsonLineReader({ value: (v, n) => values.push([n, v]), issue: (i) => issues.push([i.line, i.code]) }, options);
  for (const c of chunks) r.write(c);
  r.end();
  return { values, issues };
}

const bytes = (s: string) => new TextEncoder().encode(s);
function split(b: Uint8Array, size: number) {
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
}

test('one value per line, numbered by input line', () => {
  assert.deepEqual(read(['{"a":1}\n[2]\n"x"\n']).values, [[1, { a: 1 }], [2, [2]], [3, 'x']]);
});

test('blank lines are skipped silently but still counted', () => {
  const r = read(['{"a":1}\n\n  \t\n{"b":2}\n']);
  assert.deepEqual(r.values, [[1, { a: 1 }], [4, { b: 2 }]]);
  assert.deepEqual(r.issues, []);
});

test('a line that is not JSON is an issue and reading goes on', () => {
  const r = read(['{"a":1}\n{"a":\nnull\n']);
  assert.deepEqual(r.values, [[1, { a: 1 }], [3, null]]);
  assert.deepEqual(r.issues, [[2, 'not_json']]);
});

test('a final line without a newline commits at end', () => {
  assert.deepEqual(read(['{"a":1}\n{"b"', ':2}']).values, [[1, { a: 1 }], [2, { b: 2 }]]);
});

test('chunk boundary inside a multi-byte character in a string value', () => {
  const b = bytes('{"t":"日本 ☕ 𝄞"}\n{"u":"é"}\n');
  for (const size of [1, 5, 13]) {
    assert.deepEqual(read(split(b, size)).values, [[1, { t: '日本 ☕ 𝄞' }], [2, { u: 'é' }]], `size ${size}`);
  }
});

test('chunk boundary between CR and LF', () => {
  assert.deepEqual(read(['{"a":1}\r', '\n{"b":2}\r\n']).values, [[1, { a: 1 }], [2, { b: 2 }]]);
});

test('a byte order mark before the first value is dropped', () => {
  assert.deepEqual(read(['\uFEFF{"a":1}\n']).values, [[1, { a: 1 }]]);
});

test('an over-long line is an issue and is never held', () => {
  const r = read(['{"a":"', 'x'.repeat(100), '"}\n{"b":1}\n'], { maxLineLength: 50 });
  assert.deepEqual(r.issues, [[1, 'line_too_long']]);
  assert.deepEqual(r.values, [[2, { b: 1 }]]);
});

test('deep nesting within a line is parsed without a throw', () => {
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  assert.equal(read([deep + '\n']).values.length, 1);
});

test('parseJsonLine never throws and says why', () => {
  assert.deepEqual(parseJsonLine(' {"a": 1} '), { ok: true, value: { a: 1 } });
  const bad = parseJsonLine('{');
  assert.equal(bad.ok, false);
  assert.ok(!bad.ok && bad.message.length > 0);
});

test('isJsonObject and isBlank', () => {
  assert.equal(isJsonObject({}), true);
  assert.equal(isJsonObject([]), false);
  assert.equal(isJsonObject(null), false);
  assert.equal(isBlank(' \t'), true);
  assert.equal(isBlank(' x'), false);
});
