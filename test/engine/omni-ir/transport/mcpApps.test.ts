import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMcpAppsView } from '../../../../src/omni-ir/transport/index.js';
import { TOOL_INPUT, TOOL_INPUT_PARTIAL } from '../../../../src/transport/index.js';
import { sink } from '../../transport/fakes.js';

test('10.25: the view reads show_screen’s `screen` argument by default', () => {
  const sinks: ReturnType<typeof sink>[] = [];
  const view = createMcpAppsView({ createSink: () => (sinks.push(sink()), sinks.at(-1)!) });
  view.handleNotification(TOOL_INPUT_PARTIAL, { arguments: { screen: 'a = Divider()\nb' } });
  view.handleNotification(TOOL_INPUT, { arguments: { screen: 'a = Divider()\nb = Divider()\n' } });
  assert.deepEqual(sinks[0]!.writes, ['a = Divider()\n', 'b = Divider()\n']);
  assert.equal(sinks[0]!.ended, 1);
  assert.equal(view.done, true);
});

test('10.25: an app whose tool names the argument otherwise says so', () => {
  const s = sink();
  const view = createMcpAppsView({ argument: 'ui', createSink: () => s });
  view.handleNotification(TOOL_INPUT, { arguments: { screen: 'no\n', ui: 'a = Divider()\n' } });
  assert.equal(s.written, 'a = Divider()\n');
});
