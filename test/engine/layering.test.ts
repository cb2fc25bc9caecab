// The layering rule fires where it should: each source below is linted with the project's own eslint.config.mjs
// as if it sat at the given path (the files don't exist; ESLint takes the path as given), and only the rule's
// own findings are kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const cwd = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd, ruleFilter: ({ ruleId }) => ruleId === 'ae/layering' });

/** The rule's messages for `code` at `path`. */
async function layering(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path, warnIgnored: true });
  assert.equal(result.fatalErrorCount, 0, result.messages.map((m) => m.message).join('\n'));
  return result.messages.filter((m) => m.ruleId === 'ae/layering').map((m) => m.message);
}

async function fires(path: string, code: string, expected: RegExp) {
  const messages = await layering(path, code);
  assert.equal(messages.length, 1, `${path}: ${code}\nexpected one finding, got ${JSON.stringify(messages)}`);
  assert.match(messages[0], expected);
}

async function silent(path: string, code: string) {
  assert.deepEqual(await layering(path, code), [], `${path}: ${code}`);
}

test('an element importing a file behind an engine face is told which face to use', async () => {
  await fires('elements/omni-screen/views/x.ts', "import { createLineReader } from '../../../src/omni-ir/lineReader.js';\ncreateLineReader();", /src\/omni-ir\/index\.js/);
  await fires('elements/ax-runner/x.ts', "import type { Step } from '../../src/axstream/step.js';\nexport type S = Step;", /src\/axstream\/index\.js/);
  await fires('elements/oui-surface/x.ts', "export { OUIActionError } from '../../src/oui/handlers.js';", /src\/oui\/index\.js/);
  await fires('elements/morph-screen/x.ts', "export * from '../../src/ops/document.js';", /src\/ops\/index\.js/);
  await fires('elements/omni-screen/x.ts', "export const load = () => import('../../src/omni-ir/transport/generate.js');", /src\/omni-ir\/transport\/index\.js/);
  await fires('elements/ax-runner/x.ts', "export type Clock = typeof import('../../src/axstream/burstController.js');", /src\/axstream\/index\.js/);
  await fires('elements/index.ts', "export { readSource } from '../src/stream/readSource.js';", /src\/stream\/index\.js/);
});

test('the shared layer reaches the engine through its faces too', async () => {
  await fires('elements/shared/base/x.ts', "import { withoutDirectionControls } from '../../../src/stream/directionControls.js';\nwithoutDirectionControls('');", /src\/stream\/index\.js/);
  await fires('elements/shared/controllers/x.ts', "import { fill } from '../../../src/actions/fill.js';\nfill('', {});", /src\/actions\/index\.js/);
});

test('an element importing another element\'s folder is refused', async () => {
  await fires('elements/ax-runner/x.ts', "import { OmniScreen } from '../omni-screen/omniScreen.js';\nOmniScreen;", /elements\/ax-runner\/.*omni-screen/);
  await fires('elements/morph-screen/views/x.ts', "import { styles } from '../../omni-screen/views/card.js';\nstyles;", /elements\/morph-screen\/.*omni-screen/);
  await fires('elements/oui-surface/x.ts', "export const load = () => import('../ax-runner/index.js');", /oui-surface.*ax-runner/);
  await fires('elements/omni-screen/x.ts', "import '../index.js';", /elements\/omni-screen\//);
});

test('the shared layer importing an element is refused', async () => {
  await fires('elements/shared/elements/x.ts', "import { MorphScreen } from '../../morph-screen/morphScreen.js';\nMorphScreen;", /shared layer knows no element/);
});

test('the engine importing an element or Lit is refused', async () => {
  await fires('src/ops/x.ts', "import { streamText } from '../../elements/shared/base/streamText.js';\nstreamText('');", /engine \(src\/\) may not import/);
  await fires('src/x.ts', "export * from '../elements/index.js';", /engine \(src\/\) may not import/);
  await fires('src/oui/agent/x.ts', "import { html } from 'lit';\nhtml``;", /without Lit/);
  await fires('src/stream/x.ts', "import { customElement } from 'lit/decorators.js';\ncustomElement;", /without Lit/);
  await fires('src/ops/x.ts', "import { createContext } from '@lit/context';\ncreateContext;", /without Lit/);
  await fires('src/ops/x.ts', "import { SignalWatcher } from '@lit-labs/signals';\nSignalWatcher;", /without Lit/);
});

test('what the layers allow passes', async () => {
  // An element: the engine's faces, its own folder, the shared layer, words, themes, Lit.
  await silent(
    'elements/ax-runner/views/x.ts',
    [
      "import { html } from 'lit';",
      "import { createBurst, type Step } from '../../../src/axstream/index.js';",
      "import { readSource } from '../../../src/stream/index.js';",
      "import { fill } from '../../../src/actions/index.js';",
      "import { lazy } from '../../../src/lazy.js';",
      "import type { Issue } from '../../../src/index.js';",
      "import { RunLog } from '../model/runLog.js';",
      "import { AgentElement } from '../../shared/base/agentElement.js';",
      "import { en } from '../../../strings/en.js';",
      "import { tokens } from '../../../themes/tokens.js';",
      'export const all = [html, createBurst, readSource, fill, lazy, RunLog, AgentElement, en, tokens];',
      'export type T = Step | Issue;',
    ].join('\n'),
  );
  await silent('elements/omni-screen/remote.ts', "export { generate } from '../../src/omni-ir/transport/index.js';\nexport const load = () => import('./views/index.js');");
  // The package entries put the elements together.
  await silent('elements/index.ts', "export * from './omni-screen/index.js';\nexport * from './ax-runner/index.js';\nexport * from '../src/index.js';");
  // Inside the engine, any file may import any other, and libraries other than Lit.
  await silent('src/ops/x.ts', "import { createLineSplitter } from '../stream/lineSplitter.js';\nimport { Signal } from 'signal-polyfill';\nexport const all = [createLineSplitter, Signal];");
  // Tests, benchmarks, the demo and scripts may test an engine file directly.
  await silent('test/browser/x.test.ts', "import { sleep } from '../../src/axstream/burstController.js';\nimport { OmniScreen } from '../../elements/omni-screen/omniScreen.js';\nexport const all = [sleep, OmniScreen];");
  await silent('bench/x.ts', "import { createLineReader } from '../src/omni-ir/lineReader.js';\nexport const all = [createLineReader];");
});
