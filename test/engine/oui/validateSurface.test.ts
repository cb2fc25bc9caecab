import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertSurface, OUISurfaceError, validateSurface } from '../../../src/oui/index.ts';
import { todoSurface } from './helpers.ts';

/** The reasons a definition is refused, or [] when it passes. */
function errors(def: unknown): string[] {
  const check = validateSurface(def);
  return check.valid ? [] : check.errors;
}

/** The todo surface with one change made by `edit`. */
function edited(edit: (s: any) => void): unknown {
  const s: any = todoSurface();
  edit(s);
  return s;
}

test('a well-formed surface passes and comes back as a frozen copy', () => {
  const def = todoSurface({ version: '1.2.0', metadata: { team: 'x' }, activation: { routes: ['/todos', '/todos/*'], entity: { type: 'list' }, condition: 'signed in' } });
  const check = validateSurface(def);
  assert.equal(check.valid, true);
  if (!check.valid) return;
  assert.notEqual(check.surface, def);
  assert.deepEqual(check.surface, def);
  assert.ok(Object.isFrozen(check.surface) && Object.isFrozen(check.surface.actions[0]!.input));
  def.name = 'changed later';
  assert.equal(check.surface.name, 'Todos');
});

test('a surface with only observations is fine', () => {
  assert.deepEqual(errors(todoSurface({ actions: [] })), []);
});

/** What a definition breaks of the conventions, when it passes (0.1.0 accepts any non-empty id). */
function warnings(def: unknown, strict = false): string[] {
  const check = validateSurface(def, strict ? { idStyle: 'strict' } : {});
  return check.valid ? check.warnings : [`refused: ${check.errors.join(' | ')}`];
}

