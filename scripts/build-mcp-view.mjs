// Builds dist/mcp-view.html, the MCP Apps view ([10.25]): one self-contained page holding the view's script
// (rollup.mcp.config.mjs: <omni-screen>, the parser, the catalog and chart.js in one file), the app's registries
// as a JSON block (tool schemas, confirmation sentences) and its pictures as data: URLs of small SVGs. Nothing
// in it points anywhere: the hosts' default policy allows no network, and the view needs none.
//
// Usage: node scripts/build-mcp-view.mjs   (the last step of `npm run build`)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSize, kb } from './sizeReport.mjs';

const root = new URL('../', import.meta.url);
const path = (p) => fileURLToPath(new URL(p, root));

export const REGISTRY_MARKER = '<!-- omni-registry -->';
export const SCRIPT_MARKER = '<!-- omni-view-script -->';

/** At most this many bytes of SVG per picture: the view carries them all, so each must stay small. */
const MAX_SVG_BYTES = 32 * 1024;

/**
 * A picture that stands in for an asset the demo has no SVG for yet: a neutral card with a simple mark, drawn
 * from the name so different pictures look different. No text, no fonts, no references.
 */
export function placeholderSvg(name, width, height) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  const hue = hash % 360;
  const w = Number(width) > 0 ? Number(width) : 96;
  const h = Number(height) > 0 ? Number(height) : 96;
  const r = Math.round(Math.min(w, h) * 0.22);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<rect width="${w}" height="${h}" rx="${Math.round(Math.min(w, h) * 0.08)}" fill="hsl(${hue} 45% 92%)"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="hsl(${hue} 45% 45%)"/>` +
    `</svg>`
  );
}

/**
 * Checks an SVG is something an <img> may show from inside the page: small, and naming no other location (no
 * href or url() except to fragments in itself). An SVG in an <img> can't run scripts, but it may still name
 * a resource; the view must name none.
 */
export function checkSvg(name, svg) {
  if (Buffer.byteLength(svg) > MAX_SVG_BYTES) throw new Error(`build-mcp-view: picture "${name}" is over ${MAX_SVG_BYTES} bytes`);
  if (!/<svg[\s>]/i.test(svg)) throw new Error(`build-mcp-view: picture "${name}" is not an SVG`);
  const refs = [...svg.matchAll(/(?:href\s*=\s*["']|url\(\s*["']?)([^"')\s]*)/gi)].map((m) => m[1]);
  const outside = refs.filter((ref) => !ref.startsWith('#') && ref !== 'http://www.w3.org/2000/svg');
  if (outside.length > 0) throw new Error(`build-mcp-view: picture "${name}" refers to ${outside.join(', ')}`);
  return svg;
}

export const svgDataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/**
 * The view's registry from the demo app's (demo/server/registry.mjs): each tool's schema and confirmation,
 * and each picture as a data: URL of demo/assets/<name>.svg, or of a placeholder when that file doesn't exist.
 * Returns the registry and the names that got a placeholder.
 */
export function viewRegistry(app, readAsset = (name) => readDemoAsset(name)) {
  const tools = {};
  const confirm = {};
  for (const [name, tool] of Object.entries(app.tools)) {
    tools[name] = tool.schema;
    if (typeof tool.confirm === 'string') confirm[name] = tool.confirm;
  }
  const assets = {};
  const placeholders = [];
  for (const [name, asset] of Object.entries(app.assets)) {
    let svg = readAsset(name);
    if (svg === null) {
      svg = placeholderSvg(name, asset.width, asset.height);
      placeholders.push(name);
    }
    assets[name] = { src: svgDataUrl(checkSvg(name, svg)), width: asset.width, height: asset.height };
  }
  return { registry: { tools, confirm, assets, pictures: app.pictures ?? [] }, placeholders };
}

function readDemoAsset(name) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return null;
  const file = path(`demo/assets/${name}.svg`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** JSON that can sit inside a <script> element: no "<" at all, so nothing in it can close the element. */
export function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Puts the script and the registry into the template, at their markers. Refuses a script that could end its
 * <script> element early or switch the HTML parser into a comment state ("</script", "<!--"), and markup that
 * would name any http(s) location in src, href, url() or @import. (The script is JavaScript, not markup: that
 * it loads nothing is checked by opening the page, in test/browser/mcp.)
 */
export function assembleView({ template, script, registry }) {
  if (!template.includes(REGISTRY_MARKER) || !template.includes(SCRIPT_MARKER)) {
    throw new Error('build-mcp-view: the template lacks its markers');
  }
  if (/<\/script/i.test(script) || /<!--/.test(script)) {
    throw new Error('build-mcp-view: the script holds "</script" or "<!--", which would break the inline <script>');
  }
  const markup = template.replace(
    REGISTRY_MARKER,
    () => `<script type="application/json" id="omni-registry">${scriptJson(registry)}</script>`,
  );
  const external = findExternalReferences(markup);
  if (external.length > 0) throw new Error(`build-mcp-view: the page refers to ${external.join(', ')}`);
  return markup.replace(SCRIPT_MARKER, () => `<script type="module">${script}</script>`);
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

/** Builds the page and writes it to `out` (default dist/mcp-view.html). Returns its path and what it holds. */
export async function buildMcpView({ out = path('dist/mcp-view.html') } = {}) {
  const app = await import(pathToFileURL(path('demo/server/registry.mjs')).href);
  const { registry, placeholders } = viewRegistry(app);
  const script = await bundleViewScript();
  const template = readFileSync(path('mcp/view.html'), 'utf8');
  const html = assembleView({ template, script, registry });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
  return { out, html, placeholders };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { out, html, placeholders } = await buildMcpView();
  console.log(`size: ${out.slice(path('').length)}: ${kb(html.length)}, ${kb(gzipSize(html))} gzipped (self-contained)`);
  if (placeholders.length > 0) console.log(`build-mcp-view: placeholder pictures for ${placeholders.join(', ')} (no demo/assets/<name>.svg)`);
}
