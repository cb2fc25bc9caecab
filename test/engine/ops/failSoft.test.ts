// One bad op never erases an answer (issue 17, items 1 and 2): a refused node keeps its position, so its later
// siblings and its children still apply; unknown span types and attribute values degrade with a warning instead
// of refusing the node; a bad item of inline content or data is dropped and the rest is kept. Each stream is
// written as the issue writes it, then the document is read the way a renderer and the conformance cases read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ComponentStates, evaluateFormula, formulaProblem, isSliderName, labelWord, quizComplete, quizQuestions, sliderName } from '../../../src/ops/index.ts';
import { issues, lines, read, snap } from './helpers.ts';

const AFTER = [
  { op: 'node', id: '2', type: 'p', spans: 'AFTER-1' },
  { op: 'node', id: '3', type: 'p', spans: 'AFTER-2' },
  { op: 'end', complete: true, truncated: false },
];

/** The issue's stream with `bad` as node "1" between "Before." and the two AFTER paragraphs. */
const around = (bad: unknown) => lines({ op: 'node', id: '0', type: 'p', spans: 'Before.' }, bad, ...AFTER);

/** The words of each top-level node that applied, in order. */
function words(doc: ReturnType<typeof read>): string[] {
  return doc.roots.map((id) => doc.node(id)!).filter((n) => !n.refused).map((n) => n.spans.map((s) => ('v' in s ? s.v : '')).join(''));
}

const errors = (doc: ReturnType<typeof read>) => doc.issues.filter((i) => i.severity === 'error').map((i) => i.code);
const warnings = (doc: ReturnType<typeof read>) => doc.issues.filter((i) => i.severity === 'warning').map((i) => i.code);

test('the issue: a heading of level "7" no longer erases AFTER-1 and AFTER-2; it is a heading with a warning', () => {
  const doc = read(
    '{"op":"node","id":"0","type":"p","spans":"Before."}\n' +
      '{"op":"node","id":"1","type":"h","attrs":{"level":"7"},"spans":"Heading"}\n' +
      '{"op":"node","id":"2","type":"p","spans":"AFTER-1"}\n' +
      '{"op":"node","id":"3","type":"p","spans":"AFTER-2"}\n' +
      '{"op":"end","complete":true,"truncated":false}\n',
  );
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(words(doc), ['Before.', 'Heading', 'AFTER-1', 'AFTER-2']);
  assert.equal(doc.node('1')!.refused, null);
  assert.equal(doc.node('1')!.attrs['level'], '7', 'the attribute is kept as written; the renderer uses its default');
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['unknown_value']);
  assert.equal(doc.issues[0]!.line, 2);
  assert.match(doc.issues[0]!.message, /level/);
});

test('a top-level div is refused but keeps its position: AFTER-1 and AFTER-2 apply, the line is rejected', () => {
  const doc = read(around({ op: 'node', id: '1', type: 'div', spans: 'Inside a div' }));
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(words(doc), ['Before.', 'AFTER-1', 'AFTER-2']);
  const refused = doc.node('1')!;
  assert.equal(refused.refused?.code, 'bad_type');
  assert.equal(refused.refused?.what, 'node');
  assert.equal(refused.type, 'div');
  assert.equal(refused.component, false);
  assert.equal(refused.closed, true);
  assert.deepEqual(errors(doc), ['bad_type']);
  // The conformance view: the line is rejected and the refused node isn't part of the content.
  const s = snap(doc);
  assert.deepEqual(s.rejected, [2]);
  assert.deepEqual(s.roots, ['0', '2', '3']);
  assert.equal(s.nodes['1'], undefined);
});

test('a refused node opened with children: its children, its close and its later siblings all apply', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'div' },
      { op: 'node', id: '0.0', type: 'p', spans: 'inside' },
      { op: 'spans', id: '0', spans: 'its own words' },
      { op: 'close', id: '0' },
      { op: 'node', id: '1', type: 'p', spans: 'after' },
    ),
  );
  assert.deepEqual(issues(doc), ['1 bad_type']);
  assert.deepEqual(doc.node('0')!.children, ['0.0']);
  assert.equal(doc.node('0')!.closed, true);
  assert.equal(doc.node('0.0')!.refused, null);
  assert.deepEqual(doc.roots, ['0', '1']);
  assert.deepEqual(snap(doc).nodes['0.0']!.spans, [{ t: 'text', v: 'inside' }]);
});

