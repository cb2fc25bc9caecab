import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from './mocha.js';
import { $, $$, chartsReady, control, mount, node, settle, textOf, tick, typeInto } from './helpers.js';
import { registries } from './fixtures.js';

const announcer = (screen: HTMLElement) => screen.shadowRoot!.querySelector('[part="announcer"]')!;
const frames = async () => {
  await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(r));
};

describe('omni-screen: updates ([8.8])', () => {
  const screenText = `root = Stack([status, form, tabs, note])
status = Notice("Order placed.", title="Status")
form = Stack([name])
$name = ""
name = Input($name, label="Name")
tabs = Tabs([a, b])
a = Tab("A", [ta])
ta = Text("in A")
b = Tab("B", [tb])
tb = Text("in B")
note = Text("static")
`;

  it('keeps focus, typed text and the open tab, and announces a changed Notice (only that)', async () => {
    const screen = await mount(screenText, registries());
    expect(announcer(screen).textContent).to.equal('');
    (screen.shadowRoot!.querySelector('#omni-tab-b') as HTMLButtonElement).click();
    await settle(screen);
    const input = control(screen, 'name');
    input.focus();
    typeInto(input, 'Ada');
    input.setSelectionRange(1, 1);
    const result = screen.applyUpdate('status = Notice("Order shipped.", title="Status")\nnote = Text("changed")\ntb = Text("in B, updated")');
    expect(result.applied, JSON.stringify(result.issues)).to.equal(true);
    await settle(screen);
    await frames();
    expect(control(screen, 'name')).to.equal(input);
    expect(screen.shadowRoot!.activeElement).to.equal(input);
    expect(input.value).to.equal('Ada');
    expect(input.selectionStart).to.equal(1);
    expect(screen.shadowRoot!.querySelector('#omni-tab-b')!.getAttribute('aria-selected')).to.equal('true');
    expect(textOf(node(screen, 'tb'))).to.equal('in B, updated');
    expect(textOf(node(screen, 'status'))).to.equal('Note: Status Order shipped.');
    expect(announcer(screen).textContent).to.equal('Status. Order shipped.');
    expect(announcer(screen).getAttribute('aria-live')).to.equal('polite');
    // Notices are not live regions themselves: nothing else talks.
    expect($$(screen, '[aria-live]:not([part="announcer"]):not(.field-message)').length).to.equal(0);
    expect(node(screen, 'status').querySelector('[role="status"], [role="alert"]')).to.equal(null);
  });

  it('announces a Notice an update adds, and not an update that changes only other things', async () => {
    const screen = await mount(screenText, registries());
    screen.applyUpdate('note = Text("again")');
    await settle(screen);
    await frames();
    expect(announcer(screen).textContent).to.equal('');
    screen.applyUpdate('root = Stack([status, form, tabs, note, added])\nadded = Notice("Refund issued.", tone="success")');
    await settle(screen);
    await frames();
    expect(announcer(screen).textContent).to.equal('Refund issued.');
  });

  it('a rejected update changes nothing and is reported to the app', async () => {
    const screen = await mount(screenText, registries());
    const codes: string[] = [];
    screen.addEventListener('omni-issue', (e) => codes.push(e.issue.code));
    const result = screen.applyUpdate('$name = "overwrite"');
    expect(result.applied).to.equal(false);
    expect(codes).to.include('live_field_conflict');
    await settle(screen);
    await frames();
    expect(announcer(screen).textContent).to.equal('');
  });
});

