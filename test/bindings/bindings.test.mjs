// The typed bindings as apps use them: `agentic-elements/react`, `/vue` and `/svelte`, resolved through package.json
// "exports" (the package refers to itself by name), checked by each framework's own tool: tsc for a TSX file,
// vue-tsc for a Vue SFC, svelte-check for a Svelte component. Each good file checks clean; each bad file's
// mistakes (a wrong property type, a handler for another event…) are reported on exactly their lines. A file made
// from the manifest uses every tag and every event, so a new element's bindings are checked with no new fixture.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, TYPE_SCRIPTS } from '../../scripts/ensure-build.mjs';
import { describeElements } from '../../scripts/bindings/generate.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = join(root, 'test', 'bindings');
// Inside the package, so `agentic-elements/…` resolves to this checkout's own exports.
const scratch = join(root, '.tmp', 'bindings');
const bin = (tool) => join(root, 'node_modules', '.bin', tool);

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A tsconfig in the scratch folder: the fixture folder's settings, for these files only. */
function project(framework, files) {
  const path = join(scratch, `${framework}-${files.length}-${files[0].replace(/\W/g, '_')}.json`);
  writeFileSync(path, JSON.stringify({ extends: join(here, framework, 'tsconfig.json'), files, include: [] }));
  return path;
}

/** The 1-based lines of `file` holding each of `snippets`. */
function linesOf(file, snippets) {
  const lines = readFileSync(file, 'utf8').split('\n');
  return snippets.map((s) => {
    const i = lines.findIndex((l) => l.includes(s));
    assert.ok(i >= 0, `${file} holds ${s}`);
    return i + 1;
  });
}

/** The lines tsc (or vue-tsc) reports errors on in `file`. */
const tscErrorLines = (out, file) =>
  [...out.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+/gm)].filter((m) => m[1].endsWith(file)).map((m) => +m[2]);

// The same four mistakes in each framework's syntax: a theme that isn't one, a number for the tools registry, an
// omni-end handler written for omni-issue's event class, a string for a number property.
const MISTAKES = {
  react: ['theme="purple"', 'tools={42}', 'onomni-end=', 'maxBursts="three"'],
  // Vue, with `strictTemplates` (the fixture's tsconfig): a misspelt property, event and attribute too.
  vue: ['theme="purple"', ':tools.prop="42"', '@omni-end=', ':maxBursts.prop', ':tols.prop', '@omni-ned', 'thme='],
  // Svelte catches a misspelt event name as well.
  svelte: ['theme="purple"', 'tools={42}', 'onomni-end=', 'maxBursts="three"', 'onomni-ned='],
};

before(async () => {
  await ensureBuild({ quiet: true, scripts: TYPE_SCRIPTS });
  mkdirSync(scratch, { recursive: true });
});

