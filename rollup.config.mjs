// Two builds, from the entry list in scripts/entries.mjs:
//
//  - dist/: the npm entries (`agentic-elements`, `agentic-elements/engine`, one per element) in ONE rollup
//    build, so code two entries share is one shared chunk (dist/chunks/), never two copies, and an app that
//    imports the engine and an element gets one engine. Every package dependency (lit, @lit/context,
//    chart.js, …) stays a bare import: the app's bundler resolves it once, shared with the app's own Lit.
//    Not minified: the app's bundler minifies, and readable code is easier to debug.
//  - cdn/: for a page without a bundler, minified, dev-only warnings removed, all dependencies inside:
//    agentic-elements.js (every element and the engine's API), autoloader.js (each element fetched when its tag
//    first appears), one file per element, engine.js; they share their parts in cdn/chunks/, and what loads
//    lazily (chart.js, the remote clients, the JSON Schema checker) stays lazy.
//
// Source maps only with AE_SOURCEMAPS=1 (for debugging a clone): the package ships none ("files" leaves them out
// too), and a sourceMappingURL comment pointing at a file that isn't there would make bundlers and devtools warn.
//
// Prints each file's minified and gzipped size.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { CDN_ENTRY, NPM_ENTRIES } from './scripts/entries.mjs';
import { compactCss } from './scripts/cssLiterals.mjs';
import { sizeReport } from './scripts/sizeReport.mjs';

const sourcemap = process.env.AE_SOURCEMAPS === '1';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(pkg.dependencies ?? {});

/** A package dependency or one of its subpaths (`lit/decorators.js`): left to the app's resolver. */
const isDependency = (id) => dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

const ts = () => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', minify: false });
// Three passes: about 0.1 KB less per bundle than two, for a second more of build.
const minify = () =>
  terser({ ecma: 2022, module: true, compress: { passes: 3 }, format: { comments: false } });

/**
 * Shared and lazy chunks are named for what they hold: `elements-…` holds element code (it defines tags or
 * registers chart.js parts when it runs: package.json "sideEffects" lists it), `engine-…` only engine code
 * (pure: a bundler may drop it when nothing from it is used).
 */
const engineDir = fileURLToPath(new URL('./src/', import.meta.url));
const chunkName = (chunk) =>
  chunk.moduleIds.every((id) => id.startsWith(engineDir) || id.startsWith('\0'))
    ? 'chunks/engine-[name]-[hash].js'
    : 'chunks/elements-[name]-[hash].js';

/** A bare import of something that is not a dependency would be missing in an app: refuse to build it. */
function onlyDeclaredDependencies() {
  return {
    name: 'only-declared-dependencies',
    resolveId(source, importer) {
      if (!importer || source.startsWith('.') || source.startsWith('/') || source.startsWith('\0') || isDependency(source)) return null;
      this.error(`${importer} imports "${source}", which is not in package.json "dependencies"`);
    },
  };
}

/**
 * What a script-tag file is built with: production mode (no bundler to say so), dependencies inside, the styles
 * compact, minified (AE_NOMINIFY=1 leaves the code readable, for profiling the bundle a page loads).
 */
const cdnPlugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production'), __AE_PRODUCTION__: 'true' } }),
  nodeResolve({ browser: true }),
  compactCss(),
  ts(),
  ...(process.env.AE_NOMINIFY ? [] : [minify()]),
  sizeReport(),
];

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: NPM_ENTRIES,
    external: isDependency,
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap,
      entryFileNames: '[name].js',
      chunkFileNames: chunkName,
    },
    plugins: [onlyDeclaredDependencies(), compactCss(), ts(), sizeReport()],
  },
  {
    // Every script-tag file in one build, so they share their parts: a page fetches each part once, whichever of
    // them it loads. Small shared parts are merged, so a page fetches a few files rather than one per combination
    // of entries that share a module.
    input: CDN_ENTRY,
    output: {
      dir: 'cdn',
      format: 'es',
      sourcemap,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      experimentalMinChunkSize: 8000,
      // Each language's words are a chunk of their own that only a page in that language fetches. Without this the
      // merging above put small shared parts into a language's chunk (it is pure, so rollup may), and a page with
      // one English <omni-screen> fetched the Spanish words too (4.6 KB).
      manualChunks: (id) => /[\\/]strings[\\/](de|fr|es|ar)\.ts$/.exec(id)?.[1],
    },
    plugins: cdnPlugins(),
  },
];
