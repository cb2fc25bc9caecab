// Component state: checked per type (bad shapes refused with a message), initial state from the document,
// signals per node, and the AG-UI shared-state mapping under morphscreen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from '../../../src/signals.js';
import { checkState, ComponentStates, initialState, SHARED_STATE_KEY, sharedStatesFor, withSharedState } from '../../../src/ops/index.ts';
import { lines, read } from './helpers.ts';

const answer = lines(
  { op: 'open', id: '0', type: 'Quiz' },
  { op: 'open', id: '0.0', type: 'Question', attrs: { q: 'a?' } },
  { op: 'close', id: '0.0', data: { items: ['x', 'y'], answer: 0 } },
  { op: 'open', id: '0.1', type: 'Question', attrs: { q: 'b?' } },
  { op: 'close', id: '0.1', data: { items: ['x', 'y', 'z'], answer: 2 } },
  { op: 'close', id: '0' },
  { op: 'open', id: '1', type: 'Checklist', attrs: { name: 'packing' } },
  { op: 'close', id: '1', data: { checks: [{ done: true, c: 'Passport' }, { done: false, c: 'Charger' }, { done: true, c: 'Tickets' }] } },
  { op: 'open', id: '2', type: 'WhatIf' },
  { op: 'node', id: '2.0', type: 'Slider', attrs: { label: 'Unit price ($)', min: '1', max: '50', value: '20' } },
  { op: 'node', id: '2.1', type: 'Slider', attrs: { name: 'qty', value: '10' } },
  { op: 'close', id: '2' },
  { op: 'node', id: '3', type: 'Poll', attrs: { name: 'lunch', options: 'Tacos|Pizza' } },
  { op: 'node', id: '4', type: 'Flashcards' },
  { op: 'open', id: '5', type: 'Form' },
  { op: 'node', id: '5.0', type: 'Input', attrs: { name: 'email' } },
  { op: 'node', id: '5.1', type: 'Slider', attrs: { name: 'age' } },
  { op: 'node', id: '5.2', type: 'File', attrs: { name: 'cv' } },
  { op: 'close', id: '5' },
  { op: 'node', id: '6', type: 'p', spans: 'no state' },
);

test('each component\'s state shape, checked', () => {
  assert.deepEqual(checkState('Quiz', { answers: [1, null] }), { ok: true, state: { answers: [1, null] } });
  assert.deepEqual(checkState('Flashcards', { known: [3, 1, 3] }), { ok: true, state: { known: [1, 3] } });
  assert.deepEqual(checkState('Poll', { vote: 'Pizza' }), { ok: true, state: { vote: 'Pizza' } });
  assert.deepEqual(checkState('Poll', { vote: null }), { ok: true, state: { vote: null } });
  assert.deepEqual(checkState('Checklist', { done: [0, 2] }), { ok: true, state: { done: [0, 2] } });
  assert.deepEqual(checkState('WhatIf', { values: { qty: 3 } }), { ok: true, state: { values: { qty: 3 } } });
  assert.deepEqual(checkState('Form', { fields: { email: 'a', n: 2, ok: true, tags: ['x'] } }), { ok: true, state: { fields: { email: 'a', n: 2, ok: true, tags: ['x'] } } });
});

