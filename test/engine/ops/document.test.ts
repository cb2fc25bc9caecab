// Every op and every document rule: what applies, what is refused with which code, and that a refused op
// changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpDocument } from '../../../src/ops/index.ts';
import { headingLevel, isEndAligned, isHeadRow, taskOf } from '../../../src/ops/nodeTypes.ts';
import { issues, lines, read, snap } from './helpers.ts';

test('open, spans, close: a node starts, its content is replaced, it becomes final', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'p' },
      { op: 'spans', id: '0', spans: 'Hel' },
      { op: 'spans', id: '0', spans: [{ t: 'text', v: 'Hello' }] },
      { op: 'close', id: '0' },
    ),
  );
  const n = doc.node('0')!;
  assert.deepEqual(n.spans, [{ t: 'text', v: 'Hello' }]);
  assert.equal(n.closed, true);
  assert.equal(n.parent, null);
  assert.equal(n.index, 0);
  assert.equal(n.line, 1);
  assert.deepEqual(issues(doc), []);
});

test('node: open, spans, data and close in one op', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'FollowUps', data: { items: ['More'] } }));
  const n = doc.node('0')!;
  assert.equal(n.closed, true);
  assert.equal(n.component, true);
  assert.equal(n.dataKind, 'list');
  assert.deepEqual(n.data, { items: ['More'] });
});

test('a string given as spans is one text span, and "" is none', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'p', spans: 'x' }, { op: 'node', id: '1', type: 'p', spans: '' }));
  assert.deepEqual(doc.node('0')!.spans, [{ t: 'text', v: 'x' }]);
  assert.deepEqual(doc.node('1')!.spans, []);
});

test('attrs are strings or true, kept in a null-prototype frozen object', () => {
  const doc = read(lines({ op: 'open', id: '0', type: 'Card', attrs: { title: 'T', wide: true, __proto__x: 'y' } }));
  const a = doc.node('0')!.attrs;
  assert.equal(a['title'], 'T');
  assert.equal(a['wide'], true);
  assert.equal(Object.getPrototypeOf(a), null);
  assert.ok(Object.isFrozen(a));
  assert.equal(a['toString'], undefined, 'nothing is inherited');
});

test('a __proto__ attribute is only an attribute', () => {
  const doc = read('{"op":"open","id":"0","type":"Card","attrs":{"__proto__":"x","constructor":"y"}}\n');
  const a = doc.node('0')!.attrs;
  assert.equal(a['__proto__'], 'x');
  assert.equal(a['constructor'], 'y');
  assert.equal(Object.getPrototypeOf(a), null);
  assert.equal(({} as Record<string, unknown>)['x'], undefined);
});

test('children are listed in order; the parent is the id up to the last dot', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'ul' },
      { op: 'node', id: '0.0', type: 'li', spans: 'a' },
      { op: 'open', id: '0.1', type: 'li' },
      { op: 'open', id: '0.1.0', type: 'ol' },
      { op: 'node', id: '0.1.0.0', type: 'li', spans: 'nested' },
    ),
  );
  assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1']);
  assert.equal(doc.node('0.1.0.0')!.parent, '0.1.0');
  assert.deepEqual(doc.roots, ['0']);
  assert.deepEqual(doc.openIds(), ['0', '0.1', '0.1.0']);
});

test('diag ops are kept with their input line and change no node', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'p', spans: 'x' }, { op: 'diag', line: 3, cls: 'coerced', detail: 'emoji removed', severity: 'note' }));
  assert.deepEqual(doc.diags, [{ at: 2, line: 3, cls: 'coerced', detail: 'emoji removed', severity: 'note' }]);
  assert.equal(doc.size, 1);
});

test('end closes what is open, in the order it opened, with a warning', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'Card' },
      { op: 'open', id: '0.0', type: 'p' },
      { op: 'open', id: '1', type: 'quote' },
      { op: 'end', complete: false, truncated: true },
    ),
  );
  assert.deepEqual(doc.end, { complete: false, truncated: true, closedOpen: ['0', '0.0', '1'], line: 4 });
  assert.equal(doc.node('0.0')!.closed, true);
  assert.deepEqual(doc.openIds(), []);
  assert.deepEqual(issues(doc), ['4 closed_at_end']);
  assert.equal(doc.finished, true);
});

test('a complete end with nothing open says nothing', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'hr' }, { op: 'end', complete: true, truncated: false }));
  assert.deepEqual(doc.end?.closedOpen, []);
  assert.deepEqual(issues(doc), []);
});

test('without an end op the input still finishes, and open nodes stay open', () => {
  const doc = read(lines({ op: 'open', id: '0', type: 'p' }));
  assert.equal(doc.end, null);
  assert.equal(doc.finished, true);
  assert.equal(doc.node('0')!.closed, false);
});

