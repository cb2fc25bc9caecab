import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasOwn, ownValue } from '../../../src/stream/ownProperty.ts';

test('hasOwn: own keys only, never what a prototype gives, and false for nothing', () => {
  const table: Record<string, string> = { Card: 'x-card' };
  assert.equal(hasOwn(table, 'Card'), true);
  for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(hasOwn(table, key), false, key);
  assert.equal(hasOwn(Object.create({ Card: 'inherited' }), 'Card'), false);
  assert.equal(hasOwn(JSON.parse('{"__proto__": 1}'), '__proto__'), true, 'a __proto__ key parsed from JSON is its own');
  assert.equal(hasOwn(Object.create(null), 'x'), false);
  assert.equal(hasOwn(null, 'x'), false);
  assert.equal(hasOwn(undefined, 'x'), false);
  // An object whose own hasOwnProperty lies is still read truly.
  assert.equal(hasOwn({ hasOwnProperty: () => true }, 'x'), false);
});

test('ownValue: the own value of an object, undefined for inherited keys, arrays and non-objects', () => {
  assert.equal(ownValue({ a: 1 }, 'a'), 1);
  assert.equal(ownValue({ a: undefined }, 'a'), undefined);
  assert.equal(ownValue({}, 'constructor'), undefined);
  assert.equal(ownValue(Object.create({ a: 1 }), 'a'), undefined);
  assert.equal(ownValue(['x'], '0'), undefined);
  assert.equal(ownValue(['x'], 'length'), undefined);
  for (const v of [null, undefined, 'a', 1, true]) assert.equal(ownValue(v, 'a'), undefined);
  const nested = JSON.parse('{"morphscreen": {"m1": {"n1": {"done": [0]}}}}');
  assert.deepEqual(ownValue(ownValue(ownValue(nested, 'morphscreen'), 'm1'), 'n1'), { done: [0] });
});
