// What is approved is what runs (issue 15): a step's elements are found once, before the risk gate; the approval
// is asked with them; once approved they must be unchanged (the backend's verify, or the live tree) or the step
// stops as target_changed; a missing target fails before asking; the backend's assessment raises risk, names the
// focused element and marks secrets, whose text no snapshot shows; an approval that could not be shown ends the
// burst as approval_unseen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActivationChanged,
  answerRemote,
  createBurst,
  createRemoteBackend,
  createRunSummary,
  SECRET_MASK,
  type ActAction,
  type Assessment,
  type AxNode,
  type Backend,
  type ResolvedTargets,
  type Step,
} from '../../../src/axstream/index.ts';
import { act, fakeBackend, fence, runBurst, screen, SCREEN, type Ref } from './helpers.ts';

const deleteDraft = (risk?: 'risky' | 'safe') => act({ do: 'click', target: { ax: { role: 'button', title: 'Delete' } }, ...(risk ? { risk } : {}) });
// Where "Delete account" is on the screen too, "Delete" alone would be ambiguous, and a risky step never runs on that.
const deleteDrafts = act({ do: 'click', target: { ax: { role: 'button', title: 'Delete drafts' } }, risk: 'risky' });
const refOf = (step: Step<Ref> | undefined) => (step?.resolved?.target?.kind === 'element' ? step.resolved.target.node.ref : null);

test('a risky step is asked with the element it resolved to, and that very element is acted on', async () => {
  const asked: Step<Ref>[] = [];
  const r = await runBurst(fence(deleteDraft('risky')), { approve: (s) => (asked.push(s), true) });
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.status, 'held');
  assert.equal(refOf(asked[0]), 'delete');
  assert.deepEqual(r.log, ['click @delete']);
  assert.deepEqual(
    r.steps.map((s) => s.status),
    ['done'],
  );
});

test('renamed while the person decides: the step stops as target_changed and nothing else is clicked (no second resolve)', async () => {
  let tree: AxNode<Ref>[] = screen(['drafts', 'button', 'Delete drafts'], ['account', 'button', 'Delete account']);
  const fake = fakeBackend({ tree: () => tree });
  const statuses: string[] = [];
  const burst = createBurst<Ref>({
    backend: fake.backend,
    approve: async () => {
      tree = screen(['drafts', 'button', 'Archive drafts'], ['account', 'button', 'Delete account']);
      return true;
    },
  });
  burst.onStep((s) => statuses.push(s.status));
  burst.write(fence(deleteDrafts));
  burst.end();
  const outcome = await burst.outcome;
  assert.deepEqual(fake.log, []);
  assert.equal(outcome.reason, 'target_changed');
  assert.equal(outcome.reason === 'target_changed' && outcome.detail, 'the page changed after it was approved: button "Delete drafts" is now called "Archive drafts"');
  assert.deepEqual(statuses, ['queued', 'running', 'held', 'running', 'failed']);
});

