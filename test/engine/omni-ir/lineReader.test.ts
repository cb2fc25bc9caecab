// The grammar ([4.1]–[4.13]) and the stream's line rules ([3.5]–[3.8]), through the parser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf, lineIssues, parse } from './helpers.js';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';
import { LineReader, SKIP, STMT_COMPONENT, STMT_STATE, FAILED, IdList, Ref, Obj, Call } from '../../../src/omni-ir/lineReader.js';

test('reader: a component statement fills id, name, positional and named arguments', () => {
  const r = new LineReader();
  assert.equal(r.read('  t = Text( "hi" , tone = "muted" , )  # note'), STMT_COMPONENT);
  assert.equal(r.id, 't');
  assert.equal(r.name, 'Text');
  assert.deepEqual(r.pos, ['hi']);
  assert.deepEqual(r.names, ['tone']);
  assert.deepEqual(r.vals, ['muted']);
});

test('reader: a state statement fills the key and value', () => {
  const r = new LineReader();
  assert.equal(r.read('$amount = 42.50'), STMT_STATE);
  assert.equal(r.id, '$amount');
  assert.equal(r.value, 42.5);
});

test('reader: blank, whitespace-only and comment lines are skipped ([3.6])', () => {
  const r = new LineReader();
  for (const line of ['', '   ', '\t \t', '# comment', '   # indented', '\t#x = Text("y")']) assert.equal(r.read(line), SKIP, JSON.stringify(line));
});

test('reader: values of every kind', () => {
  const r = new LineReader();
  assert.equal(r.read('x = T("s", 1, -2.5, .5, 1e3, true, false, null, other, $k, [a, b], ["x", 1], {a: 1, "b": $k}, [])'), STMT_COMPONENT);
  const [s, one, neg, half, exp, t, f, n, ref, key, ids, mixed, obj, empty] = r.pos;
  assert.equal(s, 's');
  assert.equal(one, 1);
  assert.equal(neg, -2.5);
  assert.equal(half, 0.5);
  assert.equal(exp, 1000);
  assert.equal(t, true);
  assert.equal(f, false);
  assert.equal(n, null);
  assert.ok(ref instanceof Ref && ref.id === 'other');
  assert.deepEqual(key, { kind: 'state', key: '$k' });
  assert.ok(ids instanceof IdList);
  assert.deepEqual((ids as IdList).ids, ['a', 'b']);
  assert.ok(Array.isArray(mixed) && mixed[0] === 'x' && mixed[1] === 1);
  assert.ok(obj instanceof Obj);
  assert.deepEqual((obj as Obj).keys, ['a', 'b']);
  assert.deepEqual(empty, []);
});

test('reader: a list mixing ids and other values keeps the ids as references', () => {
  const r = new LineReader();
  r.read('x = T([a, "b", c])');
  const list = r.pos[0] as unknown[];
  assert.ok(list[0] instanceof Ref && list[2] instanceof Ref && list[1] === 'b');
});

test('reader: a call inside a value is read, then rejected as not_flat ([4.12])', () => {
  const r = new LineReader();
  assert.equal(r.read('root = Card([Heading("Hi")])'), FAILED);
  assert.equal(r.error, 'not_flat');
  assert.equal(r.read('$x = Text("a")'), FAILED);
  assert.equal(r.error, 'not_flat');
  assert.ok(new Call('X').name === 'X');
});

test('[4.1] == is not an assignment, in a statement or a named argument', () => {
  assert.deepEqual(lineIssues(['a == Divider()', 'b = Text("x", tone=="muted")', '$c == 1']), ['1 syntax', '2 syntax', '3 syntax']);
});

test('[4.2] spaces and tabs between tokens and around the line change nothing', () => {
  const p = parse(['\troot\t=\tStack ( [ a ,b ] , gap = "sm" )\t', 'a=Divider()', 'b =Divider( )']);
  assert.deepEqual(p.result().nodes.root, { type: 'Stack', props: { gap: 'sm' }, children: ['a', 'b'] });
  assert.deepEqual(p.result().issues, []);
});

