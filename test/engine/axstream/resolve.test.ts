// Late-bound targets: ids, roles (AX and ARIA), exact-beats-contains, ties in document order, points, targets
// that do not resolve, and resolution at the moment the step runs rather than when the line was read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ariaRoles, createBurst, createRunSummary, createTargetSearch, matchTarget, resolveTarget, rolesMatch, type AxNode, type AxTarget, type Backend } from '../../../src/axstream/index.ts';
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

// ——— What a target without a role prefers, and when it is ambiguous (issue 17, item 8) ———

const signIn = screen(
  ['region', 'region', 'Sign in'],
  ['heading', 'heading', 'Sign in'],
  ['label', 'text', 'Sign in'],
  ['button', 'button', 'Sign in', 'e7'],
);

test('a title-only click prefers the control over a region, a heading and text of the same name', async () => {
  const r = await runBurst(fence(act({ do: 'click', target: { ax: { title: 'Sign in' } } })), { fake: { tree: signIn } });
  assert.deepEqual(r.log, ['click @button']);
  assert.deepEqual(r.codes, []);
  assert.equal(resolveTarget({ kind: 'ax', title: 'sign in' }, signIn, 'act')?.ref, 'button');
});

test('for acting, a control whose name only contains the title beats a heading or text whose name is the title', () => {
  const tree = screen(['h', 'heading', 'Notes'], ['t', 'text', 'Notes'], ['b', 'button', 'Delete notes']);
  assert.equal(resolveTarget({ kind: 'ax', title: 'notes' }, tree, 'act')?.ref, 'b');
  // Nothing to act on at all: the other kinds still match, elements before text.
  assert.equal(resolveTarget({ kind: 'ax', title: 'notes' }, tree.slice(0, 2).reverse(), 'act')?.ref, 'h');
});

test('AX roles count as controls too: a desktop tree prefers its AXButton over its AXStaticText', () => {
  const tree = screen(['label', 'AXStaticText', 'Export'], ['group', 'AXGroup', 'Export'], ['go', 'AXButton', 'Export']);
  assert.equal(resolveTarget({ kind: 'ax', title: 'Export' }, tree, 'act')?.ref, 'go');
});

test('assert and wait_until look for anything that is there: elements before text, then document order', async () => {
  assert.equal(resolveTarget({ kind: 'ax', title: 'Sign in' }, signIn, 'find')?.ref, 'region');
  assert.equal(resolveTarget({ kind: 'ax', title: 'Sign in' }, signIn)?.ref, 'region');
  const r = await runBurst(fence('{"op":"assert","target":{"ax":{"title":"Sign in"}}}', act({ do: 'wait_until', target: { ax: { title: 'Sign in' } } })), { fake: { tree: signIn } });
  assert.equal(r.outcome.reason, 'stream_ended');
  assert.deepEqual(r.codes, [], 'finding one of several is not ambiguous: nothing is acted on');
});

test('where a drag ends, a list or region named by the title beats a heading and text of that name', async () => {
  const board = screen(['todo-h', 'heading', 'Done'], ['card', 'listitem', ''], ['card-text', 'text', 'Write the report'], ['done-list', 'list', 'Done']);
  const r = await runBurst(fence(act({ do: 'drag', from: { ax: { title: 'Write the report' } }, to: { ax: { title: 'Done' } } })), { fake: { tree: board } });
  assert.deepEqual(r.log, ['drag @card-text @done-list']);
  assert.equal(resolveTarget({ kind: 'ax', title: 'done' }, board, 'drop')?.ref, 'done-list');
  // The prompt's own example: `to` a list titled "Done".
  assert.equal(resolveTarget({ kind: 'ax', role: 'list', title: 'Done' }, board, 'drop')?.ref, 'done-list');
});

