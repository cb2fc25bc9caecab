// Meaning of a document (section 5) and end-of-stream checks ([7.2], [7.3]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf, parse } from './helpers.js';

test('[5.1] missing_root has no line; root_not_component is on root\'s line', () => {
  assert.deepEqual(issuesOf(['a = Divider()']), ['null missing_root']);
  assert.deepEqual(issuesOf(['b = Button("Pay", action="pay")', 'root = McpMutation(b, tool="payments.confirm")']), ['2 root_not_component']);
  const p = parse(['a = Divider()']);
  assert.equal(p.issues[0]!.line, null);
  assert.equal(p.issues[0]!.id, undefined);
});

test('[5.2] children may arrive later and in any order; the list order is kept', () => {
  const p = parse(['root = Stack([a, b, c])', 'c = Divider()', 'a = Divider()', 'b = Divider()']);
  assert.deepEqual(p.document.node('root')!.children, ['a', 'b', 'c']);
  assert.deepEqual(p.result().missing, []);
  assert.deepEqual(p.result().issues, []);
});

test('[5.3] a second assignment of an id or $key is duplicate_id and the first stays', () => {
  const p = parse(['root = Text("first")', 'root = Text("second")', '$x = 1', '$x = 2', 'm = Divider()', 'm = McpMutation(root, tool="payments.confirm")']);
  assert.deepEqual(issues(p), ['2 duplicate_id', '4 duplicate_id', '6 duplicate_id']);
  assert.equal(p.document.node('root')!.props.text, 'first');
  assert.equal(p.document.state('$x'), 1);
});

test('[5.4] multiple_parents and duplicate_child', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b])', 'other = Stack([a])', 'c = Stack([d, d])', 'a = Divider()', 'b = Divider()']), ['2 multiple_parents', '3 duplicate_child']);
  const many = Array.from({ length: 30 }, (_, i) => `x${i}`);
  assert.deepEqual(issuesOf(['root = Divider()', `s = Stack([${[...many, 'x7'].join(', ')}])`]), ['2 duplicate_child']);
});

test('[5.5] a cycle through children, a self-listing, and root as a child', () => {
  assert.deepEqual(issuesOf(['x = Stack([y])', 'y = Stack([x])', 'root = Divider()', 'c = Stack([root])']), ['1 dangling_ref', '2 cycle', '4 root_as_child']);
  assert.deepEqual(issuesOf(['root = Stack([])', 'a = Stack([a])']), ['2 cycle']);
  assert.deepEqual(issuesOf(['root = Stack([])', 'a = Stack([b])', 'b = Stack([c])', 'c = Stack([a])']), ['3 dangling_ref', '4 cycle']);
  // Listed by root too: the second parent is found first.
  assert.deepEqual(issuesOf(['root = Stack([a])', 'a = Stack([a])']), ['1 dangling_ref', '2 multiple_parents']);
  // root listed before root exists, and by a component that arrives after root.
  assert.deepEqual(issuesOf(['c = Stack([root])', 'root = Divider()']), ['1 root_as_child']);
});

test('[5.6] a children list naming an McpMutation is child_not_component, in both orders', () => {
  assert.deepEqual(issuesOf(['root = Stack([b])', 'b = Button("P", action="pay")', 'm = McpMutation(b, tool="payments.confirm")', 's = Stack([m])']), ['4 child_not_component']);
  assert.deepEqual(issuesOf(['root = Stack([b, m])', 'b = Button("P", action="pay")', 'm = McpMutation(b, tool="payments.confirm")']), ['1 dangling_ref', '2 ungoverned_mutation', '3 child_not_component']);
});

test('[5.7] a rejected line has no effect: a later reference is still pending, then dangling', () => {
  const p = parse(['root = Stack([a])', 'a = Text(1, 2)']);
  assert.deepEqual(issues(p), ['1 dangling_ref', '2 invalid_props']);
  assert.deepEqual(p.result().missing, ['a']);
  assert.equal(p.document.status('a'), 'missing');
});

test('[5.7] a children list refused part way leaves its ids unlisted: another component may list them', () => {
  // c lists a, b, then a again: refused at the second a, after a and b were seen.
  const p = parse(['root = Stack([c2])', 'c = Stack([a, b, a])', 'c2 = Stack([a, b])', 'a = Divider()', 'b = Divider()', 'd = Stack([x, y, x])', 'y = Stack([x])', 'x = Divider()']);
  assert.deepEqual(issues(p), ['2 duplicate_child', '6 duplicate_child']);
  assert.equal(p.document.node('c2')!.children.length, 2);
  assert.deepEqual(p.result().missing, []);
});

