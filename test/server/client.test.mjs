// The engine's own clients against the demo server over real HTTP: the transport's two halves agree.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, person } from './helpers.mjs';
import { generate, followLive, createPress } from '../../src/omni-ir/transport/index.ts';

let server;
let me;
before(async () => {
  server = await start({ orderStepMs: 30 });
  me = await person(server);
});
after(() => server.close());

test('generate() writes the whole screen, marker first, and reports done with its live screen', async () => {
  let written = '';
  let ended = 0;
  const outcome = await generate(
    { endpoint: `${server.url}/api/generate`, prompt: 'Where is my order?', version: '0.8', headers: me },
    { write: (t) => (written += t), end: () => ended++ },
  );
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.model, 'demo-scripted');
  assert.match(outcome.screen, /^scr_/);
  assert.equal(written, '# omni-ir 0.8\n' + readFileSync(new URL('../../demo/server/model/screens/order.omni', import.meta.url), 'utf8'));
  assert.equal(ended, 1);

  const seqs = [];
  const follower = followLive({ endpoint: `${server.url}/api/live`, screen: outcome.screen, headers: me, onUpdate: (u) => seqs.push(u.seq) });
  assert.deepEqual(await follower.done, { reason: 'end' });
  assert.deepEqual(seqs, [1, 2, 3]);
});

test('generate() against an older version: the server refuses, the client asks again without it', async () => {
  let written = '';
  const outcome = await generate(
    { endpoint: `${server.url}/api/generate`, prompt: 'Sign me in', version: '0.7', headers: me },
    { write: (t) => (written += t), end() {} },
  );
  assert.equal(outcome.status, 'done');
  assert.ok(written.startsWith('# omni-ir 0.8\n'));
});

test('a press retried with its key runs once', async () => {
  const p = await person(server);
  const press = createPress({ endpoint: `${server.url}/api/mutate`, tool: 'orders.requestReturn', params: { order: '1042' }, button: 'ret', headers: p });
  const first = await press.send();
  const retry = await press.send();
  assert.equal(first.ok, true);
  assert.deepEqual(retry, first);
  const second = await createPress({ endpoint: `${server.url}/api/mutate`, tool: 'orders.requestReturn', params: { order: '1042' }, headers: p }).send();
  assert.equal(second.ok === false && second.code, 'unavailable');
});

test('followLive() stops on not_found for someone else’s screen', async () => {
  const outcome = await generate({ endpoint: `${server.url}/api/generate`, prompt: 'sales dashboard', headers: me }, { write() {}, end() {} });
  const other = await person(server);
  const follower = followLive({ endpoint: `${server.url}/api/live`, screen: outcome.screen, headers: other, onUpdate() {} });
  const stop = await follower.done;
  assert.equal(stop.reason === 'error' && stop.code, 'not_found');
});
