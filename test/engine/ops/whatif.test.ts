// The What-if evaluator runs only the format's tokens on a stack, never throws, and reads nothing but the names
// in its formula; Slider names and specs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { evaluateFormula, formulaProblem, FORMULA_OPERATORS, isSliderName, labelWord, sliderName, sliderSpec, sliderValue, startingValues } from '../../../src/ops/index.ts';

const attrs = (o: Record<string, string>) => Object.freeze(Object.assign(Object.create(null), o));
const run = (tokens: unknown[], values: Record<string, number> = {}) => evaluateFormula(tokens, values);

test('numbers, names and the operators, on a stack', () => {
  assert.equal(run(['unit_price', 'qty', '*'], { unit_price: 20, qty: 10 }), 200);
  assert.equal(run([2, 3, '+', 4, '*']), 20);
  assert.equal(run(['10', '4', '-']), 6);
  assert.equal(run([7, 2, '/']), 3.5);
  assert.equal(run([2, 10, '^']), 1024);
  assert.equal(run([7, 3, '%']), 1);
  assert.equal(run([3, 'neg']), -3);
  assert.equal(run([3, 5, 'min']), 3);
  assert.equal(run([3, 5, 'max']), 5);
  assert.equal(run([2.5, 'round']), 3);
  assert.equal(run([2.7, 'floor']), 2);
  assert.equal(run([2.1, 'ceil']), 3);
  assert.equal(run([-4, 'abs']), 4);
  assert.equal(run([16, 'sqrt']), 4);
  assert.equal(run(['-1.5e2']), -150);
  assert.equal(run(['.5', 2, '*']), 1);
});

test('a Map of values works the same', () => {
  assert.equal(evaluateFormula(['a', 2, '*'], new Map([['a', 21]])), 42);
});

test('division by zero, impossible results and overflow are null', () => {
  assert.equal(run([1, 0, '/']), null);
  assert.equal(run([1, 0, '%']), null);
  assert.equal(run([-1, 'sqrt']), null);
  assert.equal(run([10, 400, '^']), null);
  assert.equal(run([1e308, 10, '*']), null);
});

test('malformed formulas are null: missing operands, leftovers, unknown tokens, missing names', () => {
  for (const f of [[], ['+'], [1, '+'], [1, 2], ['x'], ['a', 'b', '+'], ['1', 'pow'], ['2', '3', '**'], [null], [{}], [[1]], [true], ['1 + 2'], [NaN], [Infinity]]) {
    assert.equal(run(f as unknown[], { a: 1 }), null, JSON.stringify(f));
  }
  assert.equal(evaluateFormula('1 2 +', {}), null);
  assert.equal(evaluateFormula(null, {}), null);
  assert.equal(run(['a'], { a: Number.NaN }), null);
  assert.equal(run(['a'], { a: '3' as never }), null);
});

test('token count is bounded', () => {
  const long = [1, ...Array.from({ length: 127 }, () => [1, '+']).flat()];
  assert.equal(long.length, 255);
  assert.equal(run(long), 128);
  const tooLong = [1, ...Array.from({ length: 200 }, () => [1, '+']).flat()];
  assert.equal(run(tooLong), null);
});

test('a name is read only as an own property of the values: never from a prototype', () => {
  const reads: PropertyKey[] = [];
  const scope = new Proxy(
    { a: 1 },
    {
      get: (t, k, r) => (reads.push(k), Reflect.get(t, k, r)),
      has: (t, k) => (reads.push(k), Reflect.has(t, k)),
      getOwnPropertyDescriptor: (t, k) => Reflect.getOwnPropertyDescriptor(t, k),
    },
  );
  for (const tok of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__', 'call', 'apply', 'bind', 'length', 'name']) {
    assert.equal(evaluateFormula([tok], scope), null, tok);
    assert.equal(evaluateFormula([tok], new Map([['a', 1]])), null, tok);
    // Names the core can make from a label ("Length", "Name", "Constructor") are Slider names.
    assert.equal(isSliderName(tok), true, tok);
  }
  assert.deepEqual(reads, [], 'nothing but own-property checks');
  // An own property of that name is the Slider's value.
  assert.equal(evaluateFormula(['constructor', 2, '*'], { constructor: 4 }), 8);
  assert.equal(evaluateFormula(['length', 2, '*'], new Map([['length', 3]])), 6);
  // __proto__ is never a name: written as a key it would set an object's prototype.
  assert.equal(isSliderName('__proto__'), false);
  assert.equal(evaluateFormula(['__proto__'], JSON.parse('{"__proto__": 1}')), null);
});

