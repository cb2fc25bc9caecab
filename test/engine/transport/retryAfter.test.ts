import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRetryAfter } from '../../../src/transport/index.js';

test('Retry-After in seconds', () => {
  assert.equal(parseRetryAfter('30'), 30);
  assert.equal(parseRetryAfter(' 0 '), 0);
});

test('Retry-After as an HTTP date: the seconds left, rounded up, never negative', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
  assert.equal(parseRetryAfter('Wed, 21 Oct 2026 07:28:10 GMT', now), 10);
  assert.equal(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now + 500), 0);
  assert.equal(parseRetryAfter('Wed, 21 Oct 2026 07:20:00 GMT', now), 0);
});

test('missing or unreadable: undefined', () => {
  for (const value of [null, '', 'soon', 'in a minute']) assert.equal(parseRetryAfter(value), undefined, String(value));
});
