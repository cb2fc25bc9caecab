/**
 * Whether the page runs a development build: dev-only warnings (a tag another copy of the elements already
 * owns, …) print only then. An app's bundler decides by replacing `process.env.NODE_ENV` (Vite, webpack,
 * esbuild and Rollup's replace plugin do); cdn/agentic-elements.js is built with it set to "production". Code
 * that runs unbundled (a browser with no `process`, tests) counts as development.
 */
export const DEV: boolean = (() => {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
})();
