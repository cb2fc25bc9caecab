import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseErrorBody } from '../../../src/transport/index.js';

test('10.2: {"error": {code, message, retryable}} is read', () => {
  assert.deepEqual(parseErrorBody('{"error":{"code":"rate_limited","message":"Slow.","retryable":true,"extra":1}}'), {
    code: 'rate_limited',
    message: 'Slow.',
    retryable: true,
  });
});

test('10.14: issues are kept, each with a path and a message (missing ones as empty text)', () => {
  const body = parseErrorBody(
    JSON.stringify({ error: { code: 'invalid_params', message: 'No.', retryable: false, issues: [{ path: '/a', message: 'bad' }, { path: 3 }, 'x', null] } }),
  );
  assert.deepEqual(body?.issues, [
    { path: '/a', message: 'bad' },
    { path: '', message: '' },
  ]);
});

test('10.3: anything else is null, never a throw', () => {
  for (const text of ['', 'not json', '<html>', '[]', 'null', '{}', '{"error":"x"}', '{"error":{"code":"","message":"m","retryable":true}}',
    '{"error":{"code":"c","message":1,"retryable":true}}', '{"error":{"code":"c","message":"m","retryable":"yes"}}', '{"error":[]}']) {
    assert.equal(parseErrorBody(text), null, text);
  }
});
