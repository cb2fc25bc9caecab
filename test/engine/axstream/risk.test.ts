// Risk: safe steps run eagerly; a risky step is held under the policy (confirm asks, refuse refuses, allow runs);
// refusal ends the burst.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBurst, type Step } from '../../../src/axstream/index.ts';
import { act, fakeBackend, fence, later, runBurst, type Ref } from './helpers.ts';

const risky = act({ do: 'click', target: { ax: { title: 'Delete draft' } }, risk: 'risky' });
const wait = (ms: number) => act({ do: 'wait', ms });

test('confirm: an approved risky step runs, and the steps after it too', async () => {
  const asked: Step<Ref>[] = [];
  const r = await runBurst(fence(wait(1), risky, wait(2)), { policy: 'confirm', approve: (s) => (asked.push(s), true) });
  assert.deepEqual(r.log, ['wait 1', 'click @delete', 'wait 2']);
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.status, 'held');
  assert.equal(asked[0]!.index, 1);
  assert.equal(r.outcome.reason, 'stream_ended');
});

test('confirm: a refused risky step ends the burst as risk_refused and nothing after it runs', async () => {
  const r = await runBurst(fence(wait(1), risky, wait(2)), { approve: () => false });
  assert.deepEqual(r.log, ['wait 1']);
  assert.equal(r.outcome.reason, 'risk_refused');
  assert.deepEqual(
    r.steps.map((s) => s.status),
    ['done', 'refused', 'queued'],
  );
});

test('confirm is the default, and with no one to ask it refuses', async () => {
  const r = await runBurst(fence(risky));
  assert.equal(r.outcome.reason, 'risk_refused');
  assert.deepEqual(r.log, []);
});

test('only true approves: a truthy answer or a throwing approve refuses', async () => {
  const truthy = await runBurst(fence(risky), { approve: () => 'yes' as unknown as boolean });
  assert.equal(truthy.outcome.reason, 'risk_refused');
  const throwing = await runBurst(fence(risky), {
    approve: () => {
      throw new Error('dialog broke');
    },
  });
  assert.equal(throwing.outcome.reason, 'risk_refused');
  assert.match(throwing.steps[0]!.error!, /dialog broke/);
});

test('refuse: risky steps never run and approve is never asked', async () => {
  const r = await runBurst(fence(wait(1), risky), { policy: 'refuse', approve: () => assert.fail('not to be asked') });
  assert.deepEqual(r.log, ['wait 1']);
  assert.equal(r.outcome.reason, 'risk_refused');
});

test('allow: risky steps run like any other', async () => {
  const r = await runBurst(fence(risky), { policy: 'allow', approve: () => assert.fail('not to be asked') });
  assert.deepEqual(r.log, ['click @delete']);
});

test('safe steps before a risky one run while the model is still writing; lines after it wait for the answer', async () => {
  const fake = fakeBackend();
  let answer!: (yes: boolean) => void;
  const statuses: string[] = [];
  const burst = createBurst<Ref>({ backend: fake.backend, approve: () => new Promise<boolean>((r) => (answer = r)) });
  burst.onStep((s) => statuses.push(`${s.index} ${s.status}`));
  burst.write(`\`\`\`\n${wait(1)}\n`);
  await later(5);
  assert.deepEqual(fake.log, ['wait 1'], 'the safe step ran before the stream ended');
  burst.write(`${risky}\n${wait(2)}\n`);
  await later(5);
  assert.deepEqual(fake.log, ['wait 1']);
  assert.ok(statuses.includes('1 held'));
  assert.ok(statuses.includes('2 queued'));
  answer(true);
  burst.end();
  await burst.outcome;
  assert.deepEqual(fake.log, ['wait 1', 'click @delete', 'wait 2']);
});

test('assert, observe and done are never risky, whatever the line says', async () => {
  const r = await runBurst(fence('{"op":"assert","target":{"ax":{"title":"Save"}},"risk":"risky"}', '{"op":"done","status":"success","risk":"risky"}'));
  assert.equal(r.outcome.reason, 'done');
  assert.deepEqual(
    r.steps.map((s) => s.risk),
    ['safe', 'safe'],
  );
});