test('[5.10] state holds only text, numbers, true, false and null', () => {
  const p = parse(['$a = [1]', '$b = {x: 1}', '$c = other', `$d = "${'x'.repeat(2001)}"`, `$e = "${'x'.repeat(2000)}"`, 'root = Divider()']);
  assert.deepEqual(issues(p), ['1 invalid_props', '2 invalid_props', '3 invalid_props', '4 invalid_props']);
  assert.deepEqual(Object.keys(p.result().state), ['$e']);
});

test('[5.11] an undeclared $key is missing_state on each line using it, and missing', () => {
  const p = parse(['root = Stack([t, u, b])', 't = Text($never)', 'u = Card([], title=$never)', 'b = Button("P", action="pay")', 'm = McpMutation(b, tool="payments.confirm", params={x: $ghost})']);
  assert.deepEqual(issues(p), ['2 missing_state', '3 missing_state', '5 missing_state']);
  assert.deepEqual(p.result().missing, ['$ghost', '$never']);
  assert.equal(p.issues.find((i) => i.line === 5)!.id, 'm');
});

test('[5.12] input_state_type on whichever of the two lines arrives second', () => {
  assert.deepEqual(issuesOf(['$n = 3', 'root = Input($n, label="N")', 'other = Input($s, label="S")', '$s = 4']), ['2 input_state_type', '3 missing_state', '4 input_state_type', 'null missing_root']);
  assert.deepEqual(issuesOf(['root = Input($n, label="N")', '$n = null']), ['1 missing_state', '2 input_state_type']);
});

test('[5.19] a DateInput\'s state is YYYY-MM-DD or empty', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b, c])', '$a = ""', 'a = DateInput($a, label="A")', '$b = "2026-10-14"', 'b = DateInput($b, label="B")', 'c = DateInput($c, label="C")', '$c = "next Tuesday"']), ['6 missing_state', '7 input_state_type']);
  assert.deepEqual(issuesOf(['$d = 20261014', 'root = DateInput($d, label="D")']), ['2 input_state_type', 'null missing_root']);
});

test('[5.20] a Select edits text, a Switch true or false; a value outside the options is fine', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b, c, d])', '$size = "XL"', 'a = Select($size, label="Size", options=["S"])', '$on = true', 'b = Switch($on, label="On")', '$flag = "yes"', 'c = Switch($flag, label="F")', '$count = 2', 'd = Select($count, label="C", options=["1"])']), ['1 dangling_ref', '7 input_state_type', '9 input_state_type']);
  assert.deepEqual(issuesOf(['root = Switch($x, label="X")', '$x = null']), ['1 missing_state', '2 input_state_type']);
});

test('two fields editing one $key must both accept its value', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b])', 'a = Input($x, label="A")', 'b = Switch($x, label="B")', '$x = "text"']), ['2 missing_state', '3 missing_state', '4 input_state_type']);
  assert.deepEqual(issuesOf(['root = Stack([a, b])', '$x = "text"', 'a = Input($x, label="A")', 'b = Switch($x, label="B")']), ['1 dangling_ref', '4 input_state_type']);
});

test('[5.18] List holds only ListItems, a ListItem only sits in a List, whichever arrives second', () => {
  assert.deepEqual(issuesOf(['root = Stack([a, b])', 'a = List([t])', 't = Text("not an item")', 'u = Text("early")', 'b = List([u])']), ['1 dangling_ref', '2 dangling_ref', '3 list_mismatch', '5 list_mismatch']);
  assert.deepEqual(issuesOf(['root = Stack([i])', 'i = ListItem("Tote")']), ['1 dangling_ref', '2 list_mismatch']);
  assert.deepEqual(issuesOf(['i = ListItem("Tote")', 'root = Stack([i])']), ['2 list_mismatch', 'null missing_root']);
  assert.deepEqual(issuesOf(['root = List([i])', 'i = ListItem("Tote")']), []);
});

