// Updates after the end of a stream ([10.29]–[10.34]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from '../../../src/signals.js';
import { createOmniParser, type Issue, type UpdateResult } from '../../../src/entries/omni-ir.ts';
import { parse } from './helpers.js';

const REG = { tools: ['payments.confirm', 'orders.requestReturn'] };
const ORDER = [
  'root = Card([status, eta, ret], title="Order 1042")',
  'status = Badge("Shipped")',
  '$eta = "Friday"',
  'eta = Text($eta)',
  'ret = Button("Request a return", action="requestReturn")',
  'm = McpMutation(ret, tool="orders.requestReturn", params={order: "1042"})',
];
const order = () => parse(ORDER, REG);
const codes = (r: UpdateResult | { issues: readonly Issue[] }) => r.issues.map((i) => `${i.line ?? 'null'} ${i.code}`).sort();

test('[10.29] update() before the end of the stream throws a clear Error', () => {
  const p = createOmniParser(REG);
  p.write('root = Divider()\n');
  assert.throws(() => p.update('root = Text("x")'), /after|end/);
});

test('[10.30] a line for an id the screen has replaces it in place; a line for a $key sets it', () => {
  const p = order();
  const r = p.update('status = Badge("Out for delivery", tone="success")\n$eta = "Today by 6 pm"\n');
  assert.deepEqual(r, { applied: true, issues: [] });
  assert.deepEqual(p.result().nodes.status, { type: 'Badge', props: { text: 'Out for delivery', tone: 'success' }, children: [] });
  assert.equal(p.document.state('$eta'), 'Today by 6 pm');
  assert.equal(p.document.node('status')!.line, 1, 'a replaced node carries its update line');
  assert.deepEqual(p.document.ids(), ['root', 'status', 'eta', 'ret']);
});

test('[10.30] new ids are added, a child before or after the parent that lists it', () => {
  const p = order();
  assert.equal(p.update('note = Notice("Signature needed")\nroot = Card([note, status, eta, ret, map], title="Order 1042")\nmap = Text("Two stops away")').applied, true);
  assert.deepEqual(p.result().nodes.root!.children, ['note', 'status', 'eta', 'ret', 'map']);
  assert.ok(p.result().nodes.map);
  assert.deepEqual(p.document.ids(), ['root', 'status', 'eta', 'ret', 'note', 'map']);
});

test('[10.31] a component leaves with its subtree and McpMutations when its parent stops listing it; $keys stay', () => {
  const p = order();
  assert.equal(p.update('root = Card([status, done], title="Order 1042")\ndone = Notice("Return requested", tone="success")\n').applied, true);
  assert.deepEqual(Object.keys(p.result().nodes).sort(), ['done', 'root', 'status']);
  assert.deepEqual(p.result().mutations, {});
  assert.deepEqual(p.result().state, { $eta: 'Friday' });
  assert.equal(p.document.node('ret'), undefined);
  assert.equal(p.document.mutation('ret'), undefined);
});

test('[10.31] a Button replaced by a Notice loses its McpMutation; an unlisted addition is not kept', () => {
  const p = order();
  assert.equal(p.update('ret = Notice("Return requested", tone="success")\nstray = Text("Nobody lists me")').applied, true);
  assert.equal(p.result().nodes.ret!.type, 'Notice');
  assert.deepEqual(p.result().mutations, {});
  assert.equal(p.result().nodes.stray, undefined);
});

test('[10.33] one failing line rejects the whole update; lines count from 1, comments included', () => {
  const p = order();
  const before = JSON.stringify(p.result());
  const r = p.update('# the courier\nstatus = Badge("Delivered")\neta = Banner("Now")\n$eta = "Delivered"\n');
  assert.equal(r.applied, false);
  assert.deepEqual(codes(r), ['3 unknown_component']);
  assert.equal(JSON.stringify(p.result()), before);
});

