// McpMutation lines read the quick way (bench/parse.mjs, the `mutations` kind) say what they said before: a tool
// found by comparing it with the registered names of its length still has to be a well-formed name, keys written
// as identifiers aren't scanned again but quoted ones are, and a Button's governor kept in the id's record gives
// the same document rules as a look-up ([5.13]–[5.16]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf, lineIssues, parse } from './helpers.js';

const buttons = ['root = Stack([b])', 'b = Button("Go", action="go")'];
/** The issues of an McpMutation line governing `b` (its tool and params as written), on that line only. */
const mutationLine = (args: string, tools: string[]) =>
  parse([...buttons, `m = McpMutation(b, ${args})`], { tools }).issues.filter((i) => i.line === 3).map((i) => i.code);

test('[5.14] a registered tool whose name is malformed is still invalid_props, among few or many names of its length', () => {
  // Eleven-character names: a few of them (compared one by one), and ten (looked up in a set).
  const few = ['Bad.confirm', 'pay.confirm'];
  const many = ['Bad.confirm', ...Array.from({ length: 9 }, (_, i) => `pay.confirm`.slice(0, 10) + i)];
  assert.equal(many.every((t) => t.length === 11), true);
  for (const tools of [few, many]) {
    assert.deepEqual(mutationLine('tool="Bad.confirm"', tools), ['invalid_props']);
    assert.deepEqual(mutationLine(`tool="${tools[1]}"`, tools), []);
    // Unregistered and well formed: the params are checked first, then the registry.
    assert.deepEqual(mutationLine('tool="zzz.confirm", params={a: 1e999}', tools), ['invalid_props']);
    assert.deepEqual(mutationLine('tool="zzz.confirm"', tools), ['unknown_tool']);
    assert.deepEqual(mutationLine('tool=5', tools), ['invalid_props']);
  }
  assert.equal(parse([...buttons, 'm = McpMutation(b, tool="pay.confirm")'], { tools: few }).document.mutation('b')!.tool, 'pay.confirm');
});

test('[5.16] a params key written as a string must still be an identifier; one written bare is one already', () => {
  const tools = ['payments.confirm'];
  const line = (params: string) => mutationLine(`tool="payments.confirm", params=${params}`, tools);
  assert.deepEqual(line('{"orderId": "A-1", amount: 5}'), []);
  assert.deepEqual(line('{"order id": "A-1"}'), ['invalid_props']);
  assert.deepEqual(line('{orderId: "A-1", "orderId": "A-2"}'), ['invalid_props']);
  assert.deepEqual(line('{orderId: "A-1", orderId: "A-2"}'), ['invalid_props']);
  assert.deepEqual(line('{orderId: "A-1", constructor: 1}'), ['invalid_props']);
  assert.deepEqual(line('{orderId: "A-1", "__proto__": 1}'), ['invalid_props']);
  const p = parse([...buttons, 'm = McpMutation(b, tool="payments.confirm", params={"orderId": "A-1", n: $k})', '$k = 2'], { tools });
  assert.deepEqual(p.issues, []);
  assert.deepEqual({ ...p.document.mutation('b')!.params }, { orderId: 'A-1', n: { kind: 'state', key: '$k' } });
});

test('[5.13] [5.15] a governor recorded before its Button, a second one, and a mutation that targets itself', () => {
  const reg = { tools: ['payments.confirm'] };
  // The mutation first, then its Button: governed, nothing left over.
  assert.deepEqual(issuesOf(['root = Stack([b])', 'm = McpMutation(b, tool="payments.confirm")', 'b = Button("Go", action="go")'], reg), []);
  // A second governor of a Button that hasn't arrived.
  assert.deepEqual(issuesOf(['root = Stack([b])', 'm = McpMutation(b, tool="payments.confirm")', 'n = McpMutation(b, tool="payments.confirm")', 'b = Button("Go", action="go")'], reg), ['3 duplicate_mutation']);
  // A mutation that governs an McpMutation which arrives after it, and one that governs itself.
  assert.deepEqual(issuesOf(['root = Stack([b])', 'b = Button("Go", action="go")', 'x = McpMutation(m, tool="payments.confirm")', 'm = McpMutation(b, tool="payments.confirm")'], reg), ['3 mutation_target_not_interactive']);
  assert.deepEqual(issuesOf(['root = Stack([b])', 'b = Button("Go", action="go")', 'm = McpMutation(b, tool="payments.confirm")', 's = McpMutation(s, tool="payments.confirm")'], reg), ['4 mutation_target_not_interactive']);
  // A positional id, a literal and a call read from the word already scanned.
  assert.deepEqual(lineIssues(['m = McpMutation(true, tool="payments.confirm")', 'n = McpMutation(f(x), tool="payments.confirm")'], reg), ['1 invalid_props', '2 not_flat']);
});
