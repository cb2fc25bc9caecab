// <omni-screen> under `script-src 'self'; style-src 'self'` (no 'unsafe-inline', no 'unsafe-eval'): nothing in
// it may need an inline style attribute, a <style> element, eval or an inline handler.
import { pressDialog } from '../shared/approvals.js';
import { expect } from '@open-wc/testing';
import { before, describe, it } from './mocha.js';
import { chartsReady, control, dialog, leave, mount, press, settle, tick, typeInto } from './helpers.js';
import { everything, registries } from './fixtures.js';

const violations: SecurityPolicyViolationEvent[] = [];

describe('omni-screen under a strict CSP', () => {
  before(() => {
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e));
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = "script-src 'self'; style-src 'self'";
    document.head.appendChild(meta);
  });

  it('the policy is in force (eval and an inline style attribute are refused)', async () => {
    let evalRefused = false;
    try {
      // eslint-disable-next-line no-eval
      (0, eval)('1');
    } catch {
      evalRefused = true;
    }
    expect(evalRefused).to.equal(true);
    const probe = document.createElement('div');
    probe.setAttribute('style', 'color: red');
    document.body.appendChild(probe);
    await tick(50);
    expect(getComputedStyle(probe).color).to.not.equal('rgb(255, 0, 0)');
    probe.remove();
    expect(violations.length).to.be.greaterThan(0);
    violations.length = 0;
  });

  it('draws every component, field errors, a confirmation and a press without a violation', async () => {
    const screen = await mount(everything, {
      ...registries(),
      confirm: { 'payments.confirm': 'Pay {amount}?' },
      handler: async () => ({ update: 'notice = Notice("Paid.", tone="success")' }),
    });
    await chartsReady(screen);
    await tick(300);
    expect(screen.shadowRoot!.querySelectorAll('ae-chart').length).to.equal(3);
    press(screen, 'pay');
    await settle(screen);
    leave(control(screen, 'agree'));
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    const d = dialog(screen);
    await d.updateComplete;
    await pressDialog(d, 'confirm');
    await settle(screen);
    await tick(100);
    // Styles really applied: a card has its border and padding.
    expect(getComputedStyle(screen.shadowRoot!.querySelector('.card')!).paddingTop).to.equal('16px');
    expect(violations.map((v) => `${v.violatedDirective} ${v.sample}`)).to.deep.equal([]);
  });
});
