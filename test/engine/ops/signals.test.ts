// Signals: a line re-runs only what reads the nodes it touched; the top-level list, diags, issues and end have
// their own; the change feed lists touched ids without copying the document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from '../../../src/signals.js';
import { createOpStream, ROOT_ID } from '../../../src/ops/index.ts';
import { lines } from './helpers.ts';

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

function setup() {
  const s = createOpStream();
  s.write(lines({ op: 'open', id: '0', type: 'p' }, { op: 'open', id: '1', type: 'ul' }, { op: 'node', id: '1.0', type: 'li', spans: 'a' }));
  return s;
}

test('a spans op re-runs only what reads that node', () => {
  const s = setup();
  const doc = s.document;
  const p = watch(() => doc.node('0')!.spans);
  const ul = watch(() => doc.node('1')!.children);
  const li = watch(() => doc.node('1.0')!.spans);
  const roots = watch(() => doc.roots);
  s.write(lines({ op: 'spans', id: '0', spans: 'hello' }));
  assert.deepEqual(p.get(), [{ t: 'text', v: 'hello' }]);
  ul.get();
  li.get();
  roots.get();
  assert.deepEqual([p.runs(), ul.runs(), li.runs(), roots.runs()], [2, 1, 1, 1]);
});

test('a new child re-runs its parent, not its siblings or the top-level list', () => {
  const s = setup();
  const doc = s.document;
  const ul = watch(() => doc.node('1')!.children.length);
  const p = watch(() => doc.node('0')!.version);
  const roots = watch(() => doc.roots.length);
  s.write(lines({ op: 'node', id: '1.1', type: 'li', spans: 'b' }));
  assert.equal(ul.get(), 2);
  p.get();
  roots.get();
  assert.deepEqual([ul.runs(), p.runs(), roots.runs()], [2, 1, 1]);
});

test('a new top-level node re-runs the top-level list only', () => {
  const s = setup();
  const doc = s.document;
  const roots = watch(() => doc.roots.length);
  const ul = watch(() => doc.node('1')!.version);
  s.write(lines({ op: 'node', id: '2', type: 'hr' }));
  assert.equal(roots.get(), 3);
  ul.get();
  assert.deepEqual([roots.runs(), ul.runs()], [2, 1]);
});

test('close changes the node\'s closed state and data; version goes up with each change', () => {
  const s = createOpStream();
  const doc = s.document;
  s.write(lines({ op: 'open', id: '0', type: 'Chart' }));
  const n = doc.node('0')!;
  const v0 = n.version;
  const closed = watch(() => [n.closed, n.dataKind]);
  s.write(lines({ op: 'close', id: '0', data: { columns: ['a'], rows: [] } }));
  assert.deepEqual(closed.get(), [true, 'table']);
  assert.ok(n.version > v0);
});

test('a refused op writes no signal', () => {
  const s = setup();
  const doc = s.document;
  const all = watch(() => [doc.node('0')!.version, doc.node('1')!.version, doc.node('1.0')!.version, doc.roots.length, doc.diags.length, doc.end]);
  s.write(lines({ op: 'node', id: '1.5', type: 'li' }, { op: 'spans', id: '1.0', spans: 'x' }, { op: 'spans', id: '0', spans: 5 }));
  all.get();
  assert.equal(all.runs(), 1);
});

test('a refused node that keeps its place writes its parent\'s signal, as any new child does', () => {
  const s = setup();
  const doc = s.document;
  const ul = watch(() => doc.node('1')!.children.length);
  const p = watch(() => doc.node('0')!.version);
  s.write(lines({ op: 'node', id: '1.1', type: 'p', spans: 'not an item' }));
  assert.equal(ul.get(), 2);
  assert.equal(ul.runs(), 2);
  p.get();
  assert.equal(p.runs(), 1);
  assert.equal(doc.node('1.1')!.refused?.code, 'bad_child');
});

test('issues, diags, end and finished have their own signals', () => {
  const s = setup();
  const doc = s.document;
  const issues = watch(() => doc.issues.length);
  const diags = watch(() => doc.diags.length);
  const end = watch(() => doc.end?.complete);
  const finished = watch(() => doc.finished);
  s.write(lines({ op: 'diag', line: 1, cls: 'c', detail: 'd', severity: 'note' }));
  assert.equal(diags.get(), 1);
  assert.equal(issues.get(), 0);
  s.write(lines('nope'));
  assert.equal(issues.get(), 1);
  s.write(lines({ op: 'end', complete: true, truncated: false }));
  assert.equal(end.get(), true);
  s.end();
  assert.equal(finished.get(), true);
});

test('a node can be read before anything watches it; the signal is made on the first tracked read', () => {
  const s = setup();
  const n = s.document.node('0')!;
  const v = n.version;
  s.write(lines({ op: 'spans', id: '0', spans: 'x' }));
  assert.equal(n.version, v + 1);
  const w = watch(() => n.spans.length);
  s.write(lines({ op: 'spans', id: '0', spans: '' }));
  assert.equal(w.get(), 0);
});

test('the change feed lists the ids each op touched, from a cursor, without copying the document', () => {
  const s = createOpStream();
  const doc = s.document;
  const start = doc.changes.cursor;
  s.write(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', spans: 'a' }, { op: 'spans', id: '9', spans: 'refused' }));
  const got = doc.changes.since(start)!;
  assert.deepEqual(got.ids, [ROOT_ID, '0', '0', '0.0']);
  s.write(lines({ op: 'close', id: '0' }));
  assert.deepEqual(doc.changes.since(got.cursor)!.ids, ['0']);
  assert.deepEqual(doc.changes.since(doc.changes.cursor)!.ids, []);
  assert.equal(doc.changes.since(-1), null);
  assert.equal(doc.changes.since(1e9), null);
});

test('the change feed cursor is a signal that moves once per applied op', () => {
  const s = createOpStream();
  const doc = s.document;
  const c = watch(() => doc.changes.cursor);
  s.write(lines({ op: 'node', id: '0', type: 'p' }));
  c.get();
  s.write(lines('junk'));
  c.get();
  assert.equal(c.runs(), 2);
});

test('a consumer that fell far behind is told to read the document afresh', () => {
  const s = createOpStream();
  const doc = s.document;
  const start = doc.changes.cursor;
  s.write(lines({ op: 'open', id: '0', type: 'p' }));
  for (let i = 0; i < 20_000; i++) s.write(lines({ op: 'spans', id: '0', spans: String(i) }));
  assert.equal(doc.changes.since(start), null);
  const recent = doc.changes.cursor - 10;
  assert.equal(doc.changes.since(recent)!.ids.length, 10);
});
