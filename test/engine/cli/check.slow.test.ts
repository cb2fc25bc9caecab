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

interface JsonIssue {
  file: string;
  line: number | null;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  id?: string;
}
interface JsonOut {
  file: string;
  errors: number;
  warnings: number;
  issues: JsonIssue[];
  nodes: Record<string, unknown>;
  state: Record<string, unknown>;
  mutations: Record<string, unknown>;
  missing: string[];
}
const json = (args: string[], input?: string) => {
  const r = run([...args, '--json'], input);
  return { status: r.status, out: JSON.parse(r.stdout) as JsonOut };
};

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

test('each issue is printed as FILE:LINE: severity code: message, in line order, and an error exits 1', () => {
  const r = run(['check', bad, '--tools', 'payments.confirm']);
  assert.equal(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 4, r.stdout);
  // dangling_ref is found at the end of the stream but printed on its line, first.
  assert.match(lines[0]!, new RegExp(`^${bad}:1: error dangling_ref: .+`));
  assert.match(lines[1]!, new RegExp(`^${bad}:2: error ungoverned_mutation: .+`));
  assert.match(lines[2]!, new RegExp(`^${bad}:3: error unknown_tool: .+`));
  assert.match(lines[3]!, new RegExp(`^${bad}:4: error unknown_asset: .+`));
  assert.match(r.stderr, /^4 errors, 0 warnings$/m);
});

test('issues found at the end (dangling references) take their place by line; issues with no line come last', () => {
  const r = run(['check', '-'], 'a = Stack([x])\nb = Buton()\nc = Divider()\n');
  const lines = r.stdout.trim().split('\n');
  assert.deepEqual(
    lines.map((l) => l.replace(/: [^:]*$/, '').replace(/ .*/, '')),
    ['<stdin>:1:', '<stdin>:2:', '<stdin>:'],
    r.stdout,
  );
  assert.match(lines[0]!, /dangling_ref/);
  assert.match(lines[2]!, /^<stdin>: error missing_root: /);
});

test('did you mean: a misspelt component, tool, prop or picture names the closest known one', () => {
  const text =
    'root = Stack([b, c, i])\nb = Buton("Pay", action="pay")\nc = Button("Go", lable="x")\nm = McpMutation(c, tool="payments.confrim")\ni = Image("cabin-pine", alt="A cabin")\nz = Carousel()\n';
  const r = run(['check', '-', '--tools', 'payments.confirm,orders.cancel', '--assets', 'cabin-pines'], text);
  assert.match(r.stdout, /^<stdin>:2: error unknown_component: .*did you mean "Button"\?/m);
  assert.match(r.stdout, /^<stdin>:3: error invalid_props: .*unknown prop "lable"; did you mean "label"\?/m);
  assert.match(r.stdout, /^<stdin>:4: error unknown_tool: .*did you mean "payments\.confirm"\?/m);
  assert.match(r.stdout, /^<stdin>:5: error unknown_asset: .*did you mean "cabin-pines"\?/m);
  // Nothing close: no guess.
  assert.match(r.stdout, /^<stdin>:6: error unknown_component: [^\n]*app$/m);
});

test('a stream that stops in the middle of its last line says it was cut off', () => {
  const cut = run(['check', '-'], 'root = Stack([t])\nt = Text("Your order is on its wa');
  assert.equal(cut.status, 1);
  assert.match(cut.stdout, /^<stdin>:2: error unterminated_string: /m);
  assert.match(cut.stdout, /^<stdin>:2: warning cut_off: the stream ended in the middle of line 2, .*cut off/m);
  const { out } = json(['check', '-'], 'root = Stack([t])\nt = Text("hi"');
  assert.deepEqual(
    out.issues.map((i) => [i.line, i.severity, i.code]),
    [[1, 'error', 'dangling_ref'], [2, 'error', 'syntax'], [2, 'warning', 'cut_off']],
  );
  // A complete last line without a line ending is read as usual ([3.4]) and is not cut off.
  const whole = run(['check', '-'], 'root = Text("hi")');
  assert.equal(whole.status, 0);
  assert.equal(whole.stdout, '');
  // A rejected line that has its line ending was not cut off.
  assert.doesNotMatch(run(['check', '-'], 'root = Text("hi"\n').stdout, /cut_off/);
});

