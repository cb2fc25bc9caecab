// The README's shown outputs (`// → …`, test/readme/shown.mjs): read as the values a line logs, and matched
// against what it logged, `…` standing for anything. The README test uses this on every block; here it is seen to
// fail where it must.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShown, shownProblems } from './shown.mjs';

const block = (code, line = 10) => ({ line, code, where: `README.md:${line}` });

test('the values after the arrow, one per logged argument, with … for anything', () => {
  const b = block('const a = 1;\nconsole.log(ok, text); // → true, "… count = 1": prose\n');
  assert.deepEqual(shownProblems(b, [{ line: 12, args: [true, 'Surfaces …\n  count = 1'] }]), []);
  assert.match(shownProblems(b, [{ line: 12, args: [false, 'count = 1'] }])[0], /README.md:12 shows .*value 1 is false, not true/);
  assert.match(shownProblems(b, [{ line: 12, args: [true, 'count = 2'] }])[0], /value 2 is "count = 2", which is not "… count = 1"/);
  assert.match(shownProblems(b, [{ line: 12, args: [true] }])[0], /logged 1 values .* shows 2/);
  assert.match(shownProblems(b, [{ line: 11, args: [true, 'count = 1'] }])[0], /nothing was logged from that line/);
  assert.match(shownProblems(b, [{ line: 12, args: [true, ' count = 1'] }, { line: 12, args: [true, 'x'] }])[0], /"x"/, 'every log from the line must match');
});

test('objects and arrays: exact keys, or … for more', () => {
  const b = block("console.log(node); // → { id: 'title', type: 'Heading', props: { text: 'Hi' }, … }\n");
  assert.deepEqual(shownProblems(b, [{ line: 11, args: [{ id: 'title', type: 'Heading', props: { text: 'Hi' }, children: [] }] }]), []);
  assert.match(shownProblems(b, [{ line: 11, args: [{ id: 'title', type: 'Heading', props: { text: 'Hi', level: 1 } }] }])[0], /value 1.props also has level/);
  assert.match(shownProblems(b, [{ line: 11, args: [{ id: 'title', props: { text: 'Hi' } }] }])[0], /value 1 has no type/);
  assert.deepEqual(parseShown('[1, …]').values[0].more, true);
});

test('an arrow the test cannot read fails, naming the line', () => {
  assert.match(parseShown('true, "open').error, /no closing quote/);
  assert.match(parseShown('stream_ended the click ran').error, /is not a value/);
  assert.match(shownProblems(block('f(); // → {a 1}\n'), [{ line: 11, args: [{}] }])[0], /README.md:11 shows an output the test can't read/);
});