test('an li with task "todo" is a plain list item with a warning, and the items after it apply', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'ul' },
      { op: 'node', id: '0.0', type: 'li', attrs: { task: 'todo' }, spans: 'Pack' },
      { op: 'node', id: '0.1', type: 'li', spans: 'AFTER-1' },
      { op: 'close', id: '0' },
      { op: 'node', id: '1', type: 'p', spans: 'AFTER-2' },
    ),
  );
  assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1']);
  assert.deepEqual(doc.roots, ['0', '1']);
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['unknown_value']);
});

test('a cell with align "left" is a cell with a warning, and the cells and rows after it apply', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'table' },
      { op: 'open', id: '0.0', type: 'row' },
      { op: 'node', id: '0.0.0', type: 'cell', attrs: { align: 'left' }, spans: 'North' },
      { op: 'node', id: '0.0.1', type: 'cell', spans: 'AFTER-1' },
      { op: 'close', id: '0.0' },
      { op: 'open', id: '0.1', type: 'row', attrs: { head: 'yes' } },
      { op: 'close', id: '0.1' },
      { op: 'close', id: '0' },
      { op: 'node', id: '1', type: 'p', spans: 'AFTER-2' },
    ),
  );
  assert.deepEqual(doc.node('0.0')!.children, ['0.0.0', '0.0.1']);
  assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1']);
  assert.deepEqual(doc.roots, ['0', '1']);
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['unknown_value', 'unknown_value']);
});

test('a {"t":"blink"} span is drawn as its text, with a warning', () => {
  const doc = read(
    around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'Now ' }, { t: 'blink', c: [{ t: 'text', v: 'on sale' }] }, { t: 'marquee', v: '!' }] }),
  );
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(doc.node('1')!.spans, [
    { t: 'text', v: 'Now ' },
    { t: 'text', v: 'on sale' },
    { t: 'text', v: '!' },
  ]);
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['unknown_span'], 'one warning for the node');
});

test('an img span without src is dropped with a warning; the rest of the spans stay', () => {
  const doc = read(around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'See ' }, { t: 'img', alt: 'a chart' }, { t: 'text', v: 'above.' }] }));
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(doc.node('1')!.spans, [
    { t: 'text', v: 'See ' },
    { t: 'text', v: 'above.' },
  ]);
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['dropped']);
});

test('an img span without src in a spans update: the update applies without it (item 2)', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'p' },
      { op: 'spans', id: '0', spans: 'Hel' },
      { op: 'spans', id: '0', spans: [{ t: 'text', v: 'Hello ' }, { t: 'img', src: 42 }, { t: 'text', v: 'world' }] },
    ),
  );
  assert.deepEqual(doc.node('0')!.spans, [
    { t: 'text', v: 'Hello ' },
    { t: 'text', v: 'world' },
  ]);
  assert.deepEqual(errors(doc), []);
});

test('spans nested past the limit keep their words as text, with a warning, and the node applies', () => {
  let span: unknown = { t: 'text', v: 'deep words' };
  for (let i = 0; i < 40; i++) span = { t: i % 2 ? 'em' : 'strong', c: [span] };
  const doc = read(around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'Start ' }, span] }));
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  const flat = JSON.stringify(doc.node('1')!.spans);
  assert.ok(flat.includes('"Start "') && flat.includes('deep words'), flat);
  let depth = 0;
  let s = doc.node('1')!.spans[1] as { c?: unknown[] };
  while (s && s.c) {
    depth++;
    s = s.c[0] as { c?: unknown[] };
  }
  assert.ok(depth <= 16, `nested ${depth} deep`);
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['too_deep']);
});

test('a Question whose answer names no choice keeps its choices, has no right answer, and warns', () => {
  const doc = read(around({ op: 'node', id: '1', type: 'Question', attrs: { q: 'Largest planet?' }, data: { items: ['Mars', 'Jupiter'], answer: 5 } }));
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(doc.node('1')!.data, { items: ['Mars', 'Jupiter'], answer: null });
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['unknown_value']);
});

test('a Result whose formula names 2nd_price applies, and works out with a Slider labelled "2nd price"', () => {
  const doc = read(
    lines(
      { op: 'node', id: '0', type: 'p', spans: 'Before.' },
      { op: 'open', id: '1', type: 'WhatIf' },
      { op: 'node', id: '1.0', type: 'Slider', attrs: { label: '2nd price', value: '30' } },
      { op: 'node', id: '1.1', type: 'Result', data: { formula: ['2nd_price', 2, '*'], value: 60 } },
      { op: 'close', id: '1' },
      ...AFTER,
    ),
  );
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(issues(doc), []);
  assert.equal(sliderName(doc.node('1.0')!.attrs), '2nd_price');
  assert.equal(evaluateFormula(['2nd_price', 2, '*'], { '2nd_price': 30 }), 60);
});