// Accepted, as 0.1.0 declares (any non-empty id), with a warning; refused with idStyle: 'strict'.
const offConvention: [string, unknown, RegExp][] = [
  ['surface id not kebab-case', todoSurface({ id: 'TodoList' }), /kebab-case/],
  ['surface id with underscores', todoSurface({ id: 'todo_list' }), /kebab-case/],
  ['surface id with a double hyphen', todoSurface({ id: 'todo--list' }), /kebab-case/],
  ['surface id of 100 characters', todoSurface({ id: `A${'b'.repeat(99)}` }), /kebab-case/],
  ['surface id with a direction control', todoSurface({ id: 'todo\u202Elist' }), /invisible/],
  ['action id camelCase', edited((s) => (s.actions[0].id = 'setChartType')), /snake_case/],
  ['action id with a double underscore', edited((s) => (s.actions[0].id = 'add__item')), /snake_case/],
  ['action id starting with a digit', edited((s) => (s.actions[0].id = '1_add')), /snake_case/],
  ['action id with a space (no tool name)', edited((s) => (s.actions[0].id = 'add item')), /no valid tool name/],
  ['action id of 80 characters', edited((s) => (s.actions[0].id = 'a'.repeat(80))), /longer than the 64 characters/],
  ['observation id equal to an action id', edited((s) => (s.observations[0].id = 'add_item')), /also an action's id/],
  ['observation id with a colon', edited((s) => (s.observations[0].id = 'a:b')), /should start with a letter/],
  ['observation id naming an action\'s status', edited((s) => (s.observations[0].id = 'add_item:status')), /status observation of the action "add_item"/],
];

for (const [name, def, why] of offConvention) {
  test(`accepted with a warning: ${name}; refused when strict`, () => {
    const found = warnings(def);
    assert.ok(!found.some((w) => w.startsWith('refused')), found.join(' | '));
    assert.ok(found.some((w) => why.test(w)), `one warning matches ${why}: ${found.join(' | ')}`);
    assert.equal(validateSurface(def, { idStyle: 'strict' }).valid, false);
  });
}

test('ids: empty, not a string, or over 256 characters are refused whatever the style', () => {
  assert.match(errors(todoSurface({ id: '' })).join(), /non-empty string/);
  assert.match(errors(edited((s) => (s.actions[0].id = 7))).join(), /non-empty string/);
  assert.match(errors(todoSurface({ id: 'a'.repeat(257) })).join(), /longer than 256/);
  assert.deepEqual(warnings(todoSurface()), [], 'the conventions kept: no warning');
});

test('polling: intervalMs 0 is accepted with subscribe (an event, no polling), refused without', () => {
  assert.deepEqual(errors(edited((s) => (s.actions[2].polling = { intervalMs: 0, subscribe: { event: 'done' } }))), []);
  assert.match(errors(edited((s) => (s.actions[2].polling = { intervalMs: 0 }))).join(), /0 only with subscribe/);
  assert.match(errors(edited((s) => (s.actions[2].polling = { intervalMs: -1, subscribe: { event: 'done' } }))).join(), /intervalMs/);
});

test('routes: ":name" parameters are accepted; modifiers and partial wildcards are refused at once, saying why', () => {
  assert.deepEqual(errors(todoSurface({ activation: { routes: ['/projects/:id', '/projects/:projectId/files/**'] } })), []);
  assert.match(errors(todoSurface({ activation: { routes: '/projects/:id+' } })).join(), /":id\+" is not a parameter/);
  assert.match(errors(todoSurface({ activation: { routes: '/projects/:' } })).join(), /":" is not a parameter/);
  assert.match(errors(todoSurface({ activation: { routes: '/files/report-*' } })).join(), /mixes "\*" with text/);
});

const refused: [string, unknown, RegExp][] = [
  ['not an object', 'todo-list', /plain object/],
  ['an array', [], /plain object/],
  ['missing name', edited((s) => delete s.name), /name is required/],
  ['blank name', todoSurface({ name: '  ' }), /name is required/],
  ['missing description', edited((s) => delete s.description), /description is required/],
  ['version not semver', todoSurface({ version: 'v1' }), /semver/],
  ['metadata not an object', edited((s) => (s.metadata = [1])), /metadata/],
  ['actions missing', edited((s) => delete s.actions), /actions is required/],
  ['duplicate action ids', edited((s) => (s.actions[1].id = 'add_item')), /"add_item" is used twice/],
  ['action without input', edited((s) => delete s.actions[0].input), /needs an input schema/],
  ['action input not an object schema', edited((s) => (s.actions[0].input = { type: 'string' })), /must describe an object/],
  ['action input properties malformed', edited((s) => (s.actions[0].input.properties = { a: 1 })), /input.properties/],
  ['action input required not strings', edited((s) => (s.actions[0].input.required = [1])), /input.required/],
  ['action without description', edited((s) => delete s.actions[0].description), /needs a description/],
  ['confirm not boolean', edited((s) => (s.actions[1].confirm = 'yes')), /confirm must be true or false/],
  ['tags not strings', edited((s) => (s.actions[0].tags = [1])), /tags/],
  ['polling without async', edited((s) => delete s.actions[2].async), /set async: true/],
  ['polling interval zero without subscribe', edited((s) => (s.actions[2].polling.intervalMs = 0)), /intervalMs/],
  ['polling interval missing', edited((s) => delete s.actions[2].polling.intervalMs), /intervalMs/],
  ['polling maxAttempts fractional', edited((s) => (s.actions[2].polling.maxAttempts = 1.5)), /maxAttempts/],
  ['polling maxDurationMs negative', edited((s) => (s.actions[2].polling.maxDurationMs = -1)), /maxDurationMs/],
  ['subscribe without event', edited((s) => (s.actions[2].polling.subscribe = {})), /event name/],
  ['subscribe filter not an object', edited((s) => (s.actions[2].polling.subscribe = { event: 'done', filter: 'x' })), /filter/],
  ['duplicate observation ids', edited((s) => (s.observations[1].id = 'item_count')), /"item_count" is used twice/],
  ['observation without schema', edited((s) => delete s.observations[0].schema), /needs a schema/],
  ['observation frequency unknown', edited((s) => (s.observations[0].updateFrequency = 'hourly')), /updateFrequency/],
  ['observations not a list', edited((s) => (s.observations = {})), /observations must be a list/],
  ['activation not an object', edited((s) => (s.activation = '/x')), /activation must be an object/],
  ['route without a leading slash', edited((s) => (s.activation = { routes: 'todos' })), /starting with "\/"/],
  ['route with a query', edited((s) => (s.activation = { routes: '/todos?x=1' })), /without query/],
  ['empty route list', edited((s) => (s.activation = { routes: [] })), /list of 1 to/],
  ['entity without type', edited((s) => (s.activation = { entity: { id: '1' } })), /entity/],
  ['a function inside', edited((s) => (s.metadata = { f: () => 1 })), /not plain JSON data/],
];

for (const [name, def, why] of refused) {
  test(`refused: ${name}`, () => {
    const found = errors(def);
    assert.ok(found.length > 0, 'refused');
    assert.ok(found.some((e) => why.test(e)), `one reason matches ${why}: ${found.join(' | ')}`);
  });
}

test('every reason is given at once', () => {
  const found = errors(edited((s) => {
    s.id = '';
    s.actions[0].id = 3;
    delete s.actions[1].input;
  }));
  assert.equal(found.length, 3);
});

test('assertSurface throws OUISurfaceError naming the surface and its reasons; warnings go to onWarnings', () => {
  assert.throws(
    () => assertSurface(todoSurface({ id: 'Todo', name: '' })),
    (e: unknown) => e instanceof OUISurfaceError && /"Todo"/.test(e.message) && /name is required/.test(e.message) && e.errors.length === 1,
  );
  const said: string[] = [];
  assert.equal(assertSurface(todoSurface({ id: 'Todo' }), { onWarnings: (w) => said.push(...w) }).id, 'Todo');
  assert.match(said.join(), /kebab-case/);
  assert.throws(() => assertSurface(todoSurface({ id: 'Todo' }), { idStyle: 'strict' }), /kebab-case/);
});

test('validation never throws, whatever it is given', () => {
  const weird: unknown[] = [null, undefined, 1, 'x', Symbol('s'), () => 1, new Date(), new Map(), Object.create(null), { actions: [null, 1, 'x'] }];
  const cyclic: any = todoSurface();
  cyclic.metadata = { self: cyclic };
  weird.push(cyclic);
  for (const w of weird) assert.equal(validateSurface(w).valid, false);
});
