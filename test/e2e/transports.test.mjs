// The demo's transport switch in Chromium against the real server: the same screens over the platform's own
// WebSocket (the engine's generateOverWebSocket() with no createSocket) and as an AG-UI run (the engine's SSE and
// AG-UI readers), under the server's Content-Security-Policy; a WebSocket screen the server keeps current is
// followed live; and SSE through the element's own generate() still works after switching back.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHIPS, generate, logEntries, openPage, setUp } from './helpers.mjs';

let env;
before(async () => {
  env = await setUp({ orderStepMs: 300 });
});
after(() => env?.close());

/** Picks a transport, clicks a chip and waits for the page's log to say the screen is complete over it. */
async function generateOver(page, transport, chip) {
  await page.getByRole('group', { name: 'Stream over' }).getByRole('radio', { name: transport, exact: true }).check();
  await page.getByRole('button', { name: new RegExp(`^${chip}\\b`) }).click();
  const done = page.locator('#log .entry').filter({ hasText: `over ${transport} for` });
  await done.first().waitFor({ timeout: 20_000 });
  return (await done.first().textContent()) ?? '';
}

describe('the demo over WebSocket and AG-UI', { timeout: 120_000 }, () => {
  it('draws the same screens over each transport, with no console error and no policy violation', async () => {
    const { page, screen, errors, violations, context } = await openPage(env.browser, env.server.url + '/');
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));

    const overWs = await generateOver(page, 'WebSocket', CHIPS.payment);
    assert.match(overWs, /Screen complete over WebSocket for “Confirm my payment[^”]*” · model demo-scripted/);
    assert.match(overWs, /no rejected lines/);
    await screen.getByRole('heading', { name: 'Confirm payment' }).waitFor();
    assert.deepEqual(sockets, [env.server.url.replace(/^http/, 'ws') + '/api/ws']);

    const overAgUi = await generateOver(page, 'AG-UI', CHIPS.dashboard);
    assert.match(overAgUi, /no rejected lines · AG-UI carries no live feed/);
    await screen.getByRole('tab', { name: 'Regions and channels' }).waitFor();
    await assert.rejects(screen.getByRole('heading', { name: 'Confirm payment' }).waitFor({ timeout: 200 }));

    // Back to SSE: the element's own generate() and its event, as before.
    await page.getByRole('group', { name: 'Stream over' }).getByRole('radio', { name: 'SSE', exact: true }).check();
    const outcome = await generate(page, { chip: CHIPS.signin });
    assert.equal(outcome.status, 'done');
    await screen.getByRole('button', { name: 'Email me a link' }).waitFor();

    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('follows a screen streamed over WebSocket on its live feed until the feed ends', async () => {
    const { page, errors, context } = await openPage(env.browser, env.server.url + '/');
    await generateOver(page, 'WebSocket', CHIPS.order);
    await page.locator('#log .entry').filter({ hasText: 'The feed ended' }).first().waitFor({ timeout: 20_000 });
    const entries = await logEntries(page);
    assert.ok(entries.some((e) => e.includes('Following the live feed.')));
    assert.equal(entries.filter((e) => /Update applied/.test(e)).length, 3, entries.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
