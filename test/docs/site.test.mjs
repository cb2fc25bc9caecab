// The docs site as a person meets it: `npm run docs` writes a page per element of the manifest, per guide in
// docs/, an overview and the playground; the demo server serves them at /docs/ under its strict CSP; the
// playground plays a pasted stream of each format into its element and lists the bad line's issue; and axe
// finds nothing on any page, in light and in dark.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { DEFAULT_OUT } from '../../scripts/docs/build.mjs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { elementsOf, isPublic } from '../../scripts/manifest/check.mjs';
import { startServer } from '../../demo/server/app.mjs';
import { CHROME } from '../e2e/helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const sample = (name) => readFileSync(join(root, 'site', 'playground', 'samples', name), 'utf8');
let pages;
let server;
let browser;

/** The pages a build wrote into `dir`: each element's, each guide's, the overview and the playground. */
function pagesIn(dir) {
  const inside = (sub) => readdirSync(join(dir, sub)).filter((f) => f.endsWith('.html')).map((f) => `${sub}/${f}`);
  return [...inside('elements'), ...inside('guides'), ...readdirSync(dir).filter((f) => f.endsWith('.html'))];
}

before(async () => {
  // Through wireit, as `npm run docs`: another run at the same time (the README's block) waits for this one
  // instead of writing the same folder at once, and finds it fresh.
  await ensureBuild({ quiet: true, scripts: ['docs'] });
  pages = pagesIn(DEFAULT_OUT);
  server = await startServer({ port: 0, fast: true });
  browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page of the site in `theme`, recording CSP violations and console errors. */
async function open(path, theme = 'light') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
  await context.addInitScript((t) => {
    localStorage.setItem('agentic-elements-docs-theme', t);
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  }, theme);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${server.url}/docs/${path}`);
  assert.equal(response.status(), 200, path);
  assert.match(response.headers()['content-security-policy'], /script-src 'self'; style-src 'self'/);
  return { page, context, errors, violations: () => page.evaluate(() => window.__violations) };
}

describe('npm run docs', () => {
  it('writes a page per element of the manifest, per guide, the overview and the playground', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    const tags = elementsOf(manifest).map(({ declaration }) => declaration.tagName);
    assert.ok(tags.includes('morph-screen') && tags.includes('omni-screen'), tags.join(', '));
    const guides = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    assert.deepEqual(
      [...pages].sort(),
      [...tags.map((t) => `elements/${t}.html`), ...guides.map((g) => `guides/${g.replace(/\.md$/, '.html')}`), 'index.html', 'playground.html'].sort(),
    );
  });

  it('the overview says in a sentence what each element and shared part is', () => {
    const index = readFileSync(join(DEFAULT_OUT, 'index.html'), 'utf8');
    const cards = [...index.matchAll(/<li><a href="elements\/([\w-]+)\.html"><code>[^<]*<\/code><\/a><p>(.*?)<\/p><\/li>/g)];
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    assert.deepEqual(cards.map((c) => c[1]).sort(), elementsOf(manifest).map(({ declaration }) => declaration.tagName).sort());
    for (const [, tag, summary] of cards) assert.ok(summary.replace(/<[^>]+>/g, '').trim().length > 10, `<${tag}> has a summary on the overview: "${summary}"`);
  });

  it('spec references in an element’s words ("[10.1]–[10.11]") link to the guide’s section for them', () => {
    const page = readFileSync(join(DEFAULT_OUT, 'elements', 'omni-screen.html'), 'utf8');
    assert.match(page, /<a href="\.\.\/guides\/omni-ir\.html#the-generate-endpoint-server-sent-events">\[10\.1\]–\[10\.11\]<\/a>/);
    const guide = readFileSync(join(DEFAULT_OUT, 'guides', 'omni-ir.html'), 'utf8');
    const anchors = new Set([...guide.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    let links = 0;
    for (const file of readdirSync(join(DEFAULT_OUT, 'elements'))) {
      const text = readFileSync(join(DEFAULT_OUT, 'elements', file), 'utf8');
      for (const m of text.matchAll(/href="\.\.\/guides\/omni-ir\.html#([^"]+)"/g)) {
        links++;
        assert.ok(anchors.has(m[1]), `${file}: #${m[1]} is a section of the Omni-IR guide`);
      }
      // No reference left unlinked outside code.
      const words = text.replace(/<code>.*?<\/code>/gs, '').replace(/<a [^>]*>.*?<\/a>/gs, '');
      if (file === 'omni-screen.html') assert.doesNotMatch(words, /\[\d+(\.\d+)?\]/, `${file}: a spec reference without a link`);
    }
    assert.ok(links > 10, `${links} links`);
  });

  it('an element’s page lists every public property, attribute, event, part and CSS property with its words', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    for (const { declaration: el } of elementsOf(manifest)) {
      const text = readFileSync(join(DEFAULT_OUT, 'elements', `${el.tagName}.html`), 'utf8');
      const names = [
        ...(el.members ?? []).filter(isPublic).map((m) => m.name),
        ...(el.attributes ?? []).map((a) => a.name),
        ...(el.events ?? []).map((e) => e.name),
        ...(el.cssParts ?? []).map((p) => p.name),
        ...(el.cssProperties ?? []).map((p) => p.name),
      ];
      for (const name of names) assert.ok(text.includes(`<code>${name}`), `<${el.tagName}>'s page names ${name}`);
    }
  });

  it('no page carries script or style of its own: only the site’s script files, no inline handler or style', () => {
    for (const path of pages) {
      const text = readFileSync(join(DEFAULT_OUT, path), 'utf8');
      const scripts = [...text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1].trim());
      for (const attrs of scripts) assert.match(attrs, /^(type="module" )?src="(\.\.\/)?assets\/(theme|playground|theme-lab)\.js"$/, `${path}: <script ${attrs}>`);
      // In a tag, not in text: a guide may well show `javascript:` or `onclick=` as code, escaped.
      assert.doesNotMatch(text, /<style\b|<[^>]*\s(style|on[a-z]+)=|<[^>]*href="\s*javascript:/i, path);
    }
  });
});

