// [10.39]: a catch-up update holds the latest line of each id and $key the updates assigned that the screen
// still has, except $keys a field reads. The server decides that from its own copy of the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../bin/loadEngine.mjs';
import { createUpdateChecker } from '../../demo/server/check.mjs';

test('catch-up keeps only what the screen still has, and never a $key a field reads', async () => {
  const engine = await loadEngine();
  const check = createUpdateChecker(engine);
  const screen = {
    text: 'root = Card([a, gone, f, ok])\n$note = ""\nf = Input($note, label="Note")\n$eta = "Friday"\na = Text($eta)\ngone = Badge("x")\nok = Button("Go", action="go")\nm = McpMutation(ok, tool="payments.confirm", params={})\n',
  };
  assert.equal(check(screen, 'root = Card([a, f, ok])\n'), true, 'the update drops gone');
  assert.equal(check.keep(screen, 'a'), true);
  assert.equal(check.keep(screen, 'gone'), false, 'no longer on the screen');
  assert.equal(check.keep(screen, 'm'), true, 'an McpMutation whose Button stays');
  assert.equal(check.keep(screen, '$eta'), true);
  assert.equal(check.keep(screen, '$note'), false, 'a field reads it');
  assert.equal(check.keep(screen, '$never'), false);
});