test('Slider names the core can make: "2nd price", "Max", "Round", "Length", "Name" all name a Slider', () => {
  for (const label of ['2nd price', 'Max', 'Round', 'Length', 'Name', 'Constructor']) {
    const word = labelWord(label);
    assert.equal(isSliderName(word), true, word);
    assert.equal(sliderName({ label }), word);
  }
  // A name that is a number would be read as one, and __proto__ is never a name.
  assert.equal(isSliderName('2024'), false);
  assert.equal(isSliderName('1e3'), false);
  assert.equal(isSliderName('__proto__'), false);
});

test('a Slider named like a function is read as the Slider where the function reading would not be well formed', () => {
  // max as a Slider: "price max *" is price times max (max as a function would have one value only).
  assert.equal(formulaProblem(['price', 'max', '*']), null);
  assert.equal(evaluateFormula(['price', 'max', '*'], { price: 3, max: 4 }), 12);
  // max as the function when that reads well: "a b max" is the larger of a and b, even with a Slider named max.
  assert.equal(evaluateFormula(['a', 'b', 'max'], { a: 2, b: 5, max: 100 }), 5);
  // round as a Slider and as the function in one formula.
  assert.equal(evaluateFormula(['round', 'round', 'price', '*', '+'], { round: 2, price: 3 }), 8);
  assert.equal(evaluateFormula(['price', 'round', '*', 'round'], { round: 1.5, price: 3 }), 5);
  // Without a Slider of that name, the function is the only reading.
  assert.equal(evaluateFormula(['price', 'max', '*'], { price: 3 }), null);
  // Still refused: a token that is none of these.
  assert.notEqual(formulaProblem(['price', 'qty', 'times']), null);
});

test('a Result whose formula is malformed, sent in a node op, is refused and keeps its place', () => {
  const doc = read(around({ op: 'node', id: '1', type: 'Result', data: { formula: ['a', '+'], value: null } }));
  assert.deepEqual(doc.roots, ['0', '1', '2', '3']);
  assert.deepEqual(words(doc), ['Before.', 'AFTER-1', 'AFTER-2']);
  assert.equal(doc.node('1')!.refused?.code, 'bad_data');
  assert.deepEqual(errors(doc), ['bad_data']);
});

test('a close with malformed data closes the node with its data refused: nothing stays open, nothing after is lost', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'Card' },
      { op: 'open', id: '0.0', type: 'Chart' },
      { op: 'close', id: '0.0', data: { columns: 'Month', rows: [] } },
      { op: 'node', id: '0.1', type: 'p', spans: 'AFTER-1' },
      { op: 'close', id: '0' },
    ),
  );
  const chart = doc.node('0.0')!;
  assert.equal(chart.closed, true);
  assert.equal(chart.data, null);
  assert.equal(chart.refused?.code, 'bad_data');
  assert.equal(chart.refused?.what, 'data');
  assert.deepEqual(doc.node('0')!.children, ['0.0', '0.1']);
  assert.equal(doc.node('0')!.closed, true);
  assert.deepEqual(issues(doc), ['3 bad_data']);
  // The Chart applied when it opened: it stays in the document, closed without data.
  assert.deepEqual(snap(doc).rejected, [3]);
  assert.deepEqual(snap(doc).nodes['0.0'], { type: 'Chart', attrs: {}, spans: [], data: null, children: [], closed: true });
});

test('an li at the top level and a p inside a ul are refused but keep their places', () => {
  const doc = read(
    lines(
      { op: 'node', id: '0', type: 'li', spans: 'stray item' },
      { op: 'open', id: '1', type: 'ul' },
      { op: 'node', id: '1.0', type: 'p', spans: 'stray paragraph' },
      { op: 'node', id: '1.1', type: 'li', spans: 'AFTER-1' },
      { op: 'close', id: '1' },
      { op: 'node', id: '2', type: 'p', spans: 'AFTER-2' },
    ),
  );
  assert.deepEqual(doc.roots, ['0', '1', '2']);
  assert.deepEqual(doc.node('1')!.children, ['1.0', '1.1']);
  assert.deepEqual(issues(doc), ['1 bad_child', '3 bad_child']);
});

test('still refused without taking a place: a skipped position, a duplicate, a missing or closed parent', () => {
  const doc = read(
    lines(
      { op: 'node', id: '0', type: 'p', spans: 'a' },
      { op: 'node', id: '2', type: 'p', spans: 'skips' },
      { op: 'node', id: '0', type: 'p', spans: 'duplicate' },
      { op: 'node', id: '5.0', type: 'p', spans: 'no parent' },
      { op: 'node', id: '1', type: 'p', spans: 'b' },
    ),
  );
  assert.deepEqual(doc.roots, ['0', '1']);
  assert.deepEqual(issues(doc), ['2 id_skips', '3 duplicate_id', '4 parent_missing']);
});

