import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkParams, confirmationSentence, fill, paramWords, plainValue, reviewAction, type JsonSchema } from '../../../src/actions/index.ts';

const tools: Record<string, JsonSchema> = {
  'payments.confirm': {
    type: 'object',
    properties: { amount: { type: 'number', minimum: 0 }, note: { type: 'string', maxLength: 5 } },
    required: ['amount'],
    additionalProperties: false,
  },
  'anything.goes': true,
};

test('a registered tool with matching params passes, with no confirmation when none is set', async () => {
  assert.deepEqual(await reviewAction('payments.confirm', { amount: 3 }, { tools }), { ok: true, confirmation: null });
});

test('an unregistered tool is blocked, also one named like an Object.prototype member', async () => {
  for (const tool of ['orders.cancel', 'toString', '__proto__', 'constructor']) {
    const r = await reviewAction(tool, {}, { tools });
    assert.equal(r.ok, false, tool);
    assert.equal(!r.ok && r.reason, 'tool', tool);
  }
});

test('params that break the schema are blocked, each problem naming its field', async () => {
  const r = await reviewAction('payments.confirm', { amount: -1, note: 'too long' }, { tools });
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.equal(r.reason, 'params');
  const paths = r.problems.map((p) => p.path).sort();
  assert.deepEqual(paths, ['amount', 'note']);
  assert.match(r.message, /amount: /);
});

test('a missing required param is named by its own name', async () => {
  const problems = await checkParams(tools['payments.confirm'], {});
  assert.deepEqual(problems.map((p) => [p.path, p.keyword]), [['amount', 'required']]);
});

test('an extra param is refused when the schema says so', async () => {
  const problems = await checkParams(tools['payments.confirm'], { amount: 1, extra: 1 });
  assert.ok(problems.length > 0);
});

test('a schema that is broken is a problem, never a pass', async () => {
  const problems = await checkParams({ $ref: '#/nowhere' } as never, { a: 1 });
  assert.equal(problems.length, 1);
});

test('a confirmation template is filled once with the params as plain text', async () => {
  const r = await reviewAction('payments.confirm', { amount: 12, note: '{x}' }, { tools, confirm: { 'payments.confirm': 'Pay {amount} ({note})?' } });
  assert.deepEqual(r, { ok: true, confirmation: 'Pay 12 ({x})?' });
});

test('a confirmation function writes the sentence; one that throws or returns no string blocks', async () => {
  assert.deepEqual(confirmationSentence((p) => `Pay ${String(p['amount'])}?`, { amount: 2 }), { ok: true, sentence: 'Pay 2?' });
  const threw = await reviewAction('payments.confirm', { amount: 1 }, { tools, confirm: { 'payments.confirm': () => { throw new Error('x'); } } });
  assert.equal(!threw.ok && threw.reason, 'confirm-failed');
  const notText = await reviewAction('payments.confirm', { amount: 1 }, { tools, confirm: { 'payments.confirm': (() => 42) as never } });
  assert.equal(!notText.ok && notText.reason, 'confirm-failed');
});

test('param words: null is empty, objects are compact JSON, long values are cut', () => {
  assert.deepEqual(paramWords({ a: null, b: true, c: [1, 2], d: 'x' }), { a: '', b: 'true', c: '[1,2]', d: 'x' });
  assert.equal(plainValue('y'.repeat(500)).length, 200);
});

test('fill leaves unknown placeholders and never fills twice', () => {
  assert.equal(fill('{a} {b} {', { a: '{b}' }), '{b} {b} {');
});
