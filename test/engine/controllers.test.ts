// `controllers/` holds ReactiveControllers only (issue 19), checked on the sources: every class a controllers
// module exports implements ReactiveController and adds itself to its host in its constructor (or is the event a
// controller fires); such a module exports no functions (plain functions and classes go to `model/`, words to
// `views/`); every class named …Controller anywhere in elements/ is a ReactiveController; and each has a browser
// test of its own that constructs it on a host. The rules are checked on small sources too, so they can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { rel, root, sourceFiles as files } from './sources.ts';

const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

interface ClassFacts {
  readonly name: string;
  readonly exported: boolean;
  readonly controller: boolean;
  readonly event: boolean;
  readonly addsItself: boolean;
}

function classFacts(node: ts.ClassDeclaration): ClassFacts {
  const heritage = node.heritageClauses ?? [];
  const names = (kind: ts.SyntaxKind) => heritage.filter((h) => h.token === kind).flatMap((h) => h.types.map((t) => t.expression.getText()));
  const ctor = node.members.find(ts.isConstructorDeclaration);
  return {
    name: node.name?.text ?? '(anonymous)',
    exported: exported(node),
    controller: names(ts.SyntaxKind.ImplementsKeyword).includes('ReactiveController'),
    event: names(ts.SyntaxKind.ExtendsKeyword).some((n) => /(^|\.)Event$/.test(n)),
    addsItself: !!ctor?.body && /\.addController\(this\)/.test(ctor.body.getText()),
  };
}

/** What is wrong with a module in a controllers/ folder, one sentence each. */
export function controllersModuleProblems(path: string, code: string): string[] {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  for (const node of source.statements) {
    if (ts.isClassDeclaration(node)) {
      const c = classFacts(node);
      if (!c.exported) continue;
      if (c.event) continue;
      if (!c.controller) problems.push(`${path}: ${c.name} is not a ReactiveController: a plain class goes in model/`);
      else if (!c.addsItself) problems.push(`${path}: ${c.name} never adds itself to its host (host.addController(this) in its constructor)`);
    } else if (ts.isFunctionDeclaration(node) && exported(node)) {
      problems.push(`${path}: exports the function ${node.name?.text}: functions go in model/ (or views/ for words and templates)`);
    } else if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        const constant = !!init && (ts.isNumericLiteral(init) || ts.isStringLiteral(init) || (ts.isTaggedTemplateExpression(init) && init.tag.getText() === 'css'));
        if (!constant) problems.push(`${path}: exports ${d.name.getText()}, which is neither a constant nor styles: it goes in model/ or views/`);
      }
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      problems.push(`${path}: re-exports values from ${node.moduleSpecifier.getText()}: a controllers module exports its own controller`);
    }
  }
  return problems;
}

/** Classes named …Controller that are not ReactiveControllers added to their host. */
export function misnamedControllers(path: string, code: string): string[] {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  for (const node of source.statements) {
    if (!ts.isClassDeclaration(node)) continue;
    const c = classFacts(node);
    if (!c.name.endsWith('Controller')) continue;
    if (!c.controller || !c.addsItself) problems.push(`${path}: ${c.name} is called a controller but is not a ReactiveController added to its host: rename it or make it one`);
  }
  return problems;
}

const elementSources = files(join(root, 'elements'));
const inControllers = elementSources.filter((p) => rel(p).split('/').includes('controllers'));
const browserTests = files(join(root, 'test/browser')).filter((p) => p.endsWith('.test.ts'));
const testText = new Map(browserTests.map((p) => [p, readFileSync(p, 'utf8')]));

test('every controllers/ folder holds ReactiveControllers only', () => {
  assert.ok(inControllers.length >= 10, `found only ${inControllers.length} controllers modules`);
  const problems = inControllers.flatMap((p) => controllersModuleProblems(rel(p), readFileSync(p, 'utf8')));
  assert.deepEqual(problems, []);
});

test('every class named …Controller in elements/ is a ReactiveController added to its host', () => {
  const problems = elementSources.flatMap((p) => misnamedControllers(rel(p), readFileSync(p, 'utf8')));
  assert.deepEqual(problems, []);
});

test('every ReactiveController in elements/ has a browser test of its own that puts it on a host', () => {
  const missing: string[] = [];
  let controllers = 0;
  for (const p of elementSources) {
    const source = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    for (const node of source.statements) {
      if (!ts.isClassDeclaration(node)) continue;
      const c = classFacts(node);
      if (!c.controller) continue;
      controllers++;
      // Its own test: a file named after its module that constructs it (the host is the first argument).
      const own = `${rel(p).split('/').pop()!.replace(/\.ts$/, '')}.test.ts`;
      const constructs = new RegExp(`new ${c.name}\\(\\s*this\\b`);
      const found = [...testText].some(([t, text]) => t.endsWith(`/${own}`) && constructs.test(text));
      if (!found) missing.push(`${rel(p)}: ${c.name} (expected test/browser/**/${own} constructing it on a host)`);
    }
  }
  assert.ok(controllers >= 10, `found only ${controllers} controllers`);
  assert.deepEqual(missing, []);
});

test('the rules fire: a plain class, a function, a controller that never joins its host, a misnamed class', () => {
  const at = 'elements/x/controllers/y.ts';
  assert.match(controllersModuleProblems(at, 'export class RunLog { clear() {} }').join(), /RunLog is not a ReactiveController/);
  assert.match(controllersModuleProblems(at, 'export function runForm() {}').join(), /exports the function runForm/);
  assert.match(controllersModuleProblems(at, 'export const watch = () => 1;').join(), /exports watch/);
  assert.match(controllersModuleProblems(at, "export { formAction } from '../model/boundAction.js';").join(), /re-exports values/);
  assert.match(
    controllersModuleProblems(at, 'export class Lost implements ReactiveController { constructor(host) {} hostConnected() {} }').join(),
    /Lost never adds itself to its host/,
  );
  assert.match(misnamedControllers('elements/x/y.ts', 'export class FormsController { read() {} }').join(), /FormsController is called a controller/);
  // What is allowed: a controller that joins its host, its event, its constants and styles, and types.
  assert.deepEqual(
    controllersModuleProblems(
      at,
      [
        'export class Fine implements ReactiveController { constructor(host) { host.addController(this); } }',
        'export class FineEvent extends Event {}',
        'export const EVERY_MS = 1000;',
        "export const CODE = 'x';",
        'export const styles = css`:host{}`;',
        'export interface Shape { a: number }',
        'export type Kind = 1 | 2;',
        "export type { Other } from './other.js';",
      ].join('\n'),
    ),
    [],
  );
});
