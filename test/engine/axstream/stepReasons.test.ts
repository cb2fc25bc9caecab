// Every step that fails, is refused or is withdrawn carries its reason as a code and values (issue 29 item 4),
// beside the English `error` the model reads: an element says the code in the person's language, and the English
// never changes. One scenario per code drives the engine down that path; the table of codes and the scenarios
// must cover each other, so a new way to fail a step can't be added without a code, an English sentence and a
// scenario here. The burst files write a step's `error` only through its reason (a source check).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import {
  ActivationChanged,
  createBurst,
  STEP_REASON_WORDS,
  stepReasonText,
  type BurstOptions,
  type Step,
  type StepReasonCode,
} from '../../../src/axstream/index.ts';
import { act, fakeBackend, fakeClock, fence, later, screen, SCREEN, type Ref } from './helpers.ts';

const save = act({ do: 'click', target: { ax: { title: 'Save' } } });
const riskySave = act({ do: 'click', target: { ax: { title: 'Save' } }, risk: 'risky' });
const publish = { ax: { title: 'Publish' } };

/** Runs `text` in a burst over `backend` (the fake one by default) and returns the step that ended it. */
async function lastStep(text: string, options: Partial<BurstOptions<Ref>> = {}, during?: (burst: ReturnType<typeof createBurst<Ref>>) => Promise<void>): Promise<Step<Ref>> {
  const burst = createBurst<Ref>({ backend: fakeBackend().backend, clock: fakeClock(), policy: 'allow', ...options });
  burst.write(text);
  await during?.(burst);
  burst.end();
  await burst.outcome;
  const step = burst.steps.find((s) => s.status === 'failed' || s.status === 'refused' || s.status === 'withdrawn');
  assert.ok(step, 'a step failed, was refused or withdrawn');
  return step;
}

const throwing = (message: string) => () => {
  throw new Error(message);
};

/** Each code, the way to reach it, and the English the model has always read for it. */
const SCENARIOS: Record<StepReasonCode, () => Promise<{ step: Step<Ref>; english: string | RegExp }>> = {
  no_finder: async () => ({
    step: await lastStep(fence(save), { backend: { observe: () => ({ text: '' }), act: () => {} } }),
    english: 'this backend cannot find elements: it has none of match(), resolve() and tree()',
  }),
  no_match: async () => ({ step: await lastStep(fence(act({ do: 'click', target: publish }))), english: 'no element matches "Publish"' }),
  lookup_failed: async () => ({
    step: await lastStep(fence(save), { backend: { ...fakeBackend().backend, tree: throwing('the tree broke') } }),
    english: 'looking for "Save" failed: the tree broke',
  }),
  not_appeared: async () => ({
    step: await lastStep(fence(act({ do: 'wait_until', target: publish, timeout_ms: 2000 }))),
    english: '"Publish" did not appear within 2000 ms (no element matches "Publish")',
  }),
  ambiguous: async () => ({
    step: await lastStep(fence(riskySave), { backend: fakeBackend({ tree: screen(['a', 'button', 'Save'], ['b', 'button', 'Save']) }).backend }),
    english: '"Save" matches more than one element equally well: - button "Save", - button "Save"; a risky step is not run on an ambiguous target: name one by its id',
  }),
  act_failed: async () => ({ step: await lastStep(fence(save), { backend: fakeBackend({ fail: () => 'the button is covered' }).backend }), english: 'click failed: the button is covered' }),
  diverted: async () => ({
    step: await lastStep(fence(save), {
      backend: {
        ...fakeBackend().backend,
        act: () => {
          throw new ActivationChanged('the form would go elsewhere');
        },
      },
    }),
    english: 'click stopped: the form would go elsewhere',
  }),
  changed: async () => {
    let tree = SCREEN;
    const backend = fakeBackend({ tree: () => tree }).backend;
    const approve = () => ((tree = screen(['save', 'button', 'Archive', 'e1'])), true);
    return { step: await lastStep(fence(riskySave), { backend, policy: 'confirm', approve }), english: 'the page changed after it was approved: button "Save" is now called "Archive"' };
  },
  check_failed: async () => ({
    step: await lastStep(fence(riskySave), { backend: { ...fakeBackend().backend, verify: throwing('no answer') }, policy: 'confirm', approve: () => true }),
    english: 'checking that the approved element is unchanged failed: no answer',
  }),
  policy_refused: async () => ({ step: await lastStep(fence(riskySave), { policy: 'refuse' }), english: 'risky steps are refused by the policy' }),
  no_approver: async () => ({ step: await lastStep(fence(riskySave), { policy: 'confirm' }), english: 'risky steps need approval and no one was asked' }),
  person_refused: async () => ({ step: await lastStep(fence(riskySave), { policy: 'confirm', approve: () => false }), english: 'the person refused it' }),
  approval_failed: async () => ({
    step: await lastStep(fence(riskySave), { policy: 'confirm', approve: throwing('the dialog broke') }),
    english: 'approval failed: the dialog broke',
  }),
  approval_unseen: async () => ({
    step: await lastStep(fence(riskySave), { policy: 'confirm', approve: () => 'unseen' }),
    english: 'the approval could not be shown where the person would see it',
  }),
  withdrawn: async () => ({
    step: await lastStep(`\`\`\`\n${riskySave}\n{"op":"act","do":"cli`, { policy: 'hold', approve: () => true }, () => later(5)),
    english: 'the reply was cut off in the middle of line 3, so this risky step was withdrawn and not run',
  }),
  stopped: async () => ({
    step: await lastStep(fence(act({ do: 'wait', ms: 1 })), { backend: fakeBackend({ delay: () => 10_000 }).backend }, async (burst) => {
      await later(5);
      burst.stop();
    }),
    english: 'stopped before it finished',
  }),
};

