// App-defined components ([5.27]–[5.29]) and picture families ([5.30]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOmniParser, type AppComponentDeclaration, type OmniRegistries } from '../../../src/entries/omni-ir.ts';
import { issuesOf, parse } from './helpers.js';

const components: Record<string, AppComponentDeclaration> = {
  Tile: {
    description: 'A product tile; its children are its buttons.',
    positional: ['name', 'children'],
    props: {
      name: { kind: 'text', maxLength: 20 },
      price: { kind: 'number', minimum: 0 },
      size: { kind: 'oneOf', values: ['S', 'M'], optional: true },
      photo: { kind: 'picture', optional: true },
      tags: { kind: 'list', item: 'text', maxItems: 2, optional: true },
      scores: { kind: 'list', item: 'number', optional: true },
      sale: { kind: 'boolean', optional: true },
      code: { kind: 'text', state: false, optional: true },
      short: { kind: 'text', minLength: 2, maxLength: 3, optional: true },
    },
    children: { max: 2 },
  },
  Stepper: {
    description: 'Choose how many.',
    positional: ['value'],
    props: { value: { kind: 'state', holds: 'number' }, label: { kind: 'text' }, max: { kind: 'number', integer: true, state: false } },
    field: true,
  },
  Toggle: { description: 'On or off.', props: { value: { kind: 'state', holds: 'boolean', optional: true } } },
  Note: { description: 'A note.', props: { value: { kind: 'state', holds: 'text' } } },
};
const reg: OmniRegistries = { tools: ['payments.confirm'], assets: ['cabin-pines'], components, pictures: [{ prefix: 'item-', id: 'digits', maxLength: 6 }, { prefix: 'sku-', id: 'alnum', maxLength: 4 }] };

test('[5.27] a declared component is accepted and reported by its own name, with app: true', () => {
  const p = parse(['root = Stack([t, q])', '$name = "Tote"', 't = Tile($name, [buy], price=24, size="M", tags=["New"], sale=true, code="A1", photo="item-7", scores=[1, 2.5])', '$n = 1', 'q = Stepper($n, label="How many", max=5, required=true)', 'buy = Button("Buy")'], reg);
  assert.deepEqual(p.result().issues, []);
  assert.deepEqual(p.result().nodes.t, { type: 'Tile', app: true, props: { name: { state: '$name' }, price: 24, size: 'M', tags: ['New'], sale: true, code: 'A1', photo: 'item-7', scores: [1, 2.5] }, children: ['buy'] });
  assert.equal(p.document.node('q')!.app, true);
  assert.deepEqual(p.result().nodes.q!.props, { value: { state: '$n' }, label: 'How many', max: 5, required: true });
});

test('[5.28] app props are checked against the declaration', () => {
  const lines = [
    'root = Stack([])',
    'a = Tile("Tote")',
    'b = Tile("Tote", price=1, colour="red")',
    'c = Tile("Tote", price=-1)',
    'd = Tile("A name far longer than twenty", price=1)',
    'e = Tile("Tote", price=1, size="XL")',
    'f = Tile("Tote", price=1, tags=["a", "b", "c"])',
    'g = Tile("Tote", [x, y, z], price=1)',
    '$c = "A1"',
    'h = Tile("Tote", price=1, code=$c)',
    'k = Tile("Tote", price=1, required=true)',
    'm = Stepper($n, label="n", max=1.5)',
    'n = SeatMap("A")',
    'o = App("Tile")',
    'p = Tile("Tote", price=1, short="a")',
    'q = Tile("Tote", price=1, short="abcd")',
    'r = Tile("Tote", price=1, scores=["1"])',
    's = Tile("Tote", price="1")',
    'u = Tile("Tote", price=1, sale="yes")',
    'v = Stepper(3, label="n", max=1)',
    'w = Tile("Tote", price=1, photo="https://example.com/a.png")',
    'x2 = Tile("Tote", price=1, "extra")',
    'y2 = Tile("Tote", price=1, tags=[1])',
  ];
  assert.deepEqual(issuesOf(lines, reg), [
    '10 invalid_props', '11 invalid_props', '12 invalid_props', '13 unknown_component', '14 unknown_component', '15 invalid_props', '16 invalid_props', '17 invalid_props', '18 invalid_props', '19 invalid_props',
    '2 invalid_props', '20 invalid_props', '21 invalid_props', '22 syntax', '23 invalid_props', '3 invalid_props', '4 invalid_props', '5 invalid_props', '6 invalid_props', '7 invalid_props', '8 invalid_props',
  ]);
});

