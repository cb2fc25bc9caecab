// The AG-UI endpoint's line collector: pieces in, complete lines out, bounded memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLineCollector } from '../../demo/server/lineCollector.mjs';

function collect(pieces, options) {
  const lines = [];
  const c = createLineCollector((l) => lines.push(l), options);
  for (const p of pieces) c.push(p);
  c.end();
  return lines;
}

test('pieces ending anywhere make the same lines; CR LF is one line ending; a last line without LF counts', () => {
  const text = 'a = Divider()\r\nb = Text("x")\n\nc = Divider()';
  const expected = ['a = Divider()', 'b = Text("x")', '', 'c = Divider()'];
  assert.deepEqual(collect([text]), expected);
  assert.deepEqual(collect([...text]), expected);
  assert.deepEqual(collect(['a = Divider()\r', '\nb = Text("x")\n', '\nc = Divider()']), expected);
});

test('a stream ending with LF has no empty last line', () => {
  assert.deepEqual(collect(['a\n', 'b\n']), ['a', 'b']);
  assert.deepEqual(collect([]), []);
});

test('a line past the limit keeps only limit + 1 code units: still too long for the client, never held whole', () => {
  const lines = collect(['x'.repeat(5), 'y'.repeat(10_000), '\nok\n'], { maxLength: 8 });
  assert.deepEqual(lines, ['xxxxxyyyy', 'ok']);
});