test('gone, re-roled or sent elsewhere after approval: each is a change; an unchanged tree acts', async () => {
  const form = { kind: 'form' as const, url: 'https://app.example/drafts' };
  const cases: [AxNode<Ref>[], RegExp][] = [
    [screen(['account', 'button', 'Delete account']), /button "Delete drafts" is no longer on the screen/],
    [[{ ref: 'drafts', role: 'link', name: 'Delete drafts', destination: form }], /is now a link/],
    [[{ ref: 'drafts', role: 'button', name: 'Delete drafts', destination: { kind: 'form', url: 'https://evil.example/' } }], /now sends its form to https:\/\/evil\.example\//],
  ];
  for (const [after, why] of cases) {
    let tree: AxNode<Ref>[] = [{ ref: 'drafts', role: 'button', name: 'Delete drafts', destination: form }];
    const fake = fakeBackend({ tree: () => tree });
    const burst = createBurst<Ref>({ backend: fake.backend, approve: () => ((tree = after), true) });
    burst.write(fence(deleteDraft('risky')));
    burst.end();
    const outcome = await burst.outcome;
    assert.equal(outcome.reason, 'target_changed', why.source);
    assert.match(outcome.reason === 'target_changed' ? outcome.detail : '', why);
    assert.deepEqual(fake.log, []);
  }
});

test('a backend with verify() decides; it is given the approved targets, and only after approval', async () => {
  const calls: string[] = [];
  const fake = fakeBackend();
  let answer: string | null = 'button "Delete draft" is no longer shown';
  const backend: Backend<Ref> = {
    ...fake.backend,
    verify: (action, targets) => {
      calls.push(`${action.do} ${targets.target?.kind === 'element' ? targets.target.node.ref : '?'}`);
      return answer;
    },
  };
  const refused = createBurst<Ref>({ backend, approve: () => (calls.push('asked'), true) });
  refused.write(fence(deleteDraft('risky')));
  refused.end();
  const outcome = await refused.outcome;
  assert.deepEqual(calls, ['asked', 'click delete']);
  assert.equal(outcome.reason === 'target_changed' && outcome.detail, 'the page changed after it was approved: button "Delete draft" is no longer shown');
  answer = null;
  const ok = createBurst<Ref>({ backend, approve: () => true });
  ok.write(fence(deleteDraft('risky'), deleteDraft()));
  ok.end();
  assert.equal((await ok.outcome).reason, 'stream_ended');
  // A safe step is not verified: nobody approved anything.
  assert.deepEqual(calls.slice(2), ['click delete']);
  assert.deepEqual(fake.log, ['click @delete', 'click @delete']);
});

test('a verify() that throws keeps the step from running', async () => {
  const fake = fakeBackend();
  const backend: Backend<Ref> = {
    ...fake.backend,
    verify: () => {
      throw new Error('socket closed');
    },
  };
  const r = await runBurst(fence(deleteDraft('risky')), { backend, approve: () => true });
  assert.equal(r.outcome.reason, 'action_failed');
  assert.match(r.outcome.reason === 'action_failed' ? r.outcome.detail : '', /checking that the approved element is unchanged failed: socket closed/);
  assert.deepEqual(fake.log, []);
});

test('a risky step whose target is missing fails before anyone is asked', async () => {
  const r = await runBurst(fence(act({ do: 'click', target: { ax: { title: 'Publish' } }, risk: 'risky' })), { approve: () => assert.fail('not to be asked') });
  assert.equal(r.outcome.reason, 'action_failed');
  assert.deepEqual(
    r.steps.map((s) => s.status),
    ['failed'],
  );
});

test('an approval that could not be shown ends the burst as approval_unseen, and the step is refused', async () => {
  const r = await runBurst(fence(deleteDraft('risky'), act({ do: 'wait', ms: 1 })), { approve: () => 'unseen' });
  assert.equal(r.outcome.reason, 'approval_unseen');
  assert.equal(r.steps[0]!.status, 'refused');
  assert.equal(r.steps[0]!.error, 'the approval could not be shown where the person would see it');
  assert.deepEqual(r.log, []);
  const summary = createRunSummary();
  summary.add(1, r.steps, r.outcome);
  assert.match(summary.text(), /could not be shown the question/);
});

/** A fake backend with an assessment. */
function assessing(assess: (action: ActAction, targets: ResolvedTargets<Ref>) => Assessment<Ref> | undefined) {
  const fake = fakeBackend();
  const backend: Backend<Ref> = { ...fake.backend, assess: (action, targets) => assess(action, targets) };
  return { ...fake, backend };
}

test('the assessment raises a step’s risk: an unmarked step is held; "safe" from the model never lowers it', async () => {
  const fake = assessing((_, t) => (t.target?.kind === 'element' && t.target.node.ref === 'delete' ? { risk: 'risky' } : undefined));
  const asked: Step<Ref>[] = [];
  for (const line of [deleteDraft(), deleteDraft('safe'), act({ do: 'click', target: { ax: { title: 'Save' } } })]) {
    const burst = createBurst<Ref>({ backend: fake.backend, approve: (s) => (asked.push(s), false) });
    burst.write(fence(line));
    burst.end();
    await burst.outcome;
  }
  assert.equal(asked.length, 2);
  assert.ok(asked.every((s) => s.risk === 'risky' && refOf(s) === 'delete'));
  assert.deepEqual(fake.log, ['click @save']);
});

test('the assessment never lowers the model’s "risky"; policy allow runs what it raised, refuse refuses it', async () => {
  const safe = assessing(() => ({ risk: 'safe' }));
  const held = await runBurst(fence(deleteDraft('risky')), { backend: safe.backend, approve: () => false });
  assert.equal(held.outcome.reason, 'risk_refused');
  const raised = assessing(() => ({ risk: 'risky' }));
  const allowed = await runBurst(fence(deleteDraft()), { backend: raised.backend, policy: 'allow' });
  assert.equal(allowed.steps[0]!.risk, 'risky');
  assert.deepEqual(raised.log, ['click @delete']);
  const refused = await runBurst(fence(deleteDraft()), { backend: raised.backend, policy: 'refuse' });
  assert.equal(refused.outcome.reason, 'risk_refused');
});

test('an assessment that throws refuses the step before asking, with its message', async () => {
  const fake = fakeBackend();
  const backend: Backend<Ref> = {
    ...fake.backend,
    assess: () => {
      throw new Error('the form would be sent to https://evil.example, which this page does not allow');
    },
  };
  const r = await runBurst(fence(deleteDraft('risky')), { backend, approve: () => assert.fail('not to be asked') });
  assert.equal(r.outcome.reason, 'action_failed');
  assert.match(r.outcome.reason === 'action_failed' ? r.outcome.detail : '', /^click failed: the form would be sent to https:\/\/evil\.example/);
  assert.deepEqual(fake.log, []);
});

test('a key step’s focus from the assessment is its target: asked with it, checked again, given to act', async () => {
  let focus: AxNode<Ref> = { ref: 'card', role: 'textbox', name: 'Card', destination: { kind: 'form', url: 'https://pay.example/charge', form: 'Payment' } };
  const fake = assessing((a) => (a.do === 'key' ? { focus, risk: 'risky' } : undefined));
  const backend: Backend<Ref> = { ...fake.backend, tree: () => [...SCREEN, focus] };
  const asked: Step<Ref>[] = [];
  const r = await runBurst(fence(act({ do: 'key', keys: ['enter'] })), { backend, approve: (s) => (asked.push(s), true) });
  assert.equal(refOf(asked[0]), 'card');
  assert.equal(asked[0]!.resolved?.target?.kind === 'element' && asked[0]!.resolved.target.node.destination?.form, 'Payment');
  assert.equal(fake.performed[0]!.targets.target?.kind === 'element' && fake.performed[0]!.targets.target.node.ref, 'card');
  assert.equal(r.outcome.reason, 'stream_ended');
  // The form's action changed while the person decided.
  const moved = await runBurst(fence(act({ do: 'key', keys: ['enter'] })), {
    backend,
    approve: () => ((focus = { ...focus, destination: { kind: 'form', url: 'https://evil.example/', form: 'Payment' } }), true),
  });
  assert.equal(moved.outcome.reason, 'target_changed');
});

test('secrets: a type step into a secret field is shown as dots in every snapshot and the summary; act gets the text', async () => {
  const fake = assessing((a) => (a.do === 'type' ? { secret: a.text === 'hunter2' } : a.do === 'key' ? { secret: true } : undefined));
  const seen: Step<Ref>[] = [];
  const burst = createBurst<Ref>({ backend: fake.backend });
  burst.onStep((s) => seen.push(s));
  burst.write(fence(act({ do: 'type', text: 'hunter2' }), act({ do: 'type', text: 'Ada' }), act({ do: 'key', keys: ['x'] }), act({ do: 'key', keys: ['enter'] })));
  burst.end();
  const outcome = await burst.outcome;
  assert.deepEqual(fake.log, ['type "hunter2"', 'type "Ada"', 'key x', 'key Enter']);
  const text = JSON.stringify(seen.map((s) => s.action));
  assert.ok(!text.includes('hunter2'), text);
  assert.ok(text.includes('Ada'), 'a field known not to be secret shows its text');
  assert.deepEqual(
    seen.filter((s) => s.index === 0).map((s) => s.action.op === 'act' && s.action.do === 'type' && s.action.text),
    [SECRET_MASK, SECRET_MASK, SECRET_MASK, SECRET_MASK],
  );
  // Before its field is known, "Ada" is hidden too.
  const queued = seen.find((s) => s.index === 1 && s.status === 'queued')!;
  assert.equal((queued.action as { text?: string }).text, SECRET_MASK);
  assert.deepEqual(burst.steps[2]!.action.op === 'act' && burst.steps[2]!.action.do === 'key' && burst.steps[2]!.action.keys, ['•']);
  assert.deepEqual(burst.steps[3]!.action.op === 'act' && burst.steps[3]!.action.do === 'key' && burst.steps[3]!.action.keys, ['enter']);
  const summary = createRunSummary();
  summary.add(1, burst.steps, outcome);
  assert.match(summary.text(), /ok: type "••••••"/);
  assert.match(summary.text(), /ok: type "Ada"/);
  assert.ok(!summary.text().includes('hunter2'));
});

test('issue 26.11a: a field that turns secret while the step types (act says so): its text is never shown, before, during or after', async () => {
  const fake = assessing((a) => (a.do === 'type' ? { secret: false } : undefined));
  const backend: Backend<Ref> = {
    ...fake.backend,
    async act(action, targets, ctx) {
      await fake.backend.act(action, targets, ctx);
      return action.do === 'type' && action.text === 'hunter2' ? { secret: true } : undefined;
    },
  };
  const seen: Step<Ref>[] = [];
  const burst = createBurst<Ref>({ backend });
  burst.onStep((s) => seen.push(s));
  burst.write(fence(act({ do: 'type', text: 'hunter2' }), act({ do: 'type', text: 'Ada' })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(fake.log, ['type "hunter2"', 'type "Ada"']);
  const text = JSON.stringify(seen.map((s) => s.action));
  assert.ok(!text.includes('hunter2'), text);
  assert.equal(burst.steps[0]!.secret, true);
  assert.equal(burst.steps[1]!.secret, false);
  assert.equal(burst.steps[1]!.action.op === 'act' && burst.steps[1]!.action.do === 'type' && burst.steps[1]!.action.text, 'Ada');
});

test('without an assessment a type step’s text shows once it runs (nothing can say it is secret)', async () => {
  const r = await runBurst(fence(act({ do: 'type', text: 'hello' })));
  assert.equal(r.steps[0]!.secret, false);
  assert.equal(r.steps[0]!.action.op === 'act' && r.steps[0]!.action.do === 'type' && r.steps[0]!.action.text, 'hello');
});

test('remote: verify travels the protocol; the agent checks with its own backend (or the live tree)', async () => {
  let tree: AxNode<Ref>[] = screen(['drafts', 'button', 'Delete drafts'], ['account', 'button', 'Delete account']);
  const agent = fakeBackend({ tree: () => tree });
  const requests: string[] = [];
  const answer = answerRemote(agent.backend);
  const remote = createRemoteBackend(async (request) => {
    requests.push(request.call);
    return answer(request);
  });
  const burst = createBurst({
    backend: remote,
    approve: () => {
      tree = screen(['account', 'button', 'Delete account']);
      return true;
    },
  });
  burst.write(fence(deleteDrafts));
  burst.end();
  const outcome = await burst.outcome;
  assert.deepEqual(requests, ['resolve', 'verify']);
  assert.equal(outcome.reason, 'target_changed');
  assert.match(outcome.reason === 'target_changed' ? outcome.detail : '', /no longer on the screen/);
  assert.deepEqual(agent.log, []);
  tree = screen(['drafts', 'button', 'Delete drafts']);
  const ok = createBurst({ backend: remote, approve: () => true });
  ok.write(fence(deleteDraft('risky')));
  ok.end();
  assert.equal((await ok.outcome).reason, 'stream_ended');
  assert.deepEqual(agent.log, ['click @drafts']);
});

test('remote: an agent that does not know verify fails the approved step rather than acting unchecked', async () => {
  const agent = fakeBackend();
  const answer = answerRemote(agent.backend);
  const remote = createRemoteBackend(async (request) => (request.call === 'verify' ? { ax: 'remote/1', id: request.id, ok: false, error: 'unknown call "verify"' } : answer(request)));
  const burst = createBurst({ backend: remote, approve: () => true });
  burst.write(fence(deleteDraft('risky')));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'action_failed');
  assert.deepEqual(agent.log, []);
});

// One activation oracle (issue 26): the backend's assessment says what a step will actually activate; the engine
// keeps it beside the step's targets (the approval names it, the check after it compares it), and a backend that
// finds the step would now press something else throws ActivationChanged: the burst ends as activation_changed.
test('the control a step activates is kept as resolved.activates, asked with, and checked after approval', async () => {
  const button: AxNode<Ref> = { role: 'button', name: 'Delete account', ref: 'delete-button', destination: { kind: 'form', url: 'https://app.example/delete' } };
  const fake = fakeBackend();
  let pressedNow: AxNode<Ref> = button;
  const checked: (AxNode<Ref> | null | undefined)[] = [];
  const backend: Backend<Ref> = {
    ...fake.backend,
    assess: () => ({ risk: 'risky', activates: button }),
    verify: (_action, targets) => {
      checked.push(targets.activates);
      if (pressedNow !== targets.activates) throw new ActivationChanged(`it would now activate button "${pressedNow.name}"`);
      return null;
    },
  };
  const asked: Step<Ref>[] = [];
  const click = act({ do: 'click', target: { ax: { role: 'region', title: 'Danger zone' } } });
  const tree = screen(['zone', 'region', 'Danger zone']);
  const ok = createBurst<Ref>({ backend: { ...backend, tree: () => tree }, approve: (s) => (asked.push(s), true) });
  ok.write(fence(click));
  ok.end();
  assert.equal((await ok.outcome).reason, 'stream_ended');
  assert.equal(asked[0]!.resolved?.activates, button);
  assert.equal(refOf(asked[0]), 'zone');
  assert.deepEqual(checked, [button]);
  assert.equal(fake.performed[0]!.targets.activates, button);

  const moved = createBurst<Ref>({
    backend: { ...backend, tree: () => tree },
    approve: () => {
      pressedNow = { role: 'button', name: 'Delete everything', ref: 'other' };
      return true;
    },
  });
  moved.write(fence(click));
  moved.end();
  const outcome = await moved.outcome;
  assert.equal(outcome.reason, 'activation_changed');
  assert.equal(outcome.reason === 'activation_changed' && outcome.detail, 'the page changed after it was approved: it would now activate button "Delete everything"');
  assert.equal(fake.performed.length, 1);
});

test('act() throwing ActivationChanged (a form sent elsewhere on the way) ends the burst as activation_changed, with the summary saying so', async () => {
  const fake = fakeBackend();
  const backend: Backend<Ref> = {
    ...fake.backend,
    act: () => {
      throw new ActivationChanged('the form would have been sent to https://app.example/delete-everything rather than https://app.example/archive');
    },
  };
  const burst = createBurst<Ref>({ backend });
  burst.write(fence(act({ do: 'click', target: { ax: { role: 'button', title: 'Save' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'activation_changed');
  assert.match(outcome.reason === 'activation_changed' ? outcome.detail : '', /^click stopped: the form would have been sent to .*delete-everything/);
  const summary = createRunSummary();
  summary.add(1, burst.steps, outcome);
  assert.match(summary.text(), /something other than what was judged/);
});
