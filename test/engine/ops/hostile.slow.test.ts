// A hostile stream: a million small ops, enormous ids, deep nesting, script URLs and markup in text. It settles
// into refusals without throwing, holds no more than the limits allow, and lets nothing unsafe through. (Time is
// printed as a diagnostic, never asserted; bench/ops.mjs measures speed.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOpStream, OP_LIMITS, snapshotDocument } from '../../../src/ops/index.ts';

/** Feeds generated lines in chunks of about 64 KB, as a network would. */
function feed(write: (chunk: string) => void, count: number, lineAt: (i: number) => string) {
  let buf: string[] = [];
  let size = 0;
  for (let i = 0; i < count; i++) {
    const l = lineAt(i);
    buf.push(l);
    size += l.length;
    if (size > 65_536) {
      write(buf.join(''));
      buf = [];
      size = 0;
    }
  }
  write(buf.join(''));
}

test('a million small ops settle: the node limit holds and issues are capped', (t) => {
  const s = createOpStream();
  const start = performance.now();
  feed((c) => s.write(c), 1_000_000, (i) => `{"op":"node","id":"${i}","type":"p","spans":"x"}\n`);
  s.end();
  t.diagnostic(`1,000,000 ops in ${Math.round(performance.now() - start)} ms`);
  assert.equal(s.document.size, OP_LIMITS.maxNodes);
  assert.equal(s.document.issues.length, OP_LIMITS.maxIssues + 1);
  assert.equal(s.document.issueCount, 1_000_000 - OP_LIMITS.maxNodes);
});

test('a million spans ops on one paragraph keep only the last', (t) => {
  const s = createOpStream();
  const start = performance.now();
  s.write('{"op":"open","id":"0","type":"p"}\n');
  feed((c) => s.write(c), 1_000_000, (i) => `{"op":"spans","id":"0","spans":[{"t":"text","v":"word ${i}"}]}\n`);
  s.end();
  t.diagnostic(`1,000,000 spans ops in ${Math.round(performance.now() - start)} ms`);
  assert.deepEqual(s.document.node('0')!.spans, [{ t: 'text', v: 'word 999999' }]);
  assert.equal(s.document.issues.length, 0);
});

test('enormous ids, deep ids, deep spans and enormous lines are refused (or cut down) in one step each', (t) => {
  const s = createOpStream();
  const start = performance.now();
  const deepId = Array.from({ length: 100_000 }, () => '0').join('.');
  s.write(`{"op":"open","id":"${deepId}","type":"p"}\n`);
  s.write(`{"op":"open","id":"${'9'.repeat(500_000)}","type":"p"}\n`);
  // Spans nested past the depth limit are kept as their words, but 50,000 of them are over the op's span budget.
  let nested = '{"t":"text","v":"x"}';
  for (let i = 0; i < 50_000; i++) nested = `{"t":"em","c":[${nested}]}`;
  s.write(`{"op":"node","id":"0","type":"p","spans":[${nested}]}\n`);
  s.write(`{"op":"node","id":"0","type":"p","spans":"${'x'.repeat(2_000_000)}"}\n`);
  // Attributes past the limit are left out without being looked at.
  s.write(`{"op":"node","id":"1","type":"Card","attrs":{${Array.from({ length: 50_000 }, (_, i) => `"a${i}":"v"`).join(',')}}}\n`);
  s.write(`{"op":"node","id":"2","type":"p","spans":[${Array.from({ length: 20_000 }, () => '{"t":"br"}').join(',')}]}\n`);
  let arr = '1';
  for (let i = 0; i < 100_000; i++) arr = `[${arr}]`;
  s.write(`{"op":"open","id":"3","type":"Chart"}\n{"op":"close","id":"3","data":{"columns":${arr},"rows":[]}}\n`);
  s.end();
  t.diagnostic(`hostile lines in ${Math.round(performance.now() - start)} ms`);
  const doc = s.document;
  assert.deepEqual(
    doc.issues.map((i) => `${i.line} ${i.code}`),
    ['1 bad_id', '2 bad_id', '3 too_large', '4 line_too_long', '5 dropped', '6 too_large', '8 dropped'],
  );
  // The refused nodes keep their places; what applied holds no more than the limits.
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.equal(doc.node('0')!.refused?.code, 'too_large');
  assert.equal(Object.keys(doc.node('1')!.attrs).length, 64);
  assert.equal(doc.node('2')!.refused?.code, 'too_large');
  assert.deepEqual(doc.node('3')!.data, { columns: [null], rows: [] });
});

test('script URLs and markup arrive as text, never as links or images', () => {
  const s = createOpStream();
  const evil = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example', '\u0000javascript:x'];
  evil.forEach((href, i) => {
    s.write(JSON.stringify({ op: 'node', id: String(i), type: 'p', spans: [{ t: 'link', href, c: '<b onclick="x">click</b>' }, { t: 'img', src: href, alt: '<img src=x onerror=alert(1)>' }] }) + '\n');
  });
  s.write(JSON.stringify({ op: 'node', id: String(evil.length), type: 'Gallery', data: { images: evil.map((src) => ({ src, alt: 'x' })) } }) + '\n');
  s.end();
  const snap = snapshotDocument(s.document);
  const json = JSON.stringify(snap);
  assert.doesNotMatch(json, /"href"|"src"/);
  assert.deepEqual(snap.nodes['0']!.spans, [{ t: 'text', v: '<b onclick="x">click</b>' }]);
  assert.deepEqual(snap.nodes[String(evil.length)]!.data, { images: [] });
  assert.equal(s.document.issues.filter((i) => i.code === 'unsafe_url').length, evil.length + 1);
});
