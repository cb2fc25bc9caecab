// Screenshots of the demo page, for a person to look at: each recorded screen, in light and dark, at desktop and
// phone width, plus the page before any screen and a connection cut mid-stream. Writes PNGs to .tmp/screenshots/
// (or the folder given as the first argument). Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { ensureBuild } from './ensure-build.mjs';
import { startServer } from '../demo/server/app.mjs';

const out = process.argv[2] ?? '.tmp/screenshots';
await mkdir(out, { recursive: true });
await ensureBuild();

const screens = {
  payment: 'Confirm my payment to Blue Bottle Café',
  signin: 'Sign me in',
  order: 'Where is my order?',
  dashboard: 'Show the sales dashboard',
  settings: 'Open my settings',
  menu: 'What can you show me?',
};
const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

let cutNext = false;
const server = await startServer({ port: 0, fast: true, orderStepMs: 60_000, cutResponse: (path) => (path === '/api/generate' && cutNext ? ((cutNext = false), 1200) : undefined) });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function page(theme, size) {
  const context = await browser.newContext({ viewport: sizes[size], colorScheme: theme, deviceScaleFactor: 1 });
  await context.addInitScript((t) => localStorage.setItem('agentic-elements-demo-theme', t), theme);
  const p = await context.newPage();
  p.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return { p, context };
}

/**
 * The whole page; at phone width also in parts of one screen's height, each large enough to read. Like a printout:
 * the page is told it is about to print, so charts far down draw their pictures too (they wait to be scrolled near).
 */
async function shoot(p, name, size) {
  await p.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await p.waitForTimeout(100);
  await p.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  if (size !== 'phone') return;
  const height = await p.evaluate(() => document.documentElement.scrollHeight);
  const { width, height: step } = sizes.phone;
  for (let y = 0, k = 1; y < height; y += step, k++) {
    await p.screenshot({ path: join(out, `${name}-${k}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(step, height - y) } });
  }
}

const settled = (p) =>
  p.waitForFunction(() => {
    const s = document.getElementById('screen');
    return s && ['done', 'failed', 'stopped'].includes(s.progress.phase);
  });

try {
  for (const theme of ['light', 'dark']) {
    for (const size of Object.keys(sizes)) {
      const { p, context } = await page(theme, size);
      await p.goto(server.url + '/');
      await shoot(p, `start-${theme}-${size}`, size);
      for (const [name, prompt] of Object.entries(screens)) {
        await p.goto(`${server.url}/?prompt=${encodeURIComponent(prompt)}`);
        await settled(p);
        if (name === 'dashboard') await p.waitForFunction(() => customElements.get('ae-chart'));
        await p.waitForTimeout(400);
        await shoot(p, `${name}-${theme}-${size}`, size);
      }
      await context.close();
    }
  }
  // A connection cut mid-stream, and the payment confirmation dialog.
  const { p, context } = await page('light', 'desktop');
  cutNext = true;
  await p.goto(`${server.url}/?prompt=${encodeURIComponent(screens.payment)}`);
  await settled(p);
  await p.screenshot({ path: join(out, 'cut-light-desktop.png'), fullPage: true });
  await p.goto(`${server.url}/?prompt=${encodeURIComponent(screens.payment)}`);
  await settled(p);
  await p.locator('omni-screen').getByRole('button', { name: 'Pay now' }).click();
  await p.waitForTimeout(300);
  await p.screenshot({ path: join(out, 'confirm-light-desktop.png') });
  await context.close();
  // Mid-stream, at a model's pace: placeholders where lines haven't arrived, the status line with Cancel.
  const slow = await startServer({ port: 0, fast: false, log: () => {} });
  try {
    for (const size of Object.keys(sizes)) {
      const { p: sp, context: sc } = await page('light', size);
      await sp.goto(slow.url + '/');
      await sp.getByRole('button', { name: /^Sales dashboard/ }).click();
      await sp.waitForTimeout(1500);
      await shoot(sp, `streaming-light-${size}`, size);
      await sc.close();
    }
  } finally {
    await slow.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}`);
