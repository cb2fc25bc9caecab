// The demo's own MCP Apps view: the package's generic page (dist/mcp-view.html, from `npm run build`) with the
// demo app's registries written in (tool schemas, confirmation sentences, and its pictures as data: URLs of
// small SVGs), so it works in every host, also one that doesn't pass the tool's listing to the view. Written
// to demo/dist/mcp-view.html, which is the demo's and never shipped.
//
// Usage: node demo/mcp/view.mjs   (`npm run build:demo`; demo/mcp/server.mjs writes it as it starts)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withRegistry } from '../../scripts/build-mcp-view.mjs';
import * as demoApp from '../server/registry.mjs';

/** The package's generic view, and the demo's page built from it. */
export const GENERIC_VIEW_FILE = fileURLToPath(new URL('../../dist/mcp-view.html', import.meta.url));
export const DEMO_VIEW_FILE = fileURLToPath(new URL('../dist/mcp-view.html', import.meta.url));

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
  if (Buffer.byteLength(svg) > MAX_SVG_BYTES) throw new Error(`demo view: picture "${name}" is over ${MAX_SVG_BYTES} bytes`);
  if (!/<svg[\s>]/i.test(svg)) throw new Error(`demo view: picture "${name}" is not an SVG`);
  const refs = [...svg.matchAll(/(?:href\s*=\s*["']|url\(\s*["']?)([^"')\s]*)/gi)].map((m) => m[1]);
  const outside = refs.filter((ref) => !ref.startsWith('#') && ref !== 'http://www.w3.org/2000/svg');
  if (outside.length > 0) throw new Error(`demo view: picture "${name}" refers to ${outside.join(', ')}`);
  return svg;
}

export const svgDataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/**
 * The view's registry from the demo app's (demo/server/registry.mjs): each tool's schema and confirmation,
 * and each picture as a data: URL of demo/assets/<name>.svg, or of a placeholder when that file doesn't exist.
 * Returns the registry and the names that got a placeholder. The same object can go into the show_screen
 * listing's _meta["io.omni-ir/registry"] for the package's generic view.
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
  const file = fileURLToPath(new URL(`../assets/${name}.svg`, import.meta.url));
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}


/** The demo's page from the generic one (its text, default read from dist/mcp-view.html). */
export function demoViewHtml(generic = readGenericView()) {
  const { registry, placeholders } = viewRegistry(demoApp);
  return { html: withRegistry(generic, registry), placeholders };
}

function readGenericView() {
  if (!existsSync(GENERIC_VIEW_FILE)) throw new Error('dist/mcp-view.html is not built: run `npm run build`');
  return readFileSync(GENERIC_VIEW_FILE, 'utf8');
}

/**
 * Writes demo/dist/mcp-view.html from the generic page and the demo's registry. It is a few string replacements,
 * so it is written afresh every time rather than judged stale or fresh.
 */
export function buildDemoView({ out = DEMO_VIEW_FILE } = {}) {
  const { html, placeholders } = demoViewHtml();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
  return { out, placeholders };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { out, placeholders } = buildDemoView();
    console.log(`wrote ${out}`);
    if (placeholders.length > 0) console.log(`demo view: placeholder pictures for ${placeholders.join(', ')} (no demo/assets/<name>.svg)`);
  } catch (error) {
    console.error(`demo view: ${error.message}`);
    process.exit(1);
  }
}
