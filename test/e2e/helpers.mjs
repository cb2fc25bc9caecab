// End-to-end helpers: the demo server in this process (startServer, fast), Chromium through Playwright, and a
// page that records what the tests check: every generate() outcome, Content-Security-Policy violations and
// console errors. The demo page loads cdn/agentic-elements.js, so the build is brought up to date first.
import { chromium } from 'playwright';
import { existsSync } from 'node:fs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { startServer } from '../../demo/server/app.mjs';

export const CHROME = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** The demo's chips, by the screen each asks for. */
export const CHIPS = {
  payment: 'Payment',
  signin: 'Sign in',
  order: 'Order tracking',
  dashboard: 'Sales dashboard',
  settings: 'Settings form',
};

/** Builds if needed, starts the server (options go to startServer) and a browser. */
export async function setUp(options = {}) {
  await ensureBuild({ quiet: true });
  const server = await startServer({ port: 0, fast: true, ...options });
  const browser = await chromium.launch({
    ...(CHROME ? { executablePath: CHROME } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A fresh page (its own cookies: its own person) that records `omni-generate-end` outcomes, CSP violations and
 * console errors. `viewport` defaults to a laptop's.
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, colorScheme = 'light', route } = {}) {
  const context = await browser.newContext({ viewport, colorScheme });
  await context.addInitScript(() => {
    window.__generated = [];
    window.__violations = [];
    document.addEventListener('omni-generate-end', (e) => window.__generated.push({ prompt: e.prompt, outcome: e.outcome }));
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  if (route) await route(page);
  await page.goto(url);
  await page.locator('omni-screen').waitFor({ state: 'attached' });
  await page.waitForFunction(() => customElements.get('omni-screen') !== undefined);
  return {
    page,
    context,
    errors,
    screen: page.locator('omni-screen'),
    violations: () => page.evaluate(() => window.__violations),
    generated: () => page.evaluate(() => window.__generated),
  };
}

/** Clicks a chip (or submits `prompt`) and waits until that generate() has ended; returns its outcome. */
export async function generate(page, { chip, prompt }) {
  const before = await page.evaluate(() => window.__generated.length);
  if (chip) await page.getByRole('button', { name: new RegExp(`^${chip}\\b`) }).click();
  else {
    await page.getByLabel('Or ask in your own words').fill(prompt);
    await page.getByRole('button', { name: 'Generate' }).click();
  }
  await page.waitForFunction((n) => window.__generated.length > n, before, { timeout: 20_000 });
  return page.evaluate(() => window.__generated.at(-1).outcome);
}

/** What the screen's polite announcer says now. */
export function announced(page) {
  return page.evaluate(() => document.getElementById('screen').shadowRoot.querySelector('[part="announcer"]').textContent);
}

/** The log panel's entries, newest first, as text. */
export function logEntries(page) {
  return page.locator('#log .entry').allTextContents();
}
