// Which runner runs a block, by its fence's language. A language with no runner fails its test with a message
// saying what to do: no block of the README is ever skipped.
import { runJs } from './js.mjs';
import { runHtml } from './html.mjs';
import { runJsx, runVue } from './frameworks.mjs';
import { runSh } from './sh.mjs';
import { runText } from './text.mjs';
import { runTs, runTsx } from './typescript.mjs';
import { shownLines } from '../shown.mjs';

/** The runners that check an output a block shows (`// → …`, test/readme/shown.mjs) against what it logged. */
const CHECKS_SHOWN = new Set(['js', 'javascript', 'mjs', 'html']);

export const LANGUAGES = {
  js: runJs,
  javascript: runJs,
  mjs: runJs,
  html: runHtml,
  jsx: runJsx,
  ts: runTs,
  typescript: runTs,
  tsx: runTsx,
  vue: runVue,
  sh: runSh,
  bash: runSh,
  shell: runSh,
  text: runText,
};

/** Runs one block; resolves with notes for the test's output, or rejects saying what is wrong and where. */
export async function runBlock(block, ctx) {
  if (!block.lang) {
    throw new Error(
      `${block.where}: this code block has no language, so the README test can't run it. Give its fence one of ` +
        `${Object.keys(LANGUAGES).join(', ')} (a diagram or other text that is not a command's output doesn't belong in a code block).`,
    );
  }
  const run = Object.hasOwn(LANGUAGES, block.lang) ? LANGUAGES[block.lang] : null;
  if (!run) {
    throw new Error(
      `${block.where}: a \`\`\`${block.lang} block can't be run: the README test (test/readme/) runs ` +
        `${Object.keys(LANGUAGES).join(', ')}. Write the example in one of those, or add a runner for ${block.lang} ` +
        'to LANGUAGES in test/readme/languages/index.mjs.',
    );
  }
  // An output shown where nothing checks it would be a promise nobody keeps.
  if (!CHECKS_SHOWN.has(block.lang) && shownLines(block).length) {
    throw new Error(`${block.where}: a \`\`\`${block.lang} block shows an output (// →), which only js and html blocks are checked for: show it in one of those`);
  }
  return (await run(block, ctx)) ?? [];
}