test('property: never throws, whatever the tokens and values', () => {
  const token = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(...FORMULA_OPERATORS, 'a', 'b', 'constructor', '__proto__', 'toString', '', '1e999', '-'),
    fc.string(),
    fc.anything(),
  );
  fc.assert(
    fc.property(fc.array(token, { maxLength: 300 }), fc.dictionary(fc.string(), fc.oneof(fc.double(), fc.anything())), (tokens, values) => {
      const r = evaluateFormula(tokens, values as Record<string, number>);
      assert.ok(r === null || Number.isFinite(r));
      assert.equal(formulaProblem(tokens) === null || r === null, true);
    }),
    { numRuns: 2000 },
  );
});

test('property: reads nothing but the names in its formula', () => {
  const name = fc.constantFrom('a', 'b', 'qty', 'unit_price', 'constructor', '__proto__', 'toString', 'then', 'length');
  const token = fc.oneof(name, fc.constantFrom(...FORMULA_OPERATORS), fc.integer({ min: -9, max: 9 }), fc.string({ maxLength: 4 }));
  fc.assert(
    fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
      const reads = new Set<PropertyKey>();
      const target = Object.freeze({ a: 1, b: 2, qty: 3, unit_price: 4 });
      const scope = new Proxy(target, {
        get: (t, k, r) => (reads.add(k), Reflect.get(t, k, r)),
        has: (t, k) => (reads.add(k), Reflect.has(t, k)),
        getOwnPropertyDescriptor: (t, k) => (reads.add(k), Reflect.getOwnPropertyDescriptor(t, k)),
        ownKeys: (t) => (reads.add('<ownKeys>'), Reflect.ownKeys(t)),
      });
      evaluateFormula(tokens, scope);
      const names = new Set(tokens.filter((t) => typeof t === 'string' && isSliderName(t)));
      for (const k of reads) assert.ok(names.has(k as string), `read ${String(k)} for ${JSON.stringify(tokens)}`);
    }),
    { numRuns: 2000 },
  );
});

test('formulaProblem says what is wrong with a formula', () => {
  assert.equal(formulaProblem(['a', 'b', '*']), null);
  assert.match(formulaProblem(['a', '*'])!, /needs two values/);
  assert.match(formulaProblem(['a', 'b', '+', '+'])!, /needs two values/);
  assert.match(formulaProblem(['max', '+'])!, /whichever way its names are read/);
  assert.equal(formulaProblem(['sqrt']), null, 'a Slider may be named sqrt');
  assert.match(formulaProblem(['a', 'b'])!, /leaves 2 values/);
  assert.match(formulaProblem(['a', 'eval(1)', '+'])!, /not a number, an operator/);
  assert.match(formulaProblem('a')!, /list/);
});

test('a Slider is known by its name, or its label as one word', () => {
  assert.equal(labelWord('Unit price ($)'), 'unit_price');
  assert.equal(labelWord('  Größe / Höhe '), 'größe_höhe');
  assert.equal(sliderName(attrs({ label: 'Unit price ($)' })), 'unit_price');
  assert.equal(sliderName(attrs({ name: 'qty', label: 'Quantity' })), 'qty');
  assert.equal(sliderName(attrs({ label: 'Constructor' })), 'constructor');
  assert.equal(sliderName(attrs({ label: '2nd price' })), '2nd_price');
  assert.equal(sliderName(attrs({ name: '__proto__' })), null);
  assert.equal(sliderName(attrs({ label: '2024' })), null);
  assert.equal(sliderName(attrs({})), null);
});

test('sliderSpec reads bounds, step and starting value with defaults; values are kept in bounds', () => {
  const s = sliderSpec(attrs({ label: 'Price', min: '1', max: '50', step: '0.5', value: '80' }));
  assert.deepEqual(s, { name: 'price', label: 'Price', min: 1, max: 50, step: 0.5, value: 50 });
  assert.deepEqual(sliderSpec(attrs({ name: 'x', min: 'lots', max: '-5', step: '-1' })), { name: 'x', label: 'x', min: 0, max: 0, step: 1, value: 0 });
  assert.equal(sliderValue(s, 100), 50);
  assert.equal(sliderValue(s, 7), 7);
  assert.equal(sliderValue(s, '7'), null);
  assert.equal(sliderValue(s, Infinity), null);
});

test('startingValues gives each named Slider its starting value; the first of a name wins', () => {
  const v = startingValues([attrs({ label: 'Unit price ($)', value: '20' }), attrs({ name: 'qty', value: '10' }), attrs({ name: 'qty', value: '99' }), attrs({})]);
  assert.deepEqual([...v], [['unit_price', 20], ['qty', 10]]);
});
