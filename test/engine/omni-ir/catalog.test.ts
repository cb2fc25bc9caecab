// The catalog of format 0.8 (section 6, [5.8], [5.9], [5.24], [5.26]): every component's props and values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMPONENT_NAMES, FORMAT_VERSION, LIMITS, RESERVED } from '../../../src/entries/omni-ir.ts';
import { catalog } from '../../../src/omni-ir/catalog.generated.js';
import { issuesOf, lineIssues, parse } from './helpers.js';

/** Checks that each `ok` line is accepted and each `bad` line is invalid_props, after `$s = ""` and `$b = true`. */
function props(ok: string[], bad: string[], code = 'invalid_props') {
  const pre = ['root = Divider()', '$s = ""', '$n = 2', '$b = true'];
  const lines = [...ok, ...bad];
  const got = lineIssues(lines, undefined, pre).filter((x) => !/ungoverned_mutation|dangling_ref|list_mismatch|table_mismatch|tabs_mismatch|chart_mismatch/.test(x));
  const want = bad.map((_, i) => `${ok.length + i + 1} ${code}`).sort();
  assert.deepEqual(got, want, lines.map((l, i) => `${i + 1}: ${l}`).join('\n'));
}

const long = (n: number) => `"${'x'.repeat(n)}"`;

test('the catalog has the 27 components of format 0.8 and the limits of section 12', () => {
  assert.equal(FORMAT_VERSION, '0.8');
  assert.equal(COMPONENT_NAMES.length, 27);
  assert.deepEqual([...RESERVED].sort(), ['__proto__', 'constructor', 'false', 'null', 'prototype', 'true']);
  assert.equal(LIMITS.lineLength, 16384);
  assert.equal(LIMITS.text, 2000);
  assert.equal(LIMITS.children, 200);
  assert.equal(LIMITS.components, 1000);
  assert.equal(LIMITS.stateKeys, 1000);
  assert.deepEqual(catalog.fields, ['Input', 'DateInput', 'Select', 'Switch']);
});

test('[5.8] too many positional arguments, a prop given twice, a named prop repeated', () => {
  props(['a = Text("x")'], ['b = Text("x", "y")', 'c = Text("x", text="y")', 'd = Text("x", tone="muted", tone="strong")', 'e = Divider("x")', 'f = Skeleton(3)']);
});

test('[5.9] an unknown component is unknown_component; an unknown prop is invalid_props', () => {
  assert.deepEqual(lineIssues(['a = Banner("x")', 'b = text("x")', 'c = App("x")', 'd = Text("x", color="red")']), ['1 unknown_component', '2 unknown_component', '3 unknown_component', '4 invalid_props']);
});

test('Stack, Card, List, Tabs: children lists of at most 200 ids, and their named props', () => {
  const ids = (n: number) => `[${Array.from({ length: n }, (_, i) => `c${i}`).join(', ')}]`;
  props(
    [`a = Stack(${ids(200)})`, 'b = Stack([], direction="row", gap="lg", align="stretch")', 'c = Card([], title=$s)', 'd = List([])', 'e = Tabs([])', 'f = Card(children=[])'],
    [`g = Stack(${ids(201)})`, 'h = Stack()', 'i = Stack("x")', 'j = Stack($s)', 'k = Stack(other)', 'l = Stack([], gap="xl")', 'm = Card([], title=' + long(2001) + ')', 'n = Stack([1])', 'o = Stack(["a"])', 'p = Stack([$s])', 'q = Stack([true])', 'r = Stack([constructor])'],
  );
});

test('Heading and Text', () => {
  props(
    ['a = Heading("x")', 'b = Heading($s, level=3)', 'c = Heading("x", level=1.0)', 'd = Text(3)', 'e = Text($s, format="date", currency="EUR", tone="strong")', `f = Text(${long(2000)})`],
    ['g = Heading(3)', 'h = Heading("x", level=4)', 'i = Heading("x", level="1")', 'j = Text(true)', 'k = Text("x", currency="eur")', 'l = Text("x", currency="EURO")', `m = Text(${long(2001)})`, 'n = Text("x", format=$s)', 'o = Heading()'],
  );
});

