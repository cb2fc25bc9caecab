// "Did you mean …?": close matches only, bounded work for hostile streams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closestNames, didYouMean } from '../../../src/omni-ir/closestNames.js';
import { COMPONENT_NAMES } from '../../../src/omni-ir/specs.js';

test('a misspelt component, tool or prop finds the name meant', () => {
  assert.deepEqual(closestNames('Buton', COMPONENT_NAMES), ['Button']);
  assert.deepEqual(closestNames('button', COMPONENT_NAMES), ['Button']);
  assert.deepEqual(closestNames('Heading', COMPONENT_NAMES), []); // known: nothing to suggest
  assert.deepEqual(closestNames('Swtich', COMPONENT_NAMES), ['Switch']);
  assert.deepEqual(closestNames('payments.confrim', ['orders.cancel', 'payments.confirm', 'payments.refund']), ['payments.confirm']);
  assert.deepEqual(closestNames('lable', ['label', 'action', 'variant', 'disabled']), ['label']);
});

test('a swap of two neighbours counts as one edit', () => {
  assert.deepEqual(closestNames('Tetx', ['Text', 'Tabs']), ['Text']);
  assert.deepEqual(closestNames('Rnage', ['Range', 'Rating']), ['Range']);
});

test('only close matches: nothing for a different word, a short name allows one edit', () => {
  assert.deepEqual(closestNames('Carousel', COMPONENT_NAMES), []);
  assert.deepEqual(closestNames('Tbx', ['Text']), []);
  assert.deepEqual(closestNames('Tex', ['Text']), ['Text']);
  assert.deepEqual(closestNames('x', ['y']), []);
  assert.deepEqual(closestNames('ab', ['ba', 'AB']), ['AB']);
});

test('the closest win; ties are all offered, up to three', () => {
  assert.deepEqual(closestNames('Cart', ['Chart', 'Card', 'Cat', 'Scarf']), ['Chart', 'Card', 'Cat']);
  assert.deepEqual(closestNames('Cart', ['Chart', 'Cards', 'Cart2', 'Cards']), ['Chart', 'Cart2']);
  assert.deepEqual(closestNames('Carts', ['Chart', 'Cards', 'Cars']), ['Cards', 'Cars']);
  assert.deepEqual(closestNames('aaaaa', ['aaaab', 'aaaac', 'aaaad', 'aaaae', 'aaaaf']), ['aaaab', 'aaaac', 'aaaad']);
});

test('bounded: a long name gets no suggestion, and at most 2,000 candidates are looked at', () => {
  const long = 'x'.repeat(41);
  assert.deepEqual(closestNames(long, [long + 'y']), []);
  const many = Array.from({ length: 3000 }, (_, i) => `zz.${i}`);
  const at = (i: number) => many.map((m, j) => (j === i ? 'payments.confirm' : m));
  assert.deepEqual(closestNames('payments.confrim', at(1999)), ['payments.confirm']);
  assert.deepEqual(closestNames('payments.confrim', at(2000)), []);
});

test('didYouMean words the suggestion for a message', () => {
  assert.equal(didYouMean('Buton', COMPONENT_NAMES), '; did you mean "Button"?');
  assert.equal(didYouMean('Cart', ['Card', 'Cat']), '; did you mean "Card" or "Cat"?');
  assert.equal(didYouMean('Cart', ['Card', 'Cat', 'Chart']), '; did you mean "Card", "Cat" or "Chart"?');
  assert.equal(didYouMean('Zebra', COMPONENT_NAMES), '');
});

test('the parser’s messages carry the suggestion for components, props, tools and pictures', async () => {
  const { createOmniParser } = await import('../../../src/omni-ir/parser.js');
  const p = createOmniParser({ tools: ['payments.confirm'], assets: ['cabin-pines'] });
  p.write('root = Stack([b, c, i])\nb = Buton("Pay", action="pay")\nc = Button("Go", action="go", varient="primary")\n');
  p.write('m = McpMutation(c, tool="payments.confrim")\nn = McpMutation(c, tol="payments.confirm")\ni = Image("cabin-pine", alt="x")\n');
  p.end();
  const message = (line: number) => p.issues.find((i) => i.line === line)!.message;
  assert.match(message(2), /Buton is not a component .*; did you mean "Button"\?$/);
  assert.match(message(3), /unknown prop "varient"; did you mean "variant"\? \(Button takes /);
  assert.match(message(4), /"payments\.confrim" is not in the app's tool registry; did you mean "payments\.confirm"\?$/);
  assert.match(message(5), /unknown prop "tol"; did you mean "tool"\?/);
  assert.match(message(6), /"cabin-pine" is not a picture in the app's registry; did you mean "cabin-pines"\?$/);
});

test('a stream gets at most SUGGESTIONS of them: a hostile stream of wrong names costs what any rejected line does', async () => {
  const { createOmniParser } = await import('../../../src/omni-ir/parser.js');
  const { SUGGESTIONS } = await import('../../../src/omni-ir/lineCheck.js');
  const p = createOmniParser();
  const lines = ['root = Stack([])'];
  for (let i = 0; i < SUGGESTIONS + 20; i++) lines.push(`x${i} = Buton("a")`);
  p.write(lines.join('\n') + '\n');
  p.end();
  const wrong = p.issues.filter((i) => i.code === 'unknown_component');
  assert.equal(wrong.length, SUGGESTIONS + 20);
  assert.equal(wrong.filter((i) => i.message.includes('did you mean')).length, SUGGESTIONS);
});
