// Gaps and retries (issue 28, item 1): one unreadable or missing op line no longer ends the answer. A position
// skipped under an open parent, where a line was refused that could have held it, becomes a gap (a refused node
// standing for the part that could not be read) and what follows draws; a later good op for a refused or skipped
// position fills it (a model's retry). A skip nothing refused can account for is still refused (`id_skips`), as the
// conformance suite's `ids-are-positions` case asks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issues, lines, read, snap } from './helpers.ts';

type Doc = ReturnType<typeof read>;

/** Each top-level node as its words, or `[gap]`/`[refused]` where a refused node stands. */
function shown(doc: Doc, ids: readonly string[] = doc.roots): string[] {
  return ids.map((id) => {
    const n = doc.node(id)!;
    if (n.refused?.what === 'node') return n.type === '' ? '[gap]' : '[refused]';
    const own = n.spans.map((s) => ('v' in s ? s.v : '')).join('');
    return n.children.length ? `${own}(${shown(doc, n.children).join(', ')})` : own;
  });
}

const p = (id: string, text: string) => ({ op: 'node', id, type: 'p', spans: text });
const list = (id: string, ...items: string[]) => [
  { op: 'open', id, type: 'ul' },
  ...items.map((t, i) => ({ op: 'node', id: `${id}.${i}`, type: 'li', spans: t })),
  { op: 'close', id },
];

/** The issue's stream with `bad` in place of `p 1`. */
const around = (bad: string) => lines(p('0', 'First paragraph'), bad, p('2', 'Third paragraph'), ...list('3', 'one', 'two'));

test('the issue: a line cut off mid-JSON in place of p 1; p 2 and the list 3 still draw, 1 is a gap', () => {
  const doc = read(around('{"op":"node","id":"1","type":"p","spa'));
  assert.deepEqual(shown(doc), ['First paragraph', '[gap]', 'Third paragraph', '(one, two)']);
  assert.deepEqual(issues(doc), ['2 not_json', '3 id_skips']);
  assert.equal(doc.issues[1]!.severity, 'warning', 'the skip is tolerated: "2" applied');
  const gap = doc.node('1')!;
  assert.equal(gap.refused?.code, 'id_skips');
  assert.equal(gap.refused?.content, true, 'a renderer shows that something is missing there');
  assert.equal(gap.closed, true);
  // The conformance view leaves the gap out, as any refused node.
  assert.deepEqual(snap(doc).roots, ['0', '2', '3']);
});

test('an op name the format lacks, a line over maxLineLength, an unreadable id: each leaves a gap, the rest draws', () => {
  const ways = [
    JSON.stringify({ op: 'nod', id: '1', type: 'p', spans: 'x' }),
    JSON.stringify({ op: 'node', id: '1', type: 'p', spans: 'x'.repeat(400) }),
    JSON.stringify({ op: 'node', id: '01', type: 'p', spans: 'x' }),
    '[1,2]',
  ];
  for (const bad of ways) {
    const doc = read(around(bad), { limits: { maxLineLength: 300 } });
    assert.deepEqual(shown(doc), ['First paragraph', '[gap]', 'Third paragraph', '(one, two)'], bad.slice(0, 40));
  }
});

