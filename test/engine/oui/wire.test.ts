// What arrives from the other side of a transport is untrusted: it is copied within limits, never throws, and
// never changes a prototype.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readJson, toWireJson, jsonEqual } from '../../../src/oui/json.ts';
import { readActionRequest, readActionResult, readCancel, readDispatch, readObservationUpdate, readRegistration, readDeregistration } from '../../../src/oui/index.ts';
import { utf8Length } from '../../../src/oui/json.ts';
import { todoSurface } from './helpers.ts';

test('a __proto__ key is left out at any depth, counted, and no prototype changes', () => {
  const raw = JSON.parse('{"a":1,"__proto__":{"polluted":true},"list":[{"__proto__":{"polluted":true},"b":2}],"constructor":{"prototype":{"polluted":true}}}');
  const read = readJson(raw);
  assert.equal(read.ok, true);
  if (!read.ok) return;
  assert.equal(read.dropped, 2);
  const v = read.value as any;
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  assert.equal(Object.prototype.hasOwnProperty.call(v, '__proto__'), false);
  assert.equal(v.polluted, undefined);
  assert.equal(v.list[0].b, 2);
  assert.equal(Object.getPrototypeOf(v.list[0]), Object.prototype);
  assert.deepEqual(v.constructor, { prototype: { polluted: true } }, 'an own "constructor" key is plain data');
  assert.equal(({} as any).polluted, undefined);
});

test('what JSON cannot hold is refused with its reason', () => {
  const cases: [unknown, RegExp][] = [
    [{ a: NaN }, /not finite/],
    [{ a: Infinity }, /not finite/],
    [{ a: 1n }, /bigint/],
    [{ a: () => 1 }, /function/],
    [{ a: Symbol('x') }, /symbol/],
    [{ a: new Date() }, /not plain data/],
    [{ a: new Map() }, /not plain data/],
    [[undefined], /undefined/],
    [{ get a() { throw new Error('boom'); } }, /could not be read/],
    [new Proxy({}, { ownKeys() { throw new Error('trap'); } }), /could not be read/],
  ];
  for (const [value, why] of cases) {
    const read = readJson(value);
    assert.equal(read.ok, false);
    assert.match(!read.ok ? read.reason : '', why);
  }
});

test('limits: depth, values and characters are bounded, and a deep nest does not overflow the stack', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assert.match((readJson(deep) as any).reason, /nesting deeper than 32/);
  assert.match((readJson(new Array(30_000).fill(0)) as any).reason, /more than 20000 values/);
  const sparse: unknown[] = [];
  sparse.length = 2 ** 31;
  assert.match((readJson(sparse) as any).reason, /more than 20000 values/);
  assert.match((readJson({ big: 'x'.repeat(2_000_001) }) as any).reason, /characters/);
  assert.equal(readJson({ ok: 'x'.repeat(100_000) }).ok, true, 'large within reason passes');
  assert.equal(readJson({ a: [1, 2] }, { maxDepth: 1 }).ok, false);
});

test('undefined members are left out as JSON leaves them', () => {
  assert.deepEqual((readJson({ a: undefined, b: 1 }) as any).value, { b: 1 });
});

test('toWireJson: our own values through JSON rules; cycles and bigints refused', () => {
  const when = new Date(0);
  assert.deepEqual((toWireJson({ when, gone: undefined, list: [undefined] }) as any).value, { when: when.toJSON(), list: [null] });
  const cyclic: any = {};
  cyclic.self = cyclic;
  assert.equal(toWireJson(cyclic).ok, false);
  assert.equal(toWireJson(1n).ok, false);
  assert.deepEqual(toWireJson(undefined), { ok: true, value: undefined, dropped: 0 });
});

test('jsonEqual is deep, and key order does not matter', () => {
  assert.equal(jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] }), true);
  assert.equal(jsonEqual({ a: 1 }, { a: 1, b: 2 }), false);
  assert.equal(jsonEqual([1], { 0: 1 }), false);
});

test('action:request: fields checked, params default to {}, a missing timestamp is now', () => {
  const now = () => 42;
  assert.deepEqual(readActionRequest({ requestId: 'r', surfaceId: 's', actionId: 'a' }, undefined, now), {
    ok: true,
    dropped: 0,
    value: { requestId: 'r', surfaceId: 's', actionId: 'a', params: {}, timestamp: 42 },
  });
  const bad: unknown[] = [
    null,
    'text',
    [],
    { surfaceId: 's', actionId: 'a' },
    { requestId: '', surfaceId: 's', actionId: 'a' },
    { requestId: 'r'.repeat(300), surfaceId: 's', actionId: 'a' },
    { requestId: 'r', surfaceId: 's', actionId: 'a', params: [] },
    { requestId: 'r', surfaceId: 's', actionId: 'a', params: 'x' },
    { requestId: 'r', surfaceId: 's', actionId: 'a', timestamp: '1' },
    { requestId: 1, surfaceId: 's', actionId: 'a' },
  ];
  for (const b of bad) assert.equal(readActionRequest(b).ok, false, JSON.stringify(b));
});

