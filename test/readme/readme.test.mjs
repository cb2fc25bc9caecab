// Every code block in README.md runs, as written, read from the README itself, so the two can't drift apart
// (issue 7). One test per block, named after its line and section; a failure starts with README.md:LINE.
//
// How each language runs (each runner's file says more):
//  - ```js    languages/js.mjs: an ES module in Node (or, when it uses the page, bundled into Chromium);
//  - ```html  languages/html.mjs: a page in Chromium under the demo's CSP, in front of the real demo server;
//  - ```jsx   languages/frameworks.mjs: bundled with React 19, its component rendered in StrictMode with real
//             registries and a handler; the properties must reach the element as properties and its events the
//             framework;
//  - ```ts, ```tsx  languages/typescript.mjs: type-checked by tsc with the package's types (tsx with the typed
//             React bindings), then run as a js or jsx block;
//  - ```vue   languages/frameworks.mjs: compiled with vue/compiler-sfc (the README's isCustomElement), mounted,
//             the same checks;
//  - ```sh    languages/sh.mjs: each command line runs (how each command is run is listed there);
//  - ```text  languages/text.mjs: sample output, equal to what the ```sh block before it prints.
// Any other language, or a block without one, fails and says how to make it runnable: nothing is skipped.
// What a block shows it prints is checked too: a ```text block against its command's output, and a `// → …`
// comment against what the line it ends logged (shown.mjs: `console.log(ok, text); // → true, "… count = 1"`).
//
// Fixtures: test/readme/fixtures/public/ (files the pages fetch), test/readme/fixtures/cli/ (the files the
// command-line examples name). Run alone: `npm run test:readme`; `npm test` runs it after the build.
// The guides in GUIDES (below) hold the examples the README sends readers to: their blocks run too.
// README_TEST_FILE=draft.md runs only another Markdown file's blocks the same way (a draft section, or a test of the
// runners themselves). KEEP_SCRATCH=1 keeps .tmp/readme/, where the blocks were written.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { basename, resolve } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';
import { extractBlocks } from './extract.mjs';
import { runBlock } from './languages/index.mjs';
import { startBrowserEnvironment } from './browser.mjs';
import { root, scratch } from './paths.mjs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';

/**
 * The guides on the docs site that hold examples taken out of the README (it keeps what a first visit needs):
 * their blocks run the same way, each guide with its own page server and browser.
 */
const GUIDES = ['docs/getting-started.md', 'docs/html.md', 'docs/react.md', 'docs/vue.md', 'docs/engine.md'];

const files = process.env.README_TEST_FILE ? [process.env.README_TEST_FILE] : ['README.md', ...GUIDES];

before(async () => {
  rmSync(scratch, { recursive: true, force: true });
  // The bundles the pages and the Node blocks load: fresh (npm test built them just before), else built now.
  await ensureBuild({ quiet: true });
});

after(async () => {
  if (!process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

for (const name of files) {
  const file = resolve(root, name);
  const readme = readFileSync(file, 'utf8');
  const blocks = extractBlocks(readme, name === 'README.md' ? basename(file) : name);

  /** What the runners share: the file and its blocks, the sh blocks' output (for the text blocks), one browser environment. */
  const ctx = {
    readme,
    file: basename(file),
    blocks,
    outputs: new Map(),
    environment: null,
    browser() {
      this.environment ??= startBrowserEnvironment();
      return this.environment;
    },
  };

  describe(name, () => {
    after(async () => {
      if (ctx.environment) await (await ctx.environment).close();
    });

    test(`${basename(file)} has code blocks to run`, () => {
      assert.ok(blocks.length > 0, `no fenced code block found in ${file}`);
    });

    for (const block of blocks) {
      const title = `${block.where} \`\`\`${block.lang || '(no language)'}${block.info.length ? ` ${block.info.join(' ')}` : ''} · ${block.section}`;
      test(title, { timeout: block.lang === 'sh' ? 600_000 : 120_000 }, async (t) => {
        const notes = await runBlock(block, ctx);
        for (const note of notes) t.diagnostic(note);
      });
    }
  });
}
