// Component data checked by kind: table, list, images, question, checklist, result; shapes a renderer can trust.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataKindFor } from '../../../src/ops/index.ts';
import { issues, lines, read } from './helpers.ts';

function closeWith(type: string, data: unknown) {
  const doc = read(lines({ op: 'open', id: '0', type }, { op: 'close', id: '0', data }));
  const n = doc.node('0')!;
  return { data: n.data, kind: n.dataKind, closed: n.closed, refused: n.refused?.code ?? null, issues: issues(doc) };
}

test('the format\'s components have their data kinds', () => {
  assert.deepEqual(
    ['Chart', 'Map', 'FollowUps', 'Gallery', 'Question', 'Checklist', 'Result', 'Card'].map(dataKindFor),
    ['table', 'table', 'list', 'images', 'question', 'checklist', 'result', undefined],
  );
});

test('table: columns and rows of cells as written', () => {
  const data = { columns: ['Week', 'Revenue'], rows: [['W1', '24100'], ['W2', 30800], ['W3', null]] };
  const r = closeWith('Chart', data);
  assert.deepEqual(r.data, data);
  assert.equal(r.kind, 'table');
});

test('table: data of the wrong shape or too big is refused; the node closes without it, marked refused', () => {
  for (const data of [{}, { columns: 'x', rows: [] }, { columns: [], rows: {} }]) {
    const r = closeWith('Chart', data);
    assert.equal(r.closed, true, JSON.stringify(data));
    assert.equal(r.data, null);
    assert.equal(r.refused, 'bad_data');
    assert.deepEqual(r.issues, ['2 bad_data']);
  }
  assert.deepEqual(closeWith('Chart', { columns: Array(65).fill('c'), rows: [] }).issues, ['2 too_large']);
  assert.deepEqual(closeWith('Chart', { columns: ['a'], rows: Array(10_001).fill(['1']) }).issues, ['2 too_large']);
  assert.deepEqual(closeWith('Chart', { columns: ['a'], rows: [Array(65).fill('1')] }).issues, ['2 too_large']);
});

test('table: a row that is no list is left out and a cell that is no cell left empty, with a warning', () => {
  assert.deepEqual(closeWith('Chart', { columns: ['a'], rows: ['x', ['1']] }), {
    data: { columns: ['a'], rows: [['1']] },
    kind: 'table',
    closed: true,
    refused: null,
    issues: ['2 dropped'],
  });
  assert.deepEqual(closeWith('Chart', { columns: [true, 'b'], rows: [[{}, Infinity]] }).data, { columns: [null, 'b'], rows: [[null, null]] });
});

test('table: the warning names the place of each cell left empty (a cell is named only when it is bad)', () => {
  const doc = read(lines({ op: 'open', id: '0', type: 'Chart' }, { op: 'close', id: '0', data: { columns: ['a', true], rows: [['1', '2'], ['3', {}]] } }));
  const message = doc.issues[0]?.message ?? '';
  assert.match(message, /data\.columns\[1\] must be text or a finite number, not true/);
  assert.match(message, /data\.rows\[1\]\[1\] must be text or a finite number, not an object/);
});

test('list: items are spans or strings, kept as written; an item that is neither is left out', () => {
  const data = { items: [[{ t: 'text', v: 'Show last year' }], 'Export'] };
  assert.deepEqual(closeWith('FollowUps', data).data, data);
  const bad = closeWith('FollowUps', { items: [3, 'kept'] });
  assert.deepEqual(bad.data, { items: ['kept'] });
  assert.deepEqual(bad.issues, ['2 dropped']);
  // A span of an unknown type inside an item is kept as its words.
  const unknown = closeWith('FollowUps', { items: [[{ t: 'x', v: 'words' }]] });
  assert.deepEqual(unknown.data, { items: [[{ t: 'text', v: 'words' }]] });
  assert.deepEqual(unknown.issues, ['2 unknown_span']);
  assert.deepEqual(closeWith('FollowUps', { items: Array(1001).fill('x') }).issues, ['2 too_large']);
  assert.deepEqual(closeWith('FollowUps', { items: 'x' }).issues, ['2 bad_data']);
});

