// Late-bound targets: ids, roles (AX and ARIA), exact-beats-contains, ties in document order, points, targets
// that do not resolve, and resolution at the moment the step runs rather than when the line was read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ariaRoles, createBurst, resolveTarget, rolesMatch, type AxNode, type AxTarget, type Backend } from '../../../src/index.ts';
import { act, fakeBackend, fence, runBurst, screen, SCREEN, type Ref } from './helpers.ts';

const find = (target: Omit<AxTarget, 'kind'>, tree: readonly AxNode<Ref>[] = SCREEN) => resolveTarget({ kind: 'ax', ...target }, tree)?.ref ?? null;

test('an observation id finds its element', () => {
  assert.equal(find({ id: 'e4' }), 'help');
  assert.equal(find({ id: 'e99' }), null);
});

test('an id that is gone falls back to role and title when the target gave them', () => {
  assert.equal(find({ id: 'e99', role: 'button', title: 'Save' }), 'save');
  assert.equal(find({ id: 'e99', title: 'Nothing like it' }), null);
});

test('AX roles map to ARIA roles and a given role must match', () => {
  assert.equal(find({ role: 'AXButton', title: 'Save' }), 'save');
  assert.equal(find({ role: 'AXLink', title: 'help' }), 'help');
  assert.equal(find({ role: 'AXTextField', title: 'Search' }), 'search');
  assert.equal(find({ role: 'AXButton', title: 'Help center' }), null);
  assert.equal(find({ role: 'link', title: 'Save' }), null);
});

test('plain ARIA roles are accepted, in any case', () => {
  assert.equal(find({ role: 'BUTTON', title: 'delete draft' }), 'delete');
  assert.equal(find({ role: 'textbox' }), 'search');
});

test('a case-insensitive exact name beats a name that only contains the title, wherever it comes', () => {
  const tree = screen(['long', 'button', 'Save as…'], ['exact', 'button', 'SAVE']);
  assert.equal(find({ title: 'save' }, tree), 'exact');
  assert.equal(find({ title: '  Save  ' }, tree), 'exact');
});

test('with no exact name, the first element containing the title wins; white space is not counted', () => {
  assert.equal(find({ title: 'draft' }), 'delete');
  assert.equal(find({ title: 'help   CENTER' }), 'help');
});

test('ties go to document order', () => {
  const tree = screen(['first', 'button', 'OK'], ['second', 'button', 'OK'], ['third', 'button', 'OK then']);
  assert.equal(find({ title: 'ok' }, tree), 'first');
  assert.equal(find({ role: 'button' }, tree), 'first');
  const partial = screen(['a', 'link', 'Open report'], ['b', 'link', 'Open reports']);
  assert.equal(find({ title: 'report' }, partial), 'a');
});

test('a tree given in AX roles (a desktop backend) resolves the same way', () => {
  const tree = screen(['x', 'AXStaticText', 'Save'], ['y', 'AXButton', 'Save']);
  assert.equal(find({ role: 'button', title: 'Save' }, tree), 'y');
  assert.equal(find({ role: 'AXButton', title: 'Save' }, tree), 'y');
});

test('role sets: AXTextField finds a search box, AXCheckBox a switch, AXPopUpButton a select; unknown AX roles lose the prefix', () => {
  assert.ok(rolesMatch(ariaRoles('AXTextField'), 'searchbox'));
  assert.ok(rolesMatch(ariaRoles('AXCheckBox'), 'switch'));
  assert.ok(rolesMatch(ariaRoles('AXPopUpButton'), 'combobox'));
  assert.ok(rolesMatch(ariaRoles('AXMenuItem'), 'menuitem'));
  assert.ok(rolesMatch(ariaRoles('AXRadioButton'), 'radio'));
  assert.ok(rolesMatch(ariaRoles('AXSlider'), 'slider'));
  assert.ok(rolesMatch(ariaRoles('AXTabGroup'), 'tablist'));
  assert.ok(rolesMatch(ariaRoles('AXComboBox'), 'combobox'));
  assert.ok(rolesMatch(ariaRoles('AXStaticText'), 'StaticText'));
  assert.deepEqual(ariaRoles('AXGizmo'), ['gizmo']);
  assert.ok(!rolesMatch(ariaRoles('AXButton'), 'link'));
});