test('[10.30] one update assigns each id and $key at most once', () => {
  const p = order();
  const r = p.update('status = Badge("a")\n$eta = "b"\nstatus = Badge("c")\n$eta = "d"\n');
  assert.deepEqual(codes(r), ['3 duplicate_id', '4 duplicate_id']);
  assert.equal(r.applied, false);
  assert.equal(p.document.state('$eta'), 'Friday');
});

test('[10.32] a Button and its McpMutation added together are accepted', () => {
  const p = order();
  const r = p.update('root = Card([status, eta, ret, pay], title="Order 1042")\npay = Button("Pay the duty", action="payDuty")\npm = McpMutation(pay, tool="payments.confirm", params={amount: 4.2})');
  assert.deepEqual(r, { applied: true, issues: [] });
  assert.deepEqual(p.result().mutations.pay, { id: 'pm', tool: 'payments.confirm', params: { amount: 4.2 } });
});

test('[10.32] a Button with an action added without its McpMutation is rejected, on the Button\'s update line', () => {
  const p = order();
  const r = p.update('root = Card([status, eta, ret, pay], title="Order 1042")\npay = Button("Pay", action="payDuty")');
  assert.deepEqual(codes(r), ['2 ungoverned_mutation']);
  assert.equal(r.applied, false);
});

test('[10.32] tree rules on the merged screen: the later of two parents is reported', () => {
  const p = order();
  const r = p.update('root = Card([status, eta, ret, box], title="Order 1042")\nbox = Stack([eta])');
  assert.deepEqual(codes(r), ['2 multiple_parents']);
});

test('[10.32] chart mismatch is reported on the unchanged Series (no update line); both lines together apply', () => {
  const p = parse(['root = BarChart("Sales", ["9am", "10am"], [s])', 's = Series("Orders", values=[3, 5])']);
  const r1 = p.update('root = BarChart("Sales", ["9am", "10am", "11am"], [s])');
  assert.deepEqual(codes(r1), ['null chart_mismatch']);
  assert.equal(r1.issues[0]!.id, 's');
  const r2 = p.update('root = BarChart("Sales", ["9am", "10am", "11am"], [s])\ns = Series("Orders", values=[3, 5, 8])');
  assert.equal(r2.applied, true);
  assert.deepEqual(p.result().nodes.s!.props, { name: 'Orders', values: [3, 5, 8] });
});

test('[10.33] errors the screen already had don\'t stop an update; new ones do, on the line that assigned the id', () => {
  const p = parse(['root = Stack([a, ghost])', 'a = Text("x")']);
  assert.equal(p.update('a = Text("y")').applied, true);
  const r = p.update('a = Stack([phantom])');
  assert.deepEqual(codes(r), ['1 dangling_ref']);
  assert.equal(r.issues[0]!.id, 'a');
  const r2 = p.update('b = Text($nope)\nroot = Stack([a, ghost, b])');
  assert.deepEqual(codes(r2), ['1 missing_state']);
});

test('[10.34] an update can\'t set a $key a field reads before the update', () => {
  const p = parse(['root = Stack([email, tip])', '$email = ""', 'email = Input($email, label="Email")', 'tip = Text("Shipped")']);
  const r = p.update('tip = Text("Out for delivery")\n$email = "someone@example.com"');
  assert.deepEqual(codes(r), ['2 live_field_conflict']);
  assert.equal(r.issues[0]!.id, '$email');
  assert.equal(p.result().nodes.tip!.props.text, 'Shipped');
});