// Each framework's checker takes a minute or two alone, several on a machine busy with npm test's other stages:
// the limits only stop a checker that hangs.
describe('React 19 JSX (tsc)', { timeout: 600_000 }, () => {
  it('a component using the elements as an app does checks clean', async () => {
    const { code, out } = await run(bin('tsc'), ['-p', project('react', [join(here, 'react', 'good.tsx')]), '--pretty', 'false']);
    assert.equal(code, 0, out);
  });

  it('every mistake is reported, on its line', async () => {
    const file = join(here, 'react', 'bad.tsx');
    const { code, out } = await run(bin('tsc'), ['-p', project('react', [file]), '--pretty', 'false']);
    assert.notEqual(code, 0, 'tsc must fail');
    assert.deepEqual(tscErrorLines(out, 'bad.tsx'), linesOf(file, MISTAKES.react), out);
  });

  it('every tag of the manifest and each of its events is in the JSX types, and HTMLElementTagNameMap agrees', async () => {
    const elements = describeElements(JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')));
    const file = join(scratch, 'every-element.tsx');
    const tags = elements.map((el) => {
      const handlers = el.events.map((e) => ` on${e.name}={(e: AgenticEvents['${el.tag}']['${e.name}']) => e.type}`).join('');
      return `    <${el.tag}${handlers} />`;
    });
    writeFileSync(
      file,
      `import type { AgenticEvents, TagMapAgrees } from 'agentic-elements/react';\n` +
        `export const agrees: TagMapAgrees = { ${elements.map((el) => `'${el.tag}': true`).join(', ')} };\n` +
        `export const all = (\n  <>\n${tags.join('\n')}\n  </>\n);\n`,
    );
    const { code, out } = await run(bin('tsc'), ['-p', project('react', [file]), '--pretty', 'false']);
    assert.equal(code, 0, out);
  });
});

describe('Vue 3 templates (vue-tsc)', { timeout: 600_000 }, () => {
  const env = join(here, 'vue', 'env.d.ts');
  it('a component binding properties with .prop and listening with @ checks clean', async () => {
    const { code, out } = await run(bin('vue-tsc'), ['-p', project('vue', [join(here, 'vue', 'Good.vue'), env]), '--pretty', 'false']);
    assert.equal(code, 0, out);
  });

  it('every mistake is reported, on its line', async () => {
    const file = join(here, 'vue', 'Bad.vue');
    const { code, out } = await run(bin('vue-tsc'), ['-p', project('vue', [file, env]), '--pretty', 'false']);
    assert.notEqual(code, 0, 'vue-tsc must fail');
    assert.deepEqual(tscErrorLines(out, 'Bad.vue'), linesOf(file, MISTAKES.vue), out);
  });

  it('without strictTemplates, a misspelt property, event or attribute passes unseen (what the Vue guide warns of)', async () => {
    const file = join(here, 'vue', 'Bad.vue');
    // The fixture's compiler options without its vueCompilerOptions: Vue's default. (A file extending the
    // fixture's with `strictTemplates: false` still reports them: the checks it turned on stay on.)
    const { compilerOptions } = JSON.parse(readFileSync(join(here, 'vue', 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
    const loose = join(scratch, 'vue-loose.json');
    writeFileSync(loose, JSON.stringify({ compilerOptions, files: [file, env], include: [] }));
    const { out } = await run(bin('vue-tsc'), ['-p', loose, '--pretty', 'false']);
    const misspelt = linesOf(file, [':tols.prop', '@omni-ned', 'thme=']);
    assert.deepEqual(tscErrorLines(out, 'Bad.vue').filter((l) => misspelt.includes(l)), [], out);
    assert.ok(tscErrorLines(out, 'Bad.vue').length > 0, `the type mistakes are still reported: ${out}`);
  });
});

describe('Svelte 5 markup (svelte-check)', { timeout: 600_000 }, () => {
  it('the good component checks clean and every mistake of the bad one is reported, on its line', async () => {
    const dir = join(here, 'svelte');
    const { code, out } = await run(bin('svelte-check'), ['--workspace', dir, '--tsconfig', join(dir, 'tsconfig.json'), '--output', 'machine']);
    assert.notEqual(code, 0, 'svelte-check must fail on Bad.svelte');
    const errors = [...out.matchAll(/ ERROR "([^"]+)" (\d+):\d+ /g)].map((m) => [m[1], +m[2]]);
    assert.deepEqual(errors.filter(([f]) => f !== 'Bad.svelte'), [], out);
    assert.deepEqual(errors.filter(([f]) => f === 'Bad.svelte').map(([, line]) => line), linesOf(join(dir, 'Bad.svelte'), MISTAKES.svelte), out);
  });

  it('the Svelte guide’s example (docs/svelte.md) checks clean', async () => {
    // The guide's block as a component of its own, beside the fixture's env.d.ts and under its settings.
    const dir = join(scratch, 'svelte-guide');
    mkdirSync(dir, { recursive: true });
    const guide = readFileSync(join(root, 'docs', 'svelte.md'), 'utf8');
    const block = /```svelte\n([\s\S]*?)```/.exec(guide);
    assert.ok(block, 'docs/svelte.md opens with a ```svelte example');
    writeFileSync(join(dir, 'Guide.svelte'), block[1]);
    writeFileSync(join(dir, 'env.d.ts'), readFileSync(join(here, 'svelte', 'env.d.ts'), 'utf8'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(here, 'svelte', 'tsconfig.json'), include: ['*.svelte', 'env.d.ts'] }));
    const { code, out } = await run(bin('svelte-check'), ['--workspace', dir, '--tsconfig', join(dir, 'tsconfig.json'), '--output', 'machine']);
    assert.equal(code, 0, out);
    assert.match(out, /COMPLETED \d+ FILES 0 ERRORS/, out);
  });
});
