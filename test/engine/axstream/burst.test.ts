// The burst controller: strict order, one step at a time, queueing while a step runs, each barrier and its
// outcome, step states as listeners see them, wait_until, and stopping at any moment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBurst, type AxNode, type Step } from '../../../src/axstream/index.ts';
import { act, ending, fakeBackend, fakeClock, fence, later, runBurst, screen, type Ref } from './helpers.ts';

const wait = (ms: number) => act({ do: 'wait', ms });

test('observe ends the burst: nothing after it runs or is reported', async () => {
  const r = await runBurst(fence(wait(1), '{"op":"observe"}', wait(2), 'junk'));
  assert.deepEqual(r.log, ['wait 1']);
  assert.deepEqual(ending(r.outcome), { reason: 'observe' });
  assert.deepEqual(r.dropped, []);
  assert.equal(r.steps.length, 2, 'lines after observe are not even read');
});

test('done ends the task with its status, and a failure with its reason', async () => {
  const ok = await runBurst(fence(wait(1), '{"op":"done","status":"success"}', wait(2)));
  assert.deepEqual(ending(ok.outcome), { reason: 'done', status: 'success' });
  assert.deepEqual(ok.log, ['wait 1']);
  const failed = await runBurst(fence('{"op":"done","status":"failure","reason":"no export option"}'));
  assert.deepEqual(ending(failed.outcome), { reason: 'done', status: 'failure', detail: 'no export option' });
});

test('a failed assert aborts the burst; a passing one lets it go on', async () => {
  const failed = await runBurst(fence('{"op":"assert","target":{"ax":{"title":"Publish"}}}', wait(1)));
  assert.equal(failed.outcome.reason, 'assert_failed');
  assert.deepEqual(failed.log, []);
  const passed = await runBurst(fence('{"op":"assert","target":{"ax":{"role":"AXButton","title":"Save"}}}', wait(1)));
  assert.deepEqual(passed.log, ['wait 1']);
  assert.equal(passed.steps[0]!.status, 'done');
});

test('a failed action ends the burst as action_failed, its error on the step and in the outcome', async () => {
  const r = await runBurst(fence(wait(1), act({ do: 'open', target: 'https://evil.example/' }), wait(2)), {
    fake: { fail: (a) => (a.do === 'open' ? 'origin not allowed' : undefined) },
  });
  assert.deepEqual(r.log, ['wait 1']);
  assert.equal(r.outcome.reason, 'action_failed');
  assert.match(r.steps[1]!.error!, /open failed: origin not allowed/);
  assert.match(r.outcome.reason === 'action_failed' ? r.outcome.detail : '', /origin not allowed/);
});

test('the stream ending without a barrier ends the burst as stream_ended, after every queued step ran', async () => {
  const r = await runBurst(fence(wait(1), wait(2)), { fake: { delay: () => 5 } });
  assert.deepEqual(r.log, ['wait 1', 'wait 2']);
  assert.deepEqual(ending(r.outcome), { reason: 'stream_ended' });
});

test('steps run one at a time, in order; lines that arrive while a step runs are queued', async () => {
  const fake = fakeBackend({ delay: (a) => (a.do === 'wait' ? 40 : 0) });
  let running = 0;
  let most = 0;
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.onStep((s) => {
    if (s.status === 'running') most = Math.max(most, ++running);
    if (s.status === 'done' || s.status === 'failed') running--;
  });
  burst.write(`\`\`\`\n${wait(40)}\n`);
  await later(5);
  burst.write(`${act({ do: 'type', text: 'a' })}\n${act({ do: 'type', text: 'b' })}\n`);
  assert.deepEqual(
    burst.steps.map((s) => s.status),
    ['running', 'queued', 'queued'],
  );
  burst.end();
  await burst.outcome;
  assert.deepEqual(fake.log, ['wait 40', 'type "a"', 'type "b"']);
  assert.equal(most, 1);
});