test('closing a node closes its open descendants first, with a warning', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'Card' },
      { op: 'open', id: '0.0', type: 'Tabs' },
      { op: 'open', id: '0.0.0', type: 'p' },
      { op: 'node', id: '0.1', type: 'p', spans: 'done' },
      { op: 'close', id: '0' },
    ),
  );
  assert.equal(doc.node('0.0.0')!.closed, true);
  assert.equal(doc.node('0.0')!.closed, true);
  assert.deepEqual(issues(doc), ['5 closed_open_children']);
  assert.match(doc.issues[0]!.message, /"0\.0\.0", "0\.0"/);
  assert.deepEqual(doc.openIds(), []);
});

// Refusals: each with its code, and the document unchanged.

function refused(text: string, code: string, line: number) {
  const doc = read(text);
  const errors = doc.issues.filter((i) => i.severity === 'error').map((i) => `${i.line} ${i.code}`);
  assert.deepEqual(errors, [`${line} ${code}`]);
  return doc;
}

const p0 = { op: 'open', id: '0', type: 'p' };

test('not JSON: not_json', () => void refused(lines(p0, '{"op":'), 'not_json', 2));
test('JSON that is not an object: not_object', () => {
  refused(lines('[1]'), 'not_object', 1);
  refused(lines('"open"'), 'not_object', 1);
  refused(lines('null'), 'not_object', 1);
});
test('an object without a string op: missing_op', () => {
  refused(lines({ id: '0' }), 'missing_op', 1);
  refused(lines({ op: 3 }), 'missing_op', 1);
});
test('an op the format does not have: unknown_op', () => void refused(lines({ op: 'delete', id: '0' }), 'unknown_op', 1));
test('an op after end: after_end', () => {
  const doc = refused(lines({ op: 'end', complete: true, truncated: false }, { op: 'node', id: '0', type: 'p' }), 'after_end', 2);
  assert.equal(doc.size, 0);
});
test('a diag after end is refused too', () => void refused(lines({ op: 'end', complete: true, truncated: false }, { op: 'diag', line: 1, cls: 'x', detail: '', severity: 'note' }), 'after_end', 2));

