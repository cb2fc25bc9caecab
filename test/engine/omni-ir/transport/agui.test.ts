import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAgUiReader, type AgUiEvent, type AgUiRejection } from '../../../../src/omni-ir/transport/index.js';
import { sink } from '../../transport/fakes.js';

const snap = (lines: unknown, version: unknown = '0.8', messageId = 'm1'): AgUiEvent => ({
  type: 'ACTIVITY_SNAPSHOT',
  messageId,
  activityType: 'omni-ir',
  content: { version, lines },
});
const delta = (patch: unknown, messageId = 'm1'): AgUiEvent => ({ type: 'ACTIVITY_DELTA', messageId, activityType: 'omni-ir', patch });
const add = (value: unknown) => ({ op: 'add', path: '/lines/-', value });

function setup() {
  const s = sink();
  const errors: AgUiRejection[] = [];
  const reader = createAgUiReader({ sink: s, onError: (e) => errors.push(e) });
  return { s, errors, reader };
}

test('10.19: the version marker is written first as line 1, then each line followed by LF', () => {
  const { s, reader } = setup();
  reader.handle(snap([]));
  reader.handle(delta([add('root = Card([t])')]));
  reader.handle(delta([add('t = Heading("Hi")'), add('x = Divider()')]));
  assert.equal(s.written, '# omni-ir 0.8\nroot = Card([t])\nt = Heading("Hi")\nx = Divider()\n');
});

test('10.19: lines already in the first snapshot are written', () => {
  const { s, reader } = setup();
  reader.handle(snap(['a = Divider()', 'b = Divider()'], '12.345'));
  assert.equal(s.written, '# omni-ir 12.345\na = Divider()\nb = Divider()\n');
});

test('10.19: no marker when content.version is not MAJOR.MINOR', () => {
  for (const version of [undefined, '0.8.1', 'v0.8', 8, '']) {
    const { s, reader } = setup();
    reader.handle({ type: 'ACTIVITY_SNAPSHOT', messageId: 'm1', activityType: 'omni-ir', content: { version, lines: ['a = Divider()'] } });
    assert.equal(s.written, 'a = Divider()\n', String(version));
  }
});

test('10.19: any other op or path is an error that changes nothing, the whole patch included', () => {
  for (const bad of [
    { op: 'replace', path: '/lines/0', value: 'x' },
    { op: 'add', path: '/lines/0', value: 'x' },
    { op: 'remove', path: '/lines/-' },
    { op: 'add', path: '/version', value: '0.9' },
    'add',
  ]) {
    const { s, errors, reader } = setup();
    reader.handle(snap([]));
    reader.handle(delta([add('ok = Divider()'), bad]));
    assert.equal(s.written, '# omni-ir 0.8\n', JSON.stringify(bad));
    assert.equal(errors.length, 1);
  }
});

test('10.19: a value that is not a string (or holds a line ending) is an error that changes nothing', () => {
  for (const value of [42, null, ['x'], { a: 1 }, 'two\nlines']) {
    const { s, errors, reader } = setup();
    reader.handle(snap([]));
    reader.handle(delta([add(value)]));
    assert.equal(s.written, '# omni-ir 0.8\n');
    assert.equal(errors.length, 1, JSON.stringify(value));
  }
});

test('10.19: a later snapshot that begins with the lines received adds only the rest', () => {
  const { s, errors, reader } = setup();
  reader.handle(snap(['a = Divider()']));
  reader.handle(delta([add('b = Divider()')]));
  reader.handle(snap(['a = Divider()', 'b = Divider()', 'c = Divider()'], '0.9'));
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\nb = Divider()\nc = Divider()\n');
  assert.equal(errors.length, 0);
});

test('10.19: a later snapshot that rewrites a line is an error that changes nothing', () => {
  for (const lines of [['a = Text("changed")', 'b = Divider()', 'c = Divider()'], ['a = Divider()'], []]) {
    const { s, errors, reader } = setup();
    reader.handle(snap(['a = Divider()', 'b = Divider()']));
    reader.handle(snap(lines));
    assert.equal(s.written, '# omni-ir 0.8\na = Divider()\nb = Divider()\n', JSON.stringify(lines));
    assert.equal(errors.length, 1);
  }
});

test('10.19: a delta before any snapshot is an error', () => {
  const { s, errors, reader } = setup();
  reader.handle(delta([add('a = Divider()')]));
  assert.equal(s.written, '');
  assert.equal(errors.length, 1);
});

test('10.18: other activities and other messages are ignored', () => {
  const { s, reader } = setup();
  reader.handle({ type: 'ACTIVITY_SNAPSHOT', messageId: 'x', activityType: 'plan', content: { lines: ['nope'] } });
  reader.handle(snap(['a = Divider()']));
  reader.handle(delta([add('other = Divider()')], 'm2'));
  reader.handle({ type: 'TEXT_MESSAGE_CONTENT', delta: 'hello' });
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\n');
});

test('10.19: RUN_FINISHED ends the sink once; later events are ignored', () => {
  const { s, reader } = setup();
  reader.handle(snap(['a = Divider()']));
  reader.handle({ type: 'RUN_FINISHED' });
  reader.handle(delta([add('late = Divider()')]));
  reader.handle({ type: 'RUN_ERROR', message: 'x' });
  assert.equal(s.ended, 1);
  assert.deepEqual(reader.outcome, { status: 'done' });
  assert.equal(s.written, '# omni-ir 0.8\na = Divider()\n');
});

test('10.19: RUN_ERROR also ends the sink', () => {
  const { s, reader } = setup();
  reader.handle(snap([]));
  reader.handle({ type: 'RUN_ERROR', message: 'model overloaded', code: 'overloaded' });
  assert.equal(s.ended, 1);
  assert.deepEqual(reader.outcome, { status: 'error', code: 'overloaded', message: 'model overloaded', retryable: false });
});

test('10.9: a transport that closes without the run’s end still ends the sink', () => {
  const { s, reader } = setup();
  reader.handle(snap(['a = Divider()']));
  reader.end();
  reader.end();
  assert.equal(s.ended, 1);
  assert.equal(reader.outcome?.status === 'error' && reader.outcome.code, 'connection_lost');
});
