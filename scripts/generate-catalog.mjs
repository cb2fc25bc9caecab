// Generates src/omni-ir/catalog.generated.ts from the conformance suite's catalog (test/conformance/suite/omni-ir/
// schema.json, the repository's copy of the shared suite's).
//
// The parser never sees JSON Schema: each prop becomes a small descriptor (kind, lengths, range, choices,
// pattern) that the hand-written value checks in src/omni-ir/props.ts read. Shapes this script doesn't know
// stop it with an error, so a new kind of prop in a future schema can't be dropped silently.
//
// Text lengths: JSON Schema's maxLength counts code points, but the reference catalog is written in TypeScript
// and the specification states text limits in UTF-16 code units (section 12, [5.28]); the parser counts UTF-16
// code units (String#length) everywhere, which is also what the line limit uses.
//
// Usage: node scripts/generate-catalog.mjs   (OMNI_SCHEMA=/path/to/schema.json to read another file)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const schemaUrl = process.env.OMNI_SCHEMA
  ? new URL(process.env.OMNI_SCHEMA, `file://${process.cwd()}/`)
  : new URL('../test/conformance/suite/omni-ir/schema.json', import.meta.url);
const outUrl = new URL('../src/omni-ir/catalog.generated.ts', import.meta.url);
const schema = JSON.parse(readFileSync(schemaUrl, 'utf8'));

// What a field's edited $key must hold ([5.12], [5.19], [5.20]); the schema only says the value is a $key.
const FIELD_HOLDS = { Input: 'text', DateInput: 'date', Select: 'text', Switch: 'boolean' };
// The picture-name pattern of [5.17]: a string prop with exactly this pattern names a picture in the registry.
const ASSET_PATTERN = '^[a-z0-9][a-z0-9-]*$';
// Containers and their members ([5.18], [5.21]–[5.23]): the schema can't say who may hold whom.
const GROUPS = [
  { parents: ['List'], child: 'ListItem', code: 'list_mismatch' },
  { parents: ['Table'], child: 'TableRow', code: 'table_mismatch', count: ['columns', 'cells'] },
  { parents: ['Tabs'], child: 'Tab', code: 'tabs_mismatch' },
  { parents: ['BarChart', 'LineChart'], child: 'Series', code: 'chart_mismatch', count: ['labels', 'values'] },
  { parents: ['PieChart'], child: 'Slice', code: 'chart_mismatch' },
];

function fail(where, why, node) {
  throw new Error(`generate-catalog: ${where}: ${why}${node ? `\n${JSON.stringify(node)}` : ''}`);
}

const isStateRef = (s) => s?.type === 'object' && s.properties?.kind?.const === 'state';
const isRef = (s) => s?.type === 'object' && s.properties?.kind?.const === 'ref';

/** One text/number/… alternative of a prop (no anyOf). */
function describe(where, s) {
  if (isStateRef(s)) return { k: 'state' };
  if (s.type === 'string') {
    if (s.enum) return { k: 'enum', v: s.enum };
    if (s.pattern === ASSET_PATTERN) return { k: 'img', max: s.maxLength ?? 64 };
    const d = { k: s.pattern ? 'pat' : 'text' };
    if (s.pattern) d.re = s.pattern;
    if (s.minLength) d.min = s.minLength;
    if (s.maxLength !== undefined) d.max = s.maxLength;
    else if (!s.pattern) d.max = schema.limits.text;
    return d;
  }
  if (s.type === 'number' && s.const !== undefined) return { k: 'const', v: s.const };
  if (s.type === 'number' || s.type === 'integer') {
    const d = { k: s.type === 'integer' ? 'int' : 'num' };
    if (s.minimum !== undefined) d.min = s.minimum;
    if (s.maximum !== undefined) d.max = s.maximum;
    return d;
  }
  if (s.type === 'boolean') return { k: 'bool' };
  if (s.type === 'array') {
    if (isRef(s.items)) return { k: 'ch', max: s.maxItems ?? schema.limits.children };
    const item = s.items.anyOf ? s.items.anyOf.map((a) => describe(where, a)) : [describe(where, s.items)];
    const kinds = item.map((i) => i.k).sort().join('+');
    const d = { k: kinds === 'text' ? 'texts' : kinds === 'num' ? 'nums' : kinds === 'num+text' ? 'cells' : fail(where, 'unknown list item', s) };
    if (s.minItems) d.min = s.minItems;
    d.max = s.maxItems ?? fail(where, 'list without maxItems', s);
    const text = item.find((i) => i.k === 'text');
    if (text?.min) d.imin = text.min;
    if (text) d.imax = text.max;
    return d;
  }
  return fail(where, 'unknown prop shape', s);
}