test('non-canonical ids: bad_id', () => {
  for (const id of ['', '01', '1.', '.1', '1..2', '-1', '+1', ' 1', '1 ', '1e2', '0x1', '١', 3, null]) {
    refused(lines({ op: 'open', id, type: 'p' }), 'bad_id', 1);
  }
});
test('an id that repeats: duplicate_id, and the first node stays', () => {
  const doc = refused(lines(p0, { op: 'open', id: '0', type: 'h', attrs: { level: '2' } }), 'duplicate_id', 2);
  assert.equal(doc.node('0')!.type, 'p');
});
test('an id that skips a position: id_skips, and the next that fits is taken', () => {
  const doc = refused(lines({ op: 'node', id: '1', type: 'p' }, { op: 'node', id: '0', type: 'p' }), 'id_skips', 1);
  assert.deepEqual(doc.roots, ['0']);
  refused(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.1', type: 'li' }), 'id_skips', 2);
});
test('a parent that never opened: parent_missing', () => void refused(lines({ op: 'open', id: '3.0', type: 'li' }), 'parent_missing', 1));
test('a parent already closed: parent_closed', () => {
  refused(lines({ op: 'node', id: '0', type: 'Card' }, { op: 'node', id: '0.0', type: 'p' }), 'parent_closed', 2);
});
test('spans or close for an id that never opened: unknown_id', () => {
  refused(lines({ op: 'spans', id: '0', spans: 'x' }), 'unknown_id', 1);
  refused(lines({ op: 'close', id: '4' }), 'unknown_id', 1);
});
test('spans after close, and a second close: node_closed', () => {
  const doc = refused(lines({ op: 'node', id: '0', type: 'p', spans: 'final' }, { op: 'spans', id: '0', spans: 'changed' }), 'node_closed', 2);
  assert.deepEqual(doc.node('0')!.spans, [{ t: 'text', v: 'final' }]);
  refused(lines(p0, { op: 'close', id: '0' }, { op: 'close', id: '0' }), 'node_closed', 3);
});
test('a type that is neither a block type nor a component name: bad_type', () => {
  for (const type of ['div', 'script', '', 'card', '9Card', 'A B', 'X'.repeat(65), 7]) refused(lines({ op: 'open', id: '0', type }), 'bad_type', 1);
});
test('attrs that are not names to strings or true: the bad ones are left out with a warning, the node applies', () => {
  for (const attrs of [[], 'x', { a: false }, { a: null }, { a: {} }, { 'a b': 'x' }, { '': 'x' }]) {
    const doc = read(lines({ op: 'open', id: '0', type: 'Card', attrs }));
    assert.deepEqual(issues(doc), ['1 dropped'], JSON.stringify(attrs));
    assert.deepEqual({ ...doc.node('0')!.attrs }, {});
  }
  const number = read(lines({ op: 'open', id: '0', type: 'Card', attrs: { a: 1, b: 'kept' } }));
  assert.deepEqual({ ...number.node('0')!.attrs }, { a: '1', b: 'kept' });
  assert.deepEqual(issues(number), ['1 converted']);
});
test('the attributes the format defines: a value it doesn\'t define is kept as written, with a warning naming the default', () => {
  const warned = (text: string, line: number) => {
    const doc = read(text);
    assert.deepEqual(issues(doc), [`${line} unknown_value`], text);
    return doc;
  };
  warned(lines({ op: 'open', id: '0', type: 'h' }), 1);
  assert.equal(warned(lines({ op: 'open', id: '0', type: 'h', attrs: { level: '7' } }), 1).node('0')!.attrs['level'], '7');
  warned(lines({ op: 'open', id: '0', type: 'h', attrs: { level: true } }), 1);
  warned(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', attrs: { task: 'maybe' } }), 2);
  warned(lines({ op: 'open', id: '0', type: 'table' }, { op: 'open', id: '0.0', type: 'row', attrs: { head: 'yes' } }), 2);
  warned(lines({ op: 'open', id: '0', type: 'table' }, { op: 'open', id: '0.0', type: 'row' }, { op: 'node', id: '0.0.0', type: 'cell', attrs: { align: 'center' } }), 3);
  warned(lines({ op: 'open', id: '0', type: 'code', attrs: { lang: true } }), 1);
  for (const level of ['1', '2', '3', '4', '5', '6']) assert.deepEqual(issues(read(lines({ op: 'node', id: '0', type: 'h', attrs: { level } }))), []);
  assert.deepEqual(issues(read(lines({ op: 'open', id: '0', type: 'table' }, { op: 'open', id: '0.0', type: 'row', attrs: { head: 'true' } }))), []);
});
test('the defaults a renderer uses for those values', () => {
  const level = (v: string | true | undefined) => headingLevel(v === undefined ? {} : { level: v });
  assert.deepEqual((['1', '6', '7', '0', '-3', ' 3 ', 'big', true, undefined] as (string | true | undefined)[]).map(level), [1, 6, 6, 1, 1, 3, 2, 2, 2]);
  assert.deepEqual(['open', 'done', 'todo', true].map((task) => taskOf({ task } as Record<string, string | true>)), ['open', 'done', null, null]);
  assert.deepEqual([true, 'true', 'yes'].map((head) => isHeadRow({ head } as Record<string, string | true>)), [true, true, false]);
  assert.deepEqual(['right', 'left'].map((align) => isEndAligned({ align })), [true, false]);
});
test('children of the wrong type or place: bad_child', () => {
  refused(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'p' }), 'bad_child', 2);
  refused(lines({ op: 'open', id: '0', type: 'table' }, { op: 'node', id: '0.0', type: 'cell' }), 'bad_child', 2);
  refused(lines({ op: 'open', id: '0', type: 'p' }, { op: 'node', id: '0.0', type: 'p' }), 'bad_child', 2);
  refused(lines({ op: 'open', id: '0', type: 'hr' }, { op: 'node', id: '0.0', type: 'p' }), 'bad_child', 2);
  refused(lines({ op: 'node', id: '0', type: 'li' }), 'bad_child', 1);
  refused(lines({ op: 'open', id: '0', type: 'Card' }, { op: 'node', id: '0.0', type: 'row' }), 'bad_child', 2);
});
test('spans on a type that holds no inline content: a spans op is refused (no_spans); in a node op they are left out', () => {
  refused(lines({ op: 'open', id: '0', type: 'ul' }, { op: 'spans', id: '0', spans: 'x' }), 'no_spans', 2);
  const doc = read(lines({ op: 'node', id: '0', type: 'hr', spans: 'x' }));
  assert.deepEqual(issues(doc), ['1 dropped']);
  assert.deepEqual(doc.node('0')!.spans, []);
});
test('a code block holds text only: other spans are kept as their words, with a warning', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'code', spans: [{ t: 'text', v: 'let ' }, { t: 'strong', c: 'a' }, { t: 'code', v: ' = 1' }] }));
  assert.deepEqual(doc.node('0')!.spans, [
    { t: 'text', v: 'let ' },
    { t: 'text', v: 'a' },
    { t: 'text', v: ' = 1' },
  ]);
  assert.deepEqual(issues(doc), ['1 converted']);
  assert.deepEqual(issues(read(lines({ op: 'node', id: '0', type: 'code', attrs: { lang: 'js' }, spans: 'let a = 1' }))), []);
});
test('a spans op without spans: bad_spans', () => void refused(lines(p0, { op: 'spans', id: '0' }), 'bad_spans', 2));
test('data on a block type is left out with a warning; the node applies and closes', () => {
  const closed = read(lines(p0, { op: 'close', id: '0', data: { items: [] } }));
  assert.deepEqual(issues(closed), ['2 dropped']);
  assert.equal(closed.node('0')!.closed, true);
  assert.equal(closed.node('0')!.data, null);
  assert.deepEqual(issues(read(lines({ op: 'node', id: '0', type: 'p', data: { items: [] } }))), ['1 dropped']);
});
test('malformed diag ops: bad_diag', () => {
  const ok = { op: 'diag', line: 1, cls: 'c', detail: 'd', severity: 'error' };
  for (const bad of [{ line: -1 }, { line: 1.5 }, { line: '1' }, { cls: '' }, { cls: 3 }, { detail: null }, { severity: 'warning' }]) {
    refused(lines({ ...ok, ...bad }), 'bad_diag', 1);
  }
});
test('malformed end ops: bad_end, and the stream is not ended', () => {
  const doc = refused(lines({ op: 'end', complete: 'yes', truncated: false }), 'bad_end', 1);
  assert.equal(doc.end, null);
  refused(lines({ op: 'end' }), 'bad_end', 1);
});

