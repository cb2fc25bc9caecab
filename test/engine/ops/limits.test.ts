// Limits: each enforced with a refusal before the memory it guards is spent; an app may change them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OP_LIMITS, opLimits } from '../../../src/ops/index.ts';
import { issues, lines, read } from './helpers.ts';

test('the defaults are documented numbers; changes must be whole positive numbers of known limits', () => {
  assert.equal(OP_LIMITS.maxNodes, 50_000);
  assert.ok(Object.isFrozen(OP_LIMITS));
  assert.equal(opLimits({ maxNodes: 3 }).maxNodes, 3);
  assert.throws(() => opLimits({ maxNodes: 0 }), TypeError);
  assert.throws(() => opLimits({ maxNodes: 1.5 }), TypeError);
  assert.throws(() => opLimits({ nope: 1 } as never), TypeError);
});

test('id length and depth', () => {
  assert.deepEqual(issues(read(lines({ op: 'open', id: '0'.repeat(129), type: 'p' }))), ['1 bad_id']);
  const deep = Array.from({ length: 33 }, () => '0');
  const ops: unknown[] = [];
  for (let d = 1; d <= 33; d++) ops.push({ op: 'open', id: deep.slice(0, d).join('.'), type: 'Card' });
  const doc = read(lines(...ops));
  assert.equal(doc.size, 32);
  assert.deepEqual(issues(doc), ['33 too_deep']);
});

test('number of nodes', () => {
  const doc = read(lines(...Array.from({ length: 5 }, (_, i) => ({ op: 'node', id: String(i), type: 'hr' }))), { limits: { maxNodes: 3 } });
  assert.equal(doc.size, 3);
  // Line 5 skips the position line 4 was refused for: it may take it, but the document is full.
  assert.deepEqual(issues(doc), ['4 too_many_nodes', '5 too_many_nodes']);
});

test('an index beyond any possible position is refused without a lookup', () => {
  assert.deepEqual(issues(read(lines({ op: 'open', id: '1234567', type: 'p' }))), ['1 too_many_nodes']);
});

test('text in one op, and in the whole document', () => {
  const big = 'x'.repeat(OP_LIMITS.maxOpText + 1);
  assert.deepEqual(issues(read(lines({ op: 'node', id: '0', type: 'p', spans: big }))), ['1 too_large']);
  const doc = read(lines({ op: 'node', id: '0', type: 'p', spans: 'x'.repeat(60) }, { op: 'node', id: '1', type: 'p', spans: 'x'.repeat(60) }), { limits: { maxDocumentText: 100 } });
  assert.deepEqual(issues(doc), ['2 too_large']);
});

test('a spans op replacing content frees what it replaced', () => {
  const ops: unknown[] = [{ op: 'open', id: '0', type: 'p' }];
  for (let i = 0; i < 50; i++) ops.push({ op: 'spans', id: '0', spans: 'x'.repeat(80) });
  assert.deepEqual(issues(read(lines(...ops), { limits: { maxDocumentText: 100 } })), []);
});

test('attributes: past the count, a name too long or a value too long is left out, with a warning', () => {
  const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`a${i}`, 'v']));
  const counted = read(lines({ op: 'open', id: '0', type: 'Card', attrs: many }));
  assert.deepEqual(issues(counted), ['1 dropped']);
  assert.equal(Object.keys(counted.node('0')!.attrs).length, 64);
  const name = read(lines({ op: 'open', id: '0', type: 'Card', attrs: { ['n'.repeat(65)]: 'v', ok: 'v' } }));
  assert.deepEqual(issues(name), ['1 dropped']);
  assert.deepEqual(Object.keys(name.node('0')!.attrs), ['ok']);
  const value = read(lines({ op: 'open', id: '0', type: 'Card', attrs: { a: 'v'.repeat(4097), ok: 'v' } }));
  assert.deepEqual(issues(value), ['1 dropped']);
  assert.deepEqual(Object.keys(value.node('0')!.attrs), ['ok']);
  // The op's text budget still refuses (the node keeps its place).
  const budget = read(lines({ op: 'open', id: '0', type: 'Card', attrs: { a: 'v'.repeat(4000), b: 'v'.repeat(4000) } }), { limits: { maxOpText: 5000 } });
  assert.deepEqual(issues(budget), ['1 too_large']);
  assert.equal(budget.node('0')!.refused?.code, 'too_large');
});

test('diag ops kept', () => {
  const d = { op: 'diag', line: 1, cls: 'c', detail: 'd', severity: 'note' };
  const doc = read(lines(d, d, d), { limits: { maxDiags: 2 } });
  assert.equal(doc.diags.length, 2);
  assert.deepEqual(issues(doc), ['3 too_many_diags']);
});

test('issues kept: past the limit they are only counted, after one notice', () => {
  const doc = read(lines('a', 'b', 'c', 'd', 'e'), { limits: { maxIssues: 2 } });
  assert.deepEqual(issues(doc), ['1 not_json', '2 not_json', '3 too_many_issues']);
  assert.equal(doc.issueCount, 5);
});

test('a line longer than the limit is skipped without being held', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'p', spans: 'x'.repeat(200) }, { op: 'node', id: '0', type: 'p' }), { limits: { maxLineLength: 100 } });
  assert.deepEqual(issues(doc), ['1 line_too_long']);
  assert.equal(doc.size, 1);
});
