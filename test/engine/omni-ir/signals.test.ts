// The document as signals: one per id, $key and Button, read before or after their line arrives; a line sets
// only what it changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from '../../../src/signals.js';
import { createOmniParser, type Issue } from '../../../src/entries/omni-ir.ts';
import { DEFAULT_REGISTRIES } from './helpers.js';

/** A watched computed; returns a function that re-reads it and counts how often it ran. */
function watch<T>(read: () => T) {
  let runs = 0;
  const c = new Signal.Computed(() => {
    runs++;
    return read();
  });
  const w = new Signal.subtle.Watcher(() => {});
  w.watch(c);
  c.get();
  return { get: () => c.get(), runs: () => runs };
}

test('an id can be watched before its line arrives; only its own line re-runs it', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  const a = watch(() => doc.node('a'));
  const b = watch(() => doc.node('b'));
  assert.equal(a.get(), undefined);
  p.write('root = Stack([a, b])\n');
  a.get();
  b.get();
  assert.equal(a.runs(), 1);
  p.write('a = Text("hi")\n');
  assert.equal(a.get()!.props.text, 'hi');
  b.get();
  assert.equal(a.runs(), 2);
  assert.equal(b.runs(), 1);
});

test('status: pending, ready, and missing after the end; waiting on state is pending', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  const s = watch(() => doc.status('t'));
  assert.equal(s.get(), 'pending');
  p.write('root = Stack([t, u])\nt = Text($name)\n');
  assert.equal(s.get(), 'pending');
  p.write('$name = "Ada"\n');
  assert.equal(s.get(), 'ready');
  assert.equal(doc.status('u'), 'pending');
  p.end();
  assert.equal(doc.status('u'), 'missing');
  assert.equal(doc.ended, true);
  const q = createOmniParser(DEFAULT_REGISTRIES);
  q.write('root = Text($never)\n');
  q.end();
  assert.equal(q.document.status('root'), 'missing');
});

test('state: declared or not, and set by the person; setState of an undeclared key throws', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  const v = watch(() => doc.state('$name'));
  assert.equal(doc.hasState('$name'), false);
  p.write('$name = null\n');
  assert.equal(v.get(), null);
  assert.equal(doc.hasState('$name'), true);
  doc.setState('$name', 'Ada');
  assert.equal(v.get(), 'Ada');
  const runs = v.runs();
  doc.setState('$name', 'Ada');
  v.get();
  assert.equal(v.runs(), runs, 'setting the same value changes nothing');
  assert.throws(() => doc.setState('$other', 'x'), /not declared/);
  assert.equal(p.result().state.$name, 'Ada');
});

test('mutation(button) follows its McpMutation', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  const m = watch(() => doc.mutation('pay'));
  p.write('root = Button("Pay", action="pay")\n');
  assert.equal(m.get(), undefined);
  p.write('gov = McpMutation(pay, tool="payments.confirm")\n');
  assert.equal(m.get()!.id, 'gov');
});

test('ids and issues are reactive lists, replaced as lines arrive', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  const ids = watch(() => doc.ids());
  const iss = watch(() => doc.issues);
  p.write('root = Stack([a])\na = Divider()\nm = McpMutation(a, tool="payments.confirm")\nbad\n');
  assert.deepEqual(ids.get(), ['root', 'a']);
  assert.deepEqual(iss.get().map((i: Issue) => i.code), ['syntax']);
  assert.equal(doc.ids(), doc.ids(), 'the same list until something changes');
  assert.ok(Object.isFrozen(doc.ids()));
});

test('newerVersion and ended are signals', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const newer = watch(() => p.document.newerVersion);
  const ended = watch(() => p.document.ended);
  p.write('# omni-ir 0.9\n');
  assert.equal(newer.get(), true);
  assert.equal(ended.get(), false);
  p.end();
  assert.equal(ended.get(), true);
  assert.equal(p.issues[0]!.code, 'newer_version');
  assert.equal(p.issues[0]!.severity, 'warning');
});

test('a node keeps its identity: reading it twice gives the same object', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  p.write('root = Text("x")\n');
  assert.equal(p.document.node('root'), p.document.node('root'));
});

test('onIssue gets each issue as it is found, until unsubscribed; a failing listener doesn\'t stop the parser', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const got: Issue[] = [];
  const off = p.onIssue((i) => got.push(i));
  p.write('a = Text(\n');
  assert.equal(got.length, 1);
  assert.equal(got[0]!.line, 1);
  off();
  p.write('b = Text(\n');
  assert.equal(got.length, 1);
  const errors: unknown[] = [];
  const g = globalThis as { reportError?: (e: unknown) => void };
  const saved = g.reportError;
  g.reportError = (e) => errors.push(e);
  try {
    p.onIssue(() => {
      throw new Error('listener bug');
    });
    p.write('c = Text(\nroot = Divider()\n');
    assert.ok(p.document.node('root'), 'later lines still read');
  } finally {
    g.reportError = saved;
  }
  assert.equal(errors.length, 1);
});

test('a line touches only the signals of what it names', () => {
  const p = createOmniParser(DEFAULT_REGISTRIES);
  const doc = p.document;
  p.write('root = Stack([a, b])\n$x = 1\n');
  const root = watch(() => doc.node('root'));
  const x = watch(() => doc.state('$x'));
  p.write('a = Text($x)\nb = Divider()\n$y = 2\n');
  root.get();
  x.get();
  assert.equal(root.runs(), 1);
  assert.equal(x.runs(), 1);
});

test('the change feed says what each line touched, from a cursor, without copying the document', () => {
  const parser = createOmniParser({ tools: ['payments.confirm'] });
  const doc = parser.document;
  const start = doc.changes.cursor;
  parser.write('root = Stack([a, b])\n$x = "one"\na = Text($x)\n');
  const first = doc.changes.since(start)!;
  assert.deepEqual(first.ids, ['root', '$x', 'a']);
  parser.write('b = Button("Go", action="go")\nm = McpMutation(b, tool="payments.confirm")\n');
  const second = doc.changes.since(first.cursor)!;
  assert.deepEqual(second.ids, ['b', 'm', 'b']);
  assert.deepEqual(doc.changes.since(second.cursor)!.ids, []);
  parser.end();
  doc.setState('$x', 'two');
  assert.deepEqual(doc.changes.since(second.cursor)!.ids, ['$x']);
  const before = doc.changes.cursor;
  assert.equal(parser.update('a = Text("A")').applied, true);
  assert.deepEqual(doc.changes.since(before)!.ids, ['a']);
  assert.equal(doc.changes.since(-5), null);
});

test('the change feed cursor is a signal that moves once per line', () => {
  const parser = createOmniParser();
  const seen: number[] = [];
  const cursor = new Signal.Computed(() => parser.document.changes.cursor);
  seen.push(cursor.get());
  parser.write('root = Stack([a])\na = Text("x")\n# a comment\n');
  seen.push(cursor.get());
  assert.equal(seen[1]! - seen[0]!, 2);
});
