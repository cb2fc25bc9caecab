// Angular with the CLI's application builder (strictTemplates): the built dist/ served as static files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRAMEWORKS, staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('angular', staticSite('angular/dist'));
testFirstLoad('angular', 'angular/dist', 400);

// What docs/angular.md says, checked with the example's own compilers and tsconfig.json (strictTemplates), on
// small components written beside its app for the test: under CUSTOM_ELEMENTS_SCHEMA ngc lets a misspelt property
// in a template through (the guide's warning); the same template without the schema is refused (so ngc does check
// templates here, and the first case is the schema's doing); and the guide's remedy, the element's ElementRef typed
// with its class, makes a misspelt property a type error on its line (tsc).
test('angular: CUSTOM_ELEMENTS_SCHEMA lets a misspelt property through; a typed ElementRef catches it', () => {
  const dir = join(FRAMEWORKS, 'angular');
  const component = (name, { schema, template = '<omni-screen #screen></omni-screen>', set = '' }) => `
import { ${schema ? 'CUSTOM_ELEMENTS_SCHEMA, ' : ''}Component, ElementRef, viewChild, type AfterViewInit } from '@angular/core';
import type { OmniScreenElement } from 'agentic-elements/omni-screen';

@Component({ selector: 'app-${name.toLowerCase()}', ${schema ? 'schemas: [CUSTOM_ELEMENTS_SCHEMA], ' : ''}template: \`${template}\` })
export class ${name} implements AfterViewInit {
  protected readonly tools = { 'payments.confirm': { type: 'object' as const } };
  private readonly screen = viewChild.required<ElementRef<OmniScreenElement>>('screen');
  ngAfterViewInit(): void {
    const screen = this.screen().nativeElement;
    ${set || 'void screen;'}
  }
}
`;
  const files = {
    // The guide's warning: [tols] on the tag, under the schema. Beside it the guide's way, spelt right.
    'TemplateUnseen.ts': component('TemplateUnseen', { schema: true, template: '<omni-screen #screen [tols]="tools"></omni-screen>', set: 'screen.tools = this.tools;' }),
    // The same misspelling without the schema: the compiler does read these templates.
    'TemplateChecked.ts': component('TemplateChecked', { schema: false, template: '<omni-screen #screen [tols]="tools"></omni-screen>' }),
    // The guide's way, misspelt: set through the typed reference.
    'TypedRef.ts': component('TypedRef', { schema: true, set: 'screen.tols = this.tools;' }),
  };
  const src = join(dir, 'src');
  const config = join(dir, 'tsconfig.misspelt.json');
  const bin = (name) => join(dir, 'node_modules', '.bin', name);
  /** Compiles some of the files with the example's settings; the errors each file got, by file, colours dropped. */
  const compile = (tool, names) => {
    writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true }, files: names.map((f) => `src/${f}`) }));
    const out = spawnSync(bin(tool), ['-p', config], { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    const said = `${out.stdout}${out.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    const errors = Object.fromEntries(names.map((f) => [f, said.split('\n').filter((l) => l.includes(`src/${f}`) && /error (TS|NG)-?\d+/.test(l))]));
    return { status: out.status, said, errors };
  };
  for (const [f, text] of Object.entries(files)) writeFileSync(join(src, f), text);
  try {
    // The templates, by the Angular compiler (it checks templates only once the TypeScript has no error).
    const templates = compile('ngc', ['TemplateUnseen.ts', 'TemplateChecked.ts']);
    assert.deepEqual(templates.errors['TemplateUnseen.ts'], [], templates.said);
    assert.ok(templates.errors['TemplateChecked.ts'].length > 0, `no error for the template without the schema:\n${templates.said}`);
    assert.notEqual(templates.status, 0, templates.said);
    // The typed reference, by TypeScript: an error on the misspelt line only, none for the one spelt right.
    const typed = compile('tsc', ['TemplateUnseen.ts', 'TypedRef.ts']);
    const line = files['TypedRef.ts'].split('\n').findIndex((l) => l.includes('screen.tols')) + 1;
    assert.deepEqual(typed.errors['TemplateUnseen.ts'], [], typed.said);
    assert.match(typed.errors['TypedRef.ts'].join('\n'), new RegExp(`src/TypedRef\\.ts\\(${line},\\d+\\): error TS\\d+: Property 'tols' does not exist on type 'OmniScreenElement'`), typed.said);
  } finally {
    rmSync(config, { force: true });
    for (const f of Object.keys(files)) rmSync(join(src, f), { force: true });
  }
});