test('Input: value is a $key; label 1-200; placeholder ≤200; lines 1-10; constraints ([5.26])', () => {
  props(
    ['a = Input($s, label="L")', `b = Input($s, label=${long(200)}, placeholder=${long(200)}, lines=10, required=false, format="url", minLength=1, maxLength=2000)`, 'c = Input($s, label="L", minLength=5, maxLength=5)', 'd = Input(value=$s, label="L")'],
    [
      'e = Input("x", label="L")', 'f = Input($s)', 'g = Input($s, label="")', `h = Input($s, label=${long(201)})`, `i = Input($s, label="L", placeholder=${long(201)})`,
      'j = Input($s, label="L", lines=0)', 'k = Input($s, label="L", lines=11)', 'l = Input($s, label="L", lines=2.5)', 'm = Input($s, label="L", required="yes")',
      'n = Input($s, label="L", format="postcode")', 'o = Input($s, label="L", minLength=0)', 'p = Input($s, label="L", maxLength=2001)', 'q = Input($s, label="L", minLength=10, maxLength=5)',
      'r = Input($s, label=$s)', 's = Input(other, label="L")', 't = Input($s, label="L", minLength=$n)',
    ],
  );
});

test('Button: label, action (lowercase first, ≤64), variant', () => {
  props(
    ['a = Button("x")', 'b = Button($s, variant="danger")', `c = Button("x", action="${'a'.repeat(64)}")`, 'd = Button("x", action="pay_Now2")'],
    ['e = Button("x", action="Pay")', 'f = Button("x", action="pay now")', `g = Button("x", action="${'a'.repeat(65)}")`, 'h = Button("x", action="")', 'i = Button("x", variant="link")', 'j = Button("x", action=$s)', 'k = Button(1)', 'l = Button("x", onclick="pay")', 'm = Button("x", action="pay.now")'],
  );
});

test('Divider, Badge and Skeleton', () => {
  props(
    ['a = Divider()', 'b = Badge("x")', 'c = Badge($s, tone="warning")', 'd = Skeleton()', 'e = Skeleton(lines=1)', 'f = Skeleton(lines=6)'],
    ['g = Divider(style="x")', 'h = Badge("x", tone="info")', 'i = Badge()', 'j = Badge(2)', 'k = Skeleton(lines=0)', 'l = Skeleton(lines=7)', 'm = Skeleton(lines=2.5)', 'n = Skeleton(lines=$n)', `o = Badge(${long(2001)})`],
  );
});

test('Image: a picture name (≤64, lowercase, digits, hyphens) and alt 1-300; a well-formed unknown name is unknown_asset ([5.17])', () => {
  props(['a = Image("cabin-pines", alt="A cabin")', 'b = Image(asset="cabin-pines", alt="x", ratio="16:9")'], [
    'c = Image("https://x.example/a.png", alt="x")', 'd = Image("Cabin", alt="x")', 'e = Image("-cabin", alt="x")', 'f = Image("cabin-pines")', 'g = Image("cabin-pines", alt="")',
    `h = Image("cabin-pines", alt=${long(301)})`, 'i = Image("cabin-pines", alt="x", ratio="2:1")', 'j = Image($s, alt="x")', `k = Image("${'a'.repeat(65)}", alt="x")`, 'l = Image("cabin pines", alt="x")',
  ]);
  props([], ['m = Image("other-picture", alt="x")', `n = Image("${'a'.repeat(64)}", alt="x")`], 'unknown_asset');
});

test('Rating: value ≥0 or $key, max 1-10; value ≤ max, 5 by default (schema crossPropRules)', () => {
  props(
    ['a = Rating(4.96)', 'b = Rating(5)', 'c = Rating(0)', 'd = Rating($n)', 'e = Rating(10, max=10)', 'f = Rating(1, max=1)', 'g = Rating($s, max=3)'],
    ['h = Rating(5.01)', 'i = Rating(6)', 'j = Rating(-1)', 'k = Rating(4, max=3)', 'l = Rating(1, max=0)', 'm = Rating(1, max=11)', 'n = Rating(1, max=2.5)', 'o = Rating("4")', 'p = Rating()', 'q = Rating(1, max=$n)'],
  );
});

test('DateInput: value $key, label, min/max YYYY-MM-DD, required', () => {
  props(['a = DateInput($s, label="D")', 'b = DateInput($s, label="D", min="2026-01-01", max="2026-12-31", required=true)'], [
    'c = DateInput($s, label="D", min="2026-1-1")', 'd = DateInput($s, label="D", max="31/12/2026")', 'e = DateInput("2026-01-01", label="D")', 'f = DateInput($s, label="D", min=$s)', 'g = DateInput($s, label="D", format="email")',
  ]);
});