/** The guides a newcomer reads first: how to start, one per framework, then theming and words. */
const FIRST_GUIDES = ['getting-started', 'html', 'react', 'vue', 'svelte', 'angular', 'theming', 'words'];

describe('the guides a newcomer reads', () => {
  it('Getting started, a page per framework, Theming and Words: each opens with a runnable example before its reference', () => {
    for (const name of FIRST_GUIDES) {
      const path = `guides/${name}.html`;
      assert.ok(pages.includes(path), `${path} is on the site`);
      const article = readFileSync(join(DEFAULT_OUT, path), 'utf8').split('<article class="guide">')[1] ?? '';
      const example = article.indexOf('<pre');
      const firstSection = article.search(/<h2 id="(?!on-this-page)/);
      assert.ok(example >= 0 && (firstSection < 0 || example < firstSection), `${path}: an example comes before the first section`);
    }
  });

  it('the overview leads to Getting started and each framework’s page', () => {
    const index = readFileSync(join(DEFAULT_OUT, 'index.html'), 'utf8');
    for (const name of ['getting-started', 'html', 'react', 'vue', 'svelte', 'angular']) assert.match(index, new RegExp(`href="guides/${name}\\.html"`), name);
  });

  it('the Theming page checks the colours a person types, live, under the CSP', { timeout: 120_000 }, async () => {
    const { page, context, errors, violations } = await open('guides/theming.html', 'dark');
    const buttons = page.locator('#theme-lab tbody tr', { has: page.locator('td:nth-child(1)', { hasText: /^--ae-on-accent$/ }) }).filter({ has: page.locator('td:nth-child(2)', { hasText: /^--ae-accent$/ }) });
    await page.locator('#theme-lab').getByText('Dark', { exact: true }).click();
    await page.getByLabel('--ae-accent', { exact: true }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('#7c3aed');
    assert.equal(await buttons.locator('td:nth-child(4)').innerText(), '3.21:1');
    assert.equal(await buttons.locator('td:nth-child(5)').innerText(), 'Too faint');
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('no link on any page is broken: every page and anchor it points to on the site is there', () => {
    const ids = new Map();
    const idsOf = (path) => {
      if (!ids.has(path)) ids.set(path, new Set([...readFileSync(join(DEFAULT_OUT, path), 'utf8').matchAll(/ id="([^"]+)"/g)].map((m) => m[1])));
      return ids.get(path);
    };
    const broken = [];
    for (const path of pages) {
      const text = readFileSync(join(DEFAULT_OUT, path), 'utf8');
      for (const [, href] of text.matchAll(/<a [^>]*href="([^"]*)"/g)) {
        if (/^(https?:|mailto:)/.test(href)) continue;
        const [file, anchor] = href.split('#');
        const target = file ? posix.normalize(posix.join(posix.dirname(path), file)) : path;
        if (!existsSync(join(DEFAULT_OUT, target))) broken.push(`${path}: ${href} (no ${target})`);
        else if (anchor && target.endsWith('.html') && !idsOf(target).has(anchor)) broken.push(`${path}: ${href} (no #${anchor} in ${target})`);
      }
    }
    assert.deepEqual(broken, []);
  });
});

describe('the demo server serves the site at /docs/', { timeout: 120_000 }, () => {
  it('/docs goes to /docs/, and each page works under the CSP, with the cdn build beside it', async () => {
    const moved = await fetch(`${server.url}/docs`, { redirect: 'manual' });
    assert.equal(moved.status, 308);
    assert.equal(moved.headers.get('location'), '/docs/');
    assert.equal((await fetch(`${server.url}/docs/cdn/agentic-elements.js`)).status, 200);
    const { page, context, errors, violations } = await open('index.html');
    await page.getByRole('link', { name: '<omni-screen>' }).first().click();
    await page.getByRole('heading', { level: 1, name: '<omni-screen>' }).waitFor();
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/**
 * Each format: the sample, pasted (its bad line is known), played fast; what the element drew or did, and the
 * issue on the bad line. `seen` waits for the rendered result.
 */
const FORMATS = [
  {
    id: 'omni-ir',
    text: sample('omni-ir.txt'),
    issues: [[11, 'unknown_component'], [8, 'dangling_ref']],
    seen: async (page) => page.locator('omni-screen').getByRole('button', { name: 'Pay now' }).waitFor(),
  },
  {
    id: 'op-stream',
    text: sample('op-stream.txt'),
    issues: [[19, 'bad_type']],
    seen: async (page) => {
      await page.locator('morph-screen').getByRole('heading', { name: 'Revenue, quarter by quarter' }).waitFor();
      await page.locator('morph-screen').getByRole('cell', { name: '$33,300' }).waitFor();
    },
  },
  {
    id: 'axstream',
    text: sample('axstream.txt'),
    issues: [[7, 'unknown_action']],
    seen: async (page) => {
      // The risky Subscribe waits for the person.
      // Its buttons take a click only once they are active (a moment after the dialog appears).
      await page.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Subscribed Ada Lovelace <ada@example.com>, weekly digest.').waitFor();
    },
  },
  {
    id: 'oui',
    text: sample('oui.txt'),
    issues: [[3, 'INVALID_PARAMS'], [4, 'not_json']],
    seen: async (page) => {
      await page.getByRole('list', { name: 'To-dos' }).getByText('Call the bank').waitFor();
      await page.getByText('r2 (add_todo): done').waitFor();
    },
  },
];

describe('the playground renders each format, with its issues by line', { timeout: 240_000 }, () => {
  for (const format of FORMATS) {
    it(`${format.id}: pasted, played, drawn, and the bad line listed`, async () => {
      const { page, context, errors, violations } = await open('playground.html');
      await page.locator('body[data-playground="ready"]').waitFor();
      await page.getByLabel('Format').selectOption(format.id);
      await page.getByLabel('The text a model would write').fill(format.text);
      await page.getByLabel('Speed').fill('5000');
      await page.getByRole('button', { name: 'Play' }).click();
      await format.seen(page);
      await page.getByText(/characters, the stream has ended/).waitFor();
      for (const [line, code] of format.issues) {
        await page.locator('#pg-issues li', { hasText: code }).getByRole('button', { name: `Line ${line}` }).waitFor();
      }
      assert.equal(await page.locator('#pg-issues li').count(), format.issues.length, await page.locator('#pg-issues').innerText());
      // Listed by line, whatever order they were found in (Omni-IR reports line 8's dangling_ref only at the end).
      const lines = await page.locator('#pg-issues li .line-link').evaluateAll((els) => els.map((e) => (e.dataset.line ? Number(e.dataset.line) : Infinity)));
      assert.deepEqual(lines, [...lines].sort((a, b) => a - b), `issues in line order: ${lines.join(', ')}`);
      // The issue's line button selects that line in the text, from the keyboard too.
      const [line] = format.issues[0];
      await page.getByRole('button', { name: `Line ${line}` }).focus();
      await page.keyboard.press('Enter');
      const selected = await page.evaluate(() => {
        const input = document.getElementById('pg-input');
        return { focused: document.activeElement === input, text: input.value.slice(input.selectionStart, input.selectionEnd) };
      });
      assert.equal(selected.focused, true);
      assert.equal(selected.text, format.text.split('\n')[line - 1]);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('plays at the chosen speed: slowly, the screen is drawn in part, and Pause holds it', async () => {
    const { page, context } = await open('playground.html');
    await page.locator('body[data-playground="ready"]').waitFor();
    await page.getByLabel('Speed').fill('100');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('omni-screen').getByRole('heading', { name: 'Confirm payment' }).waitFor();
    await page.getByRole('button', { name: 'Pause' }).click();
    const held = await page.locator('#pg-progress').innerText();
    const [position, total] = held.match(/\d+/g).map(Number);
    assert.ok(position > 0 && position < total, held);
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#pg-progress').innerText(), held);
    assert.equal(await page.locator('omni-screen').getByRole('button', { name: 'Pay now' }).count(), 0, 'not drawn before its line');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByLabel('Speed').fill('5000');
    await page.locator('omni-screen').getByRole('button', { name: 'Pay now' }).waitFor();
    await context.close();
  });
});

describe('element pages fit a 1280 px window', { timeout: 240_000 }, () => {
  it('no table of any element’s page is wider than its column, and the page doesn’t scroll sideways', async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    for (const { declaration } of elementsOf(manifest)) {
      const { page, context } = await open(`elements/${declaration.tagName}.html`);
      const found = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tables: [...document.querySelectorAll('.table-scroll')]
          .filter((t) => t.scrollWidth > t.clientWidth + 1)
          .map((t) => `${t.getAttribute('aria-labelledby')}: ${t.scrollWidth} px in ${t.clientWidth}`),
      }));
      assert.equal(found.page, 0, `<${declaration.tagName}>: the page scrolls sideways`);
      assert.deepEqual(found.tables, [], `<${declaration.tagName}>: tables wider than the page's column`);
      await context.close();
    }
  });
});

// A guard against a hang, not a time to meet: on two busy cores one theme's pages took seven minutes.
describe('axe finds no violation on the site’s pages', { timeout: 1_200_000 }, () => {
  for (const theme of ['light', 'dark']) {
    it(`${theme}: every page, the playground after a stream`, async () => {
      const found = [];
      for (const path of pages) {
        const { page, context } = await open(path, theme);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        if (path === 'playground.html') {
          await page.locator('body[data-playground="ready"]').waitFor();
          await page.getByLabel('Speed').fill('5000');
          await page.getByRole('button', { name: 'Play' }).click();
          await page.getByText(/characters, the stream has ended/).waitFor();
        }
        // Through DevTools, not a <script>: the CSP allows no inline script.
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, { resultTypes: ['violations'] });
          return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' >> ')}`));
        });
        found.push(...violations.map((v) => `${path}: ${v}`));
        await context.close();
      }
      assert.deepEqual(found, []);
    });
  }
});
