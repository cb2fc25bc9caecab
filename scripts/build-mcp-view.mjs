// Builds dist/mcp-view.html, the package's generic MCP Apps view ([10.25]): one self-contained page holding the
// view's script (rollup.mcp.config.mjs: <omni-screen>, the parser, the catalog and chart.js in one file). It
// carries no app's registries: it takes them at run time from the host's answer to ui/initialize (the
// show_screen listing's _meta["io.omni-ir/registry"]), or from a JSON block a server writes into the page at
// the `<!-- omni-registry -->` marker (withRegistry(); the demo's own view, demo/mcp/view.mjs, is built so).
// Nothing in it points anywhere: the hosts' default policy allows no network, and the view needs none.
//
// Usage: node scripts/build-mcp-view.mjs   (a step of `npm run build`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSize, kb } from './sizeReport.mjs';

const root = new URL('../', import.meta.url);
const path = (p) => fileURLToPath(new URL(p, root));

export const REGISTRY_MARKER = '<!-- omni-registry -->';
export const SCRIPT_MARKER = '<!-- omni-view-script -->';

/** JSON that can sit inside a <script> element: no "<" at all, so nothing in it can close the element. */
export function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts the script into the template at its marker, and the registry at its own when one is given (without
 * one the marker stays, for a server to fill: withRegistry()). Refuses a script that could end its <script>
 * element early or switch the HTML parser into a comment state ("</script", "<!--"), and markup that would
 * name any http(s) location in src, href, url() or @import. (The script is JavaScript, not markup: that it
 * loads nothing is checked by opening the page, in test/browser/mcp.)
 */
export function assembleView({ template, script, registry }) {
  if (!template.includes(REGISTRY_MARKER) || !template.includes(SCRIPT_MARKER)) {
    throw new Error('build-mcp-view: the template lacks its markers');
  }
  if (/<\/script/i.test(script) || /<!--/.test(script)) {
    throw new Error('build-mcp-view: the script holds "</script" or "<!--", which would break the inline <script>');
  }
  const markup = registry === undefined ? template : withRegistry(template, registry);
  const external = findExternalReferences(markup);
  if (external.length > 0) throw new Error(`build-mcp-view: the page refers to ${external.join(', ')}`);
  return markup.replace(SCRIPT_MARKER, () => `<script type="module">${script}</script>`);
}

/**
 * The view page with the app's registries written in at the `<!-- omni-registry -->` marker, as a JSON block
 * the view reads before anything else (JSON with no "<" in it, so nothing can close the element).
 */
export function withRegistry(page, registry) {
  if (!page.includes(REGISTRY_MARKER)) throw new Error('build-mcp-view: the page has no <!-- omni-registry --> marker');
  return page.replace(REGISTRY_MARKER, () => `<script type="application/json" id="omni-registry">${scriptJson(registry)}</script>`);
}

/** src=, href=, url(…) and @import values in the page that aren't data:, about: or a fragment. */
export function findExternalReferences(html) {
  const found = [];
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (/^(?:https?:)?\/\//i.test(value)) found.push(value);
  }
  for (const m of html.matchAll(/(?:url\(\s*["']?|@import\s+["'])((?:https?:)?\/\/[^"')\s]*)/gi)) found.push(m[1]);
  return found;
}

/** Bundles mcp/main.ts with rollup.mcp.config.mjs and returns the code (nothing is written). */
export async function bundleViewScript() {
  const { rollup } = await import('rollup');
  const { default: config } = await import(pathToFileURL(path('rollup.mcp.config.mjs')).href);
  const bundle = await rollup({ ...config, onwarn: (warning, warn) => (warning.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(warning)) });
  try {
    const { output } = await bundle.generate(config.output);
    const chunks = output.filter((o) => o.type === 'chunk');
    if (chunks.length !== 1) throw new Error(`build-mcp-view: expected one chunk, got ${chunks.length}`);
    return chunks[0].code;
  } finally {
    await bundle.close();
  }
}

/** Builds the generic page and writes it to `out` (default dist/mcp-view.html). Returns its path and text. */
export async function buildMcpView({ out = path('dist/mcp-view.html') } = {}) {
  const script = await bundleViewScript();
  const template = readFileSync(path('mcp/view.html'), 'utf8');
  const html = assembleView({ template, script });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
  return { out, html };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { out, html } = await buildMcpView();
  console.log(`size: ${out.slice(path('').length)}: ${kb(html.length)}, ${kb(gzipSize(html))} gzipped (self-contained, no app's registries)`);
}
