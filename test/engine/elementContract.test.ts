// The element contract (docs/architecture.md "The element contract", issue 30 item 3), checked on the sources as
// test/engine/controllers.test.ts checks the controllers: each of the four elements defines its tags in its own
// index.ts and nowhere else; its `<prefix>-issue` event carries the issue whole as `.issue`; and the element has
// an `issues` getter and a `reset()`. The rules are checked on small sources too, so they can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { rel, root, sourceFiles as files } from './sources.ts';

const ELEMENTS = [
  { tag: 'omni-screen', prefix: 'omni', event: 'OmniIssueEvent', className: 'OmniScreenElement', file: 'omniScreen.ts' },
  { tag: 'morph-screen', prefix: 'morph', event: 'MorphIssueEvent', className: 'MorphScreenElement', file: 'morphScreen.ts' },
  { tag: 'ax-runner', prefix: 'ax', event: 'AxIssueEvent', className: 'AxRunnerElement', file: 'axRunner.ts' },
  { tag: 'oui-surface', prefix: 'oui', event: 'OUIIssueEvent', className: 'OUISurfaceElement', file: 'ouiSurface.ts' },
];

const parse = (text: string) => ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);

/** The tags a source defines: the first argument of each `defineElement('…', …)` call. */
export function definedTags(text: string): string[] {
  const tags: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineElement') {
      const [first] = node.arguments;
      tags.push(first && ts.isStringLiteral(first) ? first.text : '?');
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(text));
  return tags;
}

/** The members a class declares (properties, getters, methods, and constructor parameter properties). */
export function classMembers(text: string, name: string): string[] {
  let members: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name?.text === name) {
      members = [];
      for (const m of node.members) {
        if (ts.isConstructorDeclaration(m)) {
          for (const p of m.parameters) if (ts.getModifiers(p)?.length && ts.isIdentifier(p.name)) members.push(p.name.text);
        } else if (m.name && (ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name))) members.push(m.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(text));
  return members ?? [];
}

test('each element defines its tags in its own index.ts, and nowhere else in its folder', () => {
  for (const { tag } of ELEMENTS) {
    const folder = join(root, 'elements', tag);
    const elsewhere = files(folder)
      .filter((f) => !f.endsWith(`${sep}index.ts`) || f !== join(folder, 'index.ts'))
      .flatMap((f) => definedTags(readFileSync(f, 'utf8')).map((t) => `${rel(f)} defines <${t}>`));
    assert.deepEqual(elsewhere, [], `<${tag}>: tags are defined in elements/${tag}/index.ts`);
    assert.ok(definedTags(readFileSync(join(folder, 'index.ts'), 'utf8')).includes(tag), `elements/${tag}/index.ts defines <${tag}>`);
  }
});

test('every <prefix>-issue event carries the issue whole as .issue', () => {
  for (const { tag, prefix, event } of ELEMENTS) {
    const text = readFileSync(join(root, 'elements', tag, 'events.ts'), 'utf8');
    assert.match(text, new RegExp(`static readonly eventName = '${prefix}-issue'`), `${event} is ${prefix}-issue`);
    assert.ok(classMembers(text, event).includes('issue'), `${event} has .issue`);
  }
});

test('every element has an issues getter and reset()', () => {
  for (const { tag, className, file } of ELEMENTS) {
    const members = classMembers(readFileSync(join(root, 'elements', tag, file), 'utf8'), className);
    assert.ok(members.length > 0, `elements/${tag}/${file} declares ${className}`);
    for (const name of ['issues', 'reset']) assert.ok(members.includes(name), `${className} (<${tag}>) has ${name}`);
  }
});

/** The class name a tag's element has: the tag in PascalCase and `Element` (`omni-screen` → `OmniScreenElement`). */
export const classNameFor = (tag: string): string =>
  `${tag.split('-').map((w) => (w === 'oui' ? 'OUI' : w[0].toUpperCase() + w.slice(1))).join('')}Element`;

test('every element class is named after its tag: PascalCase and Element, as the DOM names its own', () => {
  const defined = files(join(root, 'elements')).flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/defineElement\('([a-z-]+)', (\w+)\)/g)].map((m) => ({ tag: m[1], name: m[2], f })),
  );
  assert.ok(defined.length >= 10, `found the tags defined (${defined.length})`);
  const named = defined
    .filter(({ tag, name }) => name !== classNameFor(tag))
    .map(({ tag, name, f }) => `${rel(f)}: <${tag}> is ${name}, not ${classNameFor(tag)}`);
  assert.deepEqual(named, []);
});

test('the checks find what breaks the contract', () => {
  assert.equal(classNameFor('oui-surface'), 'OUISurfaceElement');
  assert.equal(classNameFor('ae-confirm-dialog'), 'AeConfirmDialogElement');
  assert.notEqual(classNameFor('omni-screen'), 'OmniScreen');
  assert.deepEqual(definedTags("defineElement('x-a', A);\nfoo('x-b');\ndefineElement('x-c', C);"), ['x-a', 'x-c']);
  const events = "export class XIssueEvent extends Event {\n  static readonly eventName = 'x-issue';\n  readonly code: string;\n  constructor(readonly origin: string, from: unknown) { super('x'); }\n}";
  assert.deepEqual(classMembers(events, 'XIssueEvent'), ['eventName', 'code', 'origin']);
  assert.ok(!classMembers(events, 'XIssueEvent').includes('issue'));
  assert.ok(classMembers('class A { get issues() { return []; } }', 'A').includes('issues'));
  assert.ok(!classMembers('class A { stop(): void {} }', 'A').includes('reset'));
});