test('a gap inside a list: the item after a lost one draws, the lost one is a gap in the list', () => {
  const doc = read(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', spans: 'a' }, 'oops', { op: 'node', id: '0.2', type: 'li', spans: 'c' }, { op: 'close', id: '0' }));
  assert.deepEqual(shown(doc), ['(a, [gap], c)']);
  assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1', '0.2']);
});

test('two ops swapped: the later siblings still draw; the refused one becomes a gap when the next skips it', () => {
  const doc = read(lines(p('0', 'a'), p('2', 'c'), p('1', 'b'), p('3', 'd'), p('4', 'e')));
  assert.deepEqual(shown(doc), ['a', 'b', '[gap]', 'd', 'e']);
  assert.deepEqual(issues(doc), ['2 id_skips', '4 id_skips']);
  assert.deepEqual(
    doc.issues.map((i) => i.severity),
    ['error', 'warning'],
  );
});

test('a skip nothing refused accounts for is still refused (the conformance case ids-are-positions)', () => {
  const doc = read(lines(p('0', 'a'), p('2', 'skipped'), p('1', 'b')));
  assert.deepEqual(shown(doc), ['a', 'b']);
  assert.deepEqual(snap(doc).rejected, [2]);
  // One refused line accounts for one position, not for any number of them.
  const far = read(lines(p('0', 'a'), 'oops', p('5', 'far')));
  assert.deepEqual(shown(far), ['a']);
  assert.deepEqual(issues(far), ['2 not_json', '3 id_skips']);
});

test('a retry fills a gap: a later good op for a skipped position shows there', () => {
  const doc = read(lines(p('0', 'a'), 'oops', p('2', 'c'), p('1', 'b, again')));
  assert.deepEqual(shown(doc), ['a', 'b, again', 'c']);
  assert.deepEqual(snap(doc).roots, ['0', '1', '2']);
  assert.equal(doc.node('1')!.line, 4);
});

test('a retry fills a refused node: a node refused (a type the format lacks), then a good open of the same id', () => {
  // Attributes no longer refuse a node (a bad value is dropped with a warning); a type still does.
  const doc = read(
    lines(
      p('0', 'a'),
      { op: 'node', id: '1', type: 'header', attrs: { level: '2' }, spans: 'bad' },
      { op: 'open', id: '1', type: 'h', attrs: { level: '2' } },
      { op: 'spans', id: '1', spans: 'Good heading' },
      { op: 'close', id: '1' },
      p('2', 'c'),
    ),
  );
  assert.deepEqual(issues(doc), ['2 bad_type']);
  const n = doc.node('1')!;
  assert.equal(n.refused, null);
  assert.equal(n.type, 'h');
  assert.deepEqual({ ...n.attrs }, { level: '2' });
  assert.deepEqual(shown(doc), ['a', 'Good heading', 'c']);
  assert.equal(snap(doc).nodes['1']!.closed, true);
});

test('a retry is refused where the node applied, under a closed parent, or where the refused node holds children', () => {
  // The first node that applied stays (duplicate-id-refused).
  const dup = read(lines(p('0', 'first'), p('0', 'second')));
  assert.deepEqual(issues(dup), ['2 duplicate_id']);
  // A list closed: its gap stays a gap (a closed node never changes).
  const closed = read(lines({ op: 'open', id: '0', type: 'ul' }, 'oops', { op: 'node', id: '0.1', type: 'li', spans: 'b' }, { op: 'close', id: '0' }, { op: 'node', id: '0.0', type: 'li', spans: 'late' }));
  assert.deepEqual(shown(closed), ['([gap], b)']);
  assert.deepEqual(issues(closed).at(-1), '5 parent_closed');
  // A refused node that took children keeps them and its refusal.
  const held = read(lines({ op: 'open', id: '0', type: 'div' }, p('0.0', 'inside'), { op: 'open', id: '0', type: 'Card' }));
  assert.deepEqual(issues(held), ['1 bad_type', '3 duplicate_id']);
});

test('a retry of an open node that is still open replaces it, and the node closes once', () => {
  const doc = read(lines({ op: 'open', id: '0', type: 'div' }, { op: 'open', id: '0', type: 'quote' }, { op: 'spans', id: '0', spans: 'said' }, { op: 'end', complete: true, truncated: false }));
  assert.deepEqual(shown(doc), ['said']);
  assert.deepEqual(doc.end!.closedOpen, ['0']);
  assert.deepEqual(doc.openIds(), []);
});

test('gaps count as nodes: a skip that would pass maxNodes is refused as too_many_nodes', () => {
  const doc = read(lines(p('0', 'a'), 'x', 'y', p('3', 'd')), { limits: { maxNodes: 3 } });
  assert.deepEqual(issues(doc), ['2 not_json', '3 not_json', '4 too_many_nodes']);
  assert.equal(doc.size, 1);
});

test('each refused line accounts for one gap once: work per line stays proportional to the input', () => {
  const bad = Array.from({ length: 3 }, () => 'oops');
  const doc = read(lines(p('0', 'a'), ...bad, p('4', 'e'), p('9', 'far')));
  assert.deepEqual(shown(doc), ['a', '[gap]', '[gap]', '[gap]', 'e']);
  assert.deepEqual(issues(doc).at(-1), '6 id_skips');
});
