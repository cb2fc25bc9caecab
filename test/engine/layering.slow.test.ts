// The layers (.dependency-cruiser.cjs) refuse what they should: a scratch tree with the repository's folders is
// planted with one wrong import per file, and dependency-cruiser, run as `npm run lint` runs it with the
// project's own configuration, must name each file with the rule it breaks, and pass the files that import what
// the layers allow. One run for all of them: starting the tool is most of its time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Each planted file, what it imports, and the rule it must break (null: none). */
const planted: [path: string, code: string, rule: string | null][] = [
  ['src/ops/a.ts', "import { streamText } from '../../elements/shared/base/streamText.js';\nstreamText();", 'engine-without-elements'],
  ['src/x.ts', "export * from '../strings/en.js';", 'engine-without-elements'],
  ['src/oui/a.ts', "import { html } from 'lit';\nhtml;", 'engine-without-lit'],
  ['src/stream/a.ts', "export type Base = typeof import('@lit-labs/signals');", 'engine-without-lit'],
  ['src/ops/b.ts', "import { checkField } from '../omni-ir/fields.js';\ncheckField();", 'format-through-core'],
  ['src/axstream/a.ts', "import type { OuiEvent } from '../oui/types.js';\nexport type E = OuiEvent;", 'format-through-core'],
  ['src/actions/a.ts', "import { describeStep } from '../axstream/describe.js';\ndescribeStep();", 'core-knows-no-format'],
  ['elements/omni-screen/a.ts', "export const load = () => import('../../src/omni-ir/lineReader.js');", 'engine-through-faces'],
  ['elements/shared/base/a.ts', "import { fill } from '../../../src/actions/fill.js';\nfill();", 'engine-through-faces'],
  ['strings/a.ts', "export { fill } from '../src/actions/fill.js';", 'engine-through-faces'],
  ['mcp/a.ts', "import { isJsonObject } from '../src/stream/jsonLines.js';\nisJsonObject();", 'engine-through-faces'],
  ['mcp/b.ts', "import type { OmniAction } from '../elements/omni-screen/events.js';\nexport type A = OmniAction;", 'mcp-view-through-entries'],
  ['elements/ax-runner/a.ts', "import { OmniScreenElement } from '../omni-screen/omniScreen.js';\nOmniScreen;", 'element-own-folder'],
  ['elements/omni-screen/b.ts', "import '../index.js';", 'element-own-folder'],
  ['elements/shared/elements/a.ts', "import { MorphScreenElement } from '../../morph-screen/morphScreen.js';\nMorphScreen;", 'element-own-folder'],
  ['themes/a.ts', "import { AgentElement } from '../elements/shared/base/agentElement.js';\nAgentElement;", 'words-and-themes-are-leaves'],
  ['bin/a.mjs', "import { readSource } from '../src/index.js';\nreadSource();", 'cli-loads-the-engine'],
  // What the layers allow.
  [
    'elements/ax-runner/views/ok.ts',
    [
      "import { html } from 'lit';",
      "import { Signal } from '../../shared/base/signals.js';",
      "import { createBurst } from '../../../src/axstream/index.js';",
      "import { lazy } from '../../../src/lazy.js';",
      "import { RunLog } from '../model/runLog.js';",
      "import { en } from '../../../strings/en.js';",
      "import { tokens } from '../../../themes/tokens.js';",
      'export const all = [html, Signal, createBurst, lazy, RunLog, en, tokens];',
    ].join('\n'),
    null,
  ],
  ['elements/omni-screen/ok.ts', "export const load = () => import('../../src/omni-ir/transport/index.js');", null],
  ['elements/index.ts', "export * from './omni-screen/index.js';\nexport * from '../src/index.js';", null],
  ['src/ops/ok.ts', "import { createLineSplitter } from '../stream/lineSplitter.js';\nimport { Signal } from 'signal-polyfill';\nimport { checkField } from '../actions/fields.js';\nexport const all = [createLineSplitter, Signal, checkField];", null],
  ['strings/ok.ts', "import { Signal } from '../src/signals.js';\nimport { fill } from '../src/actions/index.js';\nexport const all = [Signal, fill];", null],
  ['mcp/ok.ts', "import '../elements/omni-screen/index.js';\nimport { isJsonObject } from '../src/stream/index.js';\nisJsonObject();", null],
  ['bin/ok.mjs', "import { loadEngine } from './loadEngine.mjs';\nloadEngine();", null],
];

/** Files the planted ones import (each exists, so the tool resolves it); npm packages get a stub package. */
function scratchTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ae-layers-'));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  put('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ES2022', moduleResolution: 'bundler', allowJs: true } }));
  for (const name of ['lit', '@lit-labs/signals', 'signal-polyfill']) {
    put(`node_modules/${name}/package.json`, JSON.stringify({ name, type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }));
    put(`node_modules/${name}/index.js`, 'export {};\n');
    put(`node_modules/${name}/index.d.ts`, 'export {};\n');
  }
  for (const [path, code] of planted) {
    put(path, `${code}\n`);
    for (const [, spec] of code.matchAll(/['"](\.[^'"]+)['"]/g)) {
      const target = join(dirname(path), spec).replace(/\.js$/, '.ts');
      if (!planted.some(([p]) => p === target)) put(target, 'export const x = 1;\n');
    }
  }
  return dir;
}

/** The rules each planted file breaks, by path. */
function violations(dir: string): Promise<Map<string, string[]>> {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = [bin, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'src', 'elements', 'strings', 'themes', 'mcp', 'bin'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      let result;
      try {
        result = JSON.parse(stdout);
      } catch {
        reject(new Error(`dependency-cruiser said no JSON (${error?.message ?? ''}):\n${stderr}`));
        return;
      }
      const found = new Map<string, string[]>();
      for (const v of result.summary.violations) found.set(v.from, [...(found.get(v.from) ?? []), v.rule.name]);
      resolve(found);
    });
  });
}

test('each planted wrong import breaks its rule, and only it; what the layers allow passes', async () => {
  const dir = scratchTree();
  try {
    const found = await violations(dir);
    const expected = new Map(planted.filter(([, , rule]) => rule).map(([path, , rule]) => [path, [rule!]]));
    assert.deepEqual(Object.fromEntries([...found].sort()), Object.fromEntries([...expected].sort()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
