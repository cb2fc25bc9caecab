// Bundling for the browser, as an app's bundler would: esbuild, with `agentic-elements/…` resolved through the
// package's own exports map (the block's file is inside the package, so its name refers to itself), React's
// automatic JSX runtime, Vue's bundler build with its feature flags set, and development builds of both.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

/**
 * The block's code padded with blank lines so that its line N is README line `block.line + N`: an error's
 * line number in the file is the README's.
 */
export function padded(block, code = block.code) {
  return `${'\n'.repeat(block.line)}${code}`;
}

/** Bundles `entry` (a file) into one ES module; resolves with its text, or rejects with esbuild's messages. */
export async function bundle(entry, where) {
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      jsx: 'automatic',
      logLevel: 'silent',
      define: {
        'process.env.NODE_ENV': '"development"',
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    });
    return result.outputFiles[0].text;
  } catch (error) {
    const messages = (error.errors ?? []).map((e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`);
    throw new Error(`${where}: it doesn't bundle (esbuild, as an app's bundler would):\n  ${messages.join('\n  ') || error.message}`);
  }
}

export function writeIn(dir, name, text) {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
