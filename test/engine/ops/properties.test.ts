// Property tests: random op sequences (valid, broken and hostile) never throw, keep the tree consistent, and
// give the same document however they are chunked, and as SSE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { snapshotDocument, type OpDocument } from '../../../src/ops/index.ts';
import { asSse, encode, read } from './helpers.ts';

const ids = fc.constantFrom('0', '1', '2', '0.0', '0.1', '0.2', '1.0', '1.1', '0.0.0', '0.0.1', '0.1.0', '3', '01', '0..1', '', '9.9');
const types = fc.constantFrom('p', 'h', 'ul', 'ol', 'li', 'table', 'row', 'cell', 'code', 'quote', 'hr', 'Card', 'Chart', 'Question', 'Result', 'FollowUps', 'Gallery', 'Checklist', 'div', 'Timeline');
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('<script>alert(1)</script>', '👋🏽', 'é', '\u2028', ''));
const span: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  span: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ t: fc.constant('text'), v: text }),
    fc.record({ t: fc.constant('code'), v: text }),
    fc.record({ t: fc.constantFrom('strong', 'em', 'kbd', 'sub'), c: fc.oneof(text, fc.array(tie('span'), { maxLength: 3 })) }),
    fc.record({ t: fc.constant('link'), href: fc.constantFrom('https://e.example/a', 'javascript:alert(1)', '//x', 'data:,x'), c: fc.array(tie('span'), { maxLength: 2 }) }),
    fc.record({ t: fc.constant('img'), src: fc.constantFrom('https://e.example/a.png', 'javascript:x', 'a.png'), alt: text }),
    fc.constant({ t: 'br' }),
    fc.record({ t: fc.constant('el'), type: fc.constantFrom('Badge', 'badge'), c: fc.array(tie('span'), { maxLength: 2 }) }),
    fc.anything({ maxDepth: 1 }),
  ),
})).span;
const spans = fc.oneof(text, fc.array(span, { maxLength: 4 }), fc.anything({ maxDepth: 1 }));
const attrs = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom({ level: '2' }, { task: 'done' }, { head: true }, { align: 'right' }, { title: 'x', wide: true }, { level: 9 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 4 }), fc.constant(true), fc.integer())),
);
const data = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    { columns: ['a', 'b'], rows: [['1', 2]] },
    { items: ['a', [{ t: 'text', v: 'b' }]] },
    { items: ['a', 'b'], answer: 1 },
    { items: ['a'], answer: 4 },
    { images: [{ src: 'https://e.example/1.jpg', alt: 'x' }, { src: 'javascript:x', alt: 'y' }] },
    { checks: [{ done: true, c: 'x' }] },
    { formula: ['a', 'b', '+'], value: 3 },
    { formula: ['constructor'], value: 1 },
  ),
  fc.anything({ maxDepth: 2 }),
);
const op = fc.oneof(
  fc.record({ op: fc.constant('open'), id: ids, type: types, attrs }, { requiredKeys: ['op', 'id', 'type'] }),
  fc.record({ op: fc.constant('node'), id: ids, type: types, attrs, spans, data }, { requiredKeys: ['op', 'id', 'type'] }),
  fc.record({ op: fc.constant('spans'), id: ids, spans }),
  fc.record({ op: fc.constant('close'), id: ids, data }, { requiredKeys: ['op', 'id'] }),
  fc.record({ op: fc.constant('diag'), line: fc.integer({ min: -1, max: 9 }), cls: fc.constantFrom('coerced', ''), detail: text, severity: fc.constantFrom('note', 'error', 'x') }),
  fc.record({ op: fc.constant('end'), complete: fc.boolean(), truncated: fc.oneof(fc.boolean(), fc.constant('no')) }),
  fc.anything({ maxDepth: 2 }),
);
const line = fc.oneof({ weight: 9, arbitrary: op.map((o) => JSON.stringify(o) ?? 'undefined') }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }).filter((s) => !s.includes('\n')) });
const stream = fc.array(line, { maxLength: 40 }).map((ls) => ls.join('\n') + '\n');

function consistent(doc: OpDocument) {
  for (const id of doc.roots) assert.equal(doc.node(id)!.parent, null);
  const visit = (id: string) => {
    const n = doc.node(id)!;
    n.children.forEach((c, i) => {
      const child = doc.node(c)!;
      assert.equal(child.parent, id);
      assert.equal(child.index, i);
      if (n.closed) assert.equal(child.closed, true, `${c} open inside closed ${id}`);
      visit(c);
    });
  };
  doc.roots.forEach(visit);
}

function cuts(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of at) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

test('random op sequences never throw, keep the tree consistent, and never depend on chunking', () => {
  fc.assert(
    fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (text, points) => {
      const whole = read(text);
      consistent(whole);
      const want = JSON.stringify(snapshotDocument(whole));
      assert.equal(JSON.stringify(snapshotDocument(read(cuts(encode(text), points)))), want);
      assert.equal(JSON.stringify(snapshotDocument(read(cuts(encode(text), [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144])))), want);
    }),
    { numRuns: 400 },
  );
});

test('random op sequences give the same document as SSE', () => {
  fc.assert(
    fc.property(stream, fc.array(fc.nat(), { maxLength: 8 }), (text, points) => {
      const plain = snapshotDocument(read(text, { transport: 'lines' }));
      const sse = snapshotDocument(read(cuts(encode(asSse(text)), points), { transport: 'sse' }));
      assert.deepEqual({ nodes: sse.nodes, roots: sse.roots, end: sse.end }, { nodes: plain.nodes, roots: plain.roots, end: plain.end });
      assert.equal(sse.rejected.length, plain.rejected.length);
    }),
    { numRuns: 300 },
  );
});

test('whatever is accepted, no link or image in the document leads anywhere but http(s)', () => {
  fc.assert(
    fc.property(stream, (text) => {
      const json = JSON.stringify(snapshotDocument(read(text)));
      for (const m of json.matchAll(/"(?:href|src)":"([^"]*)"/g)) assert.match(m[1]!, /^https?:\/\//);
    }),
    { numRuns: 300 },
  );
});
