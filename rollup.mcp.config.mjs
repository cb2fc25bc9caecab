// Builds the script of the MCP Apps view (mcp/main.ts): one file with everything inside, chart.js included
// (inlineDynamicImports), because the view is a single HTML page that may not load anything ([10.25]).
// scripts/build-mcp-view.mjs runs this config and inlines the result into dist/mcp-view.html; run on its own
// (`rollup -c rollup.mcp.config.mjs`) it writes the script to dist/mcp-view.js for inspection.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

/** @type {import('rollup').RollupOptions} */
export default {
  input: 'mcp/main.ts',
  output: {
    file: 'dist/mcp-view.js',
    format: 'es',
    inlineDynamicImports: true,
    sourcemap: false,
  },
  plugins: [
    nodeResolve({ browser: true }),
    esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', minify: false }),
    // inline_script escapes "</script" and "<!--" in strings, so the code can sit inside a <script> element.
    terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false, inline_script: true } }),
  ],
};
