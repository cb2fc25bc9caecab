// The prompt that teaches a model Omni-IR: generated from the catalog and the app's registries, it names every
// component, tool and picture, nothing the catalog lacks, and its worked examples parse with no issue at all
// through the parser the clients use, with the same registries (section 12, [10.21], [10.25]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createOmniParser } from '../../../src/entries/omni-ir.ts';
import { catalog } from '../../../src/omni-ir/catalog.generated.ts';
import { promptExamples, systemPrompt, toolDescription, type PromptOptions } from '../../../src/omni-ir/prompt.ts';
import type { AppComponentDeclaration, OmniRegistries } from '../../../src/omni-ir/types.ts';
import * as demo from '../../../demo/server/registry.mjs';

const DEMO: PromptOptions = { tools: demo.tools, assets: demo.assets, pictures: demo.pictures };

/** The app components of the conformance suite's app.json, plus one with a picture and a field. */
const COMPONENTS: Record<string, AppComponentDeclaration> = {
  Tile: {
    description: 'A product tile; its children are its buttons.',
    positional: ['name', 'children'],
    props: {
      name: { kind: 'text', maxLength: 20 },
      price: { kind: 'number', minimum: 0 },
      size: { kind: 'oneOf', values: ['S', 'M'], optional: true },
      photo: { kind: 'picture', optional: true },
      tags: { kind: 'list', item: 'text', maxItems: 2, optional: true },
      sale: { kind: 'boolean', optional: true },
      code: { kind: 'text', state: false, optional: true },
    },
    children: { max: 2 },
  },
  Stepper: {
    description: 'Choose how many.',
    positional: ['value'],
    props: { value: { kind: 'state', holds: 'number' }, label: { kind: 'text' }, max: { kind: 'number', integer: true, state: false } },
    field: true,
  },
  Hero: {
    description: 'A large product picture with a caption.',
    props: { picture: { kind: 'picture' }, caption: { kind: 'text', minLength: 12, maxLength: 80 }, stars: { kind: 'number', minimum: 3, maximum: 5, integer: true } },
  },
};

const FULL: PromptOptions = {
  ...DEMO,
  components: COMPONENTS,
  pictures: [{ prefix: 'product-', id: 'digits', maxLength: 8 }],
};

function parse(text: string, registries: OmniRegistries) {
  const parser = createOmniParser(registries);
  parser.write(text);
  parser.end();
  return parser;
}

/** The examples as the prompt itself shows them: each block after an "Example N: …" line. */
function examplesInPrompt(prompt: string): string[] {
  const at = prompt.indexOf('\n# Examples\n');
  if (at < 0) return [];
  return prompt
    .slice(at)
    .split(/^Example \d+: .*$/m)
    .slice(1)
    .map((block) => block.trim() + '\n');
}

