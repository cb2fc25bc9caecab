// The action model: each action of the 0.1 vocabulary read into its typed object, its defaults, and every
// check that drops a line (types, ranges, limits, fields an action does not take).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACTIONS, AX_LIMITS, readAction, type AxAction } from '../../../src/axstream/index.ts';

function ok(line: Record<string, unknown>): AxAction {
  const r = readAction(line, 1);
  assert.ok(r.ok, `expected ${JSON.stringify(line)} to be valid, got ${r.ok ? '' : r.issue.message}`);
  return r.action;
}

function dropped(line: unknown): string {
  const r = readAction(line, 7);
  assert.ok(!r.ok, `expected ${JSON.stringify(line)} to be dropped`);
  assert.equal(r.issue.line, 7);
  return r.issue.code;
}

const EL = { ax: { id: 'e1' } };

test('click, double_click, right_click and move take a target', () => {
  for (const name of ['click', 'double_click', 'right_click', 'move']) {
    assert.deepEqual(ok({ op: 'act', do: name, target: EL }), { op: 'act', do: name, risk: 'safe', target: { kind: 'ax', id: 'e1' } });
    assert.equal(dropped({ op: 'act', do: name }), 'missing_field', name);
    assert.equal(dropped({ op: 'act', do: name, target: 'e1' }), 'bad_field', name);
  }
});

test('drag takes from and to, either of which may be a point', () => {
  assert.deepEqual(ok({ op: 'act', do: 'drag', from: EL, to: { x: 5, y: 6 } }), {
    op: 'act',
    do: 'drag',
    risk: 'safe',
    from: { kind: 'ax', id: 'e1' },
    to: { kind: 'point', x: 5, y: 6 },
  });
  assert.equal(dropped({ op: 'act', do: 'drag', from: EL }), 'missing_field');
  assert.equal(dropped({ op: 'act', do: 'drag', from: EL, to: { x: 'a', y: 1 } }), 'bad_field');
});

test('type takes non-empty text up to the limit, newlines kept', () => {
  assert.deepEqual(ok({ op: 'act', do: 'type', text: 'hi\nthere' }), { op: 'act', do: 'type', risk: 'safe', text: 'hi\nthere' });
  assert.equal(dropped({ op: 'act', do: 'type' }), 'missing_field');
  assert.equal(dropped({ op: 'act', do: 'type', text: '' }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'type', text: 42 }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'type', text: 'x'.repeat(AX_LIMITS.maxTextLength + 1) }), 'bad_field');
  ok({ op: 'act', do: 'type', text: 'x'.repeat(AX_LIMITS.maxTextLength) });
});

test('key keeps the names as written and the chord in canonical form', () => {
  assert.deepEqual(ok({ op: 'act', do: 'key', keys: ['cmd', 'S'] }), { op: 'act', do: 'key', risk: 'safe', keys: ['cmd', 'S'], chord: ['Mod', 's'] });
  assert.deepEqual((ok({ op: 'key', keys: 'Return' }) as unknown as { chord: string[] }).chord, ['Enter']);
  assert.equal(dropped({ op: 'act', do: 'key' }), 'missing_field');
  assert.equal(dropped({ op: 'act', do: 'key', keys: [] }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'key', keys: ['hyperdrive'] }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'key', keys: [1] }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'key', keys: ['a', 'b'] }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'key', keys: Array(AX_LIMITS.maxChordKeys + 1).fill('shift') }), 'bad_field');
});

test('scroll takes a direction and clicks, default 1, at most the limit', () => {
  assert.deepEqual(ok({ op: 'act', do: 'scroll', direction: 'down' }), { op: 'act', do: 'scroll', risk: 'safe', direction: 'down', clicks: 1 });
  assert.equal((ok({ op: 'act', do: 'scroll', direction: 'Left', clicks: 4 }) as { direction: string }).direction, 'left');
  assert.equal(dropped({ op: 'act', do: 'scroll' }), 'missing_field');
  assert.equal(dropped({ op: 'act', do: 'scroll', direction: 'sideways' }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'scroll', direction: 'up', clicks: 0 }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'scroll', direction: 'up', clicks: 1.5 }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'scroll', direction: 'up', clicks: 1_000_000 }), 'bad_field');
});

test('open takes a plain string, passed through untouched apart from surrounding spaces', () => {
  assert.deepEqual(ok({ op: 'act', do: 'open', target: ' javascript:alert(1) ' }), { op: 'act', do: 'open', risk: 'safe', target: 'javascript:alert(1)' });
  assert.equal(dropped({ op: 'act', do: 'open', target: { ax: { title: 'Notes' } } }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'open', target: '  ' }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'open', target: 'x'.repeat(AX_LIMITS.maxOpenLength + 1) }), 'bad_field');
});

test('wait takes whole milliseconds from 0 to the limit: no ten-hour waits', () => {
  assert.deepEqual(ok({ op: 'act', do: 'wait', ms: 0 }), { op: 'act', do: 'wait', risk: 'safe', ms: 0 });
  ok({ op: 'act', do: 'wait', ms: AX_LIMITS.maxWaitMs });
  for (const ms of [-1, 36_000_000, 2.5, '500', null, Infinity]) assert.equal(dropped({ op: 'act', do: 'wait', ms }), 'bad_field', String(ms));
  assert.equal(dropped({ op: 'act', do: 'wait' }), 'missing_field');
});

