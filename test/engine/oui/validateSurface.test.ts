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

const refused: [string, unknown, RegExp][] = [
  ['not an object', 'todo-list', /plain object/],
  ['an array', [], /plain object/],
  ['surface id not kebab-case', todoSurface({ id: 'TodoList' }), /kebab-case/],
  ['surface id with underscores', todoSurface({ id: 'todo_list' }), /kebab-case/],
  ['surface id with a double hyphen', todoSurface({ id: 'todo--list' }), /kebab-case/],
  ['surface id too long', todoSurface({ id: `a${'-b'.repeat(40)}` }), /at most 64/],
  ['missing name', edited((s) => delete s.name), /name is required/],
  ['blank name', todoSurface({ name: '  ' }), /name is required/],
  ['missing description', edited((s) => delete s.description), /description is required/],
  ['version not semver', todoSurface({ version: 'v1' }), /semver/],
  ['metadata not an object', edited((s) => (s.metadata = [1])), /metadata/],
  ['actions missing', edited((s) => delete s.actions), /actions is required/],
  ['action id camelCase', edited((s) => (s.actions[0].id = 'addItem')), /snake_case/],
  ['action id with a double underscore', edited((s) => (s.actions[0].id = 'add__item')), /snake_case/],
  ['action id starting with a digit', edited((s) => (s.actions[0].id = '1_add')), /snake_case/],
  ['duplicate action ids', edited((s) => (s.actions[1].id = 'add_item')), /"add_item" is used twice/],
  ['action without input', edited((s) => delete s.actions[0].input), /needs an input schema/],
  ['action input not an object schema', edited((s) => (s.actions[0].input = { type: 'string' })), /must describe an object/],
  ['action input properties malformed', edited((s) => (s.actions[0].input.properties = { a: 1 })), /input.properties/],
  ['action input required not strings', edited((s) => (s.actions[0].input.required = [1])), /input.required/],
  ['action without description', edited((s) => delete s.actions[0].description), /needs a description/],
  ['confirm not boolean', edited((s) => (s.actions[1].confirm = 'yes')), /confirm must be true or false/],
  ['tags not strings', edited((s) => (s.actions[0].tags = [1])), /tags/],
  ['polling without async', edited((s) => delete s.actions[2].async), /set async: true/],
  ['polling interval zero', edited((s) => (s.actions[2].polling.intervalMs = 0)), /intervalMs/],
  ['polling interval missing', edited((s) => delete s.actions[2].polling.intervalMs), /intervalMs/],
  ['polling maxAttempts fractional', edited((s) => (s.actions[2].polling.maxAttempts = 1.5)), /maxAttempts/],
  ['polling maxDurationMs negative', edited((s) => (s.actions[2].polling.maxDurationMs = -1)), /maxDurationMs/],
  ['subscribe without event', edited((s) => (s.actions[2].polling.subscribe = {})), /event name/],
  ['subscribe filter not an object', edited((s) => (s.actions[2].polling.subscribe = { event: 'done', filter: 'x' })), /filter/],
  ['duplicate observation ids', edited((s) => (s.observations[1].id = 'item_count')), /"item_count" is used twice/],
  ['observation id equal to an action id', edited((s) => (s.observations[0].id = 'add_item')), /also an action's id/],
  ['observation id with a colon', edited((s) => (s.observations[0].id = 'a:status')), /no ":"/],
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
    s.id = 'Bad';
    s.actions[0].id = 'Bad';
    delete s.actions[1].input;
  }));
  assert.equal(found.length, 3);
});

test('assertSurface throws OUISurfaceError naming the surface and its reasons', () => {
  assert.throws(
    () => assertSurface(todoSurface({ id: 'Todo' })),
    (e: unknown) => e instanceof OUISurfaceError && /"Todo"/.test(e.message) && /kebab-case/.test(e.message) && e.errors.length === 1,
  );
});

test('validation never throws, whatever it is given', () => {
  const weird: unknown[] = [null, undefined, 1, 'x', Symbol('s'), () => 1, new Date(), new Map(), Object.create(null), { actions: [null, 1, 'x'] }];
  const cyclic: any = todoSurface();
  cyclic.metadata = { self: cyclic };
  weird.push(cyclic);
  for (const w of weird) assert.equal(validateSurface(w).valid, false);
});
