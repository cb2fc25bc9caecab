// One browser test for every example in demo/frameworks/: each shows the same app, so each is checked the same
// way. A framework's test file calls `testExample(name, start)`; `start()` serves the built example and resolves
// with the page's URL and a close(). The runner (scripts/test-frameworks.mjs) installs and builds first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { serve } from '../../demo/frameworks/shared/serve.mjs';

export const FRAMEWORKS = fileURLToPath(new URL('../../demo/frameworks/', import.meta.url));
const CHROME = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
// The machine may be busy building other examples: generous waits, never a sleep.
const WAIT = { timeout: 30_000 };

/** A `start` for an example whose build is static files: serves `dir` (under demo/frameworks/) and opens `path`. */
export const staticSite = (dir, path = '/') => async () => {
  const site = await serve(`${FRAMEWORKS}${dir}`);
  return { url: site.url + path, close: site.close };
};

/**
 * The checks every example must pass. `extra(context)` adds the framework's own tests (the SSR example's), with
 * `{page, url, errors}` once the page is open.
 */
export function testExample(name, start, extra) {
  let browser, site, page;
  const errors = [];
  const context = { name };

  before(async () => {
    site = await start();
    browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    // Failed requests are told by URL (the console's own line doesn't say which); a missing favicon is no error.
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${r.status()} ${r.url()}`));
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.goto(site.url);
    Object.assign(context, { page, url: site.url, errors });
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test(`${name}: the elements are defined and upgraded`, async () => {
    for (const tag of ['omni-screen', 'oui-surface', 'ax-runner', 'morph-screen']) {
      await page.waitForFunction((t) => customElements.get(t) !== undefined && document.querySelector(t) instanceof customElements.get(t), tag, WAIT);
    }
  });

  test(`${name}: <omni-screen> streams, takes a note, and runs the handler after the person confirms`, async () => {
    const pay = page.getByRole('button', { name: 'Pay now' });
    await pay.waitFor(WAIT);
    await page.getByLabel('Note for the merchant').fill('table 4');
    await pay.click();
    const dialog = page.getByRole('alertdialog');
    // The sentence comes from the `confirm` function: it ran, so it arrived as a function.
    await dialog.getByText('Pay 42.5 USD to Blue Bottle Café now?').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The handler's result, shown by the framework from the omni-action event.
    await page.getByTestId('paid').getByText('Paid 42.5 USD, note “table 4”, receipt R-4250').waitFor(WAIT);
  });

  test(`${name}: objects and functions reach the elements as properties, never as attributes`, async () => {
    const seen = await page.evaluate(() => {
      const screen = document.querySelector('omni-screen');
      const surface = document.querySelector('oui-surface');
      const runner = document.querySelector('ax-runner');
      const answer = document.querySelector('morph-screen');
      // Any attribute that holds JSON, "[object Object]" or a function's source was a property gone wrong.
      const stringified = [...document.querySelectorAll('omni-screen, oui-surface, ax-runner, morph-screen')].flatMap((el) =>
        [...el.attributes].filter((a) => /^\s*[[{]|\[object |=>|function/.test(a.value)).map((a) => `${el.localName}[${a.name}]`),
      );
      return {
        tools: typeof screen.tools?.['payments.confirm'],
        confirm: typeof screen.confirm?.['payments.confirm'],
        handler: typeof screen.handler,
        screenAttrs: ['tools', 'confirm', 'handler'].map((n) => screen.getAttribute(n)),
        surface: surface.surface?.id,
        handlers: typeof surface.handlers?.set_tip,
        transport: typeof surface.transport?.onAction,
        surfaceAttrs: ['surface', 'handlers', 'transport'].map((n) => surface.getAttribute(n)),
        scope: runner.scope instanceof HTMLFormElement,
        respond: typeof answer.respond,
        respondAttr: answer.getAttribute('respond'),
        stringified,
      };
    });
    assert.deepEqual(seen, {
      tools: 'object',
      confirm: 'function',
      handler: 'function',
      screenAttrs: [null, null, null],
      surface: 'tip',
      handlers: 'function',
      transport: 'function',
      surfaceAttrs: [null, null, null],
      scope: true,
      respond: 'function',
      respondAttr: null,
      stringified: [],
    });
  });

  test(`${name}: the agent calls the <oui-surface> action, the app's handler runs and the framework hears the result`, async () => {
    await page.getByRole('button', { name: 'Ask the agent for a 15% tip' }).click();
    await page.getByTestId('tip').getByText('Tip: 15%').waitFor(WAIT);
    await page.getByTestId('agent').getByText("The agent's call succeeded: true").waitFor(WAIT);
  });

  test(`${name}: <ax-runner> fills the framework's form through the events a person's typing makes, and asks before saving it`, async () => {
    await page.getByRole('button', { name: 'Let the agent fill the form' }).click();
    // Save submits the form, which the runner asks about first, naming the button and where the form goes.
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Click button “Save” \(sends a form to https?:\/\/[^)]+\)/).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('saved').getByText('Delivery to Ada Lovelace').waitFor(WAIT);
    await page.getByTestId('runner').getByText('The runner ended: observe').waitFor(WAIT);
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Ada Lovelace');
  });

  test(`${name}: <morph-screen> streams a quiz; the score reaches the framework and respond() streams the next answer`, async () => {
    const answer = page.locator('morph-screen');
    await answer.getByRole('button', { name: /Blue Bottle Café/ }).click(WAIT);
    await answer.getByRole('button', { name: /42\.50 USD/ }).click(WAIT);
    await page.getByTestId('quiz').getByText('Quiz: 2 of 2').waitFor(WAIT);
    await answer.getByText('2 of 2 right. Thank you!').waitFor(WAIT);
  });

  if (extra) extra(context);

  test(`${name}: the page logged no error`, () => {
    assert.deepEqual(errors, []);
  });
}

