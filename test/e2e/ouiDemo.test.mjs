// The OUI demo page (demo/oui.html) as a person uses it, in Chromium against the real demo server: the scripted
// agent drives both surfaces through tool calls over Socket.IO (a form filled and submitted, a refusal naming the
// field, a follow-up, an export with progress, a removal the person confirms), the observations show live, and
// every call is logged. Then the model path, with a stand-in for the model's service: its tool calls reach the
// page the same way, and the key never does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { startServer } from '../../demo/server/app.mjs';
import { CHROME } from './helpers.mjs';

let browser;
const servers = [];

before(async () => {
  await ensureBuild({ quiet: true });
  browser = await chromium.launch({ ...(CHROME ? { executablePath: CHROME } : {}), args: ['--no-sandbox', '--disable-gpu'] });
});
after(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
});

async function serve(oui) {
  const server = await startServer({ port: 0, fast: true, oui });
  servers.push(server);
  return server;
}

/** The OUI page, recording CSP violations and console errors. */
async function open(server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/oui.html`);
  await page.getByText('Connected. The agent is waiting.').waitFor();
  await page.locator('#tools', { hasText: 'add_contact' }).waitFor();
  return { page, context, errors };
}

const logText = (page) => page.locator('#log').innerText();

describe('the OUI demo page', { timeout: 120_000 }, () => {
  it('the scripted agent drives both surfaces; the person confirms the removal; observations and calls show live', async () => {
    const server = await serve({ model: null });
    const { page, context, errors } = await open(server);
    assert.equal(await page.locator('#ask-model').isHidden(), true, 'no model without a key');
    const tools = (await page.locator('#tools').textContent()).split(', ').sort();
    assert.deepEqual(tools, ['add_contact (contacts)', 'add_followup (followups)', 'clear_finished (followups)', 'export_contacts (contacts)', 'remove_contact (contacts)']);
    await page.getByRole('button', { name: 'Run the scripted agent' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
    await dialog.waitFor({ timeout: 20_000 });
    assert.match(await dialog.textContent(), /Remove a contact by email/);
    assert.match(await dialog.textContent(), /email(\s*\(required\))?\s*grace@example\.com/);
    assert.match(await page.locator('#contacts [part="activity-text"]').textContent(), /Waiting for your confirmation: Remove a contact by email/);
    await page.screenshot({ path: '.tmp/oui-demo-confirm.png' }).catch(() => {});
    // Its buttons take a click only once they are active (a moment after the dialog appears).
    await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('#log', { hasText: 'The scripted agent is done.' }).waitFor({ timeout: 20_000 });

    const rows = await page.locator('#contact-rows tr').allInnerTexts();
    assert.equal(rows.length, 2);
    assert.match(rows.join('\n'), /Alan Turing/);
    assert.match(rows.join('\n'), /Ada Lovelace\s+ada@example\.com\s+Analytical Engines\s+Lead/);
    assert.match(await page.locator('#followup-list').innerText(), /Send Ada the proposal · due 2030-05-14/);
    assert.match(await page.locator('#export-link').textContent(), /Exported 3 contacts as CSV/);

    const log = await logText(page);
    assert.match(log, /add_contact → \{"submitted":true/);
    assert.match(log, /add_contact → INVALID_PARAMS: .*email/);
    assert.match(log, /export_contacts: 40%/);
    assert.match(log, /export_contacts → \{"file":"export-1\.csv","rows":3\}/);
    assert.match(log, /remove_contact → \{"removed":"Grace Hopper"\}/);
    const observed = await page.locator('#observations').innerText();
    assert.match(observed, /contacts · contact_count\s+2/);
    assert.match(observed, /followups · open_followups\s+\[\{"title":"Send Ada the proposal","due":"2030-05-14"\}\]/);
    await page.locator('#contacts [part="indicator"]').waitFor({ state: 'hidden' });
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('with a model set on the server, the page asks it; its tool calls run on the page and its words are logged', async () => {
    const seen = [];
    let turn = 0;
    // A stand-in for the Messages API: first a tool call, then a closing sentence.
    const fetch = async (url, init) => {
      const body = JSON.parse(init.body);
      seen.push({ url, headers: init.headers, body });
      turn++;
      const content =
        turn === 1
          ? [{ type: 'text', text: 'Adding Linus.' }, { type: 'tool_use', id: 'tu_1', name: 'add_contact', input: { name: 'Linus', email: 'linus@example.com', stage: 'partner' } }]
          : [{ type: 'text', text: 'Linus is in the CRM as a partner.' }];
      return new Response(JSON.stringify({ content, stop_reason: turn === 1 ? 'tool_use' : 'end_turn' }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const server = await serve({ model: { provider: 'anthropic', apiKey: 'sk-test-secret', baseUrl: 'http://model.invalid', model: 'claude-test' }, fetch });
    const { page, context, errors } = await open(server);
    await page.locator('#ask-model').waitFor();
    assert.equal(await page.locator('#model-name').textContent(), 'anthropic claude-test');
    await page.getByLabel(/Or ask the model/).fill('Add Linus as a partner');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.locator('#log', { hasText: 'Linus is in the CRM as a partner.' }).waitFor({ timeout: 20_000 });
    assert.match(await page.locator('#contact-rows').innerText(), /Linus\s+linus@example\.com/);
    assert.equal(seen.length, 2);
    assert.equal(seen[0].url, 'http://model.invalid/v1/messages');
    assert.equal(seen[0].headers['x-api-key'], 'sk-test-secret');
    assert.ok(seen[0].body.tools.some((t) => t.name === 'add_contact' && t.input_schema.properties.email));
    assert.match(seen[0].body.system, /contact_count \([^)]*\) = 2/);
    assert.deepEqual(seen[1].body.messages.at(-1).content[0].type, 'tool_result');
    assert.match(seen[1].body.messages.at(-1).content[0].content, /"submitted":true/);
    const html = await page.content();
    assert.doesNotMatch(html, /sk-test-secret/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