test('bad shapes are refused with a clear message', () => {
  const bad: [string, unknown, RegExp][] = [
    ['Quiz', { answers: 'x' }, /answers/],
    ['Quiz', { answers: [-1] }, /index or null/],
    ['Quiz', [], /object/],
    ['Flashcards', { known: [1.5] }, /whole numbers/],
    ['Poll', { vote: 3 }, /vote/],
    ['Checklist', { done: {} }, /indexes/],
    ['WhatIf', { values: { qty: '3' } }, /must be a number/],
    ['WhatIf', { values: { 'a b': 1 } }, /no slider/],
    ['WhatIf', { values: [] }, /values/],
    ['Form', { fields: { a: { nested: 1 } } }, /options/],
    ['Form', { fields: { constructor: 'x' } }, /can't be used/],
    ['Card', {}, /no state/],
    ['Quiz', null, /object/],
  ];
  for (const [type, value, message] of bad) {
    const r = checkState(type, value);
    assert.equal(r.ok, false, `${type} ${JSON.stringify(value)}`);
    assert.match((r as { message: string }).message, message);
  }
});

test('a __proto__ key is refused or stays a harmless key', () => {
  const r = checkState('Form', JSON.parse('{"fields":{"__proto__":{"polluted":1}}}'));
  assert.equal(r.ok, false);
  const w = checkState('WhatIf', JSON.parse('{"values":{"__proto__":1}}'));
  assert.equal(w.ok, false);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
});

test('checked against the document: counts, choices, sliders and fields', () => {
  const doc = read(answer);
  const states = new ComponentStates(doc);
  assert.match((states.set('0', { answers: [0, 3] }) as { message: string }).message, /has 3 choices/);
  assert.match((states.set('0', { answers: [0, 1, 1] }) as { message: string }).message, /3 answers for 2 questions/);
  assert.deepEqual(states.set('0', { answers: [1] }), { ok: true, state: { answers: [1, null] } });
  assert.match((states.set('1', { done: [3] }) as { message: string }).message, /only 3/);
  assert.match((states.set('2', { values: { price: 3 } }) as { message: string }).message, /no slider "price"/);
  assert.match((states.set('5', { fields: { cv: [] } }) as { message: string }).message, /stays on the device/);
  assert.match((states.set('5', { fields: { age: 'old' } }) as { message: string }).message, /must be a number/);
  assert.match((states.set('5', { fields: { nope: 'x' } }) as { message: string }).message, /no field/);
  assert.match((states.set('6', {}) as { message: string }).message, /no state/);
  assert.match((states.set('99', {}) as { message: string }).message, /no node/);
});

test('initial state comes from the document', () => {
  const doc = read(answer);
  assert.deepEqual(initialState(doc, '0'), { answers: [null, null] });
  assert.deepEqual(initialState(doc, '1'), { done: [0, 2] });
  assert.deepEqual(initialState(doc, '2'), { values: { unit_price: 20, qty: 10 } });
  assert.deepEqual(initialState(doc, '3'), { vote: null });
  assert.deepEqual(initialState(doc, '4'), { known: [] });
  assert.deepEqual(initialState(doc, '5'), { fields: {} });
  assert.equal(initialState(doc, '6'), null);
});

test('ComponentStates: tracked per node, saved as plain JSON, loaded with the refusals listed', () => {
  const doc = read(answer);
  const states = new ComponentStates(doc);
  let runs = 0;
  const c = new Signal.Computed(() => (runs++, states.get('3')));
  const w = new Signal.subtle.Watcher(() => {});
  w.watch(c);
  assert.deepEqual(c.get(), { vote: null });
  states.set('1', { done: [1] });
  c.get();
  assert.equal(runs, 1, 'another node\'s state re-runs nothing here');
  assert.equal(states.set('3', { vote: 'Burgers' }).ok, false, 'a vote for no option of the Poll');
  states.set('3', { vote: 'Tacos' });
  assert.deepEqual(c.get(), { vote: 'Tacos' });
  assert.deepEqual(JSON.parse(JSON.stringify(states)), { '1': { done: [1] }, '3': { vote: 'Tacos' } });
  const fresh = new ComponentStates(doc);
  assert.deepEqual(fresh.load({ '1': { done: [0] }, '3': { vote: 5 } }).map((p) => p.node), ['3']);
  assert.deepEqual(fresh.get('1'), { done: [0] });
  fresh.clear('1');
  assert.deepEqual(fresh.get('1'), { done: [0, 2] });
  assert.equal(fresh.load('x').length, 1);
});

test('AG-UI shared state: morphscreen, by message id, by node id', () => {
  assert.equal(SHARED_STATE_KEY, 'morphscreen');
  const shared = { other: { keep: true }, morphscreen: { m0: { '9': { vote: 'x' } } } };
  const next = withSharedState(shared, 'm1', '0', { answers: [1] });
  assert.deepEqual(next, { other: { keep: true }, morphscreen: { m0: { '9': { vote: 'x' } }, m1: { '0': { answers: [1] } } } });
  assert.deepEqual(shared.morphscreen, { m0: { '9': { vote: 'x' } } }, 'the given object is not changed');
  assert.deepEqual([...sharedStatesFor(next, 'm1')], [['0', { answers: [1] }]]);
  assert.deepEqual(withSharedState(next, 'm1', '0', null).morphscreen, { m0: { '9': { vote: 'x' } }, m1: {} });
  assert.deepEqual(withSharedState(undefined, 'm', '1', { known: [] }), { morphscreen: { m: { '1': { known: [] } } } });
  assert.throws(() => withSharedState([], 'm', '1', null), TypeError);
});

test('shared state from an agent is read by own properties only; __proto__ ids are harmless', () => {
  assert.deepEqual([...sharedStatesFor({ morphscreen: Object.create({ m: { '0': {} } }) }, 'm')], []);
  assert.deepEqual([...sharedStatesFor(null, 'm')], []);
  assert.deepEqual([...sharedStatesFor({ morphscreen: { m: [1] } }, 'm')], []);
  assert.deepEqual([...sharedStatesFor({ morphscreen: {} }, 'toString')], []);
  const evil = JSON.parse('{"morphscreen":{"__proto__":{"__proto__":{"polluted":1}}}}');
  assert.deepEqual([...sharedStatesFor(evil, '__proto__')], [['__proto__', { polluted: 1 }]]);
  const written = withSharedState(evil, '__proto__', '__proto__', { vote: null });
  assert.equal(Object.getPrototypeOf(written['morphscreen']), Object.prototype);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  assert.equal(JSON.stringify(written), '{"morphscreen":{"__proto__":{"__proto__":{"vote":null}}}}');
});

test('while a component is still open, only the shape of its state is checked', () => {
  const states = new ComponentStates(read(lines({ op: 'open', id: '0', type: 'Quiz' }, { op: 'open', id: '0.0', type: 'Question' })));
  assert.equal(states.set('0', { answers: [2, 1, 0] }).ok, true);
  assert.equal(states.set('0', { answers: 'x' }).ok, false);
});
