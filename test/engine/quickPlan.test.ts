// `npm run test:quick` runs the engine tests a change can break (scripts/quickPlan.mjs), and never the slow tier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error: a plain .mjs script without types
import { browserJobs, engineTestsFor } from '../../scripts/quickPlan.mjs';

const files = [
  'test/engine/axstream/burst.test.ts',
  'test/engine/cli/check.slow.test.ts',
  'test/engine/controllers.test.ts',
  'test/engine/elementContract.test.ts',
  'test/engine/layering.slow.test.ts',
  'test/engine/omni-ir/fields.test.ts',
  'test/engine/omni-ir/transport/websocket.test.ts',
  'test/engine/ops/form.test.ts',
  'test/engine/ops/hostile.slow.test.ts',
  'test/engine/signalImports.test.ts',
  'test/engine/strings/words.test.ts',
];
const plan = (...changed: string[]): string[] => engineTestsFor(changed, files);

test('a change to an element runs only the source tests that read elements/', () => {
  assert.deepEqual(plan('elements/shared/controllers/request.ts', 'test/browser/shared/controllers/request.test.ts'), [
    'test/engine/controllers.test.ts',
    'test/engine/elementContract.test.ts',
    'test/engine/signalImports.test.ts',
  ]);
});

test("a change to a format runs that format's tests, its clients' too, and no slow file", () => {
  assert.deepEqual(plan('src/omni-ir/transport/generate.ts'), ['test/engine/omni-ir/fields.test.ts', 'test/engine/omni-ir/transport/websocket.test.ts']);
  assert.deepEqual(plan('src/ops/form.ts', 'strings/en.ts'), ['test/engine/ops/form.test.ts', 'test/engine/strings/words.test.ts']);
});

test('a change to the core, the dependencies or the compiler settings runs every quick test', () => {
  const quick = files.filter((f) => !f.includes('.slow.'));
  for (const changed of ['src/stream/lineSplitter.ts', 'src/actions/fields.ts', 'src/signals.ts', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    assert.deepEqual(plan(changed), quick, changed);
  }
});

test('a changed test runs itself; a changed helper its folder; nothing else runs nothing', () => {
  assert.deepEqual(plan('test/engine/ops/hostile.slow.test.ts'), []);
  assert.deepEqual(plan('test/engine/ops/form.test.ts'), ['test/engine/ops/form.test.ts']);
  assert.deepEqual(plan('test/engine/axstream/helpers.ts'), ['test/engine/axstream/burst.test.ts']);
  assert.deepEqual(plan('.dependency-cruiser.cjs'), []);
  assert.deepEqual(plan('bin/agentic-elements.mjs'), []);
  assert.deepEqual(plan('docs/architecture.md', 'demo/server.mjs', 'test/browser/shared/chart.test.ts'), []);
});

test('browser files run side by side by default only while the machine has room: one at a time once the load reaches its cores', () => {
  assert.equal(browserJobs(0.3, 2), 2);
  assert.equal(browserJobs(1.9, 2), 2);
  assert.equal(browserJobs(2, 2), 1);
  assert.equal(browserJobs(18, 2), 1);
  assert.equal(browserJobs(1, 8), 3);
  assert.equal(browserJobs(0, 1), 1);
});