test('[4.3] positional arguments come first; trailing commas are allowed', () => {
  assert.deepEqual(lineIssues(['a = Text(tone="muted", "x")']), ['1 syntax']);
  assert.deepEqual(lineIssues(['a = Text("x",)', 'b = Stack([],)', 'c = Table(["A",], [],)']), []);
  assert.deepEqual(lineIssues(['a = Text(,)', 'b = Stack([,])', 'c = Text("x",,)', 'd = Stack([a,,b])']), ['1 syntax', '2 syntax', '3 syntax', '4 syntax']);
});

test('[4.4] the right side must be exactly one call, with nothing but a comment after it', () => {
  assert.deepEqual(
    lineIssues(['a = 5', 'b = "x"', 'c = other', 'd = [x]', 'e = Text("a") extra', 'f = Text("a"))', 'g = Text("a");', 'h = Text("a") # ok', 'i = Text("a")#ok', 'j = Text', 'k = Text(']),
    ['1 syntax', '10 syntax', '11 syntax', '2 syntax', '3 syntax', '4 syntax', '5 syntax', '6 syntax', '7 syntax'],
  );
});

test('[4.5] strings use double quotes; \\" \\\\ and \\n are decoded', () => {
  const p = parse(['root = Text("a \\"b\\" \\\\ c\\nd")', "x = Text('single')"]);
  assert.equal(p.result().nodes.root!.props.text, 'a "b" \\ c\nd');
  assert.deepEqual(p.result().issues, [{ line: 2, code: 'syntax' }]);
});

test('[4.6] an unknown escape is kept as written, with one unknown_escape warning; the line is accepted', () => {
  const p = parse(['root = Text("C:\\data \\t \\😀")']);
  assert.equal(p.result().nodes.root!.props.text, 'C:\\data \\t \\😀');
  assert.deepEqual(p.result().issues, [{ line: 1, code: 'unknown_escape' }]);
  assert.equal(p.issues[0]!.severity, 'warning');
  assert.equal(p.issues[0]!.id, 'root');
});

test('[4.5]–[4.7] many strings in a line, escapes before, between and after them, are each read whole', () => {
  const r = new LineReader();
  assert.equal(r.read('x = T("a", "b\\"c", "d", "e\\\\", "f\\ng\\n", "h", "i\\x", "", "\\"", "j")  # \\ in a comment'), STMT_COMPONENT);
  assert.deepEqual(r.pos.slice(0, r.npos), ['a', 'b"c', 'd', 'e\\', 'f\ng\n', 'h', 'i\\x', '', '"', 'j']);
  assert.deepEqual(r.escapes, ['\\x']);
  // The next line starts afresh: no backslash position carried over from the one before.
  assert.equal(r.read('y = T("k", "l\\\\m")'), STMT_COMPONENT);
  assert.deepEqual(r.pos.slice(0, r.npos), ['k', 'l\\m']);
  assert.deepEqual(r.escapes, []);
  for (const line of ['z = T("a\\"', 'z = T("a", "b\\\\\\")', 'z = T("a\\\\", "b\\q', 'z = T("a") \\ "b"']) {
    assert.equal(r.read(line), FAILED, line);
  }
  assert.equal(r.read('z = T("a", "b\\\\\\")'), FAILED);
  assert.equal(r.error, 'unterminated_string');
  assert.equal(r.read('z = T("a\\\\", "b\\q'), FAILED);
  assert.equal(r.error, 'unterminated_string');
  assert.deepEqual(r.escapes, ['\\q']);
});

test('[4.7] a string without its closing quote, also one hidden by \\", is unterminated', () => {
  assert.deepEqual(lineIssues(['a = Text("oops)', 'b = Text("ends with \\")', 'c = Text("ends with backslash\\', '$d = "x']), [
    '1 unterminated_string',
    '2 unterminated_string',
    '3 unterminated_string',
    '4 unterminated_string',
  ]);
});

test('[4.7] an unterminated string later in the line wins over an earlier grammar error, not over a bad character', () => {
  assert.deepEqual(lineIssues(['a = Text("x" "y)', 'b = Text(, "z)', "c = Text('x\", \"y)", 'd = Text(1abc, "z)']), [
    '1 unterminated_string',
    '2 unterminated_string',
    '3 syntax',
    '4 syntax',
  ]);
});