test('where a drag ends, a list beats the region round it that carries the same name: no ambiguity', async () => {
  // A board's column: <section aria-labelledby="done"><h3 id="done">Done</h3><ul aria-labelledby="done">…
  const board = screen(['card', 'text', 'Write the report'], ['column', 'region', 'Done'], ['title', 'heading', 'Done'], ['list', 'list', 'Done']);
  const found = matchTarget({ kind: 'ax', title: 'Done' }, board, 'drop');
  assert.deepEqual([found.node?.ref, found.alike.map((n) => n.ref)], ['list', []]);
  const r = await runBurst(fence(act({ do: 'drag', from: { ax: { title: 'Write the report' } }, to: { ax: { title: 'Done' } } })), { fake: { tree: board } });
  assert.deepEqual([r.log, r.codes], [['drag @card @list'], []]);
  // Two lists of that name are still ambiguous; with no list, the region is where it lands, before its heading.
  const two = screen(['a', 'list', 'Done'], ['b', 'list', 'Done']);
  assert.deepEqual(matchTarget({ kind: 'ax', title: 'Done' }, two, 'drop').alike.map((n) => n.ref), ['b']);
  assert.equal(resolveTarget({ kind: 'ax', title: 'Done' }, board.filter((n) => n.ref !== 'list'), 'drop')?.ref, 'column');
});

test('two controls that match equally well are ambiguous: the safe step runs on the first and a warning names both', async () => {
  const tree = screen(['a', 'button', 'Delete', 'e1'], ['b', 'link', 'Delete', 'e2'], ['c', 'button', 'Delete all', 'e3']);
  const r = await runBurst(fence(act({ do: 'click', target: { ax: { title: 'Delete' } } })), { fake: { tree } });
  assert.deepEqual(r.log, ['click @a']);
  assert.equal(r.outcome.reason, 'stream_ended');
  assert.deepEqual(r.codes, ['2 ambiguous_target']);
  const found = matchTarget({ kind: 'ax', title: 'Delete' }, tree, 'act');
  assert.equal(found.node?.ref, 'a');
  assert.deepEqual(found.alike.map((n) => n.ref), ['b']);
  assert.deepEqual(r.steps[0]!.ambiguous?.target, 'target');
  assert.deepEqual(r.steps[0]!.ambiguous?.alike.map((n) => n.ref), ['b']);
});

test('the ambiguity warning is a warning that names the elements, and the model reads it in the summary', async () => {
  const tree = screen(['a', 'button', 'Delete', 'e1'], ['b', 'button', 'Delete', 'e2']);
  const fake = fakeBackend({ tree });
  const burst = createBurst({ backend: fake.backend });
  burst.write(fence(act({ do: 'click', target: { ax: { role: 'button', title: 'Delete' } } })));
  burst.end();
  await burst.outcome;
  const issue = burst.issues[0]!;
  assert.deepEqual([issue.code, issue.severity, issue.line], ['ambiguous_target', 'warning', 2]);
  assert.match(issue.message, /e1 button "Delete"/);
  assert.match(issue.message, /e2 button "Delete"/);
  const summary = createRunSummary();
  summary.add(1, burst.steps, (await burst.outcome), burst.issues);
  assert.match(summary.text(), /ok: click button "Delete" \(ambiguous: it matched e1 button "Delete", e2 button "Delete"; the first was used\)/);
  assert.doesNotMatch(summary.text(), /DROPPED/);
});

test('a risky step never runs on an ambiguous target, and nobody is asked to approve it', async () => {
  const tree = screen(['a', 'button', 'Delete', 'e1'], ['b', 'button', 'Delete', 'e2']);
  let asked = 0;
  const r = await runBurst(fence(act({ do: 'click', target: { ax: { title: 'Delete' } }, risk: 'risky' }), act({ do: 'wait', ms: 1 })), {
    fake: { tree },
    approve: () => (asked++, true),
  });
  assert.deepEqual(r.log, []);
  assert.equal(asked, 0);
  assert.equal(r.outcome.reason, 'action_failed');
  assert.match(r.outcome.reason === 'action_failed' ? r.outcome.detail : '', /"Delete" matches more than one element equally well: e1 button "Delete", e2 button "Delete"/);
  assert.equal(r.steps[0]!.status, 'failed');
});

test('a step the backend finds risky on an ambiguous target does not run either', async () => {
  const tree = screen(['a', 'button', 'Pay', 'e1'], ['b', 'button', 'Pay', 'e2']);
  const fake = fakeBackend({ tree });
  let asked = 0;
  const backend = { ...fake.backend, assess: () => ({ risk: 'risky' as const }) };
  const burst = createBurst({ backend, policy: 'allow', approve: () => (asked++, true) });
  burst.write(fence(act({ do: 'click', target: { ax: { title: 'Pay' } } })));
  burst.end();
  const outcome = await burst.outcome;
  assert.equal(outcome.reason, 'action_failed');
  assert.deepEqual(fake.log, []);
  assert.equal(asked, 0);
});

