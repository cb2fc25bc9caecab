// The frame of every page of the docs site: header with the theme switch, the side navigation (every element and
// guide, the current one marked), the main content, and no inline script or style (the site runs under the demo's
// Content-Security-Policy: script-src 'self'; style-src 'self').
import { html } from './html.mjs';

/**
 * A page. `root` is the way back to the site's top folder from the page (`''` or `'../'`); `current` is the page's
 * own path from there, so its link gets aria-current. `nav` lists the elements and guides.
 */
export function page({ title, root, current, nav, body, scripts = [], description = '' }) {
  const link = (href, text) => html`<li><a href="${root}${href}"${href === current ? html` aria-current="page"` : ''}>${text}</a></li>`;
  return `<!doctype html>\n${html`<html lang="en" data-theme="system">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title} · agentic-elements</title>
${description ? html`<meta name="description" content="${description}" />\n` : ''}<link rel="stylesheet" href="${root}assets/site.css" />
<script src="${root}assets/theme.js"></script>
${scripts.map((src) => html`<script type="module" src="${root}${src}"></script>\n`)}</head>
<body>
<a class="skip-link" href="#main">Skip to the content</a>
<header class="site-header">
  <a class="brand" href="${root}index.html">agentic-elements</a>
  <nav aria-label="Sections" class="top-nav">
    <ul>
      ${link('index.html', 'Overview')}
      ${link('playground.html', 'Playground')}
    </ul>
  </nav>
  <fieldset class="theme-switch">
    <legend>Theme</legend>
    <label><input type="radio" name="theme" value="light" /> Light</label>
    <label><input type="radio" name="theme" value="dark" /> Dark</label>
    <label><input type="radio" name="theme" value="system" checked /> System</label>
  </fieldset>
</header>
<div class="layout">
  <nav class="side-nav" aria-label="Pages">
    <h2>Elements</h2>
    <ul>${nav.elements.map((e) => link(e.href, `<${e.tag}>`))}</ul>
    ${nav.parts.length ? html`<h2>Shared parts</h2>\n    <ul>${nav.parts.map((e) => link(e.href, `<${e.tag}>`))}</ul>` : ''}
    <h2>Guides</h2>
    <ul>${nav.guides.map((g) => link(g.href, g.title))}</ul>
  </nav>
  <main id="main" tabindex="-1">
${body}
  </main>
</div>
<footer class="site-footer">
  <p>Generated from the repository: the element pages from <code>custom-elements.json</code>, the guides from <code>docs/</code>. agentic-elements ${nav.version}.</p>
</footer>
</body>
</html>
`}`;
}
