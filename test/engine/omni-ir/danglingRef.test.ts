// dangling_ref says what became of the missing id (issue 18): it never arrived, its own line was rejected (with
// the line and the reason), or it is an McpMutation listed where a component belongs. "Never arrived" for a line
// the reader saw and refused sends the author looking for a line that is there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';

function dangling(text: string): string[] {
  const parser = createOmniParser({ tools: ['payments.confirm'], assets: [] });
  parser.write(text);
  parser.end();
  return parser.issues.filter((i) => i.code === 'dangling_ref').map((i) => `${i.line}: ${i.message}`);
}

test('a child that was never sent never arrived', () => {
  assert.deepEqual(dangling('root = Stack([a, b])\na = Text("A")\n'), ['1: "root" lists "b", which never arrived']);
});

test('a child whose line was rejected is named with that line and the reason', () => {
  assert.deepEqual(dangling('root = Stack([b])\nb = Buton("Pay")\n'), ['1: "root" lists "b", whose line 2 was rejected (unknown_component)']);
});

test('a child that is an McpMutation is not a component, and says so', () => {
  assert.deepEqual(dangling('root = Stack([m])\nm = McpMutation(go, tool="payments.confirm", params={})\n'), [
    '1: "root" lists "m", an McpMutation, not a component',
  ]);
});

test('each missing child is told apart in one message', () => {
  assert.deepEqual(dangling('root = Stack([a, b, m])\na = Buton("x")\nm = McpMutation(go, tool="payments.confirm", params={})\n'), [
    '1: "root" lists "a", whose line 2 was rejected (unknown_component); "m", an McpMutation, not a component; "b", which never arrived',
  ]);
});

test('an McpMutation whose target was rejected says so; one whose target never came says that', () => {
  assert.deepEqual(dangling('root = Stack([go])\ngo = Buton("Pay", action="pay")\npay = McpMutation(go, tool="payments.confirm", params={})\n'), [
    '1: "root" lists "go", whose line 2 was rejected (unknown_component)',
    '3: McpMutation "pay" targets "go", whose line 2 was rejected (unknown_component)',
  ]);
  assert.deepEqual(dangling('root = Text("x")\npay = McpMutation(go, tool="payments.confirm", params={})\n'), ['2: McpMutation "pay" targets "go", which never arrived']);
});

test('a syntax error on the child’s line counts as rejected too', () => {
  assert.deepEqual(dangling('root = Stack([b])\nb = Text("unclosed)\n'), ['1: "root" lists "b", whose line 2 was rejected (unterminated_string)']);
});
