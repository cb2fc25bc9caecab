declare const __AE_PRODUCTION__: boolean | undefined;

/**
 * Whether the page runs a development build: dev-only warnings (a tag another copy of the elements already
 * owns, …) print only then. An app's bundler decides by replacing `process.env.NODE_ENV` (Vite, webpack,
 * esbuild and Rollup's replace plugin do); cdn/agentic-elements.js is built with it set to "production". Code
 * that runs unbundled (a browser with no `process`, tests) counts as development.
 */
export const DEV: boolean =
  // The script-tag build sets __AE_PRODUCTION__ (rollup.config.mjs), so DEV is a constant there and the bundler
  // drops every development-only branch (the try below is opaque to it: they all shipped, the contrast check too).
  typeof __AE_PRODUCTION__ === 'boolean'
    ? !__AE_PRODUCTION__
    : (() => {
        try {
          return process.env.NODE_ENV !== 'production';
        } catch {
          return true;
        }
      })();

const warned = new Set<string>();

/**
 * Tells the app's developer something once per `key` in a development build (nothing in production): misuse that
 * would otherwise be silent, such as an attribute value an element doesn't know.
 */
export function warnOnce(key: string, message: string): void {
  if (!DEV || warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}