test('every code has an English sentence and a scenario here, and every scenario a code', () => {
  assert.deepEqual(Object.keys(SCENARIOS).sort(), Object.keys(STEP_REASON_WORDS).sort());
});

for (const [code, scenario] of Object.entries(SCENARIOS)) {
  test(`${code}: the step carries the code and its values, and the same English as before`, async () => {
    const { step, english } = await scenario();
    assert.equal(step.reason?.code, code);
    if (typeof english === 'string') assert.equal(step.error, english);
    else assert.match(step.error ?? '', english);
    // The English is made from the code and its values, in one place.
    assert.equal(stepReasonText(step.reason!), step.error);
    // Values are data an app or a translation can use: nothing but JSON.
    assert.deepEqual(JSON.parse(JSON.stringify(step.reason)), step.reason);
  });
}

test('the values a person is told: the target as written, the time waited, the line cut off', async () => {
  const wait = await SCENARIOS.not_appeared();
  assert.deepEqual(wait.step.reason, { code: 'not_appeared', target: { kind: 'ax', title: 'Publish' }, ms: 2000, last: { code: 'no_match', target: { kind: 'ax', title: 'Publish' } } });
  const withdrawn = await SCENARIOS.withdrawn();
  assert.deepEqual(withdrawn.step.reason, { code: 'withdrawn', line: 3 });
  const failed = await SCENARIOS.act_failed();
  assert.deepEqual(failed.step.reason, { code: 'act_failed', do: 'click', detail: 'the button is covered' });
});

test('the burst files give a step its error only through a reason: no patch sets `error` itself', () => {
  const dir = new URL('../../../src/axstream/', import.meta.url);
  const files = readdirSync(dir).filter((f) => /^burst.*\.ts$/.test(f));
  assert.ok(files.length >= 5);
  for (const file of files) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const call of source.match(/setStep\([^;]*?\);/gs) ?? []) assert.doesNotMatch(call, /\berror\b/, `${file}: ${call}`);
  }
});
