import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMcpAppsInputFeed, TOOL_INPUT, TOOL_INPUT_PARTIAL } from '../../../src/transport/index.js';
import { sink } from './fakes.js';

function setup(argument = 'screen') {
  const sinks: ReturnType<typeof sink>[] = [];
  const view = createMcpAppsInputFeed({ argument, createSink: () => (sinks.push(sink()), sinks.at(-1)!) });
  return { sinks, view };
}

test('10.26: partial input writes only complete lines, each once', () => {
  const { sinks, view } = setup();
  view.partial('root = Card([t');
  assert.equal(sinks[0]!.written, '');
  view.partial('root = Card([t])\nt = Head');
  view.partial('root = Card([t])\nt = Heading("Hi")');
  view.partial('root = Card([t])\nt = Heading("Hi")\n');
  assert.deepEqual(sinks[0]!.writes, ['root = Card([t])\n', 't = Heading("Hi")\n']);
  assert.equal(sinks.length, 1);
  assert.equal(sinks[0]!.ended, 0);
});

test('10.26: input that no longer begins with what was written starts a new parser', () => {
  const { sinks, view } = setup();
  view.partial('a = Divider()\nb = Div');
  view.partial('a = Text("x")\nb = Divider()\n');
  assert.equal(sinks.length, 2);
  assert.equal(sinks[0]!.written, 'a = Divider()\n');
  assert.equal(sinks[1]!.written, 'a = Text("x")\nb = Divider()\n');
});

test('10.26: shorter input than what was written also starts over', () => {
  const { sinks, view } = setup();
  view.partial('a = Divider()\nb = Divider()\n');
  view.partial('a = Divider()\n');
  assert.equal(sinks.length, 2);
  assert.equal(sinks[1]!.written, 'a = Divider()\n');
});

test('10.26: the complete input writes the rest, including a last line without LF, and ends', () => {
  const { sinks, view } = setup();
  view.partial('a = Divider()\nb = Div');
  view.complete('a = Divider()\nb = Divider()');
  assert.deepEqual(sinks[0]!.writes, ['a = Divider()\n', 'b = Divider()']);
  assert.equal(sinks[0]!.ended, 1);
  assert.equal(view.done, true);
});

test('10.26: a complete input that rewrites what was written goes to a new parser', () => {
  const { sinks, view } = setup();
  view.partial('a = Divider()\n');
  view.complete('z = Divider()\n');
  assert.equal(sinks.length, 2);
  assert.equal(sinks[1]!.written, 'z = Divider()\n');
  assert.equal(sinks[1]!.ended, 1);
});

test('10.26: later input is ignored: one view shows one tool call', () => {
  const { sinks, view } = setup();
  view.complete('a = Divider()\n');
  view.partial('b = Divider()\n');
  view.complete('c = Divider()\n');
  assert.equal(sinks.length, 1);
  assert.equal(sinks[0]!.written, 'a = Divider()\n');
  assert.equal(sinks[0]!.ended, 1);
});

test('10.26: notifications are routed by method, reading the named argument', () => {
  const { sinks, view } = setup();
  view.handleNotification('ui/notifications/other', { arguments: { screen: 'x\n' } });
  view.handleNotification(TOOL_INPUT_PARTIAL, { arguments: { screen: 42 } });
  view.handleNotification(TOOL_INPUT_PARTIAL, { arguments: { screen: 'a = Divider()\nb' } });
  view.handleNotification(TOOL_INPUT, { arguments: { screen: 'a = Divider()\nb = Divider()\n' } });
  assert.deepEqual(sinks[0]!.writes, ['a = Divider()\n', 'b = Divider()\n']);
  assert.equal(sinks[0]!.ended, 1);
});

test('any line-based format: the feed reads whichever argument it is given', () => {
  const { sinks, view } = setup('ops');
  view.handleNotification(TOOL_INPUT_PARTIAL, { arguments: { screen: 'ignored\n', ops: '{"op":"open"}\n{"op"' } });
  view.handleNotification(TOOL_INPUT, { arguments: { ops: '{"op":"open"}\n{"op":"close"}\n' } });
  assert.deepEqual(sinks[0]!.writes, ['{"op":"open"}\n', '{"op":"close"}\n']);
  assert.equal(sinks[0]!.ended, 1);
});

test('untrusted params never throw: missing, null, arrays, primitives and non-string arguments are ignored', () => {
  const { sinks, view } = setup();
  for (const params of [undefined, null, 42, 'text', [], { arguments: null }, { arguments: [] }, { arguments: { screen: null } }]) {
    view.handleNotification(TOOL_INPUT_PARTIAL, params);
    view.handleNotification(TOOL_INPUT, params);
  }
  // Values of the wrong type given straight to partial()/complete() are ignored too.
  view.partial(5 as unknown as string);
  view.complete({} as unknown as string);
  assert.equal(sinks.length, 0);
  assert.equal(view.sink, null);
  assert.equal(view.done, false);
});
