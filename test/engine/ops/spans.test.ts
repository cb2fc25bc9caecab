// Every span type kept in the shape the format gives it; a malformed span left out (or kept as its words), never
// a reason to refuse the whole op; nesting and counts bounded, and links and images only to http(s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainText, spansOf, SPAN_TYPES, type Span } from '../../../src/ops/index.ts';
import { issues, lines, read } from './helpers.ts';

function spansOfOp(spans: unknown) {
  const doc = read(lines({ op: 'node', id: '0', type: 'p', spans }));
  return { spans: doc.node('0')?.spans, issues: issues(doc) };
}

test('the span types are the format\'s', () => {
  assert.deepEqual([...SPAN_TYPES].sort(), ['br', 'code', 'el', 'em', 'img', 'kbd', 'link', 'mark', 's', 'small', 'strong', 'sub', 'sup', 'text', 'u'].sort());
});

test('text and code keep their string', () => {
  const given = [{ t: 'text', v: 'a <b>not markup</b>' }, { t: 'code', v: 'x && y' }];
  assert.deepEqual(spansOfOp(given).spans, given);
});

for (const t of ['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd']) {
  test(`${t} holds spans`, () => {
    const given = [{ t, c: [{ t: 'text', v: 'x' }] }];
    assert.deepEqual(spansOfOp(given).spans, given);
  });
}

test('a formatting span\'s content may be a string', () => {
  assert.deepEqual(spansOfOp([{ t: 'em', c: 'x' }]).spans, [{ t: 'em', c: [{ t: 'text', v: 'x' }] }]);
});

test('br has no fields', () => assert.deepEqual(spansOfOp([{ t: 'br', extra: 1 }]).spans, [{ t: 'br' }]));

test('link keeps an http(s) href and its content', () => {
  const given = [{ t: 'link', href: 'https://example.com/a?b#c', c: [{ t: 'text', v: 'docs' }] }];
  assert.deepEqual(spansOfOp(given).spans, given);
});

test('img keeps src, alt and credit; alt defaults to ""', () => {
  const given = [{ t: 'img', src: 'http://example.com/a.png', alt: 'A', credit: [{ t: 'text', v: 'Ada' }] }];
  assert.deepEqual(spansOfOp(given).spans, given);
  assert.deepEqual(spansOfOp([{ t: 'img', src: 'https://x.example/a.png' }]).spans, [{ t: 'img', src: 'https://x.example/a.png', alt: '' }]);
});

test('el is a component in a sentence: its type, attrs and content, {} and [] when left out', () => {
  const given = [{ t: 'el', type: 'Badge', attrs: { tone: 'success' }, c: [{ t: 'text', v: 'new' }] }];
  const got = spansOfOp(given).spans as Span[];
  assert.deepEqual(JSON.parse(JSON.stringify(got)), given);
  const bare = spansOfOp([{ t: 'el', type: 'Badge' }]).spans![0] as unknown as { attrs: object; c: readonly unknown[] };
  assert.deepEqual({ ...bare.attrs }, {});
  assert.deepEqual(bare.c, []);
});

test('only the format\'s fields are kept', () => {
  assert.deepEqual(spansOfOp([{ t: 'text', v: 'x', style: 'color:red', onclick: 'alert(1)' }]).spans, [{ t: 'text', v: 'x' }]);
});

test('a malformed span is left out, or kept as its words, with a warning; the rest of the spans apply', () => {
  const cases: [unknown[], Span[], string][] = [
    [[null], [], 'dropped'],
    [[[]], [], 'dropped'],
    [['plain string in a list'], [{ t: 'text', v: 'plain string in a list' }], 'unknown_span'],
    [[{ v: 'no t' }], [{ t: 'text', v: 'no t' }], 'unknown_span'],
    [[{ t: 'blink', c: [] }], [], 'unknown_span'],
    [[{ t: 'blink', c: 'on sale' }], [{ t: 'text', v: 'on sale' }], 'unknown_span'],
    [[{ t: 'text' }], [], 'dropped'],
    [[{ t: 'text', v: 3 }], [], 'dropped'],
    [[{ t: 'code', v: null }], [], 'dropped'],
    [[{ t: 'strong' }], [], 'dropped'],
    [[{ t: 'strong', c: 5 }], [], 'dropped'],
    [[{ t: 'link', c: 'x' }], [{ t: 'text', v: 'x' }], 'dropped'],
    [[{ t: 'link', href: 5, c: 'x' }], [{ t: 'text', v: 'x' }], 'dropped'],
    [[{ t: 'img' }], [], 'dropped'],
    [[{ t: 'img', src: 'https://x.example', alt: 3 }], [{ t: 'img', src: 'https://x.example', alt: '' }], 'dropped'],
    [[{ t: 'img', src: 'https://x.example', credit: 7 }], [{ t: 'img', src: 'https://x.example', alt: '' }], 'dropped'],
    [[{ t: 'el', type: 'badge', c: 'new' }], [{ t: 'text', v: 'new' }], 'unknown_span'],
    [[{ t: 'em', c: [{ t: 'nope' }] }], [{ t: 'em', c: [] }], 'unknown_span'],
  ];
  for (const [given, kept, code] of cases) {
    const r = spansOfOp([...given, { t: 'text', v: ' after' }]);
    assert.deepEqual(r.spans, [...kept, { t: 'text', v: ' after' }], JSON.stringify(given));
    assert.deepEqual(r.issues, [`1 ${code}`], JSON.stringify(given));
  }
  // An el span's bad attribute is left out like a node's.
  const el = spansOfOp([{ t: 'el', type: 'Badge', attrs: { a: {}, tone: 'info' } }]);
  assert.deepEqual({ ...(el.spans![0] as { attrs: object }).attrs }, { tone: 'info' });
  assert.deepEqual(el.issues, ['1 dropped']);
});