describe('omni-screen: tabs', () => {
  const text = `root = Tabs([a, b, c])
a = Tab("Alpha", [ta])
ta = Text("one")
b = Tab("Beta", [tb])
tb = Text("two")
c = Tab("Gamma", [tc])
tc = Text("three")
`;
  const tabsOf = (screen: HTMLElement) => [...screen.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')];
  const openPanel = (screen: HTMLElement) => screen.shadowRoot!.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')!;

  it('shows the first tab until the viewer picks, with roving tabindex', async () => {
    const screen = await mount(text, registries());
    const tabs = tabsOf(screen);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    expect(textOf(openPanel(screen))).to.equal('one');
    expect(openPanel(screen).getAttribute('aria-labelledby')).to.equal(tabs[0]!.id);
  });

  it('switches with arrow keys, Home and End, moving focus', async () => {
    const screen = await mount(text, registries());
    tabsOf(screen)[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(screen.shadowRoot!.activeElement!.id).to.equal('omni-tab-b');
    expect(textOf(openPanel(screen))).to.equal('two');
    await sendKeys({ press: 'End' });
    await settle(screen);
    expect(textOf(openPanel(screen))).to.equal('three');
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(textOf(openPanel(screen))).to.equal('one');
    await sendKeys({ press: 'ArrowLeft' });
    await settle(screen);
    expect(textOf(openPanel(screen))).to.equal('three');
    await sendKeys({ press: 'Home' });
    await settle(screen);
    expect(screen.shadowRoot!.activeElement!.id).to.equal('omni-tab-a');
    expect(tabsOf(screen).map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
  });

  it('keeps the open tab while the stream grows', async () => {
    const screen = await mount('root = Tabs([a, b, c])\na = Tab("Alpha", [ta])\nta = Text("one")\nb = Tab("Beta", [tb])\n', registries(), { end: false });
    expect(tabsOf(screen)[2]!.textContent!.trim()).to.equal('Loading…');
    tabsOf(screen)[1]!.click();
    await settle(screen);
    screen.write('tb = Text("two")\nc = Tab("Gamma", [tc])\ntc = Text("three")\n');
    screen.end();
    await settle(screen);
    expect(tabsOf(screen).map((t) => t.textContent!.trim())).to.deep.equal(['Alpha', 'Beta', 'Gamma']);
    expect(textOf(openPanel(screen))).to.equal('two');
  });
});

describe('omni-screen: pictures', () => {
  it('takes Images only from the registry or resolvePicture, with no referrer, and shows alt text otherwise', async () => {
    const asked: string[] = [];
    const screen = await mount(
      'root = Stack([a, p, q])\na = Image("cabin", alt="Cabin")\np = Image("product-1042", alt="Product")\nq = Image("product-7", alt="Gone product")\n',
      {
        ...registries(),
        pictures: [{ prefix: 'product-', id: 'digits', maxLength: 6 }],
        resolvePicture: (name: string) => {
          asked.push(name);
          return name === 'product-1042' ? { src: `${location.origin}/none/${name}.png`, width: 40, height: 30 } : undefined;
        },
      },
    );
    const imgs = $$<HTMLImageElement>(screen, 'img');
    expect(imgs.length).to.equal(2);
    for (const img of imgs) expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(imgs[1]!.getAttribute('src')).to.equal(`${location.origin}/none/product-1042.png`);
    expect([imgs[1]!.getAttribute('width'), imgs[1]!.getAttribute('height')]).to.deep.equal(['40', '30']);
    expect(asked).to.include.members(['product-1042', 'product-7']);
    const missing = node(screen, 'q').querySelector('.image-missing')!;
    expect(textOf(missing)).to.contain('Gone product');
    expect(missing.getAttribute('role')).to.equal('img');
    expect(missing.getAttribute('aria-label')).to.equal('Gone product');
  });

  it('Rating exposes its value as text; Message who sent it', async () => {
    const screen = await mount('root = Stack([r, m])\nr = Rating(4.96)\nm = Message("hi", from="assistant")\n', registries());
    expect(textOf(node(screen, 'r').querySelector('.visually-hidden'))).to.equal('Rated 4.96 out of 5');
    expect(textOf(node(screen, 'm'))).to.equal('Assistant said: hi');
  });
});

describe('omni-screen: formatting', () => {
  it('formats currency (default USD) and dates in the element’s locale, in every time zone', async () => {
    const screen = await mount(
      'root = Stack([a, b, c, d])\na = Text(1234.5, format="currency")\nb = Text(1234.5, format="currency", currency="EUR")\nc = Text("2026-09-30", format="date")\nd = Text("2026-02-30", format="date")\n',
      registries(),
    );
    expect(textOf(node(screen, 'a'))).to.equal('$1,234.50');
    expect(textOf(node(screen, 'c'))).to.equal('Sep 30, 2026');
    expect(textOf(node(screen, 'd'))).to.equal('2026-02-30');
    screen.locale = 'de-DE';
    await settle(screen);
    expect(textOf(node(screen, 'b'))).to.equal('1.234,50 €');
    expect(textOf(node(screen, 'c'))).to.equal('30.09.2026');
  });

  it('lets a table scroll sideways from the keyboard, with numbers aligned to the end', async () => {
    const screen = await mount('root = Table(["A", "B"], [r])\nr = TableRow(["x", 12])\n', registries());
    const region = $(screen, '.table-scroll')!;
    expect(region.getAttribute('role')).to.equal('region');
    expect(region.tabIndex).to.equal(0);
    expect(region.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
    expect(getComputedStyle(region).overflowX).to.equal('auto');
    expect(getComputedStyle($(screen, 'td.num')!).textAlign).to.equal('end');
  });
});

describe('omni-screen: charts', () => {
  it('a chart draws what it has and grows as Series arrive', async () => {
    const screen = await mount('root = BarChart("Sales", ["Q1", "Q2"], [s1, s2])\ns1 = Series("A", [1, 2])\n', registries(), { end: false });
    await chartsReady(screen);
    const chart = $(screen, 'ae-chart') as unknown as { series: unknown[] };
    expect(chart.series.length).to.equal(1);
    screen.write('s2 = Series("B", [3, 4])\n');
    await settle(screen);
    expect(($(screen, 'ae-chart') as unknown)).to.equal(chart);
    expect(chart.series.length).to.equal(2);
  });

  it('50 screens with charts mounted and removed leave no chart instances', async () => {
    const { liveChartCount } = await import('../../../elements/shared/elements/chart/chart.js');
    const before = liveChartCount();
    const screens = [];
    for (let i = 0; i < 50; i++) {
      screens.push(
        await mount(`root = Stack([b, p])\nb = BarChart("B${i}", ["x"], [s])\ns = Series("s", [${i}])\np = PieChart("P", [sl])\nsl = Slice("a", 1)\n`, registries()),
      );
    }
    await tick(300);
    for (const s of screens) await settle(s);
    expect(liveChartCount()).to.be.greaterThan(before);
    for (const s of screens) s.remove();
    await tick(50);
    expect(liveChartCount()).to.equal(before);
  });
});

describe('omni-screen: applyUpdate(), and update() left to Lit', () => {
  it('update(text) is not an update: the deprecated alias is gone before the first release, so text goes through applyUpdate()', async () => {
    const screen = await mount('root = Stack([note])\nnote = Text("one")\n', registries());
    const heard: string[] = [];
    screen.addEventListener('omni-update', (e) => heard.push(e.text));
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(screen))).not.to.include('update');
    expect(screen.applyUpdate('note = Text("two")').applied).to.equal(true);
    await settle(screen);
    expect(heard).to.deep.equal(['note = Text("two")']);
    expect(textOf(node(screen, 'note'))).to.equal('two');
    screen.remove();
  });

  it("leaves Lit's own update(changedProperties) to Lit: a property change still draws, and is never applied as text", async () => {
    const screen = await mount('root = Stack([note])\nnote = Text("one")\n', registries());
    const heard: string[] = [];
    screen.addEventListener('omni-update', (e) => heard.push(e.text));
    screen.strings = { newerVersion: 'x' };
    await settle(screen);
    screen.requestUpdate();
    await screen.updateComplete;
    expect(heard).to.deep.equal([]);
    expect(screen.applyUpdate('note = Text("two")').applied).to.equal(true);
    await settle(screen);
    expect(textOf(node(screen, 'note'))).to.equal('two');
    screen.remove();
  });
});