test('a refused op leaves the whole document as it was, but for the position a refused node keeps', () => {
  const good = lines({ op: 'open', id: '0', type: 'Card' }, { op: 'node', id: '0.0', type: 'p', spans: 'x' });
  const before = JSON.stringify(snap(read(good)));
  const bad = [
    { op: 'spans', id: '0.0', spans: 5 },
    { op: 'node', id: '0.1', type: 'p', spans: 7 },
    { op: 'node', id: '0.1', type: 'Chart', data: { columns: 'x' } },
    { op: 'open', id: '0.1', type: 'div' },
    { op: 'node', id: '0.3', type: 'p', spans: 'skips' },
  ];
  for (const op of bad) {
    const doc = read(good + lines(op));
    const s = snap(doc);
    assert.deepEqual({ ...s, rejected: [] }, { ...JSON.parse(before), rejected: [] }, JSON.stringify(op));
    assert.deepEqual(s.rejected, [3]);
    if (op.id === '0.1') {
      assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1'], 'the refused node keeps its place');
      assert.notEqual(doc.node('0.1')!.refused, null);
    } else assert.deepEqual(doc.node('0')!.children, ['0.0']);
  }
});

test('apply() takes parsed ops directly and says whether each applied', () => {
  const doc = new OpDocument();
  assert.equal(doc.apply({ op: 'open', id: '0', type: 'p' }, 1), true);
  assert.equal(doc.apply({ op: 'open', id: '0', type: 'p' }, 2), false);
  assert.equal(doc.apply(42, 3), false);
  assert.deepEqual(issues(doc), ['2 duplicate_id', '3 not_object']);
});

test('every issue carries a line, a code, a severity and a plain message; refusals name the id', () => {
  const doc = read(lines(p0, { op: 'open', id: '0', type: 'p' }));
  const i = doc.issues[0]!;
  assert.equal(i.severity, 'error');
  assert.equal(i.id, '0');
  assert.match(i.message, /already opened on line 1/);
});

test('onIssue hears each issue as it is found', () => {
  const doc = new OpDocument();
  const heard: string[] = [];
  const stop = doc.onIssue((i) => heard.push(i.code));
  doc.apply({ op: 'x' }, 1);
  stop();
  doc.apply({ op: 'y' }, 2);
  assert.deepEqual(heard, ['unknown_op']);
});

test('an op object that throws when read (handed to apply by code) is refused, and nothing changes', () => {
  const doc = new OpDocument();
  doc.apply({ op: 'open', id: '0', type: 'Card' }, 1);
  const hostile = {
    op: 'node',
    id: '0.0',
    type: 'p',
    get spans(): unknown {
      throw new Error('boom');
    },
  };
  assert.equal(doc.apply(hostile, 2), false);
  assert.deepEqual(issues(doc), ['2 unreadable_op']);
  assert.deepEqual(doc.node('0')!.children, []);
  const trap = new Proxy({}, { get: () => { throw new Error('trap'); }, has: () => { throw new Error('trap'); } });
  assert.equal(doc.apply(trap, 3), false);
});