test('action:result: a failure needs its error; progress is 0–100; kinds are checked', () => {
  const base = { requestId: 'r', surfaceId: 's', actionId: 'a', timestamp: 1 };
  assert.equal(readActionResult({ ...base, success: true, data: { x: 1 }, progress: 50, interim: true, durationMs: 3 }).ok, true);
  assert.equal(readActionResult({ ...base, success: false, error: { code: 'TIMEOUT', message: 'late' } }).ok, true);
  for (const b of [
    { ...base, success: 'yes' },
    { ...base, success: false },
    { ...base, success: false, error: { code: 'X' } },
    { ...base, success: true, progress: 101 },
    { ...base, success: true, progress: -1 },
    { ...base, success: true, interim: 'no' },
    { ...base, success: true, durationMs: -5 },
    { requestId: 'r', success: true, timestamp: 1 },
  ]) {
    assert.equal(readActionResult(b).ok, false, JSON.stringify(b));
  }
});

test('observation:update, surface:register and surface:deregister are checked too', () => {
  assert.deepEqual((readObservationUpdate({ surfaceId: 's', observationId: 'o', timestamp: 1 }) as any).value.value, null);
  assert.equal(readObservationUpdate({ surfaceId: 's', timestamp: 1 }).ok, false);
  assert.equal(readRegistration({ surface: todoSurface(), timestamp: 1 }).ok, true);
  const refused = readRegistration({ surface: todoSurface({ id: '' }), timestamp: 1 });
  assert.match(!refused.ok ? refused.reason : '', /non-empty string/);
  assert.equal(readRegistration({ surface: todoSurface({ id: 'documentEditor' }), timestamp: 1 }).ok, true, 'any non-empty id, as 0.1.0 declares');
  assert.deepEqual((readRegistration({ surface: todoSurface(), timestamp: 1, capabilities: ['action:result'] }) as any).value.capabilities, ['action:result']);
  assert.equal(readRegistration({ surface: todoSurface(), timestamp: 1, capabilities: 'all' }).ok, false);
  assert.equal(readDeregistration({ surfaceId: 's', timestamp: 1 }).ok, true);
  assert.equal(readDeregistration({ surfaceId: 5 }).ok, false);
});

test('dispatch: 0.1.0\'s four fields, our request id and deadlines when present; unknown fields left out', () => {
  const now = () => 42;
  assert.deepEqual(readDispatch({ surfaceId: 's', actionId: 'a', params: { x: 1 }, timestamp: 7, extra: 'ignored' }, undefined, now), {
    ok: true,
    dropped: 0,
    value: { surfaceId: 's', actionId: 'a', params: { x: 1 }, timestamp: 7 },
  });
  assert.deepEqual((readDispatch({ requestId: 'r', surfaceId: 's', actionId: 'a', timeoutMs: 1500, maxWaitMs: 0 }, undefined, now) as any).value, {
    surfaceId: 's',
    actionId: 'a',
    params: {},
    timestamp: 42,
    requestId: 'r',
    timeoutMs: 1500,
    maxWaitMs: 0,
  });
  for (const b of [{ surfaceId: 's', actionId: 'a', requestId: '' }, { surfaceId: 's', actionId: 'a', timeoutMs: -1 }, { surfaceId: 's', actionId: 'a', maxWaitMs: 'soon' }, { surfaceId: 's', actionId: 'a', timeoutMs: Infinity }]) {
    assert.equal(readDispatch(b).ok, false, JSON.stringify(b));
  }
});

test('action:cancel: the surface, the request id, a bounded reason', () => {
  assert.equal(readCancel({ surfaceId: 's', requestId: 'r', reason: 'gave up', timestamp: 1 }).ok, true);
  for (const b of [{ surfaceId: 's' }, { requestId: 'r' }, { surfaceId: 's', requestId: 'r', reason: 'x'.repeat(1001) }, { surfaceId: 's', requestId: 'r', reason: 5 }]) {
    assert.equal(readCancel(b).ok, false, JSON.stringify(b));
  }
});

test('utf8Length counts bytes as TextEncoder does, without encoding', () => {
  for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00x', 'ü'.repeat(100)]) {
    assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
  }
});