/** A prop's descriptor: its alternatives merged (text | number | $state …). */
function prop(where, s) {
  const alts = s.anyOf ? s.anyOf.map((a) => describe(where, a)) : [describe(where, s)];
  if (alts.every((a) => a.k === 'const')) return { k: 'enum', v: alts.map((a) => a.v) };
  const state = alts.some((a) => a.k === 'state');
  const rest = alts.filter((a) => a.k !== 'state');
  if (rest.length === 0) return { k: 'bind' };
  const text = rest.find((a) => a.k === 'text');
  const num = rest.find((a) => a.k === 'num');
  let d;
  if (rest.length === 1) d = { ...rest[0] };
  else if (rest.length === 2 && text && num && num.min === undefined && num.max === undefined) d = { ...text, n: 1 };
  else fail(where, 'unknown combination of alternatives', s);
  if (state) d.st = 1;
  return d;
}

function crossRules(name, rules, props) {
  const out = [];
  for (const r of rules.filter((x) => x.component === name)) {
    if (r.code !== 'invalid_props') fail(name, `cross-prop rule with code ${r.code}`);
    // The rules are prose; the two this schema has are recognised and anything else stops the build.
    if (name === 'Rating' && /value/.test(r.rule) && /max/.test(r.rule)) {
      const m = /\((\d+) when max is absent\)/.exec(r.rule) ?? fail(name, 'Rating rule without a default max', r);
      out.push(['value', 'max', Number(m[1])]);
    } else if (name === 'Input' && /minLength/.test(r.rule) && /maxLength/.test(r.rule)) {
      out.push(['minLength', 'maxLength']);
    } else fail(name, 'unknown cross-prop rule', r);
    for (const p of out[out.length - 1].slice(0, 2)) if (!props[p]) fail(name, `cross-prop rule names unknown prop ${p}`);
  }
  return out;
}

const components = {};
for (const [name, c] of Object.entries(schema.components)) {
  const s = c.props;
  if (s.additionalProperties !== false) fail(name, 'props must be closed (additionalProperties: false)');
  const props = {};
  for (const [p, ps] of Object.entries(s.properties)) props[p] = prop(`${name}.${p}`, ps);
  for (const [p, d] of Object.entries(props)) {
    if (d.k === 'bind') {
      d.h = FIELD_HOLDS[name] ?? fail(`${name}.${p}`, 'a $key-only prop on a component the generator has no holds rule for');
    }
  }
  const out = { p: c.positional, r: s.required ?? [], d: props };
  const x = crossRules(name, schema.crossPropRules ?? [], props);
  if (x.length) out.x = x;
  for (const p of c.positional) if (!props[p]) fail(name, `positional prop ${p} is not a prop`);
  components[name] = out;
}
for (const g of GROUPS) for (const n of [...g.parents, g.child]) if (!components[n]) fail('groups', `unknown component ${n}`);
for (const n of Object.keys(FIELD_HOLDS)) if (!components[n]) fail('fields', `unknown component ${n}`);

const mm = schema.mcpMutation;
const mp = mm.props.properties;
if (!isRef(mp.target) || !mp.tool?.pattern || mp.params?.type !== 'object') fail('McpMutation', 'unexpected shape', mm);
const paramText = mp.params.additionalProperties.anyOf[0].anyOf.find((a) => a.type === 'string');
const mutation = {
  p: mm.positional,
  r: mm.props.required,
  target: { max: mp.target.properties.id.maxLength },
  tool: { re: mp.tool.pattern, max: mp.tool.maxLength },
  params: { keyMax: mp.params.propertyNames.maxLength, text: paramText.maxLength },
};

const lines = [
  '// generated by scripts/generate-catalog.mjs; do not edit',
  `// from schema.json ${schema.version}, stream format ${schema.formatVersion}. Text lengths count UTF-16 code units.`,
  "import type { Catalog } from './catalogTypes.js';",
  '',
  'export const catalog: Catalog = {',
  `  format: ${JSON.stringify(schema.formatVersion)},`,
  `  root: ${JSON.stringify(schema.rootId)},`,
  `  limits: ${JSON.stringify(schema.limits)},`,
  `  reserved: ${JSON.stringify(schema.reservedWords)},`,
  `  fields: ${JSON.stringify(Object.keys(FIELD_HOLDS))},`,
  `  groups: ${JSON.stringify(GROUPS)},`,
  `  mutation: ${JSON.stringify(mutation)},`,
  '  components: {',
  ...Object.entries(components).map(([n, c]) => `    ${n}: ${JSON.stringify(c)},`),
  '  },',
  '};',
  '',
];
// Written only when it changes: a rewrite would make src/ look newer than every build made from it.
const text = lines.join('\n');
if (!existsSync(outUrl) || readFileSync(outUrl, 'utf8') !== text) {
  writeFileSync(outUrl, text);
  console.log(`wrote ${fileURLToPath(outUrl)}: ${Object.keys(components).length} components + McpMutation`);
} else console.log(`${fileURLToPath(outUrl)} is up to date: ${Object.keys(components).length} components + McpMutation`);