test('[10.34] nor one a field reads after the update; a new $key for a new field is fine', () => {
  const p = parse(['root = Stack([s])', '$status = "Shipped"', 's = Text($status)']);
  assert.deepEqual(codes(p.update('s = Input($status, label="Status")\n$status = "Delivered"')), ['2 live_field_conflict']);
  const q = parse(['root = Stack([email])', '$email = ""', 'email = Input($email, label="Email")']);
  assert.deepEqual(q.update('root = Stack([email, note])\nemail = Input($email, label="Email for the courier")\n$note = ""\nnote = Input($note, label="Note")'), { applied: true, issues: [] });
  assert.deepEqual(q.result().state, { $email: '', $note: '' });
  for (const field of ['DateInput($d, label="D")', 'Select($d, label="D", options=["a"])']) {
    const r = parse(['root = Stack([f])', '$d = ""', `f = ${field}`]);
    assert.deepEqual(codes(r.update('$d = "2026-01-01"')), ['1 live_field_conflict'], field);
  }
  const sw = parse(['root = Stack([f])', '$d = true', 'f = Switch($d, label="D")']);
  assert.deepEqual(codes(sw.update('$d = false')), ['1 live_field_conflict']);
});

test('[10.34] an app component editing a $key counts as a field', () => {
  const components = { Stepper: { description: 'How many.', positional: ['value'], props: { value: { kind: 'state' as const, holds: 'number' as const } } } };
  const p = parse(['root = Stack([q])', '$n = 1', 'q = Stepper($n)'], { components });
  assert.deepEqual(codes(p.update('$n = 2')), ['1 live_field_conflict']);
});

test('[10.30] an McpMutation can be replaced; its tool must be registered', () => {
  const p = order();
  assert.deepEqual(codes(p.update('m = McpMutation(ret, tool="orders.cancel", params={order: "1042"})')), ['1 unknown_tool']);
  assert.equal(p.update('m = McpMutation(ret, tool="orders.requestReturn", params={order: "1042", reason: "late"})').applied, true);
  assert.deepEqual(p.result().mutations.ret!.params, { order: '1042', reason: 'late' });
  assert.deepEqual(p.document.mutation('ret')!.params, { order: '1042', reason: 'late' });
});

test('[10.30] a version marker in an update is an ordinary comment', () => {
  const p = order();
  assert.deepEqual(p.update('# omni-ir 99.0\nstatus = Badge("Delivered")'), { applied: true, issues: [] });
  assert.equal(p.document.newerVersion, false);
});

test('[10.30] at most 2,000 lines, blank and comment lines included', () => {
  const p = order();
  const r = p.update(`status = Badge("Delivered")\n${'# pad\n'.repeat(2000)}`);
  assert.deepEqual(codes(r), ['null update_too_large']);
  assert.equal(p.update(`status = Badge("Delivered")\n${'# pad\n'.repeat(1999)}`).applied, true);
  assert.equal(p.update(`${'\n'.repeat(1999)}status = Badge("Again")`).applied, true);
});

test('[10.30] an over-long update line is line_too_long and nothing applies', () => {
  const p = order();
  const r = p.update(`status = Badge("Delivered")\nx = Text("${'x'.repeat(17000)}")\n`);
  assert.deepEqual(codes(r), ['2 line_too_long']);
  assert.equal(p.result().nodes.status!.props.text, 'Shipped');
});

test('[10.32] [5.25] the limits apply to the screen an update would leave', () => {
  const lines = ['root = Divider()'];
  for (let i = 0; i < 1000; i++) lines.push(`$k${i} = 1`);
  const p = parse(lines);
  assert.deepEqual(codes(p.update('$extra = 1')), ['1 document_too_large']);
  assert.equal(p.update('$k0 = 2').applied, true);
  assert.equal(p.document.state('$k0'), 2);
});

test('warnings don\'t stop an update and are reported with it', () => {
  const p = order();
  const r = p.update('status = Badge("C:\\dir")');
  assert.equal(r.applied, true);
  assert.deepEqual(codes(r), ['1 unknown_escape']);
});

test('update issues reach onIssue and issues, but not the stream\'s canonical result', () => {
  const p = order();
  const seen: string[] = [];
  p.onIssue((i) => seen.push(i.code));
  p.update('status = Nope()');
  assert.deepEqual(seen, ['unknown_component']);
  assert.equal(p.issues.at(-1)!.code, 'unknown_component');
  assert.deepEqual(p.result().issues, []);
});