test('a Gallery with one bad image keeps the others, with a warning (item 2)', () => {
  const doc = read(
    around({
      op: 'node',
      id: '1',
      type: 'Gallery',
      data: { images: [{ src: 'https://example.com/1.jpg', alt: 'Dunes' }, { alt: 'no source' }, 'not an image', { src: 'https://example.com/2.jpg', alt: 3 }, { src: 'https://example.com/3.jpg' }] },
    }),
  );
  assert.deepEqual(doc.node('1')!.data, {
    images: [
      { src: 'https://example.com/1.jpg', alt: 'Dunes' },
      { src: 'https://example.com/2.jpg', alt: '' },
      { src: 'https://example.com/3.jpg', alt: '' },
    ],
  });
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['dropped']);
});

test('bad items of other data are dropped with a warning: list items, checks, choices (the answer follows its choice), cells', () => {
  const doc = read(
    lines(
      { op: 'node', id: '0', type: 'FollowUps', data: { items: ['One', 7, 'Two'] } },
      { op: 'node', id: '1', type: 'Checklist', data: { checks: [{ done: true, c: 'Passport' }, { done: 'yes', c: 'Charger' }, { done: false, c: 'Socks' }] } },
      { op: 'node', id: '2', type: 'Question', data: { items: ['Mars', { bad: 1 }, 'Jupiter'], answer: 2 } },
      { op: 'node', id: '3', type: 'Chart', data: { columns: ['Month', 'Sales'], rows: [['Jan', { n: 1 }], 'not a row', ['Feb', 2]] } },
    ),
  );
  assert.deepEqual(doc.node('0')!.data, { items: ['One', 'Two'] });
  assert.deepEqual(doc.node('1')!.data, { checks: [{ done: true, c: 'Passport' }, { done: false, c: 'Socks' }] });
  assert.deepEqual(doc.node('2')!.data, { items: ['Mars', 'Jupiter'], answer: 1 });
  assert.deepEqual(doc.node('3')!.data, { columns: ['Month', 'Sales'], rows: [['Jan', null], ['Feb', 2]] });
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['dropped', 'dropped', 'dropped', 'dropped']);
});

test('attribute values that are not strings: numbers are read as their digits, the rest dropped, with warnings', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'h', attrs: { level: 2, hidden: false, style: { color: 'red' }, 'bad name': 'x' }, spans: 'Title' }));
  assert.equal(doc.node('0')!.refused, null);
  assert.deepEqual({ ...doc.node('0')!.attrs }, { level: '2' });
  assert.deepEqual(errors(doc), []);
  assert.deepEqual(warnings(doc), ['converted', 'dropped']);
});

test('a paragraph resent twenty times with a blink span warns once', () => {
  const ops: unknown[] = [{ op: 'open', id: '0', type: 'p' }];
  for (let i = 0; i < 20; i++) ops.push({ op: 'spans', id: '0', spans: [{ t: 'blink', c: `words ${i}` }] });
  const doc = read(lines(...ops));
  assert.deepEqual(warnings(doc), ['unknown_span']);
});

test('a Quiz with a Question refused or without choices can still be finished: that question holds nothing back', () => {
  const doc = read(
    lines(
      { op: 'open', id: '0', type: 'Quiz' },
      { op: 'node', id: '0.0', type: 'Question', attrs: { q: 'One?' }, data: { items: ['a', 'b'], answer: 0 } },
      { op: 'node', id: '0.1', type: 'Question', attrs: { q: 'Two?' }, data: { items: 'not a list' } },
      { op: 'node', id: '0.2', type: 'Question', attrs: { q: 'Three?' }, data: { items: ['c', 'd'], answer: 1 } },
      { op: 'close', id: '0' },
    ),
  );
  const qs = quizQuestions(doc, '0');
  assert.equal(qs.length, 3, 'places stay: answers are kept by place');
  assert.equal(quizComplete(qs, [0, null, 1]), true);
  assert.equal(quizComplete(qs, [0, null, null]), false);
});

test('a refused node is no component: it has no state, and state set for it is refused', () => {
  const doc = read(lines({ op: 'node', id: '0', type: 'Poll', attrs: { q: 'x' }, spans: 5 }));
  assert.equal(doc.node('0')!.refused?.code, 'bad_spans');
  const states = new ComponentStates(doc);
  assert.equal(states.get('0'), null);
  const r = states.set('0', { vote: 'a' });
  assert.equal(r.ok, false);
});
