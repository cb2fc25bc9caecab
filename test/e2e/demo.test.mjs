// The demo as a person uses it, in Chromium against the real server: generate a payment screen, fill the note,
// press Pay, confirm, see the result; watch an order's status change live; keep the open tab while the dashboard
// updates; and lose the connection mid-stream, see what arrived, the fallbacks and a Retry that works.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHandlers } from '../../demo/server/tools.mjs';
import { CHIPS, announced, generate, logEntries, openPage, setUp } from './helpers.mjs';

const demoHandlers = createHandlers({ orders: null });
const payments = [];
let cutNext = null;
let env;

before(async () => {
  env = await setUp({
    orderStepMs: 1500,
    dashboardTickMs: 200,
    handlers: {
      // The demo's own handler, with a record of what reached the server.
      'payments.confirm': async (call) => {
        payments.push({ params: call.params, button: call.button });
        return demoHandlers['payments.confirm'](call);
      },
    },
    cutResponse: (path) => {
      if (path !== '/api/generate' || cutNext === null) return undefined;
      const bytes = cutNext;
      cutNext = null;
      return bytes;
    },
  });
});
after(() => env?.close());

describe('the demo in a browser', { timeout: 120_000 }, () => {
  it('generates a payment screen; the note, Pay and the confirmation send one action, and its result shows', async () => {
    const { page, screen, errors, context } = await openPage(env.browser, env.server.url + '/');
    const mutations = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/mutate')) mutations.push({ headers: r.headers(), body: JSON.parse(r.postData() ?? 'null') });
    });
    const outcome = await generate(page, { chip: CHIPS.payment });
    assert.equal(outcome.status, 'done');
    assert.equal(await screen.getByRole('heading', { name: 'Confirm payment' }).count(), 1);
    assert.equal(await screen.getByText('$42.50').count(), 1);
    // Ready, not busy, and said so to assistive technology.
    assert.equal(await screen.locator('[part="screen"]').getAttribute('aria-busy'), null);
    assert.equal(await screen.getByRole('status').filter({ hasText: 'Screen ready.' }).count(), 1);

    await screen.getByLabel('Note for merchant (optional)').fill('Table 4, no rush');
    await screen.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Pay \$42\.50 to Blue Bottle Café now\?/);
    assert.equal(payments.length, 0, 'nothing runs before the person confirms');
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const paid = screen.locator('[part~="notice"]', { hasText: 'Payment sent' });
    await paid.waitFor();
    assert.match(await paid.textContent(), /\$42\.50 paid to Blue Bottle Café\. Receipt pay_/);
    assert.equal(await screen.getByRole('button', { name: 'Pay now' }).count(), 0, 'the update replaced the button');
    assert.deepEqual(payments, [{ params: { amount: 42.5, note: 'Table 4, no rush' }, button: 'confirm' }]);
    assert.equal(mutations.length, 1);
    assert.match(mutations[0].headers['idempotency-key'], /^[A-Za-z0-9_\-:.]{1,200}$/);
    assert.deepEqual(mutations[0].body, { tool: 'payments.confirm', params: { amount: 42.5, note: 'Table 4, no rush' }, button: 'confirm' });
    await page.waitForFunction(() => document.getElementById('screen').shadowRoot.querySelector('[part="announcer"]').textContent !== '');
    assert.match(await announced(page), /^Payment sent\. \$42\.50 paid/);
    const log = (await logEntries(page)).join('\n');
    assert.match(log, /payments\.confirm ran from the button “confirm”/);
    assert.match(log, /Update from the action’s result applied/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('follows an order screen live: the status badge changes to Out for delivery, then a return can be requested', async () => {
    const { page, screen, errors, context } = await openPage(env.browser, env.server.url + '/');
    const outcome = await generate(page, { chip: CHIPS.order });
    assert.equal(outcome.status, 'done');
    assert.match(outcome.screen, /^scr_/, 'the server keeps this screen current');
    const badge = screen.locator('[part~="badge"]');
    assert.equal((await badge.first().textContent()).trim(), 'Shipped');
    await screen.locator('[part~="badge"]', { hasText: 'Out for delivery' }).waitFor({ timeout: 10_000 });
    assert.equal(await screen.getByText('Arriving today by 6 pm').count(), 1);
    await page.locator('#log .entry', { hasText: 'Live update #1 applied' }).waitFor();
    assert.match((await logEntries(page)).join('\n'), /Following the live feed\./);
    assert.equal(await page.locator('#live-state').textContent(), 'Live: updates as they happen');

    await screen.getByRole('button', { name: 'Request a return' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Request a return for order 1042\?/);
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await screen.locator('[part~="notice"]', { hasText: 'Return started' }).waitFor();
    // The delivery goes on to the end, and the feed says it won't change again.
    await screen.locator('[part~="badge"]', { hasText: 'Delivered' }).waitFor({ timeout: 10_000 });
    await page.locator('#log .entry', { hasText: 'The feed ended' }).waitFor({ timeout: 5_000 });
    assert.equal(await page.locator('#live-state').textContent(), 'Final: this screen won’t change again');
    assert.equal(await screen.locator('[part~="notice"]', { hasText: 'Return started' }).count(), 1, 'live updates kept the action’s result');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the open tab and the focus while the dashboard updates live', async () => {
    const { page, screen, errors, context } = await openPage(env.browser, env.server.url + '/');
    await generate(page, { chip: CHIPS.dashboard });
    const tab = screen.getByRole('tab', { name: 'Top products' });
    await tab.click();
    await tab.focus();
    const seen = await page.locator('#log .entry', { hasText: 'Live update' }).count();
    await page.waitForFunction(
      (n) => document.querySelectorAll('#log .entry').length > 0 && [...document.querySelectorAll('#log .entry')].filter((e) => e.textContent.includes('Live update')).length >= n + 2,
      seen,
      { timeout: 10_000 },
    );
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
    assert.equal(await screen.getByRole('tabpanel').filter({ hasText: 'Trail runner 2' }).count(), 1);
    const focused = await page.evaluate(() => document.getElementById('screen').shadowRoot.activeElement?.textContent.trim());
    assert.equal(focused, 'Top products');
    assert.match(await screen.locator('[part~="card"]', { hasText: 'This hour' }).textContent(), /orders so far/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('loses the connection mid-stream: what arrived stays, the rest becomes fallbacks, and Retry makes the whole screen', async () => {
    const { page, screen, errors, context } = await openPage(env.browser, env.server.url + '/');
    cutNext = 1200;
    const outcome = await generate(page, { chip: CHIPS.payment });
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.code, 'connection_lost');
    assert.equal(outcome.retryable, true);
    assert.equal(await screen.getByRole('heading', { name: 'Confirm payment' }).count(), 1, 'what arrived is still drawn');
    assert.ok((await screen.locator('.fallback').count()) > 0, 'what never arrived is a fallback');
    assert.equal(await screen.locator('.pending, ae-placeholder').count(), 0, 'nothing is left loading');
    assert.equal(await screen.getByRole('status').filter({ hasText: 'The connection was lost before the screen was complete.' }).count(), 1);
    const retry = screen.getByRole('button', { name: 'Try again' });
    assert.equal(await retry.count(), 1);

    const before = (await page.evaluate(() => window.__generated.length));
    await retry.click();
    await page.waitForFunction((n) => window.__generated.length > n, before);
    const again = await page.evaluate(() => window.__generated.at(-1));
    assert.equal(again.outcome.status, 'done');
    assert.equal(again.prompt, 'Confirm my payment to Blue Bottle Café');
    assert.equal(await screen.locator('.fallback').count(), 0);
    assert.equal(await screen.getByRole('button', { name: 'Try again' }).count(), 0);
    assert.equal(await screen.getByRole('button', { name: 'Pay now' }).getAttribute('aria-disabled'), null);
    const log = (await logEntries(page)).join('\n');
    assert.match(log, /Failed: connection_lost \(retryable\)/);
    // The page's own console stays clean; the browser's note about the broken response is not the page's.
    assert.deepEqual(errors.filter((e) => !/ERR_INCOMPLETE_CHUNKED_ENCODING|Failed to load resource/.test(e)), []);
    await context.close();
  });

  it('Cancel stops a screen that is still streaming', async () => {
    const slow = await setUp({ fast: false, pace: { min: 30, max: 40 } });
    try {
      const { page, screen, context } = await openPage(slow.browser, slow.server.url + '/');
      await page.getByRole('button', { name: /^Settings form\b/ }).click();
      const cancel = screen.locator('[part~="progress"]').getByRole('button', { name: 'Cancel' });
      await cancel.waitFor();
      assert.equal(await screen.locator('[part="screen"]').getAttribute('aria-busy'), 'true');
      assert.equal(await screen.getByRole('status').filter({ hasText: 'Generating the screen…' }).count(), 1);
      await cancel.click();
      await page.waitForFunction(() => window.__generated.length === 1);
      const { outcome } = await page.evaluate(() => window.__generated[0]);
      assert.equal(outcome.code, 'cancelled');
      assert.equal(await screen.getByRole('status').filter({ hasText: 'Stopped before the screen was complete.' }).count(), 1);
      assert.equal(await screen.locator('[part="screen"]').getAttribute('aria-busy'), null);
      await context.close();
    } finally {
      await slow.close();
    }
  });
});