test('spans that are no inline content at all refuse the op (the node keeps its place)', () => {
  for (const spans of [5, { t: 'text', v: 'not a list' }, true]) {
    const doc = read(lines({ op: 'node', id: '0', type: 'p', spans }, { op: 'node', id: '1', type: 'p', spans: 'after' }));
    assert.deepEqual(issues(doc), ['1 bad_spans'], JSON.stringify(spans));
    assert.equal(doc.node('0')!.refused?.code, 'bad_spans');
    assert.deepEqual(doc.node('1')!.spans, [{ t: 'text', v: 'after' }]);
  }
});

test('span nesting is bounded: past the limit the spans are kept as their words', () => {
  let deep: unknown = [{ t: 'text', v: 'x' }, { t: 'br' }, 'y'];
  for (let i = 0; i < 16; i++) deep = [{ t: 'em', c: deep }];
  const r = spansOfOp(deep);
  assert.deepEqual(r.issues, ['1 too_deep']);
  let inner = r.spans![0] as { c?: Span[] } & Span;
  for (let i = 0; i < 15; i++) inner = inner.c![0] as { c?: Span[] } & Span;
  assert.deepEqual(inner, { t: 'em', c: [{ t: 'text', v: 'x y' }] });
  let ok: unknown = [{ t: 'text', v: 'x' }];
  for (let i = 0; i < 15; i++) ok = [{ t: 'em', c: ok }];
  assert.deepEqual(spansOfOp(ok).issues, []);
});

test('the number of spans in one op is bounded', () => {
  const many = Array.from({ length: 10_001 }, () => ({ t: 'br' }));
  assert.deepEqual(spansOfOp(many).issues, ['1 too_large']);
  assert.deepEqual(spansOfOp(many.slice(1)).issues, []);
});

test('a link that is not http(s) keeps its content as spans, with one warning', () => {
  const r = spansOfOp([{ t: 'text', v: 'see ' }, { t: 'link', href: 'javascript:alert(1)', c: [{ t: 'strong', c: 'here' }] }]);
  assert.deepEqual(r.spans, [{ t: 'text', v: 'see ' }, { t: 'strong', c: [{ t: 'text', v: 'here' }] }]);
  assert.deepEqual(r.issues, ['1 unsafe_url']);
});

test('an image that is not http(s) is dropped, with one warning', () => {
  const r = spansOfOp([{ t: 'img', src: 'data:image/png;base64,AAAA', alt: 'x' }, { t: 'text', v: 'after' }]);
  assert.deepEqual(r.spans, [{ t: 'text', v: 'after' }]);
  assert.deepEqual(r.issues, ['1 unsafe_url']);
});

test('a paragraph resent with the same bad link warns once', () => {
  const bad = [{ t: 'link', href: 'javascript:x', c: 'a' }];
  const doc = read(lines({ op: 'open', id: '0', type: 'p' }, { op: 'spans', id: '0', spans: bad }, { op: 'spans', id: '0', spans: bad }));
  assert.deepEqual(issues(doc), ['2 unsafe_url']);
});

test('inline components and links inside credits are checked the same way', () => {
  const r = spansOfOp([{ t: 'img', src: 'https://x.example/a.png', credit: [{ t: 'link', href: 'vbscript:x', c: 'by' }] }]);
  assert.deepEqual(r.spans, [{ t: 'img', src: 'https://x.example/a.png', alt: '', credit: [{ t: 'text', v: 'by' }] }]);
});

test('markup in text is text', () => {
  const v = '<img src=x onerror=alert(1)><script>alert(1)</script>';
  assert.deepEqual(spansOfOp(v).spans, [{ t: 'text', v }]);
});

test('plainText reads the words of spans; spansOf turns data inline content into spans', () => {
  const spans: Span[] = [
    { t: 'text', v: 'a' },
    { t: 'strong', c: [{ t: 'text', v: 'b' }] },
    { t: 'br' },
    { t: 'code', v: 'c' },
    { t: 'img', src: 'https://x.example', alt: 'd' },
    { t: 'link', href: 'https://x.example', c: [{ t: 'text', v: 'e' }] },
  ];
  assert.equal(plainText(spans), 'ab cde');
  assert.equal(plainText('s'), 's');
  assert.equal(plainText(null), '');
  assert.deepEqual(spansOf('x'), [{ t: 'text', v: 'x' }]);
  assert.deepEqual(spansOf(''), []);
  assert.equal(spansOf(spans), spans);
});