test('[5.28] a text or number prop takes a $key unless state: false; optional props may be left out', () => {
  assert.deepEqual(issuesOf(['root = Stack([a])', '$p = 3', 'a = Tile("Tote", price=$p)', 't = Toggle()'], reg), []);
});

test('[5.28] the edited $key holds what the declaration says, or null, whichever line arrives second', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b])', 'a = Stepper($n, label="n", max=5)', '$n = "one"', '$m = null', 'b = Stepper($m, label="m", max=5)'], reg), ['2 missing_state', '3 input_state_type']);
  assert.deepEqual(issuesOf(['root = Stack([a, b])', '$t = "x"', 'a = Toggle(value=$t)', '$u = false', 'b = Note(value=$u)'], reg), ['1 dangling_ref', '3 input_state_type', '5 input_state_type']);
});

test('[5.29] an app component has no action and can\'t be an McpMutation\'s target', () => {
  assert.deepEqual(issuesOf(['root = Stack([t])', 't = Tile("Tote", price=1)', 'm = McpMutation(t, tool="payments.confirm", params={amount: 1})', 'u = Tile("Tote", price=1, action="pay")'], reg), ['3 mutation_target_not_interactive', '4 invalid_props']);
});

test('[5.28] app children follow the tree rules', () => {
  assert.deepEqual(issuesOf(['root = Stack([t, u])', 't = Tile("A", [b], price=1)', 'u = Tile("B", [b], price=1)', 'b = Button("x")', 'v = Tile("C", [root], price=1)', 'i = ListItem("x")', 'w = Tile("D", [i], price=1)'], reg), ['1 dangling_ref', '3 multiple_parents', '5 root_as_child', '7 list_mismatch']);
});

test('[5.30] picture families: digits or lowercase letters and digits, up to the declared length', () => {
  const lines = ['root = Stack([])', 'a = Image("item-42", alt="x")', 'b = Tile("T", price=1, photo="item-123456")', 'c = Image("item-abc", alt="x")', 'd = Image("item-1234567", alt="x")', 'e = Image("item-", alt="x")', 'f = Image("sku-a1b2", alt="x")', 'g = Image("sku-a1b2c", alt="x")', 'h = ListItem("x", image="sku-zz")', 'i = Image("photo-1", alt="x")', 'j = Image("ITEM-1", alt="x")', 'k = Image("cabin-pines", alt="x")'];
  assert.deepEqual(issuesOf(lines, reg), ['10 unknown_asset', '11 invalid_props', '4 unknown_asset', '5 unknown_asset', '6 unknown_asset', '8 unknown_asset'].sort());
});

test('without the declarations, an app component is unknown_component', () => {
  assert.deepEqual(issuesOf(['root = Tile("Tote", price=1)']), ['1 unknown_component', 'null missing_root']);
});

test('app fields: required only on a component declared as a field', () => {
  assert.deepEqual(issuesOf(['root = Stack([])', '$v = "x"', 'a = Note($v, required=true)', 'b = Note(value=$v, required=true)'], { components }), ['3 invalid_props', '4 invalid_props']);
});

