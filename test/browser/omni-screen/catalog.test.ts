import { pressDialog } from '../shared/approvals.js';
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, chartsReady, control, dialog, leave, mount, node, press, settle, textOf, typeInto } from './helpers.js';
import { CATALOG, everything, registries } from './fixtures.js';

describe('omni-screen: every catalog component', () => {
  it('draws all 27 catalog components, an app component with its element, and a fallback for one without', async () => {
    const screen = await mount(everything, registries());
    const doc = screen.document!;
    const types = new Set(doc.ids().map((id) => doc.node(id)!.type));
    for (const t of CATALOG) expect(types.has(t), t).to.equal(true);
    expect(screen.issues.filter((i) => i.severity === 'error'), JSON.stringify(screen.issues)).to.deep.equal([]);

    expect(textOf(node(screen, 'title').querySelector('h1'))).to.equal('Everything');
    expect($(screen, '.card [id="omni-title-card"]')?.textContent).to.equal('Payment');
    expect(textOf(node(screen, 'intro'))).to.equal('Welcome back');
    expect(textOf(node(screen, 'amount'))).to.contain('42.50').and.contain('€');
    expect(textOf(node(screen, 'date'))).to.equal('Sep 30, 2026');
    expect(node(screen, 'badge').querySelector('.badge.tone-success')).to.not.equal(null);
    expect(node(screen, 'skel').querySelectorAll('.skeleton-bar').length).to.equal(2);
    expect(textOf(node(screen, 'rating').querySelector('.visually-hidden'))).to.equal('Rated 4 out of 5');
    expect(node(screen, 'sep').querySelector('hr')).to.not.equal(null);
    expect(control(screen, 'email').tagName).to.equal('INPUT');
    expect(control(screen, 'note').tagName).to.equal('TEXTAREA');
    expect(control(screen, 'when').getAttribute('type')).to.equal('date');
    expect(control(screen, 'when').getAttribute('min')).to.equal('2026-01-01');
    expect(control(screen, 'size').tagName).to.equal('SELECT');
    expect(control(screen, 'agree').getAttribute('role')).to.equal('switch');
    expect(control(screen, 'agree').getAttribute('aria-checked')).to.equal('false');
    expect(node(screen, 'pay').querySelector('button')!.getAttribute('aria-disabled')).to.equal(null);
    expect(node(screen, 'cancel').querySelector('button.secondary')).to.not.equal(null);
    expect($$(screen, '[role="tab"]').map((t) => textOf(t))).to.deep.equal(['First', 'Second']);
    expect($$(screen, 'table th').map((t) => textOf(t))).to.deep.equal(['Item', 'Qty', 'Price']);
    expect($$(screen, 'table td.num').map((t) => textOf(t))).to.deep.equal(['2', '3.5', '1', '2']);
    await chartsReady(screen);
    const charts = $$(screen, 'ae-chart') as unknown as { kind: string; series: unknown; labels: unknown; shadowRoot: ShadowRoot | null }[];
    expect(charts.every((c) => c.shadowRoot !== null)).to.equal(true);
    expect(charts.map((c) => c.kind)).to.deep.equal(['bar', 'line', 'pie']);
    expect(charts[0]!.series).to.deep.equal([
      { name: '2025', values: [10, 20] },
      { name: '2026', values: [15, 25] },
    ]);
    expect(charts[2]!.labels).to.deep.equal(['A', 'B']);
    expect(node(screen, 'list').querySelectorAll('ul > li').length).to.equal(2);
    expect(node(screen, 'li1').querySelector('img')!.getAttribute('alt')).to.equal('');
    expect(textOf(node(screen, 'm1'))).to.equal('You said: Hi there');
    expect(textOf(node(screen, 'm2'))).to.equal('Assistant said: Hello!');
    expect(textOf(node(screen, 'notice'))).to.equal('Success: Saved Your changes are saved.');
    const img = node(screen, 'media').querySelector('img')!;
    expect(img.getAttribute('alt')).to.equal('A cabin in the pines');
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(img.getAttribute('width')).to.equal('160');
    const gauge = node(screen, 'gauge').querySelector('test-gauge') as HTMLElement & { label: string; level: number };
    expect(gauge.label).to.equal('Speed');
    expect(gauge.level).to.equal(3);
    expect(node(screen, 'widget').querySelector('.fallback')!.getAttribute('data-kind')).to.equal('unknown');
    expect($$(screen, '.fallback').length).to.equal(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe in ${theme}, with tables, tabs and charts`, async () => {
      const screen = await mount(everything, registries(), { theme });
      await chartsReady(screen);
      expect($$(screen, 'ae-chart').length).to.equal(3);
      await new Promise((r) => setTimeout(r, 300)); // chart.js finishes loading inside them
      await expect(screen).to.be.accessible();
    });

    it(`passes axe in ${theme} with fields in error`, async () => {
      const screen = await mount(everything, registries(), { theme });
      press(screen, 'pay');
      await settle(screen);
      leave(control(screen, 'agree'));
      typeInto(control(screen, 'note'), 'x'.repeat(30));
      leave(control(screen, 'note'));
      await settle(screen);
      expect($$(screen, '[aria-invalid="true"]').length).to.be.greaterThan(1);
      await expect(screen).to.be.accessible();
    });

    it(`passes axe in ${theme} with a confirmation open`, async () => {
      const screen = await mount(everything, {
        ...registries(),
        confirm: { 'payments.confirm': 'Pay {amount}?' },
        handler: async () => ({}),
      }, { theme });
      typeInto(control(screen, 'email'), 'ada@example.com');
      press(screen, 'pay');
      await settle(screen);
      const d = dialog(screen);
      await d.updateComplete;
      expect(d.open).to.equal(true);
      await expect(screen).to.be.accessible();
      await pressDialog(d, 'cancel');
    });
  }

  it('axe does look inside the shadow root (a broken control is caught)', async () => {
    const screen = await mount('root = Text("hi")', registries());
    const input = document.createElement('input'); // no label
    screen.shadowRoot!.querySelector('.screen')!.append(input);
    let failed = false;
    try {
      await expect(screen).to.be.accessible();
    } catch {
      failed = true;
    }
    input.remove();
    expect(failed).to.equal(true);
  });
});
