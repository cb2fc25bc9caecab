// The display components: Card, Chart, Map, FollowUps, Gallery, Tabs, Details, Badge, Button; what stands in
// while a component streams, when its data never came, and when it fails to draw.
import { expect, waitUntil } from '@open-wc/testing';
import type { MorphAction, MorphScreenElement } from '../../../elements/morph-screen/index.js';
import { describe, it } from './mocha.js';
import { $, $$, collect, END, mount, node, op, ops, settle, textOf } from './helpers.js';

type ChartEl = HTMLElement & { updateComplete: Promise<boolean>; kind: string; labels: string[]; series: { name: string; values: number[] }[]; format: string; currency: string; chartTitle: string };

describe('morph-screen: display components', () => {
  it('Chart: bar by default, one series per column after the first, numbers parsed as a model writes them', async () => {
    const screen = await mount(
      ops({ op: 'node', id: '0', type: 'Chart', attrs: { title: 'Sales' }, data: { columns: ['Month', 'North', 'South'], rows: [['Jan', '$1,200', 3], ['Feb', 'n/a', '4.5%']] } }) + END,
    );
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    const chart = $<ChartEl>(screen, 'ae-chart')!;
    expect(chart.kind).to.equal('bar');
    expect(chart.chartTitle).to.equal('Sales');
    expect(chart.labels).to.deep.equal(['Jan', 'Feb']);
    // "n/a" can't be read: a gap, kept as written for the data table (issue 28, item 4).
    expect(chart.series[0]).to.deep.equal({ name: 'North', values: [1200, NaN], written: [undefined, 'n/a'] });
    expect(chart.series[1]).to.deep.equal({ name: 'South', values: [3, 4.5] });
    // Its accessible data table is there for assistive technology.
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelector('table')).to.not.equal(null);
    screen.remove();
  });

  it('Chart: a pie takes one slice per row; a y axis of % formats percent', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Chart', attrs: { type: 'donut', y: '%' }, data: { columns: ['Part', 'Share'], rows: [['A', '60'], ['B', '40']] } }) + END);
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    const chart = $<ChartEl>(screen, 'ae-chart')!;
    expect(chart.kind).to.equal('pie');
    expect(chart.series).to.deep.equal([{ name: 'A', values: [60] }, { name: 'B', values: [40] }]);
    expect(chart.format).to.equal('percent');
    screen.remove();
  });

  it('Chart: a chart far down a long answer has its data table at once and its picture only once scrolled near', async () => {
    const paras = Array.from({ length: 120 }, (_, i) => ({ op: 'node', id: String(i), type: 'p', spans: `Paragraph ${i}, long enough to take a line of its own.` }));
    const data = { columns: ['Month', 'Sales'], rows: [['Jan', 1], ['Feb', 2]] };
    const screen = await mount(ops(...paras, { op: 'node', id: '120', type: 'Chart', attrs: { title: 'Far' }, data }) + END);
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    const chart = $<ChartEl & { chartInstance?: unknown }>(screen, 'ae-chart')!;
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelectorAll('tbody tr').length).to.equal(2);
    expect(chart.chartInstance === undefined, 'no picture while far away').to.equal(true);
    chart.scrollIntoView();
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn once near', { timeout: 4000 });
    scrollTo(0, 0);
    screen.remove();
  });

  it('a component still streaming shows a block of its size; one whose data never came says so', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Chart' }, { op: 'open', id: '1', type: 'Gallery' }), {}, { end: false });
    expect(node(screen, '0').querySelector('.pending[data-size="chart"]')).to.not.equal(null);
    expect(node(screen, '1').querySelector('.pending[data-size="media"]')).to.not.equal(null);
    expect($(screen, '.answer')!.getAttribute('aria-busy')).to.equal('true');
    screen.write(END);
    await settle(screen);
    expect(textOf(node(screen, '0'))).to.equal('This part of the answer did not arrive.');
    expect(node(screen, '0').querySelector('.fallback[data-size="chart"]')).to.not.equal(null);
    expect($(screen, '.answer')!.getAttribute('aria-busy')).to.equal(null);
    screen.remove();
  });

  it('Map: a slot for the app’s own map, then its places as a table', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Map', attrs: { title: 'Offices' }, data: { columns: ['City', 'Lat', 'Lng'], rows: [['Lisbon', 38.72, -9.14], ['Porto', '41.15', '-8.61']] } }) + END);
    const slot = $<HTMLSlotElement>(screen, 'slot[name="map-0"]')!;
    const mine = document.createElement('div');
    mine.slot = 'map-0';
    mine.textContent = 'my map';
    screen.append(mine);
    expect(slot.assignedElements()).to.deep.equal([mine]);
    expect(textOf($(screen, 'caption'))).to.equal('Offices');
    expect($$(screen, '.data-table tbody tr').map((r) => textOf(r))).to.deep.equal(['Lisbon 38.72 -9.14', 'Porto 41.15 -8.61']);
    expect($$(screen, '.data-table th.num').map((th) => th.textContent)).to.deep.equal(['Lat', 'Lng']);
    screen.remove();
  });

  it('Map: numbers the stream sent as numbers are written as the reader’s locale writes them; strings as written', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Map', data: { columns: ['Ville', 'Lat', 'Lng'], rows: [['Lisbonne', 38.72, -9.14], ['Porto', '41.15', '-8.61']] } }) + END, { lang: 'fr' } as Partial<MorphScreenElement>);
    expect($$(screen, '.data-table tbody tr').map((r) => textOf(r))).to.deep.equal(['Lisbonne 38,72 -9,14', 'Porto 41.15 -8.61']);
    screen.remove();
  });

  it('FollowUps: each item asks itself', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'FollowUps', data: { items: ['Show last month', [{ t: 'em', c: [{ t: 'text', v: 'Compare' }] }, { t: 'text', v: ' regions' }]] } }) + END);
    const actions = collect(screen, 'morph-action');
    const buttons = $$<HTMLButtonElement>(screen, '.follow-ups button');
    expect(buttons.map((b) => textOf(b))).to.deep.equal(['Show last month', 'Compare regions']);
    buttons[1]!.click();
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'ask', text: 'Compare regions', node: '0' }]);
    expect($(screen, '.follow-ups')!.getAttribute('aria-label')).to.equal('Suggested follow-ups');
    screen.remove();
  });

  it('Gallery: images with alt and credit; one the policy refuses says what it shows', async () => {
    const screen = await mount(
      // A picture of the test server, so it really loads (one that fails would show its words).
      ops({ op: 'node', id: '0', type: 'Gallery', data: { images: [{ src: `${location.origin}/demo/assets/cafe.svg`, alt: 'Harbour', credit: 'Ann' }, { src: 'https://elsewhere.example.net/2.jpg', alt: 'Hill' }] } }) + END,
      { images: { origins: [location.origin] } },
    );
    expect($$<HTMLImageElement>(screen, '.gallery img').map((i) => i.alt)).to.deep.equal(['Harbour']);
    expect(textOf($(screen, '.gallery figcaption'))).to.equal('Ann');
    expect(textOf($(screen, '.gallery .image-blocked'))).to.equal('Image not shown: Hill');
    screen.remove();
  });

  it('Tabs: labels from each Tab, the first open, clicking switches, panels stay in the DOM', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Tabs' },
        { op: 'open', id: '0.0', type: 'Tab', attrs: { label: 'Summary' } },
        { op: 'node', id: '0.0.0', type: 'p', spans: 'Short' },
        { op: 'close', id: '0.0' },
        { op: 'open', id: '0.1', type: 'Tab', attrs: { title: 'More' } },
        { op: 'node', id: '0.1.0', type: 'p', spans: 'Long' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const tabs = $$<HTMLButtonElement>(screen, '[role="tab"]');
    expect(tabs.map((t) => textOf(t))).to.deep.equal(['Summary', 'More']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    const panels = $$(screen, '[role="tabpanel"]');
    expect(panels.map((p) => p.hidden)).to.deep.equal([false, true]);
    tabs[1]!.click();
    await settle(screen);
    expect(panels.map((p) => p.hidden)).to.deep.equal([true, false]);
    expect(textOf(panels[1]!)).to.equal('Long');
    screen.remove();
  });

  it('Details: a native disclosure named by its summary, open when asked', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Details', attrs: { summary: 'Sources', open: true } }, { op: 'node', id: '0.0', type: 'p', spans: 'Filings' }, { op: 'close', id: '0' }) + END);
    const details = $<HTMLDetailsElement>(screen, 'details')!;
    expect(details.open).to.equal(true);
    expect(textOf(details.querySelector('summary'))).to.equal('Sources');
    expect(textOf(details.querySelector('.details-body'))).to.equal('Filings');
    screen.remove();
  });

  it('Badge: a tone from a fixed few; anything else is neutral', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Badge', attrs: { tone: 'success' }, spans: 'Done' }, { op: 'node', id: '1', type: 'Badge', attrs: { tone: 'red; background: url(x)', text: 'Odd' } }) + END);
    const badges = $$(screen, '.badge');
    expect(badges.map((b) => b.className)).to.deep.equal(['badge tone-success', 'badge tone-neutral']);
    expect(badges.map((b) => textOf(b))).to.deep.equal(['Done', 'Odd']);
    screen.remove();
  });

  it('Button: asks its ask, else its label; one with an http(s) href is a link; one with any other href opens nothing and says so', async () => {
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'Button', attrs: { ask: 'Explain the dip' }, spans: 'Why?' },
        { op: 'node', id: '1', type: 'Button', attrs: { label: 'Go on' } },
        { op: 'node', id: '2', type: 'Button', attrs: { href: 'https://example.com/report' }, spans: 'Report' },
        { op: 'node', id: '3', type: 'Button', attrs: { href: 'javascript:alert(1)' }, spans: 'Bad' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    (node(screen, '0').querySelector('button') as HTMLButtonElement).click();
    (node(screen, '1').querySelector('button') as HTMLButtonElement).click();
    const link = node(screen, '2').querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com/report');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(node(screen, '3').querySelector('a, button')).to.equal(null);
    expect(node(screen, '3').querySelector('.link-refused')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Bad This link can’t be opened here: javascript:alert(1)');
    expect(actions.map((e) => e.action)).to.deep.equal([
      { type: 'ask', text: 'Explain the dip', node: '0' },
      { type: 'ask', text: 'Go on', node: '1' },
    ] satisfies MorphAction[]);
    screen.remove();
  });

  it('a component that fails to draw replaces only itself, and says why in morph-issue', async () => {
    class AppBroken extends HTMLElement {
      set points(_v: unknown) {
        throw new Error('boom');
      }
    }
    if (!customElements.get('app-broken')) customElements.define('app-broken', AppBroken);
    const screen = await mount('', { components: { Broken: { tag: 'app-broken' } } }, { end: false });
    const diags = collect(screen, 'morph-issue');
    screen.write(ops({ op: 'node', id: '0', type: 'p', spans: 'Before' }, { op: 'node', id: '1', type: 'Broken', attrs: { points: '3' } }, { op: 'node', id: '2', type: 'p', spans: 'After' }) + END);
    await settle(screen);
    expect(textOf(node(screen, '0'))).to.equal('Before');
    expect(textOf(node(screen, '1'))).to.equal('This part of the answer could not be shown.');
    expect(textOf(node(screen, '2'))).to.equal('After');
    const crash = diags.find((d) => d.code === 'node_crashed')!;
    expect(crash.origin).to.equal('element');
    expect(crash.id).to.equal('1');
    expect(crash.message).to.match(/boom/);
    screen.remove();
  });

  it('Card draws its spans and children, busy while streaming', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Card' }, { op: 'spans', id: '0', spans: 'Intro' }, { op: 'node', id: '0.0', type: 'p', spans: 'Body' }), {}, { end: false });
    expect($(screen, '.card')!.getAttribute('aria-busy')).to.equal('true');
    expect(textOf($(screen, '.card'))).to.equal('Intro Body');
    screen.write(op({ op: 'close', id: '0' }));
    await settle(screen);
    expect($(screen, '.card')!.getAttribute('aria-busy')).to.equal(null);
    screen.remove();
  });
});
