// The axstream conformance runner (test/conformance/axstream.mjs): a wrong expectation names the case, the
// chunking and a short diff; a case that can't run fails rather than passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as engine from '../../../src/axstream/index.ts';
// @ts-expect-error: a plain .mjs runner without type declarations
import { runFile } from '../../conformance/axstream.mjs';

test('a passing case passes; a wrong one names its id, how it was fed and what differed; one without input fails', async () => {
  const cases = [
    { id: 'ok', input: '```\n{"op":"act","do":"wait","ms":1}\n```\n', expect: { actions: [{ do: 'wait', ms: 1 }], dropped: [], end: { reason: 'stream_ended' } } },
    { id: 'wrong', input: '```\n{"op":"observe"}\n', expect: { actions: [], dropped: [], end: { reason: 'stream_ended' } } },
    { id: 'broken' },
  ];
  const r = await runFile('cases.json', cases, engine);
  assert.equal(r.passed, 1);
  assert.equal(r.failed, 2);
  assert.match(r.failures[0], /^wrong: whole: end\.reason: expected "stream_ended", got "observe"/);
  assert.match(r.failures[1], /^broken: whole: threw/);
});