/**
 * The JavaScript a built example's page loads before anything on it is used: the scripts its index.html names
 * (`<script src>`, `<link rel="modulepreload">`) and every file those import statically, read from the build.
 * What they import with `import()` (an element's code, fetched when its tag first appears) is left out. This is
 * what Vite's 500 kB chunk warning and the Angular CLI's "initial" budget weigh.
 */
export function firstLoadJS(dir) {
  const base = `${FRAMEWORKS}${dir}`;
  const html = readFileSync(join(base, 'index.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; never `import("./x.js")`.
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) visit(join(dirname(file), m[1]));
  };
  for (const src of named) if (!/^[a-z]+:/.test(src)) visit(join(base, src.replace(/^\//, '')));
  let minified = 0;
  let gzipped = 0;
  for (const file of seen) {
    const code = readFileSync(file);
    minified += code.length;
    gzipped += gzipSync(code, { level: 9 }).length;
  }
  return { files: [...seen].map((f) => relative(base, f)), minified, gzipped };
}

/**
 * Reports what the built example in `dir` loads first (see firstLoadJS) and fails above `budgetKB` minified:
 * `import 'agentic-elements'` costs a page the loader, not the four elements, which arrive as their tags appear.
 */
export function testFirstLoad(name, dir, budgetKB) {
  test(`${name}: the first load is at most ${budgetKB} kB of JavaScript (the elements load as their tags appear)`, (t) => {
    const { files, minified, gzipped } = firstLoadJS(dir);
    t.diagnostic(`${name} first load: ${(minified / 1024).toFixed(1)} kB minified, ${(gzipped / 1024).toFixed(1)} kB gzipped in ${files.length} files (${files.join(', ')})`);
    assert.ok(files.length > 0, `no script found in ${dir}/index.html`);
    assert.ok(minified <= budgetKB * 1024, `${(minified / 1024).toFixed(1)} kB minified, budget ${budgetKB} kB`);
  });
}