/** Every Name( written in the text: a call of a component, an app component or McpMutation. */
function calledNames(text: string): Set<string> {
  return new Set([...text.matchAll(/\b([A-Z][A-Za-z0-9]*)\(/g)].map((m) => m[1]!));
}

const formatIssues = (p: { issues: readonly { line: number | null; code: string; message: string }[] }) =>
  p.issues.map((i) => `line ${i.line}: ${i.code} ${i.message}`).join('\n');

test('the prompt names every catalog component with its signature and McpMutation', () => {
  const prompt = systemPrompt(DEMO);
  for (const name of Object.keys(catalog.components)) {
    assert.match(prompt, new RegExp(`^${name}\\(`, 'm'), `${name} has its own signature line`);
  }
  assert.match(prompt, /^McpMutation\(target, tool=…, \[params=…\]\)/m);
  assert.match(prompt, /^Image\(asset, alt=…, \[ratio=…\]\)/m, 'the spec’s signature style');
  assert.match(prompt, /^Input\(value, label=…, \[placeholder=…\]/m);
});

test('each prop is listed with its position, whether it is required, and its values and limits from the catalog', () => {
  const prompt = systemPrompt(DEMO);
  assert.match(prompt, /direction \(by name, optional\): "row" \| "column"/);
  assert.match(prompt, /level \(by name, optional\): 1 \| 2 \| 3/);
  assert.match(prompt, /columns \(positional 1, required\): \[text, …\] \(1-8 items, each 1-200 characters\)/);
  assert.match(prompt, /children \(positional 3, required\): \[id, …\] \(at most 6 children\)/, 'a chart’s series limit');
  assert.match(prompt, /lines \(by name, optional\): whole number 1-6/, 'Skeleton');
  assert.match(prompt, /value must not be more than max \(max is 5 when not given\)/, 'Rating’s cross rule');
  assert.match(prompt, /minLength must not be more than maxLength/);
  assert.match(prompt, /Each TableRow has exactly as many cells as its Table has columns/);
  assert.match(prompt, /Each Series has exactly as many values as its BarChart or LineChart has labels/);
  for (const word of catalog.reserved) assert.ok(prompt.includes(word), `reserved word ${word}`);
  assert.ok(prompt.includes(String(catalog.limits.lineLength)));
  assert.ok(prompt.includes(`Omni-IR ${catalog.format}`));
});

test('the document rules a writer needs are stated', () => {
  const prompt = systemPrompt(DEMO);
  for (const rule of [
    /one statement per line/i,
    /title = Heading\("Hello"\)/,
    /root line first/,
    /Keep it flat/,
    /Wrong: root = Card\(\[Heading\("Hi"\)\]\)/,
    /may list a child id before the child's own line/,
    /\$key = value declares a value once/,
    /exactly one McpMutation/,
    /\\\\ for every backslash/,
    /Never write HTML, CSS, Markdown, scripts, styles, colours or URLs/,
    /Never write a URL, a file path or a made-up picture name/,
    /no code fences/,
  ]) {
    assert.match(prompt, rule);
  }
});

test('every registered tool is listed with its description and params summarized from its JSON Schema', () => {
  const prompt = systemPrompt(DEMO);
  for (const [name, tool] of Object.entries(demo.tools)) {
    assert.ok(prompt.includes(`${name} — ${tool.description}`), name);
  }
  assert.match(prompt, /amount \(required\): number 0-10000/);
  assert.match(prompt, /note \(required\): text \(max 200 characters\)/);
  assert.match(prompt, /email \(required\): text \(3-254 characters\), matching \//);
  assert.match(prompt, /country \(required\): one of "United Kingdom", "Ireland"/);
  assert.match(prompt, /newsletter \(required\): true or false/);
  assert.match(prompt, /terms \(required\): exactly true/);
  assert.match(prompt, /no other params/);
  const confirmed = (name: string) => prompt.slice(prompt.indexOf(`\n${name} — `)).split('\n\n')[0]!.includes('the app asks the person to confirm');
  assert.equal(confirmed('payments.confirm'), true, 'a tool with a confirm sentence');
  assert.equal(confirmed('auth.sendMagicLink'), false);
});

test('every asset is listed with its alt text, and picture families with an example name', () => {
  const prompt = systemPrompt(FULL);
  for (const [name, asset] of Object.entries(demo.assets)) assert.ok(prompt.includes(`${name} — ${asset.alt}`), name);
  assert.match(prompt, /product-<id>, where <id> is 1-8 digits \(for example product-1042\)/);
});

test('app components are described with their description, props and kinds', () => {
  const prompt = systemPrompt(FULL);
  assert.match(prompt, /^Tile\(name, \[children\], price=…, \[size=…\], \[photo=…\], \[tags=…\], \[sale=…\], \[code=…\]\) — A product tile/m);
  assert.ok(prompt.includes('— A product tile; its children are its buttons.'));
  assert.match(prompt, /^Stepper\(value, label=…, max=…, \[required=…\]\) — Choose how many\./m);
  assert.match(prompt, /value \(positional 1, required\): the \$key it edits, which must hold a number or null/);
  assert.match(prompt, /code \(by name, optional\): text \(max 20{3} characters\)\n/, 'state: false has no $state');
  assert.match(prompt, /caption \(by name, required\): text \(12-80 characters\) \| \$state/);
  assert.match(prompt, /children \(positional 2, optional\): \[id, …\] \(at most 2 children\)/);
});

test('the prompt calls no component the catalog or the app lacks', () => {
  for (const options of [DEMO, FULL, {}]) {
    const known = new Set([...Object.keys(catalog.components), 'McpMutation', ...Object.keys(options.components ?? {})]);
    for (const text of [systemPrompt(options), toolDescription(options)]) {
      for (const name of calledNames(text)) assert.ok(known.has(name), `${name} is not a component`);
    }
  }
});

test('the real check: the examples in the prompt parse with zero issues through createOmniParser and the same registries', () => {
  for (const [options, count] of [
    [DEMO, 3],
    [FULL, 4],
    [{}, 2],
  ] as const) {
    const prompt = systemPrompt(options);
    const blocks = examplesInPrompt(prompt);
    assert.equal(blocks.length, count, 'no example was left out');
    const registries = { tools: options.tools, assets: options.assets, components: options.components, pictures: options.pictures } as OmniRegistries;
    for (const text of blocks) {
      const p = parse(text, registries);
      assert.equal(p.issues.length, 0, `${text}\n${formatIssues(p)}`);
      assert.ok(p.document.node('root'), 'each example has a root');
    }
  }
});

test('the form example governs a registered tool with params the tool’s schema describes', () => {
  const form = promptExamples(DEMO).find((e) => e.text.includes('McpMutation'));
  assert.ok(form);
  const p = parse(form.text, { tools: demo.tools, assets: demo.assets });
  const mutation = p.result().mutations;
  const [governed] = Object.values(mutation);
  assert.ok(governed && Object.hasOwn(demo.tools, governed.tool));
  const schema = demo.tools[governed.tool as keyof typeof demo.tools].schema;
  assert.deepEqual(Object.keys(governed.params).sort(), [...(schema.required as readonly string[])].sort());
  assert.match(form.text, /^cancel = Button\("Cancel", variant="secondary"\)$/m, 'a local button without an action');
});

test('a form example for each demo tool on its own: Select, Switch, DateInput and Input constraints from the schema', () => {
  for (const [name, tool] of Object.entries(demo.tools)) {
    const options = { tools: { [name]: tool }, assets: demo.assets };
    const form = promptExamples(options).find((e) => e.text.includes('McpMutation'));
    assert.ok(form, name);
    const p = parse(form.text, options);
    assert.equal(p.issues.length, 0, `${name}\n${form.text}\n${formatIssues(p)}`);
  }
  const settings = promptExamples({ tools: { 'settings.save': demo.tools['settings.save'] } }).find((e) => e.text.includes('McpMutation'))!.text;
  assert.match(settings, /= Select\(\$country, label="Country", options=\["United Kingdom"/);
  assert.match(settings, /= Select\(\$language, label="Language", options=\["English", "Français", "Deutsch", "Português"\]\)/, '"" is not an option');
  assert.match(settings, /= Switch\(\$terms, label="Terms", required=true\)/, 'const true');
  assert.match(settings, /= DateInput\(\$birthday, label="Birthday"\)/, 'a date pattern');
  assert.match(settings, /= Input\(\$name, label="Name", required=true, minLength=2, maxLength=40\)/);
  assert.match(settings, /= Input\(\$email, label="Email", format="email", maxLength=254\)/);
});

test('with no tools the prompt forbids actions and no example has one', () => {
  const prompt = systemPrompt({ assets: ['cafe'] });
  assert.match(prompt, /This app has no tools: never write action= on a Button/);
  assert.doesNotMatch(prompt.slice(prompt.indexOf('# Examples')), /McpMutation|action=/);
});

test('with no pictures the prompt says so and no example shows one', () => {
  const prompt = systemPrompt({ tools: demo.tools });
  assert.match(prompt, /This app has no pictures/);
  assert.doesNotMatch(prompt.slice(prompt.indexOf('# Examples')), /Image\(|image=/);
});

test('a tool whose params no screen can send is listed but never used in an example', () => {
  const tools = {
    'files.upload': { description: 'Uploads files.', schema: { type: 'object', required: ['files'], properties: { files: { type: 'array' } } } },
  };
  const prompt = systemPrompt({ tools });
  assert.match(prompt, /files \(required\): a list \(a screen can’t send one\)/);
  assert.doesNotMatch(prompt, /McpMutation\(\w+, tool="files\.upload"/);
});

test('a name no stream could use is left out of the prompt; a malformed registry or declaration throws', () => {
  const prompt = systemPrompt({ tools: ['Payments.confirm', 'pay', 'ok.tool'], assets: ['https://x.test/a.png', 'fine-1'] });
  assert.ok(!prompt.includes('Payments.confirm') && !prompt.includes('x.test'));
  assert.ok(prompt.includes('ok.tool') && prompt.includes('fine-1'));
  assert.throws(() => systemPrompt({ tools: 'pay.now' as never }), TypeError);
  assert.throws(() => systemPrompt({ components: { Card: { description: 'x', props: {} } } }), TypeError);
  assert.throws(() => systemPrompt({ components: { Thing: { description: '', props: {} } } }), TypeError);
  assert.throws(() => systemPrompt({ formatVersion: '0.8.1' }), TypeError);
  assert.throws(() => systemPrompt({ formatVersion: '0.9' }), RangeError);
});

test('for clients reading format 0.5 (or its release numbers 0.6, 0.7) the field constraints are left out', () => {
  for (const v of ['0.5', '0.6', '0.7']) {
    const prompt = systemPrompt({ ...FULL, formatVersion: v });
    assert.ok(prompt.includes(`Omni-IR ${v}`));
    assert.doesNotMatch(prompt, /minLength \(by name|required \(by name|format \(by name, optional\): "email"/);
    for (const e of examplesInPrompt(prompt)) assert.doesNotMatch(e, /required=|minLength=|maxLength=|format="email"/);
    assert.match(prompt, /^Stepper\(value, label=…, max=…\) —/m);
  }
  assert.match(systemPrompt({ ...DEMO, formatVersion: '0.8' }), /minLength \(by name, optional\)/);
});

test('the same options give the same text, whatever form the registries take', () => {
  assert.equal(systemPrompt(DEMO), systemPrompt(DEMO));
  const asLists = systemPrompt({ tools: Object.keys(demo.tools), assets: Object.keys(demo.assets) });
  assert.ok(Object.keys(demo.tools).every((t) => asLists.includes(t)));
  assert.match(asLists, /params: not described/);
  assert.equal(systemPrompt({ tools: new Set(['a.b']) }), systemPrompt({ tools: ['a.b'] }));
});

test('10.25: the show_screen description is built from the same body, naming the screen argument and rejected lines', () => {
  const prompt = systemPrompt(FULL);
  const description = toolDescription(FULL);
  assert.match(description, /Put the whole screen in the "screen" argument/);
  assert.match(description, /rejected line with its line number and issue code/);
  const body = (s: string) => s.slice(s.indexOf('# Rules'));
  assert.equal(body(description), body(prompt));
  assert.match(toolDescription({ argument: 'omni' }), /"omni" argument/);
});

test('property: for any registry of scalar-param tools, pictures and app components, every example parses with zero issues', () => {
  const key = fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,12}$/).filter((k) => !['constructor', 'prototype'].includes(k));
  const text = fc.string({ maxLength: 30 });
  const param = fc.oneof(
    fc.record({ type: fc.constant('string'), minLength: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }), maxLength: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }), format: fc.option(fc.constantFrom('email', 'date', 'uri'), { nil: undefined }) }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constantFrom('number', 'integer'), minimum: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: undefined }), maximum: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: undefined }) }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constant('boolean'), default: fc.boolean() }, { requiredKeys: ['type'] }),
    fc.record({ enum: fc.uniqueArray(fc.oneof(text, fc.integer()), { minLength: 1, maxLength: 60 }) }),
    fc.record({ const: fc.oneof(text, fc.boolean(), fc.integer(), fc.constant(null)) }),
    fc.record({ type: fc.constant('string'), pattern: fc.constant('^[0-9]{4}-[0-9]{2}-[0-9]{2}$') }),
  );
  const tool = fc.record({
    description: text,
    schema: fc.dictionary(key, param, { maxKeys: 5 }).map((properties) => ({ type: 'object', properties, required: Object.keys(properties) })),
  });
  const toolName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}\.[a-z][A-Za-z0-9_]{0,10}$/);
  const appProp = fc.oneof(
    fc.record({ kind: fc.constant('text' as const), minLength: fc.integer({ min: 0, max: 40 }), optional: fc.boolean() }),
    fc.record({ kind: fc.constant('number' as const), minimum: fc.integer({ min: -5, max: 5 }), maximum: fc.integer({ min: 5, max: 50 }), integer: fc.boolean(), optional: fc.boolean() }),
    fc.record({ kind: fc.constant('boolean' as const), optional: fc.boolean() }),
    fc.record({ kind: fc.constant('oneOf' as const), values: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 4 }), optional: fc.boolean() }),
    fc.record({ kind: fc.constant('picture' as const), optional: fc.boolean() }),
    fc.record({ kind: fc.constant('list' as const), item: fc.constantFrom('text' as const, 'number' as const), optional: fc.boolean() }),
  );
  const component = fc
    .record({
      props: fc.dictionary(key.filter((k) => !['action', 'children', 'required', 'kind', 'value'].includes(k)), appProp, { maxKeys: 4 }),
      edits: fc.option(fc.constantFrom('text' as const, 'number' as const, 'boolean' as const), { nil: undefined }),
      positional: fc.nat({ max: 3 }),
      children: fc.boolean(),
      field: fc.boolean(),
    })
    .map(({ props, edits, positional, children, field }) => {
      const all: Record<string, any> = { ...props };
      if (edits) all.value = { kind: 'state', holds: edits };
      const names = Object.keys(all);
      return {
        description: 'An app component.',
        props: all,
        positional: names.slice(0, positional),
        ...(children ? { children: { max: 3 } } : {}),
        ...(field ? { field } : {}),
      } as AppComponentDeclaration;
    });
  const componentName = fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,10}$/).filter((n) => !Object.hasOwn(catalog.components, n) && n !== 'App' && n !== 'McpMutation');
  fc.assert(
    fc.property(
      fc.dictionary(toolName, tool, { maxKeys: 3 }),
      fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/), { maxLength: 3 }),
      fc.dictionary(componentName, component, { maxKeys: 3 }),
      fc.boolean(),
      fc.constantFrom('0.5', '0.8'),
      (tools, assets, components, family, formatVersion) => {
        const pictures = family ? [{ prefix: 'item-', id: 'alnum' as const, maxLength: 6 }] : [];
        const options = { tools, assets, components, pictures, formatVersion };
        for (const e of promptExamples(options)) {
          const p = parse(e.text, { tools, assets, components, pictures });
          assert.equal(p.issues.length, 0, `${e.text}\n${formatIssues(p)}`);
        }
        assert.equal(examplesInPrompt(systemPrompt(options)).length, promptExamples(options).length, 'none left out');
      },
    ),
    { numRuns: 300 },
  );
});
