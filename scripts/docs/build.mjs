// `npm run docs`: the docs site, as static files in docs-site/ (gitignored), which the demo server serves at /docs/.
// Everything on it is generated: a page per element from custom-elements.json, the guides from docs/*.md, the
// playground page, and the site's own script and styles from site/. It loads the script-tag build (cdn/, copied
// beside the pages), so it works from any static host under a strict Content-Security-Policy.
//
//   node scripts/docs/build.mjs [--out DIR]     (`npm run docs`: the same, skipped by wireit when nothing it is
//                                               made from changed since the last build)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { ensureBuild } from '../ensure-build.mjs';
import { ELEMENTS } from '../entries.mjs';
import { classesOf, elementsOf } from '../manifest/check.mjs';
import { specLinker, specOf } from './specRefs.mjs';
import { createMarkdown } from './markdown.mjs';
import { html, raw } from './html.mjs';
import { page } from './layout.mjs';
import { elementBody } from './elementPage.mjs';
import { playgroundBody } from './playground.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_OUT = join(root, 'docs-site');

/** The guides first, in reading order; any other guide in docs/ follows, by name. */
const GUIDE_ORDER = [
  'getting-started', 'html', 'react', 'vue', 'svelte', 'angular', 'theming', 'words',
  'omni-ir', 'op-stream', 'axstream', 'oui', 'approvals', 'engine', 'architecture', 'adding-an-element', 'contributing',
];

/**
 * Live parts of a guide, which Markdown can't hold: after the first paragraph of the section `after`, an empty
 * container the page's `script` fills (the Theming page's colour check, site/themeLab.ts).
 */
const LIVE = { theming: { after: 'try-your-colours', id: 'theme-lab', script: 'assets/theme-lab.js' } };

function guidesIn(dir) {
  const names = readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
  const rank = (n) => (GUIDE_ORDER.includes(n) ? GUIDE_ORDER.indexOf(n) : GUIDE_ORDER.length);
  return names
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => {
      const text = readFileSync(join(dir, `${name}.md`), 'utf8');
      const title = /^#\s+(.+)$/m.exec(text)?.[1].replace(/`/g, '') ?? name;
      return { name, title, text, href: `guides/${name}.html` };
    });
}