test('[4.8] inside a string # $ , ( ) [ ] { } = are text; outside, # starts a comment', () => {
  const p = parse(['root = Text("# not a comment, (x) [y] {z} = $5")  # real comment']);
  assert.equal(p.result().nodes.root!.props.text, '# not a comment, (x) [y] {z} = $5');
  assert.deepEqual(p.result().issues, []);
});

test('[4.9] numbers: decimal forms and exponents; -0 in any spelling is 0; 1e999 is invalid_props', () => {
  const p = parse(['$a = 1.', '$b = .5', '$c = -.5', '$d = 1E+2', '$e = 2e-1', '$f = 007', '$g = -0', '$h = -0.0', '$i = -0e5', '$j = -1e-400', '$k = 1e999', '$l = -1e999', 'root = Divider()']);
  const st: Record<string, unknown> = p.result().state;
  assert.deepEqual(st, { $a: 1, $b: 0.5, $c: -0.5, $d: 100, $e: 0.2, $f: 7, $g: 0, $h: 0, $i: 0, $j: 0 });
  for (const k of ['$g', '$h', '$i', '$j'] as const) assert.ok(Object.is(st[k], 0), k);
  assert.deepEqual(issuesOf(['$k = 1e999', '$l = -1e999', 'root = Divider()']), ['1 invalid_props', '2 invalid_props']);
});

test('[4.9] a decimal is the double Number() gives, whether read as digits over a power of ten or by Number()', () => {
  // Up to 15 digits the reader divides the digits by a power of ten; past 15, or with an exponent, it asks Number().
  const written = ['0.1', '0.2', '0.3', '12.50', '-12.50', '99999.99', '0.000001', '1.7976931348623157', '123456789012345', '12345678901234.5',
    '1234567890123456', '0.1234567890123456', '9007199254740993', '-0.000', '00012.3400', '5.', '.125', '-.125', '3.14159265358979', '2.5e3'];
  const r = new LineReader();
  const rand = (() => {
    let x = 12345;
    return () => ((x = (x * 1103515245 + 12345) >>> 0) / 4294967296);
  })();
  for (let k = 0; k < 5000; k++) {
    const whole = String(Math.floor(rand() * 10 ** Math.floor(rand() * 10)));
    const fraction = String(Math.floor(rand() * 10 ** Math.floor(rand() * 9))).padStart(Math.floor(rand() * 9), '0');
    written.push(`${rand() < 0.3 ? '-' : ''}${whole}.${fraction}`);
  }
  for (const w of written) {
    assert.equal(r.read(`$x = ${w}`), STMT_STATE, w);
    const want = Number(w);
    assert.ok(Object.is(r.value, want === 0 ? 0 : want), `${w}: ${String(r.value)}`);
  }
});

test('[4.9] a number directly followed by a letter, digit or _ is a syntax error; so are malformed numbers', () => {
  assert.deepEqual(lineIssues(['$a = 1abc', '$b = 1_0', '$c = 1e', '$d = -', '$e = .', '$f = +1', '$g = 1.5.3', '$h = --1', '$i = 1e+']), [
    '1 syntax', '2 syntax', '3 syntax', '4 syntax', '5 syntax', '6 syntax', '7 syntax', '8 syntax', '9 syntax',
  ]);
});

test('[4.9] 1e999 is invalid_props wherever it is used', () => {
  assert.deepEqual(lineIssues(['a = Text(1e999)', 'b = Series("s", [1, 1e999])', 'c = Rating(1e999)', 'd = TableRow([1e999])', 'b2 = Button("x", action="pay")', 'm = McpMutation(b2, tool="payments.confirm", params={n: 1e999})']), [
    '1 invalid_props', '2 invalid_props', '3 invalid_props', '4 invalid_props', '5 ungoverned_mutation', '6 invalid_props',
  ]);
});

test('[4.10] ids are identifiers and not reserved words', () => {
  assert.deepEqual(lineIssues(['1abc = Divider()', 'true = Divider()', 'false = Divider()', 'null = Divider()', '__proto__ = Divider()', 'constructor = Divider()', 'prototype = Divider()', '_ok = Divider()', 'a-b = Divider()', 'é = Divider()']), [
    '1 syntax', '10 syntax', '2 invalid_props', '3 invalid_props', '4 invalid_props', '5 invalid_props', '6 invalid_props', '7 invalid_props', '9 syntax',
  ]);
});

