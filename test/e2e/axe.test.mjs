// The demo page itself passes axe, in light and dark: before any screen and after each recorded screen has
// streamed (each dashboard tab, the payment confirmation open, the sign-in form's field message shown), the whole
// page, the screen's shadow DOM included, with axe's default rules (none turned off). And its event log, a
// scrolling region, is reachable and scrollable from the keyboard.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CHIPS, generate, openPage, setUp } from './helpers.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let env;

before(async () => {
  env = await setUp({ orderStepMs: 60_000, dashboardTickMs: 60_000 });
});
after(() => env?.close());

/** A page in `theme`: the demo's own switch (remembered in localStorage) and the system's scheme agree. */
async function themedPage(theme, viewport) {
  const opened = await openPage(env.browser, env.server.url + '/', {
    colorScheme: theme,
    ...(viewport ? { viewport } : {}),
    route: async (page) => {
      await page.addInitScript((t) => localStorage.setItem('agentic-elements-demo-theme', t), theme);
    },
  });
  // Through DevTools, not a <script>: the page's Content-Security-Policy allows no inline script.
  await opened.page.evaluate(axeSource);
  return opened;
}

/** axe's violations on the whole page, as `rule: target (summary)` lines. */
async function violations(page) {
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' >> ')} (${n.failureSummary.replace(/\s+/g, ' ').trim()})`),
    );
  });
}

async function expectClean(page, where) {
  assert.deepEqual(await violations(page), [], where);
}

describe('the demo page passes axe', { timeout: 240_000 }, () => {
  for (const theme of ['light', 'dark']) {
    it(`${theme}: before any screen, and after each recorded screen is streamed`, async () => {
      const { page, screen, errors, context } = await themedPage(theme);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      assert.equal(await screen.getAttribute('theme'), theme);
      await expectClean(page, `${theme}: start`);
      for (const [name, chip] of Object.entries(CHIPS)) {
        const outcome = await generate(page, { chip });
        assert.equal(outcome.status, 'done', `${name}: ${JSON.stringify(outcome)}`);
        if (name === 'dashboard') {
          await page.waitForFunction(() => customElements.get('ae-chart') !== undefined);
          for (const tab of ['Trend', 'Regions and channels', 'Top products']) {
            await screen.getByRole('tab', { name: tab }).click();
            await page.waitForTimeout(300); // its charts draw
            await expectClean(page, `${theme}: ${name}, tab ${tab}`);
          }
          continue;
        }
        await expectClean(page, `${theme}: ${name}`);
        if (name === 'payment') {
          await screen.getByRole('button', { name: 'Pay now' }).click();
          const dialog = page.getByRole('alertdialog');
          await dialog.waitFor();
          await expectClean(page, `${theme}: ${name}, confirmation open`);
          // Its buttons take a click only once they are active (a moment after the dialog appears).
          await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
          await dialog.getByRole('button', { name: 'Cancel' }).click();
        }
        if (name === 'signin') {
          await screen.getByRole('button', { name: 'Email me a link' }).click();
          await screen.getByText('Fill in this field.').waitFor();
          await expectClean(page, `${theme}: ${name}, field message shown`);
        }
      }
      const free = await generate(page, { prompt: 'What can you show me?' });
      assert.equal(free.status, 'done');
      await expectClean(page, `${theme}: menu`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('the event log is a named region a keyboard reaches, right after Clear, and scrolls with the arrow keys', async () => {
    const { page, context } = await themedPage('light', { width: 1280, height: 700 });
    for (const chip of [CHIPS.dashboard, CHIPS.order, CHIPS.settings]) await generate(page, { chip });
    const region = page.getByRole('region', { name: 'Events, newest first' });
    assert.equal(await region.count(), 1);
    assert.ok(await region.evaluate((el) => el.scrollHeight > el.clientHeight), 'the log overflows and scrolls');
    await page.getByRole('button', { name: 'Clear' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'log-scroll');
    assert.equal(await region.evaluate((el) => getComputedStyle(el).outlineStyle), 'solid', 'a visible focus ring');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.getElementById('log-scroll').scrollTop > 0);
    await context.close();
  });
});