/** The first paragraph of a guide (after its title), as plain words for the overview. */
function firstParagraph(text) {
  const para = text.replace(/^#.*$/m, '').trim().split(/\n\s*\n/)[0] ?? '';
  return para.replace(/\s+/g, ' ');
}

/** What an element is, in a sentence: its `@summary`, else the first sentence of its description. */
export function summaryOf(declaration) {
  if (declaration.summary?.trim()) return declaration.summary.trim();
  const text = (declaration.description ?? '').replace(/\s+/g, ' ').trim();
  return /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

/** Writes the site into `out`; resolves with the list of pages written (paths from `out`). */
export async function buildDocs({ out = DEFAULT_OUT, quiet = false } = {}) {
  // The pages load cdn/ and are made from the manifest: both are brought up to date first.
  await ensureBuild({ quiet: true, scripts: ['build:bundles', 'build:manifest'] });
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const classes = new Map(classesOf(manifest).map(({ declaration }) => [declaration.name, declaration]));
  const entries = new Set(ELEMENTS.map((e) => e.tag));
  const elements = elementsOf(manifest).map(({ declaration, path }) => ({ declaration, path, tag: declaration.tagName, href: `elements/${declaration.tagName}.html` }));
  const guides = guidesIn(join(root, 'docs'));
  const guideNames = new Set(guides.map((g) => g.name));
  const nav = {
    elements: elements.filter((e) => entries.has(e.tag)),
    parts: elements.filter((e) => !entries.has(e.tag)),
    guides,
    version: pkg.version,
  };

  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'elements'), { recursive: true });
  mkdirSync(join(out, 'guides'), { recursive: true });
  const written = [];
  const write = (path, text) => {
    writeFileSync(join(out, path), text);
    written.push(path);
  };

  const linkers = new Map();
  for (const e of elements) {
    // Spec references in its words ("[10.1]–[10.11]") link to the guide's section for them.
    const spec = specOf(e.tag);
    if (spec && !linkers.has(spec)) linkers.set(spec, specLinker(root, spec));
    const md = createMarkdown({ guides: spec ? new Set([spec]) : new Set(), guidePrefix: '../guides/' });
    const body = elementBody({ element: e.declaration, path: e.path, classes, md, entry: entries.has(e.tag) ? e.tag : undefined, specLinks: linkers.get(spec) });
    write(e.href, page({ title: `<${e.tag}>`, root: '../', current: e.href, nav, body, description: summaryOf(e.declaration) }));
  }

  for (const g of guides) {
    const md = createMarkdown({ guides: guideNames });
    let text = md.block(g.text, `docs/${g.name}.md`);
    const live = LIVE[g.name];
    if (live) {
      const at = text.indexOf('</p>', text.indexOf(`<h2 id="${live.after}">`));
      if (!text.includes(`<h2 id="${live.after}">`) || at < 0) throw new Error(`docs/${g.name}.md: no section "${live.after}" with a paragraph to put the live part after`);
      text = `${text.slice(0, at + 4)}\n<div id="${live.id}" class="${live.id}"></div>${text.slice(at + 4)}`;
    }
    const content = raw(text);
    const sections = md.headings.filter((h) => h.depth === 2);
    const toc = sections.length > 2
      ? html`<nav class="toc" aria-label="On this page"><h2>On this page</h2><ul>${sections.map((h) => html`<li><a href="#${h.id}">${h.text}</a></li>`)}</ul></nav>`
      : '';
    const body = html`<article class="guide">${toc}${content}</article>`;
    write(g.href, page({ title: g.title, root: '../', current: g.href, nav, body, scripts: live ? [live.script] : [] }));
  }

  const md = createMarkdown();
  const overview = html`<h1>agentic-elements</h1>
<p class="lede">${pkg.description}</p>
<p class="start">New here? <a href="guides/getting-started.html">Getting started</a>: copy one block into a page and see an element work.</p>
<p>Every page here is generated from the repository: each element's page from <code>custom-elements.json</code> (the JSDoc of its class), the guides from <code>docs/</code>. The <a href="playground.html">playground</a> streams any of the four formats into its element as you watch.</p>
<section aria-labelledby="elements"><h2 id="elements">Elements</h2>
<ul class="cards">${nav.elements.map((e) => html`<li><a href="${e.href}"><code>&lt;${e.tag}&gt;</code></a><p>${raw(md.inline(summaryOf(e.declaration), e.tag))}</p></li>`)}</ul>
${nav.parts.length ? html`<h3>Shared parts</h3><ul class="cards">${nav.parts.map((e) => html`<li><a href="${e.href}"><code>&lt;${e.tag}&gt;</code></a><p>${raw(md.inline(summaryOf(e.declaration), e.tag))}</p></li>`)}</ul>` : ''}
</section>
<section aria-labelledby="guides"><h2 id="guides">Guides</h2>
<ul class="cards">${guides.map((g) => html`<li><a href="${g.href}">${g.title}</a><p>${raw(md.inline(firstParagraph(g.text), g.name).replace(/href="#/g, `href="${g.href}#`))}</p></li>`)}</ul>
</section>
<section aria-labelledby="typed"><h2 id="typed">Typed templates</h2>
<p>Types for React 19 JSX, Vue templates and Svelte markup are generated from the same manifest: add <code>import type {} from 'agentic-elements/react'</code> (or <code>/vue</code>, <code>/svelte</code>) once in the app, and each element's properties and events are checked in templates. What each checker catches, and how to turn it on: <a href="guides/react.html">React</a>, <a href="guides/vue.html">Vue</a> (misspelt names only with <code>strictTemplates</code>), <a href="guides/svelte.html">Svelte</a>, <a href="guides/angular.html">Angular</a> (nothing on custom elements: what to do instead), and <a href="guides/html.html">plain HTML</a>.</p>
</section>`;
  write('index.html', page({ title: 'Overview', root: '', current: 'index.html', nav, body: overview, description: pkg.description }));

  const playground = playgroundBody({ elements: new Set(elements.map((e) => e.tag)) });
  write('playground.html', page({ title: 'Playground', root: '', current: 'playground.html', nav, body: playground, scripts: ['assets/playground.js'] }));

  // The site's own script and styles: TypeScript in site/, bundled; the samples ride inside as text.
  const common = { bundle: true, minify: true, target: 'es2022', logLevel: 'silent', legalComments: 'none' };
  await esbuild({ ...common, entryPoints: [join(root, 'site', 'theme.ts')], outfile: join(out, 'assets', 'theme.js'), format: 'iife' });
  await esbuild({ ...common, entryPoints: [join(root, 'site', 'playground', 'main.ts')], outfile: join(out, 'assets', 'playground.js'), format: 'esm', loader: { '.txt': 'text' } });
  await esbuild({ ...common, entryPoints: [join(root, 'site', 'themeLab.ts')], outfile: join(out, 'assets', 'theme-lab.js'), format: 'esm' });
  cpSync(join(root, 'site', 'site.css'), join(out, 'assets', 'site.css'));
  // The guides' own pictures (screenshots), beside the guide pages that show them.
  if (existsSync(join(root, 'docs', 'images'))) cpSync(join(root, 'docs', 'images'), join(out, 'guides', 'images'), { recursive: true });
  cpSync(join(root, 'cdn'), join(out, 'cdn'), { recursive: true });
  if (!quiet) console.log(`docs: ${written.length} pages in ${out}`);
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? join(process.cwd(), args[at + 1]) : DEFAULT_OUT;
  mkdirSync(dirname(out), { recursive: true });
  buildDocs({ out }).catch((error) => {
    console.error(`docs: ${error.message}`);
    process.exit(1);
  });
}