test('wait_until takes an element, with timeout_ms 2500 and poll_ms 120 by default and polling no faster than 20 ms', () => {
  assert.deepEqual(ok({ op: 'act', do: 'wait_until', target: { ax: { role: 'dialog' } } }), {
    op: 'act',
    do: 'wait_until',
    risk: 'safe',
    target: { kind: 'ax', role: 'dialog' },
    timeout_ms: 2500,
    poll_ms: 120,
  });
  assert.equal(dropped({ op: 'act', do: 'wait_until', target: { x: 1, y: 1 } }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'wait_until', target: EL, poll_ms: 19 }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'wait_until', target: EL, timeout_ms: AX_LIMITS.maxWaitMs + 1 }), 'bad_field');
  ok({ op: 'act', do: 'wait_until', target: EL, poll_ms: 20, timeout_ms: 0 });
});

test('assert takes an element target', () => {
  assert.deepEqual(ok({ op: 'assert', target: { ax: { role: 'AXButton', title: 'Save' } } }), {
    op: 'assert',
    target: { kind: 'ax', role: 'AXButton', title: 'Save' },
  });
  assert.equal(dropped({ op: 'assert' }), 'missing_field');
  assert.equal(dropped({ op: 'assert', target: { x: 1, y: 2 } }), 'bad_field');
});

test('observe needs nothing; done needs success or failure, with an optional reason', () => {
  assert.deepEqual(ok({ op: 'observe' }), { op: 'observe' });
  assert.deepEqual(ok({ op: 'done', status: 'success' }), { op: 'done', status: 'success' });
  assert.deepEqual(ok({ op: 'done', status: 'failure', reason: 'no export' }), { op: 'done', status: 'failure', reason: 'no export' });
  assert.equal(dropped({ op: 'done' }), 'missing_field');
  assert.equal(dropped({ op: 'done', status: 'maybe' }), 'bad_field');
  assert.equal(dropped({ op: 'done', status: 'failure', reason: 3 }), 'bad_field');
  assert.equal(dropped({ op: 'done', status: 'failure', reason: 'x'.repeat(AX_LIMITS.maxReasonLength + 1) }), 'bad_field');
});

test('the shorthand {"op":"<action>"} reads as act', () => {
  for (const spec of ACTIONS) {
    const line: Record<string, unknown> = { op: spec.do };
    for (const f of spec.fields) line[f.name] = f.example;
    const a = ok(line);
    assert.equal(a.op, 'act');
    assert.equal(a.op === 'act' && a.do, spec.do);
  }
});

test('risk is safe by default, risky when marked, and anything else drops the line', () => {
  assert.equal((ok({ op: 'act', do: 'wait', ms: 1 }) as { risk: string }).risk, 'safe');
  assert.equal((ok({ op: 'act', do: 'wait', ms: 1, risk: 'risky' }) as { risk: string }).risk, 'risky');
  assert.equal(dropped({ op: 'act', do: 'wait', ms: 1, risk: 'high' }), 'bad_field');
});

test('targets: element by id, role or title (name reads as title), or a point within bounds', () => {
  const click = (target: unknown) => readAction({ op: 'click', target }, 1);
  assert.deepEqual((ok({ op: 'click', target: { ax: { name: ' Save ' } } }) as { target: unknown }).target, { kind: 'ax', title: 'Save' });
  assert.deepEqual((ok({ op: 'click', target: { ax: { id: 'e1' }, x: 1, y: 2 } }) as { target: unknown }).target, { kind: 'ax', id: 'e1' });
  for (const bad of [{ ax: {} }, { ax: { id: '' } }, { ax: { role: 7 } }, { ax: 'e1' }, { x: 1 }, { x: 1, y: 1e9 }, { x: NaN, y: 0 }, [], null]) {
    assert.equal(click(bad).ok, false, JSON.stringify(bad));
  }
  assert.equal(click({ ax: { title: 'x'.repeat(AX_LIMITS.maxTitleLength + 1) } }).ok, false);
});

test('a vocabulary field on an action that does not take it drops the line; other unknown fields are ignored', () => {
  assert.equal(dropped({ op: 'act', do: 'type', text: 'hi', target: EL }), 'bad_field');
  assert.equal(dropped({ op: 'act', do: 'wait', ms: 1, keys: ['a'] }), 'bad_field');
  assert.deepEqual(ok({ op: 'act', do: 'wait', ms: 1, comment: 'why not', why: { deep: [1, 2] } }), { op: 'act', do: 'wait', risk: 'safe', ms: 1 });
});

test('op and do are read exactly: other values, other types and a missing op drop the line', () => {
  assert.equal(dropped({ do: 'click' }), 'missing_op');
  assert.equal(dropped({ op: 5 }), 'unknown_op');
  assert.equal(dropped({ op: 'Click', target: EL }), 'unknown_op');
  assert.equal(dropped({ op: 'act' }), 'missing_field');
  assert.equal(dropped({ op: 'act', do: ['click'] }), 'unknown_action');
  assert.equal(dropped({ op: 'act', do: 'observe' }), 'unknown_action');
  assert.equal(dropped('click'), 'not_object');
  assert.equal(dropped(null), 'not_object');
});

test('issue 26.11c: the limits count characters, not UTF-16 units: 2,100 emoji type; 4,000 do; 4,001 are dropped', () => {
  const emoji = (n: number) => '😀'.repeat(n);
  assert.equal((ok({ op: 'act', do: 'type', text: emoji(2100) }) as { text: string }).text, emoji(2100));
  ok({ op: 'act', do: 'type', text: emoji(AX_LIMITS.maxTextLength) });
  assert.equal(dropped({ op: 'act', do: 'type', text: emoji(AX_LIMITS.maxTextLength + 1) }), 'bad_field');
  ok({ op: 'act', do: 'open', target: `https://example.com/${'é'.repeat(1000)}${'😀'.repeat(1000)}` });
  ok({ op: 'done', status: 'failure', reason: emoji(AX_LIMITS.maxReasonLength) });
  assert.equal(dropped({ op: 'done', status: 'failure', reason: emoji(AX_LIMITS.maxReasonLength + 1) }), 'bad_field');
});
