// The axstream demo as a person uses it, in Chromium against the real server: the recorded model fills the booking
// form line by line, checks availability, waits for the room to appear, and asks before confirming; Cancel
// leaves the booking unmade, Confirm makes it. No CSP violation, no console error. And the model route: what it
// says with and without a model, and a reply streamed from a fake model.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setUp } from './helpers.mjs';

let env;
let withModel;
const fakeModel = Object.assign(
  async function* (messages) {
    yield `You said ${messages.length} things.\n`;
    yield '```jsonl\n{"op":"done","status":"success"}\n```\n';
  },
  { provider: 'fake', modelName: 'scripted-1' },
);

before(async () => {
  env = await setUp({ axModel: null });
});
after(() => env?.close());

async function openAx(url) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.axReady === 'true');
  return { page, context, errors };
}

describe('the axstream demo in a browser', { timeout: 120_000 }, () => {
  it('is linked from the main demo page', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(env.server.url + '/');
    const demos = page.getByRole('navigation', { name: 'Demos' });
    assert.equal(await demos.getByRole('link', { name: 'An agent at work' }).getAttribute('href'), '/ax.html');
    await context.close();
  });

  it('the recorded model fills the form, waits for the room, asks before confirming; Cancel leaves it unbooked', async () => {
    const { page, context, errors } = await openAx(env.server.url + '/ax.html?fast');
    assert.match(await page.locator('#model-note').textContent(), /recorded model reply/);
    await page.getByRole('button', { name: 'Run' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor({ timeout: 30_000 });
    assert.match(await dialog.textContent(), /The assistant wants to: Click button “Confirm booking”/);
    assert.equal(await page.locator('#guest').inputValue(), 'Ada Lovelace');
    assert.equal(await page.locator('#email').inputValue(), 'ada@example.com');
    assert.equal(await page.locator('#arrival').inputValue(), '2026-07-14');
    assert.equal(await page.locator('#nights').inputValue(), '3');
    assert.equal(await page.locator('#guests').inputValue(), '2');
    assert.equal(await page.locator('#breakfast').isChecked(), true);
    assert.match(await page.locator('#room-text').textContent(), /Room 12.*3 nights.*with breakfast/);
    // The outline shows what will be pressed while the person decides.
    assert.equal(await page.locator('ax-runner').evaluate((r) => r.shadowRoot.querySelector('[part="outline"]').matches(':popover-open')), true);
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const outcome = page.locator('ax-runner [part~="outcome"]').last();
    await outcome.waitFor();
    assert.match(await outcome.textContent(), /needed your approval was not done/);
    assert.equal(await page.locator('#booked').textContent(), '');
    // The model is told and tries again: a new look, the same question.
    await dialog.waitFor({ timeout: 30_000 });
    await page.locator('ax-runner').evaluate((r) => r.stop());
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('Confirm makes the booking and the run finishes; the steps read in plain words', async () => {
    const { page, context, errors } = await openAx(env.server.url + '/ax.html?fast');
    await page.getByRole('button', { name: 'Run' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor({ timeout: 30_000 });
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('ax-runner [part~="outcome"]', { hasText: 'Finished: the task is done.' }).waitFor({ timeout: 30_000 });
    assert.match(await page.locator('#booked').textContent(), /Booking confirmed for Ada Lovelace/);
    const steps = await page.locator('ax-runner [part~="step"]').allTextContents();
    assert.ok(steps.some((s) => /Type “Ada Lovelace” into textbox “Guest name”\s*Done/.test(s)), steps.join('\n'));
    assert.ok(steps.some((s) => /Click button “Confirm booking”\s*Done/.test(s)), steps.join('\n'));
    assert.equal(await page.locator('ax-runner').evaluate((r) => r.shadowRoot.querySelector('[part="outline"]').matches(':popover-open')), false);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the model route: no model says so; a model streams its reply as text; other origins are refused', async () => {
    const none = await fetch(env.server.url + '/api/ax/model').then((r) => r.json());
    assert.deepEqual(none, { model: null });
    const { startServer } = await import('../../demo/server/app.mjs');
    withModel = await startServer({ port: 0, fast: true, axModel: fakeModel });
    try {
      assert.deepEqual(await fetch(withModel.url + '/api/ax/model').then((r) => r.json()), { model: 'fake scripted-1' });
      const body = JSON.stringify({ messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }] });
      const ok = await fetch(withModel.url + '/api/ax/chat', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: withModel.url }, body });
      assert.equal(ok.status, 200);
      assert.equal(await ok.text(), 'You said 2 things.\n```jsonl\n{"op":"done","status":"success"}\n```\n');
      const foreign = await fetch(withModel.url + '/api/ax/chat', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body });
      assert.equal(foreign.status, 403);
      const bad = await fetch(withModel.url + '/api/ax/chat', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: withModel.url }, body: '{"messages":[]}' });
      assert.equal(bad.status, 400);
      // The model adapters and OUI's server are code, never pages.
      for (const path of ['/providers/chat.mjs', '/oui/mcpServer.mjs']) assert.equal((await fetch(withModel.url + path)).status, 404, path);
    } finally {
      await withModel.close();
    }
  });
});
