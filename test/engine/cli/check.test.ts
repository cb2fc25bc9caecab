// The `agentic-elements check` command, run as a user runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../../../bin/agentic-elements.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ae-check-'));
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60000 });

const good = write('good.txt', 'root = Card([b])\nb = Button("Pay", action="pay")\nm = McpMutation(b, tool="payments.confirm")\n');
const bad = write(
  'bad.txt',
  'root = Card([b, i])\nb = Button("Pay", action="pay")\nm = McpMutation(b, tool="payments.confrim")\ni = Image("cabin-pines", alt="A cabin")\n',
);

test('a clean stream prints no issue and exits 0', () => {
  const r = run(['check', good, '--tools', 'payments.confirm']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /0 errors, 0 warnings/);
});

test('each issue is printed as LINE: code: message and an error exits 1', () => {
  const r = run(['check', bad, '--tools', 'payments.confirm']);
  assert.equal(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.ok(lines.some((l) => /^3: unknown_tool: .+/.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^4: unknown_asset: .+/.test(l)), r.stdout);
  assert.ok(lines.some((l) => /^2: ungoverned_mutation: .+/.test(l)), r.stdout);
});

test('--assets and --tools fill the registries', () => {
  const r = run(['check', bad, '--tools', 'payments.confirm,payments.confrim', '--assets', 'cabin-pines']);
  assert.equal(r.status, 0, r.stdout);
});

test('standard input with - and --json print the canonical result', () => {
  const r = run(['check', '-', '--json', '--tools', 'payments.confirm'], 'root = Text("hi")\n$x = 1\n');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.issues, []);
  assert.deepEqual(out.nodes.root, { type: 'Text', props: { text: 'hi' }, children: [] });
  assert.deepEqual(out.state, { $x: 1 });
});

test('--registry reads tools, assets and app components from a file', () => {
  const reg = write(
    'registry.json',
    JSON.stringify({
      tools: { 'payments.confirm': { type: 'object' } },
      assets: ['cabin-pines'],
      components: { Tile: { description: 'A tile.', props: { name: { kind: 'text' } }, positional: ['name'] } },
    }),
  );
  const r = run(['check', '-', '--registry', reg], 'root = Stack([t, i])\nt = Tile("Tote")\ni = Image("cabin-pines", alt="x")\n');
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('a warning alone passes', () => {
  const r = run(['check', '-'], '# omni-ir 99.0\nroot = Divider()\n');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^1: newer_version \(warning\): /);
});

test('a missing root has no line and is printed with -', () => {
  const r = run(['check', '-'], '# nothing\n');
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^-: missing_root: /);
});

test('usage errors exit 2 with a clear message', () => {
  assert.equal(run(['check']).status, 2);
  const missing = run(['check', join(dir, 'nope.txt')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no such file/);
  assert.match(run(['frobnicate']).stderr, /unknown command/);
  const badReg = write('bad.json', '{not json');
  assert.match(run(['check', good, '--registry', badReg]).stderr, /not valid JSON/);
  const malformed = write('malformed.json', JSON.stringify({ components: { tile: { props: {} } } }));
  assert.match(run(['check', good, '--registry', malformed]).stderr, /registry was refused/);
});

test('--help prints the usage and exits 0', () => {
  const r = run(['--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /Usage: agentic-elements check/);
});