test('the person\'s edits stay unless an update assigns the key', () => {
  const p = parse(['root = Stack([t, i])', '$name = ""', 'i = Input($name, label="Name")', '$greeting = "Hi"', 't = Text($greeting)']);
  p.document.setState('$name', 'Ada');
  assert.equal(p.update('$greeting = "Hello"').applied, true);
  assert.equal(p.document.state('$name'), 'Ada');
  assert.equal(p.document.state('$greeting'), 'Hello');
});

test('[8.8] an applied update sets only the signals whose values changed', () => {
  const p = order();
  const doc = p.document;
  const runs: Record<string, number> = {};
  const watch = (name: string, read: () => unknown) => {
    runs[name] = 0;
    const c = new Signal.Computed(() => {
      runs[name]!++;
      return read();
    });
    const w = new Signal.subtle.Watcher(() => {});
    w.watch(c);
    c.get();
    return () => c.get();
  };
  const reads = {
    status: watch('status', () => doc.node('status')),
    eta: watch('eta', () => doc.node('eta')),
    etaState: watch('etaState', () => doc.state('$eta')),
    ret: watch('ret', () => doc.node('ret')),
    mut: watch('mut', () => doc.mutation('ret')),
    ids: watch('ids', () => doc.ids()),
    note: watch('note', () => doc.node('note')),
  };
  const first = doc.node('eta');
  p.update('status = Badge("Delivered")\nnote = Notice("Hi")\nroot = Card([status, eta, ret, note], title="Order 1042")');
  for (const r of Object.values(reads)) r();
  assert.deepEqual(runs, { status: 2, eta: 1, etaState: 1, ret: 1, mut: 1, ids: 2, note: 2 });
  assert.equal(doc.node('eta'), first, 'an unchanged node keeps its identity');
  p.update('ret = Notice("Done")\n$eta = "Now"');
  for (const r of Object.values(reads)) r();
  assert.deepEqual(runs, { status: 2, eta: 1, etaState: 2, ret: 2, mut: 2, ids: 2, note: 2 });
  const rejected = p.update('status = Nope()');
  for (const r of Object.values(reads)) r();
  assert.equal(rejected.applied, false);
  assert.deepEqual(runs, { status: 2, eta: 1, etaState: 2, ret: 2, mut: 2, ids: 2, note: 2 });
});

test('updates apply in order, each to the screen the previous one left', () => {
  const p = order();
  assert.equal(p.update('root = Card([status], title="Order 1042")').applied, true);
  // eta and ret left the screen: adding a line for them again adds them, unlisted, so they aren't kept.
  assert.equal(p.update('eta = Text("again")').applied, true);
  assert.equal(p.result().nodes.eta, undefined);
  assert.equal(p.update('root = Card([status, eta], title="Order 1042")\neta = Text("back")').applied, true);
  assert.equal(p.result().nodes.eta!.props.text, 'back');
});

test('an update that turns root into an McpMutation is root_not_component on its line', () => {
  const p = order();
  const r = p.update('root = McpMutation(ret, tool="orders.requestReturn")');
  assert.equal(r.applied, false);
  assert.ok(codes(r).includes('1 root_not_component'), codes(r).join());
});

test('an update may fix what the stream left pending', () => {
  const p = parse(['root = Stack([a, b])', 'a = Text($name)']);
  assert.deepEqual(p.result().missing, ['$name', 'b']);
  assert.equal(p.update('$name = "Ada"\nb = Divider()').applied, true);
  assert.deepEqual(p.result().missing, []);
  assert.equal(p.document.status('a'), 'ready');
  assert.equal(p.document.status('b'), 'ready');
});

test('an update that starts with a byte order mark reads as one without it', () => {
  const p = createOmniParser();
  p.write('root = Text("a")\n');
  p.end();
  const r = p.update('\uFEFFroot = Text("b")');
  assert.deepEqual(r, { applied: true, issues: [] });
  assert.equal(p.document.node('root')?.props['text'], 'b');
});
