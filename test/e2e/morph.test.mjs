// The answer page as a person uses it, in Chromium against the demo server: the recorded answer streams in
// (prose, the revenue chart, the what-if, the quiz, the form, the follow-ups); moving a slider works the result
// out again and sends nothing; answering the quiz, sending the form and ticking a follow-up send the format's
// actions, shown in the page's log; a follow-up's answer streams in place of the first. axe finds nothing on
// the page, light or dark, and the strict Content-Security-Policy sees no violation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setUp } from './helpers.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let env;
let browser;

before(async () => {
  env = await setUp();
  browser = env.browser;
});
after(() => env?.close());

/** The answer page, with the log of what it records: morph-end events, CSP violations, console errors. */
async function openAnswer({ colorScheme = 'light', bypassCSP = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme, bypassCSP });
  await context.addInitScript(() => {
    window.__ends = 0;
    window.__violations = [];
    document.addEventListener('morph-end', () => window.__ends++);
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI }));
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(`${env.server.url}/morph.html?fast`);
  await page.waitForFunction(() => window.__ends >= 1, null, { timeout: 20_000 });
  return { page, context, errors, answer: page.locator('morph-screen') };
}

/** The log's entries, newest first, as {kind, text}. */
const entries = (page) =>
  page.$$eval('#log .entry', (items) => items.map((i) => ({ kind: i.querySelector('.entry-kind').textContent, text: i.querySelector('.entry-text').textContent })));

async function axe(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe('the answer page in a browser', { timeout: 120_000 }, () => {
  it('is linked from the screens page’s header', async () => {
    const page = await browser.newPage();
    await page.goto(`${env.server.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'answers' }).click();
    await page.waitForURL('**/morph.html');
    await page.close();
  });

  it('streams the recorded answer: prose, the revenue chart with its data table, the what-if, the quiz, the form', async () => {
    const { page, context, errors, answer } = await openAnswer();
    assert.equal(await answer.getByRole('heading', { level: 1, name: 'Your revenue, quarter by quarter' }).count(), 1);
    assert.match(await answer.locator('p', { hasText: 'Revenue grew' }).textContent(), /38%/);
    const link = answer.getByRole('link', { name: /pricing page/ });
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    await page.waitForFunction(() => customElements.get('ae-chart') !== undefined);
    const chart = answer.locator('ae-chart');
    await chart.locator('canvas').waitFor();
    assert.equal(await chart.getByRole('img', { name: 'Revenue (USD)' }).count(), 1);
    assert.equal(await chart.getByRole('table').count(), 1, 'the chart keeps its data table for assistive technology');
    assert.equal(await answer.getByRole('slider').count(), 2);
    assert.equal(await answer.getByRole('group', { name: 'Which quarter had the highest revenue?' }).count(), 1);
    assert.equal(await answer.getByRole('textbox', { name: /Email/ }).count(), 1);
    assert.equal(await page.locator('#progress').textContent(), 'The answer is complete.');
    assert.deepEqual(await entries(page), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await context.close();
  });

  it('moving a slider works the result out again and sends nothing; the state panel follows', async () => {
    const { page, context, answer } = await openAnswer();
    const revenue = answer.locator('.result', { hasText: 'Revenue' }).locator('output');
    assert.equal((await revenue.textContent()).trim(), '$33,000');
    const price = answer.getByRole('slider', { name: 'Price per seat ($)' });
    await price.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal((await revenue.textContent()).trim(), '$38,500');
    assert.deepEqual(await entries(page), []);
    assert.match(await page.locator('#state').textContent(), /"price_per_seat": 14/);
    await context.close();
  });

  it('answering the quiz sends one quiz action; the form checks its email, then sends the submit action', async () => {
    const { page, context, answer } = await openAnswer();
    await answer.getByRole('group', { name: 'Which quarter had the highest revenue?' }).getByRole('button', { name: /Q4/ }).click();
    await answer.getByRole('group', { name: 'What drove most of the growth?' }).getByRole('button', { name: /Lower prices/ }).click();
    await answer.getByText('You got 1 of 2 right.').waitFor();
    let log = await entries(page);
    assert.equal(log.length, 1);
    assert.equal(log[0].kind, 'quiz');
    assert.deepEqual(JSON.parse(log[0].text), {
      type: 'quiz',
      node: '8',
      score: 1,
      total: 2,
      answers: [
        { question: 'Which quarter had the highest revenue?', choice: 'Q4', right: true },
        { question: 'What drove most of the growth?', choice: 'Lower prices', right: false },
      ],
    });
    const send = answer.getByRole('button', { name: 'Send the report' });
    await send.click();
    await answer.getByText('Fill in this field.').waitFor();
    assert.equal((await entries(page)).length, 1, 'nothing is sent while the email is empty');
    await answer.getByRole('textbox', { name: /Email/ }).fill('ann@example.com');
    await answer.getByRole('switch', { name: 'Include the raw data' }).click();
    await send.click();
    log = await entries(page);
    assert.equal(log[0].kind, 'submit');
    assert.deepEqual(JSON.parse(log[0].text), { type: 'submit', node: '10', form: 'report', button: 'Send the report', fields: { email: 'ann@example.com', format: 'PDF', include_the_raw_data: true } });
    await context.close();
  });

  it('a follow-up asks the next question and its answer streams in place of this one', async () => {
    const { page, context, answer } = await openAnswer();
    await answer.getByRole('button', { name: 'Break it down by region' }).click();
    await page.waitForFunction(() => window.__ends >= 2, null, { timeout: 20_000 });
    assert.equal(await answer.getByRole('heading', { name: 'Revenue by region' }).count(), 1);
    assert.deepEqual(JSON.parse((await entries(page))[0].text), { type: 'ask', text: 'Break it down by region', node: '11' });
    await answer.getByRole('button', { name: 'Back to the overview' }).click();
    await page.waitForFunction(() => window.__ends >= 3, null, { timeout: 20_000 });
    assert.equal(await answer.getByRole('heading', { level: 1 }).count(), 1);
    await context.close();
  });

  for (const scheme of ['light', 'dark']) {
    it(`axe finds no violation on the page (${scheme})`, async () => {
      const { page, context } = await openAnswer({ colorScheme: scheme, bypassCSP: true });
      await page.waitForFunction(() => customElements.get('ae-chart') !== undefined);
      await page.locator('morph-screen ae-chart canvas').waitFor();
      assert.deepEqual(await axe(page), []);
      await context.close();
    });
  }
});

