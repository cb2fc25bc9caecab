// The op-stream conformance runner (test/conformance/op-stream.mjs) through run.mjs on a directory of its own:
// it passes a right case, fails a wrong one naming the run and the difference, and reads SSE cases as SSE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('../../conformance/run.mjs', import.meta.url));

const node = { type: 'p', attrs: {}, spans: [{ t: 'text', v: 'x' }], data: null, children: [], closed: true };
const expect = { nodes: { '0': node }, roots: ['0'], rejected: [], diags: [], end: null };

test('right cases pass, a wrong one fails with the run and the difference', () => {
  const dir = mkdtempSync(join(tmpdir(), 'op-conformance-'));
  mkdirSync(join(dir, 'op-stream'));
  writeFileSync(
    join(dir, 'op-stream', 'a.json'),
    JSON.stringify({
      cases: [
        { id: 'plain', input: '{"op":"node","id":"0","type":"p","spans":"x"}\n', expect },
        { id: 'sse', transport: 'sse', input: 'data: {"op":"node","id":"0","type":"p","spans":"x"}\n\n', expect },
        { id: 'wrong', input: '{"op":"node","id":"0","type":"p","spans":"x"}\n', expect: { ...expect, roots: ['1'] } },
      ],
    }),
  );
  const r = spawnSync(process.execPath, [runner, dir], { encoding: 'utf8', timeout: 120_000 });
  assert.match(r.stdout, /op-stream\/a\.json: 2 passed, 1 failed/);
  assert.match(r.stdout, /wrong: whole: roots: expected \["1"\], got \["0"\]/);
  assert.equal(r.status, 1);
});
