// The parts a burst controller is made of, each on its own over one burst state: the queue, finding elements,
// the gate of a risky step, and running a step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAction, type AxAction, type AxIssue, type Step } from '../../../src/axstream/index.ts';
import { createBurstState, finish, setStep, type BurstState } from '../../../src/axstream/burstState.ts';
import { dropLine, endOutcome, pump } from '../../../src/axstream/burstQueue.ts';
import { findElement, findTargets, waitUntil } from '../../../src/axstream/burstFind.ts';
import { gate } from '../../../src/axstream/burstGate.ts';
import { runStep } from '../../../src/axstream/burstSteps.ts';
import { fakeBackend, fakeClock, screen, SCREEN, type FakeOptions, type Ref } from './helpers.ts';
import type { Approve } from '../../../src/axstream/burstController.ts';

/** A burst state over the fake backend, with the given lines already read as steps. */
function burst(lines: Record<string, unknown>[], options: { approve?: Approve<Ref>; policy?: 'confirm' | 'hold' | 'refuse' | 'allow'; tree?: FakeOptions['tree'] } = {}) {
  const fake = fakeBackend(options.tree ? { tree: options.tree } : {});
  const b = createBurstState<Ref>({ backend: fake.backend, approve: options.approve, policy: options.policy ?? 'confirm', clock: fakeClock(), maxIssues: 2 });
  lines.forEach((value, i) => {
    const read = readAction(value, i + 1);
    assert.ok(read.ok, JSON.stringify(read));
    const action = (read as { action: AxAction }).action;
    b.actions.push(action);
    b.steps.push(Object.freeze({ index: i, line: i + 1, action, risk: action.op === 'act' ? action.risk : 'safe', status: 'queued' }) as Step<Ref>);
  });
  return { b, fake };
}

const issue = (line: number, code = 'bad_json'): AxIssue => ({ code, severity: 'error', line, message: `line ${line}` }) as AxIssue;
const click = (title: string, risk?: string) => ({ op: 'act', do: 'click', target: { ax: { title } }, ...(risk ? { risk } : {}) });

test('the queue: steps and dropped lines are taken in input order; issues past maxIssues are counted in their place', async () => {
  const { b } = burst([click('Save')]);
  const order: string[] = [];
  b.issueListeners.add((i) => order.push(`issue ${i.line}`));
  b.omittedListeners.add((code, n) => order.push(`omitted ${code} ${n}`));
  const run = async (index: number) => void order.push(`step ${index}`);
  b.queue.push(0);
  dropLine(b, issue(2), run);
  dropLine(b, issue(3), run);
  dropLine(b, issue(4), run);
  dropLine(b, issue(5), run);
  pump(b, run);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(order, ['step 0', 'issue 2', 'issue 3', 'omitted bad_json 2']);
  assert.equal(b.issuesOmitted, 2);
  assert.deepEqual(endOutcome({ reason: 'truncated', line: 7 }), { reason: 'truncated', line: 7, detail: 'the reply was cut off in the middle of line 7, which was not run' });
});

test('finding elements: one match with the others as good; none says which target; a finished burst finds nothing', async () => {
  const tree = screen(['a', 'button', 'Save'], ['b', 'button', 'Save'], ['c', 'link', 'Help']);
  const { b } = burst([click('Save')], { tree });
  const found = await findElement(b, { kind: 'ax', title: 'Save' }, 'act');
  assert.ok(typeof found === 'object' && 'node' in found);
  assert.equal(found.node.ref, 'a');
  assert.deepEqual(found.alike.map((n) => n.ref), ['b']);
  const looked = await findTargets(b, 0, b.actions[0] as never);
  assert.equal(looked?.ambiguous?.key, 'target');
  const missing = await findElement(b, { kind: 'ax', title: 'Nope' }, 'act');
  assert.deepEqual(missing, { missed: { code: 'no_match', target: { kind: 'ax', title: 'Nope' } } });
  finish(b, { reason: 'aborted' });
  assert.equal(typeof (await findElement(b, { kind: 'ax', title: 'Save' }, 'act')), 'symbol');
});

test('wait_until: looks every poll_ms until the element is there, and fails naming it when time is up', async () => {
  let shown = false;
  const tree = () => (shown ? screen(['l', 'button', 'Later']) : SCREEN);
  const { b } = burst([{ op: 'act', do: 'wait_until', target: { ax: { title: 'Later' } }, timeout_ms: 300, poll_ms: 100 }], { tree });
  await waitUntil(b, 0, b.actions[0] as never);
  assert.equal(b.steps[0]!.status, 'failed');
  assert.match(b.steps[0]!.error!, /"Later" did not appear within 300 ms/);
  const again = burst([{ op: 'act', do: 'wait_until', target: { ax: { title: 'Later' } }, timeout_ms: 300, poll_ms: 100 }], { tree });
  const clock = again.b.clock as ReturnType<typeof fakeClock>;
  const sleep = clock.sleep;
  clock.sleep = async (ms, signal) => {
    shown = true;
    return sleep(ms, signal);
  };
  await waitUntil(again.b, 0, again.b.actions[0] as never);
  assert.equal(again.b.steps[0]!.status, 'done');
});

test('the gate: refused by the policy; held until the reply is whole under hold; a cut withdraws it; a yes lets it run', async () => {
  const refused = burst([click('Delete draft', 'risky')], { policy: 'refuse' });
  assert.equal(await gate(refused.b, 0), false);
  assert.equal(refused.b.result?.reason, 'risk_refused');

  const asked: number[] = [];
  const held = burst([click('Delete draft', 'risky')], { policy: 'hold', approve: (step) => (asked.push(step.index), true) });
  const passing = gate(held.b, 0);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(asked, [], 'not asked before the reply is whole');
  assert.equal(held.b.steps[0]!.status, 'held');
  held.b.whole = true;
  held.b.reachedWhole();
  assert.equal(await passing, true);
  assert.deepEqual(asked, [0]);

  const cut = burst([click('Delete draft', 'risky')], { policy: 'hold', approve: () => true });
  const waiting = gate(cut.b, 0);
  cut.b.cutLine = 3;
  cut.b.cut.abort();
  assert.equal(await waiting, false);
  assert.equal(cut.b.result?.reason, 'withdrawn');
  assert.equal(cut.b.steps[0]!.status, 'withdrawn');
});

test('running a step: an act step acts on the element it found; a barrier ends the burst; a missing assert fails it', async () => {
  const { b, fake } = burst([click('Save'), { op: 'observe' }]);
  await runStep(b, 0);
  assert.deepEqual(fake.log, ['click @save']);
  assert.equal(b.steps[0]!.status, 'done');
  await runStep(b, 1);
  assert.equal(b.result?.reason, 'observe');

  const failing = burst([{ op: 'assert', target: { ax: { title: 'Gone' } } }]);
  await runStep(failing.b, 0);
  assert.equal(failing.b.result?.reason, 'assert_failed');
  const snapshots: string[] = [];
  failing.b.stepListeners.add((s) => snapshots.push(s.status));
  setStep(failing.b as BurstState<Ref>, 0, { status: 'done' });
  assert.deepEqual(snapshots, ['done'], 'each new snapshot is told');
});