test('an id, or a role and exact name only one element has, is not ambiguous', async () => {
  const tree = screen(['a', 'button', 'Delete', 'e1'], ['b', 'heading', 'Delete', undefined], ['c', 'button', 'Delete', 'e3']);
  const byId = await runBurst(fence(act({ do: 'click', target: { ax: { id: 'e3' } }, risk: 'risky' })), { fake: { tree }, approve: () => true });
  assert.deepEqual([byId.log, byId.codes], [['click @c'], []]);
  const unique = screen(['a', 'button', 'Delete', 'e1'], ['b', 'heading', 'Delete'], ['c', 'text', 'Delete']);
  const byRole = await runBurst(fence(act({ do: 'click', target: { ax: { role: 'button', title: 'Delete' } }, risk: 'risky' })), { fake: { tree: unique }, approve: () => true });
  assert.deepEqual([byRole.log, byRole.codes], [['click @a'], []]);
  // An exact name among partial ones is the one meant.
  const exact = screen(['x', 'button', 'Save as…'], ['y', 'button', 'Save']);
  const saved = await runBurst(fence(act({ do: 'click', target: { ax: { title: 'save' } }, risk: 'risky' })), { fake: { tree: exact }, approve: () => true });
  assert.deepEqual([saved.log, saved.codes], [['click @y'], []]);
});

test('a backend that matches targets itself is told what each is for, and answers with the others that match', async () => {
  const purposes: string[] = [];
  const a = { ref: 'a', role: 'button', name: 'Go', id: 'e1' };
  const b = { ref: 'b', role: 'button', name: 'Go', id: 'e2' };
  const backend: Backend<Ref> = {
    observe: () => '',
    match: (_t, context) => (purposes.push(context.purpose ?? 'none'), { node: a, alike: [b] }),
    resolve: () => assert.fail('resolve() should not be asked when match() is given'),
    act: () => {},
  };
  const burst = createBurst({ backend });
  burst.write(fence(act({ do: 'click', target: { ax: { title: 'Go' } } }), '{"op":"assert","target":{"ax":{"title":"Go"}}}', act({ do: 'drag', from: { ax: { title: 'Go' } }, to: { ax: { title: 'Go' } } })));
  burst.end();
  await burst.outcome;
  assert.deepEqual(purposes, ['act', 'find', 'act', 'drop']);
  assert.deepEqual(burst.issues.map((i) => i.code), ['ambiguous_target', 'ambiguous_target']);
  // A backend with resolve() alone is told the purpose too.
  const told: string[] = [];
  const plain = createBurst<Ref>({ backend: { observe: () => '', resolve: (_t, c) => (told.push(c.purpose ?? 'none'), a), act: () => {} } });
  plain.write(fence(act({ do: 'click', target: { ax: { title: 'Go' } } })));
  plain.end();
  await plain.outcome;
  assert.deepEqual(told, ['act']);
});

test('the search a page backend runs while it walks gives what matchTarget gives, and stops as early as it may', () => {
  const tree = screen(['t', 'text', 'OK'], ['h', 'heading', 'OK'], ['a', 'button', 'OK'], ['b', 'button', 'OK'], ['c', 'button', 'OK'], ['d', 'link', 'OK then']);
  for (const purpose of ['act', 'drop', 'find'] as const) {
    for (const title of ['ok', 'OK then', 'then', 'nothing']) {
      const search = createTargetSearch<Ref>({ kind: 'ax', title }, purpose);
      let seen = 0;
      for (const node of tree) {
        seen++;
        if (search.offer(node)) break;
      }
      const whole = matchTarget({ kind: 'ax', title }, tree, purpose);
      assert.deepEqual([search.result().node?.ref, search.result().alike.map((n) => n.ref)], [whole.node?.ref, whole.alike.map((n) => n.ref)], `${purpose} ${title}`);
      if (purpose === 'act' && title === 'ok') assert.equal(seen, 4, 'two equal controls with the exact name: nothing later can change who is first');
    }
  }
  // Only roles that could still tie or win need a name.
  const search = createTargetSearch<Ref>({ kind: 'ax', title: 'ok' }, 'act');
  assert.equal(search.wants('heading'), true);
  search.offer({ ref: 'a', role: 'button', name: 'OK' });
  assert.equal(search.wants('heading'), false);
  assert.equal(search.wants('link'), true);
});
