import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  matchesSeal,
  paramDetails,
  paramsDigest,
  pastDeadline,
  sealParams,
  sha256,
} from '../../../src/actions/index.ts';

test('sha256 matches the standard digest, across block borders and for any character', () => {
  for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(63), 'a'.repeat(64), 'a'.repeat(65), 'é€😀\u202E'.repeat(97)]) {
    assert.equal(sha256(text), createHash('sha256').update(text, 'utf8').digest('hex'), `length ${text.length}`);
  }
});

test('canonical JSON does not depend on the order keys were written in', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' } }), canonicalJson({ a: { c: 'x', d: [1, 2] }, b: 1 }));
  assert.equal(canonicalJson({ b: 1, a: 2 }), '{"a":2,"b":1}');
});

test('canonical JSON keeps apart what JSON would merge', () => {
  const texts = [
    { a: undefined },
    {},
    { a: null },
    { a: Number.NaN },
    { a: 0 },
    { a: -0 },
    { a: 'null' },
    { a: 1n },
    { a: '1n' },
    { a: [undefined] },
    { a: [null] },
    { a: new Date(0) },
    { a: '1970-01-01T00:00:00.000Z' },
    { a: new Map([['x', 1]]) },
    { a: { x: 1 } },
    { a: new Set([1]) },
    { a: [1] },
  ].map((v) => canonicalJson(v));
  assert.equal(new Set(texts).size, texts.length, texts.join('\n'));
});

test('canonical JSON names a cycle instead of looping, and refuses nesting past its limit', () => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  assert.equal(canonicalJson(o), '{"a":1,"self":cycle}');
  // The same object twice (not a cycle) is written twice.
  const shared = { x: 1 };
  assert.equal(canonicalJson({ a: shared, b: shared }), '{"a":{"x":1},"b":{"x":1}}');
  let deep: unknown = 1;
  for (let i = 0; i < 300; i++) deep = [deep];
  assert.throws(() => canonicalJson(deep), RangeError);
});

test('a seal matches the same params, written in any order, and nothing else', () => {
  const seal = sealParams({ to: 'ana', amount: 20, memo: { lines: ['a', 'b'] } });
  assert.match(seal.digest, /^[0-9a-f]{64}$/);
  assert.equal(matchesSeal(seal, { memo: { lines: ['a', 'b'] }, amount: 20, to: 'ana' }), true);
  assert.equal(matchesSeal(seal, { to: 'mallory', amount: 20, memo: { lines: ['a', 'b'] } }), false);
  assert.equal(matchesSeal(seal, { to: 'ana', amount: 20, memo: { lines: ['a', 'b', 'c'] } }), false);
  assert.equal(matchesSeal(seal, { to: 'ana', amount: 20 }), false);
});

test('a seal sees an object mutated after it was taken', () => {
  const params = { to: 'ana', items: [{ id: 1 }] };
  const seal = sealParams(params);
  params.items[0]!.id = 2;
  assert.equal(matchesSeal(seal, params), false);
});

test('params that answer differently when read again, or throw, do not match', () => {
  let n = 0;
  const shifty = {
    get amount() {
      return n++ === 0 ? 1 : 1_000_000;
    },
  };
  const seal = sealParams(shifty);
  assert.equal(matchesSeal(seal, shifty), false);
  let fail = false;
  const throwing = {
    get amount() {
      if (fail) throw new Error('gone');
      return 1;
    },
  };
  const seal2 = sealParams(throwing);
  fail = true;
  assert.equal(matchesSeal(seal2, throwing), false);
  assert.equal(paramsDigest({ a: 1 }), paramsDigest({ a: 1 }));
});

test('the repro of issue 15: required params first, every one of ten shown, each value whole', () => {
  const params: Record<string, unknown> = {};
  for (let i = 1; i <= 8; i++) params[`note${i}`] = `note ${i} `.repeat(60);
  params.to = 'mallory';
  params.amount = 1_000_000;
  const schema = { type: 'object', required: ['to', 'amount'], properties: {} };
  const details = paramDetails(params, schema);
  assert.equal(details.length, 10);
  assert.deepEqual(
    details.map((d) => d.name),
    ['to', 'amount', 'note1', 'note2', 'note3', 'note4', 'note5', 'note6', 'note7', 'note8'],
  );
  assert.deepEqual(details.slice(0, 2), [
    { name: 'to', value: 'mallory', required: true },
    { name: 'amount', value: '1000000', required: true },
  ]);
  assert.equal(details[2]!.value, params.note1);
  assert.equal(details[2]!.value!.length, 'note 1 '.length * 60);
  assert.ok(details.slice(2).every((d) => !d.required));
});

test('param details: required names not sent are not invented, empty values are null, objects are whole JSON', () => {
  const long = 'x'.repeat(5000);
  const details = paramDetails({ a: null, b: '', c: { deep: [long] }, d: false }, { required: ['z', 'c', 'c'] });
  assert.deepEqual(
    details.map((d) => [d.name, d.required]),
    [
      ['c', true],
      ['a', false],
      ['b', false],
      ['d', false],
    ],
  );
  assert.equal(details[0]!.value, JSON.stringify({ deep: [long] }, null, 2));
  assert.equal(details[1]!.value, null);
  assert.equal(details[2]!.value, null);
  assert.equal(details[3]!.value, 'false');
  assert.equal(paramDetails({ a: 1 }, true)[0]!.required, false);
});

test('a deadline passes at its instant, not before; none never passes; an unreadable one counts as passed', () => {
  assert.equal(pastDeadline(undefined, 10), false);
  assert.equal(pastDeadline(11, 10), false);
  assert.equal(pastDeadline(10, 10), true);
  assert.equal(pastDeadline(9, 10), true);
  assert.equal(pastDeadline(Number.NaN, 10), true);
  assert.equal(pastDeadline(Number.POSITIVE_INFINITY, 10), false);
});