test('images: src, alt and credit only when given; a src that is not http(s) drops the image', () => {
  const data = { images: [{ src: 'https://e.example/1.jpg', alt: 'Dunes' }, { src: 'https://e.example/2.jpg', alt: 'Oasis', credit: [{ t: 'text', v: 'NASA' }] }] };
  assert.deepEqual(closeWith('Gallery', data).data, data);
  const r = closeWith('Gallery', { images: [{ src: 'javascript:alert(1)', alt: 'x' }, { src: 'https://e.example/1.jpg' }] });
  assert.deepEqual(r.data, { images: [{ src: 'https://e.example/1.jpg', alt: '' }] });
  assert.deepEqual(r.issues, ['2 unsafe_url']);
  const notObject = closeWith('Gallery', { images: ['https://e.example/1.jpg'] });
  assert.deepEqual(notObject.data, { images: [] });
  assert.deepEqual(notObject.issues, ['2 dropped']);
});

test('question: choices and the index of the right one, or null; an answer naming no choice is no right answer', () => {
  assert.deepEqual(closeWith('Question', { items: ['a', 'b'], answer: 1 }).data, { items: ['a', 'b'], answer: 1 });
  assert.deepEqual(closeWith('Question', { items: ['a', 'b'], answer: null }).data, { items: ['a', 'b'], answer: null });
  for (const answer of [2, -1, 0.5, '1', true]) {
    const r = closeWith('Question', { items: ['a', 'b'], answer });
    assert.deepEqual(r.data, { items: ['a', 'b'], answer: null }, JSON.stringify(answer));
    assert.deepEqual(r.issues, ['2 unknown_value']);
  }
});

test('checklist: each check done or not, with its content; a check without done is left out', () => {
  const data = { checks: [{ done: true, c: [{ t: 'text', v: 'Passport' }] }, { done: false, c: 'Charger' }] };
  assert.deepEqual(closeWith('Checklist', data).data, data);
  const r = closeWith('Checklist', { checks: [{ done: 'yes', c: 'x' }, { done: false, c: 'y' }] });
  assert.deepEqual(r.data, { checks: [{ done: false, c: 'y' }] });
  assert.deepEqual(r.issues, ['2 dropped']);
});

test('result: a well-formed postfix formula and its value', () => {
  const data = { formula: ['unit_price', 'qty', '*', 2, '+'], value: 402 };
  assert.deepEqual(closeWith('Result', data).data, data);
  assert.deepEqual(closeWith('Result', { formula: ['1'], value: null }).data, { formula: ['1'], value: null });
  for (const formula of [[], ['+'], ['a', 'b'], ['a', '__proto__', '+'], ['alert(1)'], ['a', 'b', 'times'], [{}], 'a b +']) {
    const r = closeWith('Result', { formula, value: 1 });
    assert.deepEqual(r.issues, ['2 bad_data'], JSON.stringify(formula));
    assert.equal(r.refused, 'bad_data');
    assert.equal(r.closed, true);
  }
  // Names the core can make from labels are names, even those an object has (they are only ever read as own keys).
  assert.deepEqual(closeWith('Result', { formula: ['a', 'constructor', '+'], value: 1 }).issues, []);
  const value = closeWith('Result', { formula: ['1'], value: 'x' });
  assert.deepEqual(value.data, { formula: ['1'], value: null });
  assert.deepEqual(value.issues, ['2 unknown_value']);
});

test('an app\'s own component may carry data of a known kind, told by its fields', () => {
  assert.equal(closeWith('SalesTable', { columns: ['a'], rows: [] }).kind, 'table');
  assert.equal(closeWith('Steps', { items: ['a'] }).kind, 'list');
  assert.equal(closeWith('Pick', { items: ['a'], answer: 0 }).kind, 'question');
  assert.match(closeWith('Mine', { anything: 1 }).issues.join(), /bad_data/);
});

test('data: null is no data', () => {
  const r = closeWith('Chart', null);
  assert.equal(r.closed, true);
  assert.equal(r.data, null);
});

test('only the format\'s fields are kept in data', () => {
  assert.deepEqual(closeWith('FollowUps', { items: ['a'], __proto__: { x: 1 }, extra: 2 }).data, { items: ['a'] });
});