test('a cut-off line dropped as too long is said to be cut off too', () => {
  const r = run(['check', '-'], `root = Text("x")\nt = Text("${'y'.repeat(20000)}`);
  assert.match(r.stdout, /^<stdin>:2: error line_too_long: /m);
  assert.match(r.stdout, /^<stdin>:2: warning cut_off: .*line_too_long/m);
});

test('--assets and --tools fill the registries', () => {
  const r = run(['check', bad, '--tools', 'payments.confirm,payments.confrim', '--assets', 'cabin-pines']);
  assert.equal(r.status, 0, r.stdout);
});

test('--json: each issue has file, line, severity, code and message; counts; the canonical document', () => {
  const ok = json(['check', '-', '--tools', 'payments.confirm'], 'root = Text("hi")\n$x = 1\n');
  assert.equal(ok.status, 0);
  assert.equal(ok.out.file, '<stdin>');
  assert.deepEqual(ok.out.issues, []);
  assert.equal(ok.out.errors, 0);
  assert.deepEqual(ok.out.nodes.root, { type: 'Text', props: { text: 'hi' }, children: [] });
  assert.deepEqual(ok.out.state, { $x: 1 });

  const { status, out } = json(['check', bad, '--tools', 'payments.confirm']);
  assert.equal(status, 1);
  assert.equal(out.file, bad);
  assert.equal(out.errors, 4);
  assert.equal(out.warnings, 0);
  const tool = out.issues.find((i) => i.code === 'unknown_tool')!;
  assert.deepEqual(Object.keys(tool), ['file', 'line', 'severity', 'code', 'message', 'id']);
  assert.equal(tool.file, bad);
  assert.equal(tool.line, 3);
  assert.equal(tool.severity, 'error');
  assert.equal(tool.id, 'm');
  assert.match(tool.message, /payments\.confrim.*did you mean "payments\.confirm"/);
  assert.deepEqual(out.issues.map((i) => i.line), [1, 2, 3, 4]);
});

test('--json tells warnings from errors', () => {
  const { status, out } = json(['check', '-'], '# omni-ir 99.0\nroot = Text("a \\d")\n');
  assert.equal(status, 0);
  assert.deepEqual(out.issues.map((i) => [i.line, i.severity, i.code]), [[1, 'warning', 'newer_version'], [2, 'warning', 'unknown_escape']]);
  assert.equal(out.errors, 0);
  assert.equal(out.warnings, 2);
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
  // An app component is a name a misspelling can be close to.
  assert.match(run(['check', '-', '--registry', reg], 'root = Tiel("Tote")\n').stdout, /did you mean "Tile"\?/);
});

test('a warning alone passes; --strict fails on it', () => {
  const r = run(['check', '-'], '# omni-ir 99.0\nroot = Divider()\n');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^<stdin>:1: warning newer_version: /);
  assert.match(r.stderr, /^0 errors, 1 warning$/m);
  assert.equal(run(['check', '-', '--strict'], '# omni-ir 99.0\nroot = Divider()\n').status, 1);
  assert.equal(run(['check', '-', '--strict'], 'root = Divider()\n').status, 0);
});

test('a missing root has no line and is printed without one', () => {
  const r = run(['check', '-'], '# nothing\n');
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^<stdin>: error missing_root: /);
  const { out } = json(['check', '-'], '# nothing\n');
  assert.equal(out.issues[0]!.line, null);
});

test('usage errors exit 2 with a clear message', () => {
  assert.equal(run(['check']).status, 2);
  const missing = run(['check', join(dir, 'nope.txt')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no such file/);
  assert.match(run(['frobnicate']).stderr, /unknown command/);
  assert.match(run(['check', good, '--frob']).stderr, /unknown option: --frob/);
  const badReg = write('bad.json', '{not json');
  assert.match(run(['check', good, '--registry', badReg]).stderr, /not valid JSON/);
  const malformed = write('malformed.json', JSON.stringify({ components: { tile: { props: {} } } }));
  assert.match(run(['check', good, '--registry', malformed]).stderr, /registry was refused/);
});

test('--help prints the usage, the output format and the exit status, and exits 0', () => {
  const r = run(['--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /Usage: agentic-elements check/);
  assert.match(r.stdout, /FILE:LINE: severity code: message/);
  assert.match(r.stdout, /--strict/);
  assert.match(r.stdout, /Exit status: 1 when there is an error/);
});
