import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazy, LoadError } from '../../src/lazy.ts';

test('loads once, and every call shares the result', async () => {
  let calls = 0;
  const load = lazy(async () => ({ n: ++calls }));
  const [a, b] = await Promise.all([load(), load()]);
  assert.equal(a, b);
  assert.equal(calls, 1);
});

test('a failure is kept, as the browser keeps a failed import(), and says to reload', async () => {
  let calls = 0;
  const boom = new Error('network');
  const load = lazy(async () => {
    calls++;
    throw boom;
  }, 'chart.js');
  for (let i = 0; i < 2; i++) {
    await assert.rejects(load(), (e: unknown) => e instanceof LoadError && e.cause === boom && /chart\.js/.test(e.message) && /Reload the page/.test(e.message));
  }
  assert.equal(calls, 1);
});
