// Bounded speculation (axstream §5): safe steps run as they stream; under `hold` a risky step waits until the
// reply reaches its barrier (observe, done, the closing fence, or its end) before anyone is asked, and a reply cut
// off first drops it as `withdrawn`, never asked and never run. Under every policy, an approval asked while the
// reply streams is withdrawn when the reply is then cut off: the step does not run, whatever the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBurst, createRunSummary, type Step } from '../../../src/axstream/index.ts';
import { act, fakeBackend, fakeClock, later, type Ref } from './helpers.ts';

const wait = (ms: number) => act({ do: 'wait', ms });
const risky = act({ do: 'click', target: { ax: { role: 'button', title: 'Delete draft' } }, risk: 'risky' });
const save = act({ do: 'click', target: { ax: { title: 'Save' } } });

/** A burst whose approvals are recorded and answered by the test. */
function burstWith(policy: 'hold' | 'confirm' | 'allow') {
  const fake = fakeBackend();
  const asked: { step: Step<Ref>; signal: AbortSignal; answer: (yes: boolean) => void }[] = [];
  const burst = createBurst<Ref>({
    backend: fake.backend,
    clock: fakeClock(),
    policy,
    approve: (step, { signal }) => new Promise<boolean>((answer) => asked.push({ step, signal, answer })),
  });
  return { burst, fake, asked };
}

test('hold: safe steps run as they stream; a risky one is held, unasked, until the reply reaches observe', async () => {
  const { burst, fake, asked } = burstWith('hold');
  burst.write(`\`\`\`jsonl\n${wait(1)}\n${risky}\n${save}\n`);
  await later(5);
  assert.deepEqual(fake.log, ['wait 1']);
  assert.equal(asked.length, 0, 'nobody is asked while the reply is still coming');
  assert.equal(burst.steps[1]!.status, 'held');
  assert.equal(burst.steps[2]!.status, 'queued');
  burst.write('{"op":"observe"}\n');
  await later(5);
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.step.index, 1);
  asked[0]!.answer(true);
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'observe');
  assert.deepEqual(fake.log, ['wait 1', 'click @delete', 'click @save']);
});

test('hold: the closing fence is a barrier too, and so is a reply that simply ends', async () => {
  const fenced = burstWith('hold');
  fenced.burst.write(`\`\`\`\n${risky}\n`);
  await later(5);
  assert.equal(fenced.asked.length, 0);
  fenced.burst.write('```\n');
  await later(5);
  assert.equal(fenced.asked.length, 1, 'the closing fence releases the held step');
  fenced.asked[0]!.answer(true);
  fenced.burst.end();
  assert.equal((await fenced.burst.outcome).reason, 'stream_ended');
  assert.deepEqual(fenced.fake.log, ['click @delete']);

  const ended = burstWith('hold');
  ended.burst.write(`\`\`\`\n${risky}\n`);
  await later(5);
  assert.equal(ended.asked.length, 0);
  ended.burst.end();
  await later(5);
  assert.equal(ended.asked.length, 1, 'a reply that ends on a whole line is complete');
  ended.asked[0]!.answer(true);
  assert.equal((await ended.burst.outcome).reason, 'stream_ended');
  assert.deepEqual(ended.fake.log, ['click @delete']);
});

test('hold: a reply cut off while a risky step is held drops it as withdrawn: never asked, never run, nor anything after', async () => {
  const { burst, fake, asked } = burstWith('hold');
  burst.write(`\`\`\`\n${wait(1)}\n${risky}\n${save}\n{"op":"act","do":"cli`);
  await later(5);
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(asked.length, 0);
  assert.deepEqual(fake.log, ['wait 1']);
  assert.equal(outcome.reason, 'withdrawn');
  assert.equal(outcome.reason === 'withdrawn' && outcome.line, 5);
  assert.equal(outcome.reason === 'withdrawn' && outcome.step.index, 1);
  assert.match(outcome.reason === 'withdrawn' ? outcome.detail : '', /cut off in the middle of line 5/);
  assert.deepEqual(
    burst.steps.map((s) => s.status),
    ['done', 'withdrawn', 'queued'],
  );
  const summary = createRunSummary();
  summary.add(1, burst.steps, outcome, burst.issues);
  assert.match(summary.text(), /WITHDRAWN: click button "Delete draft"/i);
  assert.match(summary.text(), /ended: .*cut off/);
});

test('confirm: an approval asked while the reply streams is withdrawn when the reply is cut off, and a late yes runs nothing', async () => {
  const { burst, fake, asked } = burstWith('confirm');
  burst.write(`\`\`\`\n${risky}\n{"op":"ob`);
  await later(5);
  assert.equal(asked.length, 1, 'confirm asks at once');
  assert.equal(asked[0]!.signal.aborted, false);
  burst.end();
  await later(5);
  assert.equal(asked[0]!.signal.aborted, true, 'the dialog is told to close');
  asked[0]!.answer(true);
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'withdrawn');
  assert.deepEqual(fake.log, []);
  assert.equal(burst.steps[0]!.status, 'withdrawn');
});

test('confirm: an approval still open when the reply ends on a whole line stays open, and a yes runs the step', async () => {
  const { burst, fake, asked } = burstWith('confirm');
  burst.write(`\`\`\`\n${risky}\n`);
  await later(5);
  burst.end();
  await later(5);
  assert.equal(asked[0]!.signal.aborted, false);
  asked[0]!.answer(true);
  assert.equal((await burst.outcome).reason, 'stream_ended');
  assert.deepEqual(fake.log, ['click @delete']);
});

test('allow: nothing is held, and a cut after the risky step ran is an ordinary truncation', async () => {
  const { burst, fake } = burstWith('allow');
  burst.write(`\`\`\`\n${risky}\n{"op":"ob`);
  await later(5);
  assert.deepEqual(fake.log, ['click @delete']);
  burst.end();
  assert.equal((await burst.outcome).reason, 'truncated');
});
