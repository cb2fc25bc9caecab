// The conformance runner (test/conformance/run.mjs) on a directory of its own: output format and exit code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('../../conformance/run.mjs', import.meta.url));

function layout(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), JSON.stringify(data));
  }
  return dir;
}

const run = (dir: string) => spawnSync(process.execPath, [runner, dir], { encoding: 'utf8', timeout: 120_000 });

test('passing parser and field cases, chunked runs included: a line per file and a total, exit 0', () => {
  const dir = layout({
    'omni-ir/cases/a.json': {
      area: 'x',
      cases: [
        { id: 'ok', input: ['root = Text("', { repeat: '☕', times: 3 }, '")\n'], expect: { issues: [], nodes: { root: { type: 'Text', props: { text: '☕☕☕' }, children: [] } } } },
        { id: 'update', input: 'root = Stack([t])\nt = Text("a")\n', updates: [{ input: 't = Text("b")', expect: { applied: true, issues: [] } }], expect: { issues: [], state: {}, missing: [] } },
      ],
    },
    'omni-ir/fields/f.json': { cases: [{ id: 'f', component: 'Switch', props: { required: true }, value: false, expect: { message: 'turnOn' } }] },
  });
  const r = run(dir);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^omni-ir\/cases\/a\.json: 2 passed, 0 failed$/m);
  assert.match(r.stdout, /^omni-ir\/fields\/f\.json: 1 passed, 0 failed$/m);
  assert.match(r.stdout.trim().split('\n').at(-1)!, /^3 passed, 0 failed$/);
});

test('a failing case names its id and a short diff; a case that can\'t run fails; exit 1', () => {
  const dir = layout({
    'omni-ir/cases/b.json': {
      cases: [
        { id: 'wrong-issues', input: 'root = Divider()\n', expect: { issues: [{ line: 1, code: 'syntax' }] } },
        { id: 'bad-declaration', input: 'root = Divider()\n', components: { lower: { description: 'x', props: {} } }, expect: { issues: [] } },
        { id: 'wrong-update', input: 'root = Divider()\n', updates: [{ input: 'root = Nope()', expect: { applied: true, issues: [] } }], expect: { issues: [] } },
      ],
    },
  });
  const r = run(dir);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^omni-ir\/cases\/b\.json: 0 passed, 3 failed$/m);
  assert.match(r.stdout, /wrong-issues: whole: issues: missing \(1 syntax\)/);
  assert.match(r.stdout, /bad-declaration: whole: threw TypeError/);
  assert.match(r.stdout, /wrong-update: whole: update 1: applied false, expected true/);
  assert.match(r.stdout.trim().split('\n').at(-1)!, /^0 passed, 3 failed$/);
});

test('a directory given that does not exist fails, naming it', () => {
  const r = run(join(tmpdir(), 'no-such-conformance-dir'));
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^no conformance suite at .*no-such-conformance-dir$/m);
  assert.match(r.stdout.trim().split('\n').at(-1)!, /^0 passed, 1 failed$/);
});
