// The result never depends on how the stream is split ([3.1]–[3.4]); each test is named after its boundary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';
import { parse, parseChunked, DEFAULT_REGISTRIES } from './helpers.js';

const SCREEN = [
  '# omni-ir 0.8',
  'root = Card([title, amount, note, pay], title="Café ☕ 日本 😀")',
  'title = Heading("Confirm \\"payment\\"\\nnow")',
  '$amount = 42.50',
  'amount = Text($amount, format="currency", currency="USD")',
  '$note = ""',
  'note = Input($note, label="Note", placeholder="e.g. table 4")',
  'pay = Button("Pay now", action="pay")',
  'm = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: $note})',
  'bad = Text("unterminated',
  'x = Text("C:\\data")  # a comment',
].join('\r\n');

function same(text: string, sizes: number[]) {
  assert.deepEqual(parseChunked(text, sizes).result(), parse(text).result(), `chunks of ${sizes.join(',')}`);
}

test('every chunk size from 1 to 40 bytes gives the same result', () => {
  for (let n = 1; n <= 40; n++) same(SCREEN, [n]);
  same(SCREEN, [1, 2, 3, 5, 8, 13, 21]);
});

test('a multi-byte character split across chunks (2-, 3- and 4-byte UTF-8)', () => {
  const text = 'root = Text("é☕😀")\n';
  const bytes = new TextEncoder().encode(text);
  const start = text.indexOf('é');
  for (let cut = start + 1; cut < bytes.length - 3; cut++) {
    const p = createOmniParser(DEFAULT_REGISTRIES);
    p.write(bytes.subarray(0, cut));
    p.write(bytes.subarray(cut));
    p.end();
    assert.equal(p.document.node('root')!.props.text, 'é☕😀', `cut at byte ${cut}`);
  }
});

test('a CR LF line ending split between chunks', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Stack([a])\r');
  p.write('\na = Divider()\r');
  p.write('\n');
  p.end();
  assert.deepEqual(p.result().issues, []);
  assert.deepEqual(Object.keys(p.result().nodes).sort(), ['a', 'root']);
});

test('a chunk ending right after an escape backslash', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Text("say \\');
  p.write('"hi\\');
  p.write('"")\n');
  p.end();
  assert.equal(p.document.node('root')!.props.text, 'say "hi"');
});

test('a chunk ending inside a string, inside a number and inside an id', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  for (const piece of ['root = St', 'ack([ite', 'm])\nitem = Text(12', '.5', 'e1, tone="mu', 'ted")\n']) p.write(piece);
  p.end();
  assert.deepEqual(p.result().nodes.item, { type: 'Text', props: { text: 125, tone: 'muted' }, children: [] });
});

test('a final line without a line ending, split across chunks, is processed at end ([3.4])', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Div');
  p.write('ider()');
  assert.equal(p.document.node('root'), undefined, 'not before the end');
  p.end();
  assert.equal(p.document.node('root')!.type, 'Divider');
});

test('a chunk boundary right after a line ending applies the line at once', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Divider()\n');
  assert.equal(p.document.node('root')!.type, 'Divider');
  assert.equal(p.document.status('root'), 'ready');
});

test('an over-long line split across many chunks is skipped and the next line is read ([3.7])', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Stack([a])\nt = Text("');
  for (let i = 0; i < 100; i++) p.write('x'.repeat(1000));
  p.write('")\na = Divider()\n');
  p.end();
  assert.deepEqual(p.result().issues, [{ line: 2, code: 'line_too_long' }]);
  assert.deepEqual(Object.keys(p.result().nodes).sort(), ['a', 'root']);
});

test('a line of exactly 16,384 characters is read; one more is too long', () => {
  const body = (n: number) => `t = Text("${'x'.repeat(n - 12)}")`;
  assert.equal(body(16384).length, 16384);
  assert.deepEqual(parse([body(16384), 'root = Divider()']).result().issues, [{ line: 1, code: 'invalid_props' }]);
  assert.deepEqual(parse([body(16385), 'root = Divider()']).result().issues, [{ line: 1, code: 'line_too_long' }]);
});

test('text and bytes may be mixed, and ArrayBuffers are accepted', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const bytes = new TextEncoder().encode('root = Text("☕")\n');
  p.write(bytes.subarray(0, 14));
  p.write(bytes.slice(14).buffer);
  p.write('a = Divider()\n');
  p.end();
  assert.equal(p.document.node('root')!.props.text, '☕');
  assert.ok(p.document.node('a'));
});

test('an invalid byte sequence becomes U+FFFD and reading carries on ([3.1])', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write(new Uint8Array([...new TextEncoder().encode('root = Text("a'), 0xff, ...new TextEncoder().encode('b")\n')]));
  p.end();
  assert.equal(p.document.node('root')!.props.text, 'a\ufffdb');
});

test('write after end throws; end twice is harmless', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.end();
  p.end();
  assert.throws(() => p.write('x'));
  assert.equal(p.ended, true);
});

test('a byte order mark at the start is dropped, whether the stream comes as text or bytes', () => {
  const text = '\ufeff# omni-ir 99.0\nroot = Divider()\n';
  const a = parse(text);
  const b = parseChunked(text, [1]);
  assert.deepEqual(a.result(), b.result());
  assert.deepEqual(a.result().issues, [{ line: 1, code: 'newer_version' }]);
});