test('ListItem and Message', () => {
  props(['l = List([a, b])', 'a = ListItem("x", detail=$s, trailing="y", image="cabin-pines")', 'b = ListItem($s)', 'c = Message("x", from="user")', 'd = Message($s, from="assistant")'], [
    'e = ListItem("x", image="https://x")', 'f = ListItem(1)', 'g = Message("x")', 'h = Message("x", from="system")', 'i = Message("x", from=$s)', 'j = ListItem("x", detail=1)',
  ]);
  props([], ['k = ListItem("x", image="unknown-pic")'], 'unknown_asset');
});

test('Select and Switch', () => {
  const opts = (n: number) => `[${Array.from({ length: n }, () => '"o"').join(', ')}]`;
  props(
    ['a = Select($s, label="S", options=["A"])', `b = Select($s, label="S", options=${opts(50)}, placeholder="p", required=true)`, 'c = Switch($b, label="On")', 'd = Switch($b, label="On", required=true)'],
    ['e = Select($s, label="S")', 'f = Select($s, label="S", options=[])', `g = Select($s, label="S", options=${opts(51)})`, 'h = Select($s, label="S", options=[""])', `i = Select($s, label="S", options=[${long(201)}])`, 'j = Select($s, label="S", options=[1])', 'k = Switch($b)', 'l = Switch(true, label="x")', 'm = Switch($b, label="x", format="email")', 'n = Select($s, label="S", options=["A"], lines=2)'],
  );
});

test('Table and TableRow: columns 1-8 texts, cells 1-8 texts or numbers', () => {
  props(['t = Table(["A", "B"], [r])', 'r = TableRow(["x", 2])', 'u = Table(["A"], [])'], [
    'v = Table([], [])', 'w = Table(["A", "B", "C", "D", "E", "F", "G", "H", "I"], [])', 'x = Table([""], [])', 'y = Table(["A"])', 'z = TableRow([])', 'r2 = TableRow([true])', 'r3 = TableRow([1, 2, 3, 4, 5, 6, 7, 8, 9])', `r4 = TableRow([${long(2001)}])`, 'r5 = TableRow([$s])',
  ]);
});

test('Tab: label 1-200 and children', () => {
  props(['t = Tabs([a])', 'a = Tab("One", [])'], ['b = Tab("", [])', 'c = Tab("One")', 'd = Tab($s, [])']);
});

test('Notice', () => {
  props(['a = Notice("x")', 'b = Notice($s, tone="danger", title=$s)'], ['c = Notice("x", tone="neutral")', 'd = Notice()', 'e = Notice("x", title=1)']);
});

test('Charts carry data only ([5.24]); a Slice is not negative', () => {
  const labels = (n: number) => `[${Array.from({ length: n }, (_, i) => `"L${i}"`).join(', ')}]`;
  props(
    ['a = BarChart("T", ["A"], [])', `b = LineChart("T", ${labels(24)}, [], format="percent", currency="USD")`, 'c = PieChart("T", [])', 's = Series("S", [1, 2.5])', 'p = Slice("S", 0)'],
    [
      `d = BarChart("T", ${labels(25)}, [])`, 'e = BarChart("T", [], [])', 'f = BarChart("T", ["A"], [], color="red")', 'g = LineChart("T", ["A"], [], animation="spin")', 'h = PieChart("T", [], tooltip="x")',
      'i = BarChart("T", ["A"], [c0, c1, c2, c3, c4, c5, c6])', 'j = PieChart("T", [c0, c1, c2, c3, c4, c5, c6, c7, c8])', 'k = Slice("S", -5)', 'l = Series("S", [])', 'm = Series("S", ["1"])',
      `n = BarChart("T", ["${'x'.repeat(61)}"], [])`, 'o = BarChart("", ["A"], [])', 'q = Series("S", [1], style="dashed")', 'r = Slice("S", $n)', 'u = PieChart("T", [], format="money")',
    ],
  );
});