test('listeners see each state in order, with index, action, line and error', async () => {
  const seen: string[] = [];
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.onStep((s: Step<Ref>) => seen.push(`${s.index}@${s.line} ${s.action.op === 'act' ? s.action.do : s.action.op} ${s.status}${s.error ? ` (${s.error})` : ''}`));
  burst.write(fence(wait(1), act({ do: 'click', target: { ax: { id: 'nope' } } })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(seen, [
    '0@2 wait queued',
    // The first step starts the moment its line is read, before the next line is.
    '0@2 wait running',
    '1@3 click queued',
    '0@2 wait done',
    '1@3 click running',
    '1@3 click failed (no element matches nope)',
  ]);
});

test('steps are frozen snapshots: a kept one never changes under its listener', async () => {
  const kept: Step<Ref>[] = [];
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.onStep((s) => kept.push(s));
  burst.write(fence(wait(1)));
  burst.end();
  await burst.outcome;
  assert.deepEqual(
    kept.map((s) => s.status),
    ['queued', 'running', 'done'],
  );
  assert.ok(Object.isFrozen(kept[0]));
});

test('a listener that throws does not stop the burst or the other listeners', async () => {
  const reported: unknown[] = [];
  const original = globalThis.reportError;
  globalThis.reportError = (e: unknown) => void reported.push(e);
  try {
    const fake = fakeBackend();
    const burst = createBurst<Ref>({ backend: fake.backend });
    let heard = 0;
    burst.onStep(() => {
      throw new Error('listener bug');
    });
    burst.onStep(() => heard++);
    burst.write(fence(wait(1)));
    burst.end();
    await burst.outcome;
    assert.deepEqual(fake.log, ['wait 1']);
    assert.equal(heard, 3);
    assert.equal(reported.length, 3);
  } finally {
    globalThis.reportError = original;
  }
});

test('wait_until polls the live tree every poll_ms until the element appears', async () => {
  let polls = 0;
  let tree: AxNode<Ref>[] = [];
  const clock = fakeClock();
  const fake = fakeBackend({ tree: () => (++polls === 4 && (tree = screen(['share', 'dialog', 'Share'])), tree) });
  const burst = createBurst<Ref>({ backend: fake.backend, clock });
  burst.write(fence(act({ do: 'wait_until', target: { ax: { role: 'dialog', title: 'share' } }, poll_ms: 50 }), act({ do: 'click', target: { ax: { title: 'Share' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'stream_ended');
  assert.deepEqual(clock.slept, [50, 50, 50]);
  assert.deepEqual(fake.log, ['click @share'], 'wait_until itself never reaches act()');
  assert.equal(burst.steps[0]!.resolved?.target?.kind, 'element');
});

test('wait_until that never finds its element fails after timeout_ms, the last poll cut to fit', async () => {
  const clock = fakeClock();
  const r = await runBurst(fence(act({ do: 'wait_until', target: { ax: { title: 'Never' } }, timeout_ms: 300, poll_ms: 120 }), wait(1)), { clock });
  assert.equal(r.outcome.reason, 'action_failed');
  assert.deepEqual(clock.slept, [120, 120, 60]);
  assert.match(r.steps[0]!.error!, /did not appear within 300 ms/);
  assert.deepEqual(r.log, []);
});

test('wait_until with timeout 0 looks once', async () => {
  const clock = fakeClock();
  const r = await runBurst(fence(act({ do: 'wait_until', target: { ax: { title: 'Save' } }, timeout_ms: 0 })), { clock });
  assert.equal(r.outcome.reason, 'stream_ended');
  assert.deepEqual(clock.slept, []);
});

test('stop during a running step: outcome aborted at once, the step failed, later steps never run', async () => {
  const fake = fakeBackend({ delay: () => 10_000 });
  const controller = new AbortController();
  const burst = createBurst<Ref>({ backend: fake.backend, signal: controller.signal });
  burst.write(fence(wait(10_000), wait(1)));
  await later(5);
  controller.abort();
  // "At once": the outcome settles on the abort, long before the step's 10 s would end (no speed is asserted: a
  // busy machine may take a while, never 5 s).
  const late = new Promise<'late'>((resolve) => setTimeout(resolve, 5_000, 'late').unref());
  const outcome = await Promise.race([burst.outcome, late]);
  assert.notEqual(outcome, 'late', 'the outcome settled on the abort, not when the step ended');
  if (outcome === 'late') return;
  assert.equal(outcome.reason, 'aborted');
  assert.equal(burst.steps[0]!.status, 'failed');
  assert.equal(burst.steps[1]!.status, 'queued');
  burst.write('more text after the stop is ignored\n');
});

test('stop during an approval: the approval is told through its signal, the step fails, nothing runs', async () => {
  const fake = fakeBackend();
  let approvalSignal: AbortSignal | undefined;
  const burst = createBurst<Ref>({
    backend: fake.backend,
    approve: (_s, { signal }) => ((approvalSignal = signal), new Promise<boolean>(() => {})),
  });
  burst.write(fence(act({ do: 'click', target: { x: 1, y: 1 }, risk: 'risky' }), wait(1)));
  await later(5);
  assert.equal(burst.steps[0]!.status, 'held');
  burst.stop('the person pressed Stop');
  const outcome = await burst.outcome;
  assert.deepEqual(ending(outcome), { reason: 'aborted', detail: 'the person pressed Stop' });
  assert.equal(approvalSignal?.aborted, true);
  assert.equal(burst.steps[0]!.status, 'failed');
  assert.deepEqual(fake.log, []);
});

test('a signal already aborted ends the burst before anything runs', async () => {
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend, signal: AbortSignal.abort() });
  burst.write(fence(wait(1)));
  burst.end();
  assert.equal((await burst.outcome).reason, 'aborted');
  assert.deepEqual(fake.log, []);
});

test('the backend is told through its signal when the burst stops mid-action', async () => {
  let actSignal: AbortSignal | undefined;
  const burst = createBurst<Ref>({
    backend: { observe: () => '', act: (_a, _t, { signal }) => ((actSignal = signal), new Promise<void>(() => {})) },
  });
  burst.write(fence(wait(5)));
  await later(5);
  burst.stop();
  await burst.outcome;
  assert.equal(actSignal?.aborted, true);
});

test('stream() reads a source into the burst and resolves with its outcome; reading stops at a barrier', async () => {
  const fake = fakeBackend();
  let pulled = 0;
  async function* source() {
    const parts = ['```\n', `${wait(1)}\n`, '{"op":"observe"}\n', `${wait(2)}\n`, '```\n'];
    for (const p of parts) {
      pulled++;
      yield p;
      await later(2);
    }
  }
  const burst = createBurst<Ref>({ backend: fake.backend });
  const outcome = await burst.stream(source());
  assert.equal(outcome.reason, 'observe');
  assert.deepEqual(fake.log, ['wait 1']);
  assert.ok(pulled < 5, `the source was read to its end (${pulled} parts)`);
});

test('stream() rejects with the source error and the burst ends aborted', async () => {
  const burst = createBurst<Ref>({ backend: fakeBackend().backend });
  async function* broken() {
    yield '```\n';
    throw new Error('connection lost');
  }
  await assert.rejects(burst.stream(broken()), /connection lost/);
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'aborted');
  assert.match('detail' in outcome ? (outcome.detail ?? '') : '', /connection lost/);
});

test('write() after end() is a mistake and throws; after the burst ended it is ignored', async () => {
  const burst = createBurst<Ref>({ backend: fakeBackend().backend });
  burst.write('```\n');
  burst.end();
  await burst.outcome;
  burst.write('ignored\n');
  const open = createBurst<Ref>({ backend: fakeBackend().backend, approve: () => new Promise<boolean>(() => {}) });
  open.write(fence(act({ do: 'wait', ms: 1, risk: 'risky' })));
  open.end();
  assert.throws(() => open.write('x'), /after end/);
  open.stop();
});

test('a listener that stops the burst on hearing a step keeps that step from being performed', async () => {
  const fake = fakeBackend();
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.onStep((s) => s.status === 'running' && s.index === 1 && burst.stop('seen enough'));
  burst.write(fence(wait(1), act({ do: 'click', target: { ax: { id: 'e1' } } }), wait(2)));
  burst.end();
  const outcome = await burst.outcome;
  assert.deepEqual(ending(outcome), { reason: 'aborted', detail: 'seen enough' });
  assert.deepEqual(fake.log, ['wait 1']);
  assert.equal(burst.steps[1]!.status, 'failed');
});