test('[5.27] malformed declarations throw a TypeError when the parser is created', () => {
  const bad: [string, unknown][] = [
    ['lowercase name', { tile: { description: 'x', props: {} } }],
    ['name with a hyphen', { 'My-Tile': { description: 'x', props: {} } }],
    ['name too long', { [`A${'b'.repeat(64)}`]: { description: 'x', props: {} } }],
    ['catalog name', { Text: { description: 'x', props: {} } }],
    ['McpMutation', { McpMutation: { description: 'x', props: {} } }],
    ['App', { App: { description: 'x', props: {} } }],
    ['no description', { Tile: { props: {} } }],
    ['empty description', { Tile: { description: ' ', props: {} } }],
    ['no props', { Tile: { description: 'x' } }],
    ['not an object', { Tile: 'x' }],
    ['unknown key', { Tile: { description: 'x', props: {}, style: 'red' } }],
    ['prop named action', { Tile: { description: 'x', props: { action: { kind: 'text' } } } }],
    ['prop named children', { Tile: { description: 'x', props: { children: { kind: 'text' } } } }],
    ['prop named required', { Tile: { description: 'x', props: { required: { kind: 'boolean' } } } }],
    ['prop named kind', { Tile: { description: 'x', props: { kind: { kind: 'text' } } } }],
    ['reserved prop', { Tile: { description: 'x', props: { constructor: { kind: 'text' } } } }],
    ['bad prop name', { Tile: { description: 'x', props: { 'a-b': { kind: 'text' } } } }],
    ['unknown kind', { Tile: { description: 'x', props: { a: { kind: 'color' } } } }],
    ['unknown prop key', { Tile: { description: 'x', props: { a: { kind: 'text', maxLen: 3 } } } }],
    ['text too long', { Tile: { description: 'x', props: { a: { kind: 'text', maxLength: 2001 } } } }],
    ['min over max', { Tile: { description: 'x', props: { a: { kind: 'text', minLength: 5, maxLength: 3 } } } }],
    ['number range', { Tile: { description: 'x', props: { a: { kind: 'number', minimum: 5, maximum: 3 } } } }],
    ['infinite bound', { Tile: { description: 'x', props: { a: { kind: 'number', maximum: Infinity } } } }],
    ['empty oneOf', { Tile: { description: 'x', props: { a: { kind: 'oneOf', values: [] } } } }],
    ['oneOf numbers', { Tile: { description: 'x', props: { a: { kind: 'oneOf', values: [1] } } } }],
    ['list item', { Tile: { description: 'x', props: { a: { kind: 'list', item: 'boolean' } } } }],
    ['list too long', { Tile: { description: 'x', props: { a: { kind: 'list', item: 'text', maxItems: 51 } } } }],
    ['state not named value', { Tile: { description: 'x', props: { v: { kind: 'state', holds: 'text' } } } }],
    ['state holds', { Tile: { description: 'x', props: { value: { kind: 'state', holds: 'date' } } } }],
    ['positional unknown', { Tile: { description: 'x', props: {}, positional: ['a'] } }],
    ['positional twice', { Tile: { description: 'x', props: { a: { kind: 'text' } }, positional: ['a', 'a'] } }],
    ['positional children without children', { Tile: { description: 'x', props: {}, positional: ['children'] } }],
    ['children max', { Tile: { description: 'x', props: {}, children: { max: 0 } } }],
    ['children max too big', { Tile: { description: 'x', props: {}, children: { max: 201 } } }],
    ['field not boolean', { Tile: { description: 'x', props: {}, field: 'yes' } }],
    ['optional not boolean', { Tile: { description: 'x', props: { a: { kind: 'text', optional: 'yes' } } } }],
    ['components not an object', 'Tile'],
  ];
  for (const [why, c] of bad) {
    assert.throws(() => createOmniParser({ components: c as never }), TypeError, why);
  }
  assert.throws(() => createOmniParser({ pictures: [{ prefix: 'item', id: 'digits', maxLength: 3 }] }), TypeError);
  assert.throws(() => createOmniParser({ pictures: [{ prefix: 'Item-', id: 'digits', maxLength: 3 }] }), TypeError);
  assert.throws(() => createOmniParser({ pictures: [{ prefix: 'item-', id: 'hex', maxLength: 3 }] } as never), TypeError);
  assert.throws(() => createOmniParser({ pictures: [{ prefix: 'item-', id: 'digits', maxLength: 0 }] }), TypeError);
  assert.throws(() => createOmniParser({ pictures: {} as never }), TypeError);
  assert.throws(() => createOmniParser({ tools: 'payments.confirm' as never }), TypeError);
  assert.throws(() => createOmniParser({ tools: [1] as never }), TypeError);
  assert.doesNotThrow(() => createOmniParser({ components, pictures: reg.pictures }));
});

test('registries may be lists, sets or objects keyed by name', () => {
  for (const tools of [['payments.confirm'], new Set(['payments.confirm']), { 'payments.confirm': { type: 'object' } }, new Map([['payments.confirm', {}]])]) {
    assert.deepEqual(issuesOf(['root = Button("P", action="pay")', 'm = McpMutation(root, tool="payments.confirm")'], { tools: tools as never }), []);
  }
  assert.deepEqual(issuesOf(['root = Image("cabin-pines", alt="x")'], { assets: { 'cabin-pines': { alt: 'x' } } }), []);
  assert.deepEqual(issuesOf(['root = Button("P", action="pay")', 'm = McpMutation(root, tool="payments.confirm")'], {}), ['1 ungoverned_mutation', '2 unknown_tool']);
});