test('McpMutation: target id, registered tool, params of literals and $keys ([5.14], [5.16])', () => {
  const pre = ['root = Stack([b])', 'b = Button("Pay", action="pay")', '$s = ""'];
  const ok = lineIssues(['m = McpMutation(b, tool="payments.confirm", params={amount: 1, note: "x", flag: true, none: null, s: $s, "quoted": 2,})'], undefined, pre);
  assert.deepEqual(ok, []);
  const one = (line: string) => lineIssues([line], undefined, pre).filter((x) => !x.includes('ungoverned'));
  for (const line of [
    'm = McpMutation(tool="payments.confirm")',
    'm = McpMutation("b", tool="payments.confirm")',
    'm = McpMutation(b)',
    'm = McpMutation(b, "payments.confirm")',
    'm = McpMutation(b, tool="payments.confirm", extra=1)',
    'm = McpMutation(b, target=b, tool="payments.confirm")',
    'm = McpMutation(b, tool="payments.confirm", tool="payments.confirm")',
    'm = McpMutation(b, tool="Payments.confirm")',
    'm = McpMutation(b, tool="payments")',
    'm = McpMutation(b, tool="payments..confirm")',
    'm = McpMutation(b, tool="pаyments.confirm")',
    'm = McpMutation(b, tool="payments.confirm\u200b")',
    `m = McpMutation(b, tool="a.${'b'.repeat(127)}")`,
    'm = McpMutation(b, tool=$s)',
    'm = McpMutation(b, tool="payments.confirm", params=[1])',
    'm = McpMutation(b, tool="payments.confirm", params={x: b})',
    'm = McpMutation(b, tool="payments.confirm", params={x: 1, x: 2})',
    'm = McpMutation(b, tool="payments.confirm", params={__proto__: 1})',
    'm = McpMutation(b, tool="payments.confirm", params={constructor: 1})',
    'm = McpMutation(b, tool="payments.confirm", params={"a b": 1})',
    'm = McpMutation(b, tool="payments.confirm", params={x: [1]})',
    'm = McpMutation(b, tool="payments.confirm", params={x: {y: 1}})',
    `m = McpMutation(b, tool="payments.confirm", params={x: ${long(2001)}})`,
    'm = McpMutation(b, tool="payments.confirm", params=$s)',
  ]) {
    assert.deepEqual(one(line), ['1 invalid_props'], line);
  }
  assert.deepEqual(one('m = McpMutation(b, tool="payments.refund")'), ['1 unknown_tool']);
  assert.deepEqual(one('m = McpMutation(b, tool="Bad name", params={__proto__: 1})'), ['1 invalid_props']);
  assert.deepEqual(one('m = McpMutation(b, tool="payments.refund", params={x: b})'), ['1 invalid_props']);
});

test('[5.16] params keys: a key written as a string is checked as an identifier; a repeat is found among few keys or many', () => {
  const at = (params: string) => issuesOf(['root = Stack([b])', 'b = Button("Pay", action="pay")', `m = McpMutation(b, tool="payments.confirm", params={${params}})`], { tools: ['payments.confirm'] });
  assert.deepEqual(at('"ok": 1, "_x9": $s'), ['3 missing_state']);
  for (const bad of ['"": 1', '"9a": 1', '"a-b": 1', '"é": 1', '"null": 1', '"prototype": 1']) assert.deepEqual(at(bad), ['2 ungoverned_mutation', '3 invalid_props'], bad);
  const many = Array.from({ length: 30 }, (_, i) => `k${i}: ${i}`);
  assert.deepEqual(at(many.join(', ')), []);
  assert.deepEqual(at([...many, 'k3: 0'].join(', ')), ['2 ungoverned_mutation', '3 invalid_props']);
  assert.deepEqual(at('a: 1, b: 2, a: 3'), ['2 ungoverned_mutation', '3 invalid_props']);
});

test('an accepted line keeps exactly the props given; a $key is {kind: "state", key}', () => {
  const p = parse(['root = Card([t], title=$title)', '$title = "T"', 't = Text(12.5, format="currency")']);
  assert.deepEqual(p.document.node('root')!.props, { title: { kind: 'state', key: '$title' } });
  assert.deepEqual(p.document.node('t')!.props, { text: 12.5, format: 'currency' });
  assert.deepEqual(p.document.node('root')!.children, ['t']);
  assert.equal(p.document.node('t')!.line, 3);
  assert.equal(p.document.node('t')!.app, false);
});

test('text limits count UTF-16 code units', () => {
  const emoji = '😀'.repeat(1000);
  props([`a = Text("${emoji}")`, `b = Tab("${'😀'.repeat(100)}", [])`], [`c = Text("${emoji}x")`, `d = Tab("${'😀'.repeat(100)}x", [])`]);
});