test('a coordinate target is passed through as a point', async () => {
  const fake = fakeBackend();
  const burst = createBurst({ backend: fake.backend });
  burst.write(fence(act({ do: 'right_click', target: { x: 420.5, y: -12 } })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(fake.performed[0]!.targets, { target: { kind: 'point', x: 420.5, y: -12 } });
});

test('an element target reaches the backend as the node it resolved to, and the step says so', async () => {
  const fake = fakeBackend();
  const burst = createBurst({ backend: fake.backend });
  burst.write(fence(act({ do: 'drag', from: { ax: { id: 'e1' } }, to: { ax: { title: 'help' } } })));
  burst.end();
  await burst.outcome;
  const { targets, step } = fake.performed[0]!;
  assert.equal(targets.from?.kind === 'element' && targets.from.node.ref, 'save');
  assert.equal(targets.to?.kind === 'element' && targets.to.node.ref, 'help');
  assert.deepEqual(step.resolved, targets);
});

test('a target that does not resolve fails its step and ends the burst, with words the model can act on', async () => {
  const r = await runBurst(fence(act({ do: 'click', target: { ax: { role: 'AXButton', title: 'Publish' } } }), act({ do: 'wait', ms: 1 })));
  assert.deepEqual(r.log, []);
  assert.equal(r.outcome.reason, 'action_failed');
  assert.equal(r.steps[0]!.status, 'failed');
  assert.match(r.steps[0]!.error!, /no element matches AXButton "Publish"/);
  assert.equal(r.steps[1]!.status, 'queued');
});

test('targets are resolved when the step runs, not when its line is read', async () => {
  let tree: AxNode<Ref>[] = screen(['old', 'button', 'Next']);
  // Both lines are read at once; the page changes while the first step runs (not on a timer, which a busy
  // machine can fire after the wait is over).
  const during = (a: { do: string }) => {
    if (a.do !== 'wait') return 0;
    tree = screen(['new', 'button', 'Next']);
    return 30;
  };
  const fake = fakeBackend({ tree: () => tree, delay: during });
  const burst = createBurst({ backend: fake.backend });
  burst.write(fence(act({ do: 'wait', ms: 30 }), act({ do: 'click', target: { ax: { title: 'Next' } } })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(fake.log, ['wait 30', 'click @new']);
});

test('a backend that resolves remotely is asked instead of the tree', async () => {
  const asked: AxTarget[] = [];
  const backend: Backend<Ref> = {
    observe: () => '',
    tree: () => assert.fail('tree() should not be read when resolve() is given'),
    resolve: async (target) => (asked.push(target), target.title === 'Go' ? { ref: 'remote-go', role: 'button', name: 'Go' } : null),
    act: () => {},
  };
  const burst = createBurst({ backend });
  burst.write(fence(act({ do: 'click', target: { ax: { title: 'Go' } } }), act({ do: 'click', target: { ax: { title: 'Stop' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(asked.length, 2);
  assert.equal(outcome.reason, 'action_failed');
  assert.equal(burst.steps[0]!.resolved?.target?.kind === 'element' && burst.steps[0]!.resolved.target.node.ref, 'remote-go');
});

test('a backend with neither tree() nor resolve() fails element targets but still takes points', async () => {
  const done: string[] = [];
  const backend: Backend = { observe: () => '', act: (a) => void done.push(a.do) };
  const burst = createBurst({ backend });
  burst.write(fence(act({ do: 'click', target: { x: 1, y: 1 } }), act({ do: 'click', target: { ax: { id: 'e1' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.deepEqual(done, ['click']);
  assert.equal(outcome.reason, 'action_failed');
  assert.match(outcome.reason === 'action_failed' ? outcome.detail : '', /cannot find elements/);
});

test('a tree() that throws fails the step with its message', async () => {
  const backend: Backend = {
    observe: () => '',
    tree: () => {
      throw new Error('page is gone');
    },
    act: () => {},
  };
  const burst = createBurst({ backend });
  burst.write(fence(act({ do: 'click', target: { ax: { id: 'e1' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'action_failed');
  assert.match(outcome.reason === 'action_failed' ? outcome.detail : '', /page is gone/);
});