test('[4.10] ids are at most 64 characters, $keys at most 65 with the $', () => {
  const id64 = 'a'.repeat(64);
  const key65 = `$${'k'.repeat(64)}`;
  assert.deepEqual(lineIssues([`${id64} = Divider()`, `${id64}x = Divider()`, `${key65} = 1`, `${key65}x = 1`, `s = Stack([${id64}x])`, `t = Text(${key65}x)`]), [
    '2 invalid_props', '4 invalid_props', '5 invalid_props', '6 invalid_props',
  ]);
});

test('[4.10] true, false and null are literals in values, not ids', () => {
  const p = parse(['$yes = true', '$no = false', '$none = null', 'root = Divider()']);
  assert.deepEqual(p.result().state, { $yes: true, $no: false, $none: null });
});

test('[4.11] lists of ids only for children, objects only for McpMutation params', () => {
  assert.deepEqual(lineIssues(['a = Text({x: 1})', 'b = Text([a])', 'c = Stack({a: 1})', 'd = Select($s, label="L", options=[a])', '$e = {x: 1}', '$f = [1]']), [
    '1 invalid_props', '2 invalid_props', '3 invalid_props', '4 invalid_props', '5 invalid_props', '6 invalid_props',
  ]);
});

test('[4.12] a call inside any value is not_flat', () => {
  assert.deepEqual(lineIssues(['a = Card([Heading("Hi")])', '$x = Text("a")', 't = Button("x", action=Text("y"))', 'u = Card(Heading("Hi"))', 'v = Card([], title=Text ("x"))']), [
    '1 not_flat', '2 not_flat', '3 not_flat', '4 not_flat', '5 not_flat',
  ]);
});

test('[4.13] lists, objects and calls nest at most 8 levels; deeper is a syntax error', () => {
  const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
  assert.deepEqual(lineIssues([`a = Text(${deep(8)})`, `b = Text(${deep(9)})`, `c = Text(${deep(5000)})`]), ['1 invalid_props', '2 syntax', '3 syntax']);
});

test('[3.5] lines are numbered from 1, counting blank and comment lines', () => {
  assert.deepEqual(issuesOf('# c\n\n   \nroot = Divider()\nbad\n'), ['5 syntax']);
});

test('[3.8] an error in one line never stops the stream', () => {
  const p = parse(['root = Stack([a, b])', 'a = Text(\'bad\')', 'b = Divider()', 'a = Divider()']);
  assert.deepEqual(Object.keys(p.result().nodes).sort(), ['a', 'b', 'root']);
  assert.deepEqual(p.result().issues, [{ line: 2, code: 'syntax' }]);
});

test('characters outside strings that no token starts with are syntax errors', () => {
  assert.deepEqual(lineIssues(['a = Text("x")\u00a0', 'b = Text(@)', 'c\u200b = Divider()', 'd = Text(\r"x")']), ['1 syntax', '2 syntax', '3 syntax', '4 syntax']);
});

test('the issue names the id of a rejected line, and explains', () => {
  const p = parse(['root = Divider()', 'bad = Text(', '$k = [1]']);
  assert.equal(p.issues[0]!.id, 'bad');
  assert.match(p.issues[0]!.message, /\)/);
  assert.equal(p.issues[1]!.id, '$k');
});

test('a message names an invisible character by its code point instead of quoting it', () => {
  for (const [ch, name] of [['\u200B', 'U+200B'], ['\uFEFF', 'U+FEFF'], ['\u00A0', 'U+00A0'], ['\u202E', 'U+202E']] as const) {
    const p = createOmniParser();
    p.write(`root = Text("a")${ch}\n`);
    p.end();
    const syntax = p.issues.find((i) => i.code === 'syntax');
    assert.ok(syntax, `a syntax issue for ${name}`);
    assert.match(syntax.message, new RegExp(name.replace('+', '\\+')));
    assert.ok(!syntax.message.includes(ch), `the message doesn't carry ${name} itself`);
  }
});
