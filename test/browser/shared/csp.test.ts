// Every shared element under `style-src 'self'` (no 'unsafe-inline'): nothing of ours may need an inline
// style attribute or a <style> element. Lit's adopted stylesheets and chart.js's CSSOM writes are allowed.
import { pressDialog } from './approvals.js';
import { manualClock } from './manualClock.js';
import { expect, fixture, html } from '@open-wc/testing';
import { before, describe, it } from './mocha.js';
import '../../../elements/shared/elements/chart/chart.js';
import '../../../elements/shared/elements/confirmDialog.js';
import '../../../elements/shared/elements/placeholder.js';
import '../../../elements/shared/elements/fallback.js';
import type { AeChartElement } from '../../../elements/shared/elements/chart/chart.js';
import type { AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';

const violations: SecurityPolicyViolationEvent[] = [];

describe('shared elements under a strict style CSP', () => {
  before(() => {
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e));
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = "style-src 'self'";
    document.head.appendChild(meta);
  });

  it('the policy is in force (an inline style attribute is refused)', async () => {
    const probe = document.createElement('div');
    probe.setAttribute('style', 'color: red');
    document.body.appendChild(probe);
    await new Promise((r) => setTimeout(r, 50));
    expect(getComputedStyle(probe).color).to.not.equal('rgb(255, 0, 0)');
    probe.remove();
    expect(violations.length).to.be.greaterThan(0);
    violations.length = 0;
  });

  it('charts, dialogs, placeholders and fallbacks draw without a violation', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <ae-chart theme="dark" chart-title="T" .labels=${['a', 'b']} .series=${[{ name: 'x', values: [1, 2] }, { name: 'y', values: [3, 4] }]}></ae-chart>
      <ae-chart kind="pie" .series=${[{ name: 'x', values: [1] }]}></ae-chart>
      <ae-placeholder size="chart"></ae-placeholder>
      <ae-fallback kind="crashed"></ae-fallback>
      <ae-confirm-dialog></ae-confirm-dialog>
    </div>`);
    const charts = [...wrap.querySelectorAll('ae-chart')] as AeChartElement[];
    await Promise.all(charts.map((c) => c.updateComplete));
    expect(charts[0]!.chartInstance).to.not.equal(undefined);
    const canvas = charts[0]!.shadowRoot!.querySelector('canvas')!;
    expect(canvas.getBoundingClientRect().height).to.be.greaterThan(0);
    const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    dialog.clock = manualClock();
    const answer = dialog.ask('Sure?');
    await dialog.updateComplete;
    // Styles really applied: the dialog has its padding, the placeholder its colour.
    const box = dialog.shadowRoot!.querySelector('dialog')!;
    expect(getComputedStyle(box).paddingTop).to.equal('24px');
    await pressDialog(dialog, 'cancel');
    await answer;
    await new Promise((r) => setTimeout(r, 50));
    expect(violations.map((v) => `${v.violatedDirective} ${v.sample}`)).to.deep.equal([]);
  });
});
