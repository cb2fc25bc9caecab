// Builds dist/engine.js (the DOM-free engine, importable in plain Node) and dist/agentic-elements.js (one ESM
// file with its dependencies inside, for a <script type="module"> tag; chart.js is split into its own chunk,
// loaded on the first chart). Prints each file's minified and gzipped size.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { sizeReport } from './scripts/sizeReport.mjs';

const ts = () => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', minify: false });
const minify = () =>
  terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } });

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: 'src/index.ts',
    output: { file: 'dist/engine.js', format: 'es', sourcemap: true, inlineDynamicImports: true },
    plugins: [nodeResolve(), ts(), minify(), sizeReport()],
  },
  {
    input: { 'agentic-elements': 'elements/index.ts' },
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [nodeResolve({ browser: true }), ts(), minify(), sizeReport()],
  },
];
