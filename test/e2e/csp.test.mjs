// The demo page under a strict Content-Security-Policy: the server's own, exactly
// `script-src 'self'; style-src 'self'` (no inline scripts or styles), and that with Trusted Types required (the
// README's claim: `require-trusted-types-for 'script'; trusted-types lit-html`). Generating each screen, opening
// every tab and a confirmation may cause no `securitypolicyviolation` event and no console error.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHIPS, generate, openPage, setUp } from './helpers.mjs';

const STRICT = "script-src 'self'; style-src 'self'";
const TRUSTED_TYPES = `${STRICT}; require-trusted-types-for 'script'; trusted-types lit-html`;
let env;

before(async () => {
  env = await setUp({ orderStepMs: 400, dashboardTickMs: 200 });
});
after(() => env?.close());

/** Serves the page itself with exactly `policy` as its Content-Security-Policy header. */
const withPolicy = (policy) => async (page) => {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), 'content-security-policy': policy };
      await route.fulfill({ response, headers });
    },
  );
};

/** Every screen, and what draws the most on each: all tabs of the dashboard, a confirmation, field messages. */
async function everyScreen(page, screen) {
  for (const [name, chip] of Object.entries(CHIPS)) {
    const outcome = await generate(page, { chip });
    assert.equal(outcome.status, 'done', `${name}: ${JSON.stringify(outcome)}`);
    if (name === 'dashboard') {
      await page.waitForFunction(() => customElements.get('ae-chart') !== undefined);
      for (const tab of ['Regions and channels', 'Top products', 'Trend']) {
        await screen.getByRole('tab', { name: tab }).click();
        await screen.getByRole('tabpanel').first().waitFor();
      }
      await page.waitForTimeout(400); // charts draw, live updates land
    }
    if (name === 'payment') {
      await screen.getByRole('button', { name: 'Pay now' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      // Its buttons take a click only once they are active (a moment after the dialog appears).
      await dialog.getByRole('button', { name: 'Confirm', disabled: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    if (name === 'signin') {
      // A press with an empty required email: the field's message shows, nothing is sent.
      await screen.getByRole('button', { name: 'Email me a link' }).click();
      await screen.getByText('Fill in this field.').waitFor();
    }
  }
  const free = await generate(page, { prompt: 'What can you show me?' });
  assert.equal(free.status, 'done');
}

describe('the demo under a strict Content-Security-Policy', { timeout: 120_000 }, () => {
  it('the server sends a policy with no inline scripts or styles', async () => {
    const res = await fetch(env.server.url + '/');
    await res.arrayBuffer();
    const policy = res.headers.get('content-security-policy') ?? '';
    assert.match(policy, /(^|;\s*)script-src 'self'(;|$)/);
    assert.match(policy, /(^|;\s*)style-src 'self'(;|$)/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
  });

  for (const [name, route] of [
    ['the server’s own policy', undefined],
    [`exactly "${STRICT}"`, withPolicy(STRICT)],
  ]) {
    it(`draws every screen under ${name} with no violation and no console error`, async () => {
      const { page, screen, errors, violations, context } = await openPage(env.browser, env.server.url + '/', { route });
      if (route) {
        const sent = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
        assert.ok(sent, 'the page had a policy');
      }
      await everyScreen(page, screen);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, []);
      // The policy is really in force: an inline style and an inline script are refused (and reported).
      const refused = await page.evaluate(async () => {
        const before = window.__violations.length;
        const probe = document.createElement('div');
        probe.setAttribute('style', 'color: rgb(255, 0, 0)');
        document.body.append(probe);
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        await new Promise((r) => setTimeout(r, 100));
        const red = getComputedStyle(probe).color === 'rgb(255, 0, 0)';
        probe.remove();
        script.remove();
        const reported = window.__violations.length - before;
        window.__violations.length = before;
        return { red, ran: window.__inlineRan === true, reported };
      });
      assert.deepEqual(refused, { red: false, ran: false, reported: 2 });
      await context.close();
    });
  }
  it(`draws every screen with Trusted Types required ("${TRUSTED_TYPES}"): no violation, no console error`, async () => {
    const { page, screen, errors, violations, context } = await openPage(env.browser, env.server.url + '/', { route: withPolicy(TRUSTED_TYPES) });
    await everyScreen(page, screen);
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    // Trusted Types are really enforced: a string parsed as HTML is refused, and no other policy may be made.
    const enforced = await page.evaluate(() => {
      const refused = (f) => {
        try {
          f();
          return false;
        } catch (e) {
          return e instanceof TypeError;
        }
      };
      return {
        parseHTML: refused(() => new DOMParser().parseFromString('<b>x</b>', 'text/html')),
        otherPolicy: refused(() => window.trustedTypes.createPolicy('someone-else', { createHTML: (x) => x })),
      };
    });
    assert.deepEqual(enforced, { parseHTML: true, otherPolicy: true });
    await context.close();
  });
});