test('[5.21] Table holds TableRows with one cell per column, whichever arrives second', () => {
  assert.deepEqual(issuesOf(['root = Table(["A", "B"], [r1, r2, t])', 'r1 = TableRow(["x", 1])', 'r2 = TableRow(["x"])', 't = Text("x")']), ['1 dangling_ref', '3 table_mismatch', '4 table_mismatch']);
  assert.deepEqual(issuesOf(['r = TableRow(["x"])', 'root = Table(["A", "B"], [r])']), ['2 table_mismatch', 'null missing_root']);
  assert.deepEqual(issuesOf(['root = Stack([r])', 'r = TableRow(["x"])']), ['1 dangling_ref', '2 table_mismatch']);
  assert.deepEqual(issuesOf(['r = TableRow(["x"])', 'root = Card([r])']), ['2 table_mismatch', 'null missing_root']);
});

test('[5.22] Tabs holds only Tabs, a Tab only sits in a Tabs', () => {
  assert.deepEqual(issuesOf(['root = Tabs([a, b])', 'a = Tab("A", [])', 'b = Text("x")']), ['1 dangling_ref', '3 tabs_mismatch']);
  assert.deepEqual(issuesOf(['a = Tab("A", [])', 'root = Stack([a])']), ['2 tabs_mismatch', 'null missing_root']);
});

test('[5.23] charts: Series in bar and line charts with one value per label, Slices in pie charts', () => {
  const lines = ['root = Stack([bars, line, pie, loose])', 'bars = BarChart("Sales", ["Jul", "Aug"], [a, b, w])', 'a = Series("Online", [120, 150])', 'b = Series("In store", [90])', 'w = Slice("Wrong", 1)', 'early = Series("Visitors", [1, 2, 3])', 'line = LineChart("Visits", ["W1", "W2"], [early])', 'pie = PieChart("Channels", [web, s])', 'web = Slice("Website", 62)', 's = Series("Wrong", [1])', 'loose = Slice("Alone", 5)'];
  assert.deepEqual(issuesOf(lines), ['1 dangling_ref', '10 chart_mismatch', '11 chart_mismatch', '2 dangling_ref', '4 chart_mismatch', '5 chart_mismatch', '7 chart_mismatch', '8 dangling_ref']);
});

test('a pair that breaks two containers\' rules is reported once, by the rule of the line that arrived second', () => {
  const p1 = parse(['root = List([s])', 's = Slice("x", 1)']);
  assert.deepEqual(issues(p1), ['1 dangling_ref', '2 chart_mismatch']);
  const p2 = parse(['s = Slice("x", 1)', 'root = List([s])']);
  assert.deepEqual(issues(p2), ['2 list_mismatch', 'null missing_root']);
});

test('[5.25] at most 1,000 components (McpMutations included) and 1,000 $keys; a duplicate is still duplicate_id', () => {
  const lines = ['root = Stack([b])', 'b = Button("Pay", action="pay")', 'm = McpMutation(b, tool="payments.confirm")'];
  for (let i = 0; i < 997; i++) lines.push(`c${i} = Divider()`);
  lines.push('extra = Divider()', 'm2 = McpMutation(b, tool="payments.confirm")', 'c0 = Divider()');
  for (let i = 0; i < 1000; i++) lines.push(`$s${i} = ${i}`);
  lines.push('$extra = 1', '$s0 = 2');
  const p = parse(lines);
  assert.deepEqual(issues(p), ['1001 document_too_large', '1002 document_too_large', '1003 duplicate_id', '2004 document_too_large', '2005 duplicate_id']);
  assert.equal(Object.keys(p.result().nodes).length, 999);
  assert.equal(p.document.node('extra'), undefined);
});

test('[5.13] a Button with an action needs exactly one McpMutation', () => {
  assert.deepEqual(issuesOf(['root = Stack([pay, cancel, refund])', 'pay = Button("Pay", action="pay")', 'cancel = Button("Cancel")', 'm1 = McpMutation(pay, tool="payments.confirm")', 'm2 = McpMutation(pay, tool="payments.confirm")', 'refund = Button("Refund", action="refund")']), ['5 duplicate_mutation', '6 ungoverned_mutation']);
  // The McpMutation may arrive before its Button.
  assert.deepEqual(issuesOf(['m = McpMutation(root, tool="payments.confirm")', 'root = Button("Pay", action="pay")']), []);
});

test('[5.14] a rejected McpMutation leaves its Button ungoverned', () => {
  const p = parse(['root = Button("Pay", action="pay")', 'm = McpMutation(root, tool="system.delete_account")', 'n = McpMutation(root, tool="no dots")']);
  assert.deepEqual(issues(p), ['1 ungoverned_mutation', '2 unknown_tool', '3 invalid_props']);
  assert.deepEqual(p.result().mutations, {});
  assert.equal(p.document.mutation('root'), undefined);
});

test('[5.15] a target that never arrives is dangling_ref; one without an action is mutation_target_not_interactive', () => {
  assert.deepEqual(issuesOf(['root = Stack([c, t])', 'm = McpMutation(ghost, tool="payments.confirm")', 'c = Button("Cancel")', 'n = McpMutation(c, tool="payments.confirm")', 't = Text("x")', 'o = McpMutation(t, tool="payments.confirm")', 'p = McpMutation(n, tool="payments.confirm")']), ['2 dangling_ref', '4 mutation_target_not_interactive', '6 mutation_target_not_interactive', '7 mutation_target_not_interactive']);
});

test('[7.3] missing lists pending references at the end, sorted, without McpMutation targets', () => {
  const p = parse(['root = Stack([z, a])', 'a = Text($k)', 'm = McpMutation(ghost, tool="payments.confirm")']);
  assert.deepEqual(p.result().missing, ['$k', 'a', 'z'].filter((x) => x !== 'a'));
});

test('mutations are keyed by the Button they govern', () => {
  const p = parse(['root = Stack([b])', 'b = Button("Pay", action="pay")', '$amount = 4', 'm = McpMutation(b, tool="payments.confirm", params={amount: $amount, note: ""})']);
  assert.deepEqual(p.result().mutations, { b: { id: 'm', tool: 'payments.confirm', params: { amount: { state: '$amount' }, note: '' } } });
  assert.deepEqual(p.document.mutation('b'), { id: 'm', target: 'b', tool: 'payments.confirm', params: { amount: { kind: 'state', key: '$amount' }, note: '' }, line: 4 });
});

test('a mutation is made when first read: the same object after, its params in the order written', () => {
  const p = parse(['root = Stack([b])', 'b = Button("Pay", action="pay")', 'm = McpMutation(b, tool="payments.confirm", params={z: 1, "a": $k, m: null, b_2: "x"})', '$k = true']);
  const m = p.document.mutation('b')!;
  assert.equal(p.document.mutation('b'), m);
  assert.deepEqual(Object.keys(m.params), ['z', 'a', 'm', 'b_2']);
  assert.deepEqual(m.params, { z: 1, a: { kind: 'state', key: '$k' }, m: null, b_2: 'x' });
  assert.equal(p.result().mutations.b!.tool, 'payments.confirm');
});

test('the spec\'s payment example gives no issue; its error example gives ungoverned_mutation on line 6', () => {
  const ok = parse([
    'root = Card([title, merchant, amount, date, note, sep, actions])',
    'title = Heading("Confirm payment")',
    'merchant = Text("Blue Bottle Café, Oakland (CA)", tone="muted")',
    '$amount = 42.50',
    'amount = Text($amount, format="currency", currency="USD", tone="strong")',
    'date = Text("2026-09-30", format="date")',
    '$note = ""',
    'note = Input($note, label="Note for merchant (optional)", placeholder="e.g. table 4, no rush")',
    'sep = Divider()',
    'actions = Stack([confirm, cancel], direction="row", gap="sm")',
    'confirm = Button("Pay now", action="pay")',
    'confirmPay = McpMutation(confirm, tool="payments.confirm", params={amount: $amount, note: $note})',
    'cancel = Button("Cancel", variant="secondary")',
  ]);
  assert.deepEqual(ok.result().issues, []);
  assert.deepEqual(issuesOf(['root = Card([title, amount, actions])', 'title = Heading("Confirm payment")', '$amount = 42.50', 'amount = Text($amount, format="currency", currency="USD")', 'actions = Stack([confirm, cancel], direction="row")', 'confirm = Button("Pay now", action="pay")', 'cancel = Button("Cancel", variant="secondary")']), ['6 ungoverned_mutation']);
});

test('end-of-stream issues name the id they concern', () => {
  const p = parse(['root = Stack([x])', 'b = Button("P", action="pay")']);
  const byCode = Object.fromEntries(p.issues.map((i) => [i.code, i]));
  assert.equal(byCode.dangling_ref!.id, 'root');
  assert.match(byCode.dangling_ref!.message, /"x"/);
  assert.equal(byCode.ungoverned_mutation!.id, 'b');
  assert.equal(byCode.ungoverned_mutation!.line, 2);
});

function issues(p: ReturnType<typeof parse>): string[] {
  return [...new Set(p.issues.map((i) => `${i.line ?? 'null'} ${i.code}`))].sort();
}
