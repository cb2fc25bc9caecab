import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { html as litHtml } from 'lit';
import { afterEach, describe, it } from './mocha.js';
import { AeChartElement, formatValue, liveChartCount, type ChartSeries } from '../../../elements/shared/elements/chart/chart.js';
import { AgentElement } from '../../../elements/shared/base/agentElement.js';
import { tokenValue } from '../../../themes/index.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';

const labels = ['Q1', 'Q2', 'Q3', 'Q4'];
const sales: ChartSeries = { name: 'Sales', values: [1200, 1500, 900, 2000] };
const costs: ChartSeries = { name: 'Costs', values: [800, 700, 1000, 1100] };
const slices: ChartSeries[] = [
  { name: 'Rent', values: [40] },
  { name: 'Food', values: [35] },
  { name: 'Fun', values: [25] },
];

async function chart(template = html`<ae-chart
  chart-title="Sales by quarter"
  .labels=${labels}
  .series=${[sales]}
  format="currency"
></ae-chart>`) {
  const el = await fixture<AeChartElement>(template);
  await el.updateComplete;
  return el;
}
const $ = (el: AeChartElement, sel: string) => el.shadowRoot!.querySelector(sel) as HTMLElement;
const $$ = (el: AeChartElement, sel: string) => [...el.shadowRoot!.querySelectorAll(sel)] as HTMLElement[];
/**
 * Switches the emulated colour scheme and resolves once the page has heard of it: a listener added now runs after
 * the ones every chart added earlier.
 */
async function scheme(colorScheme: 'light' | 'dark') {
  const heard = new Promise((r) => matchMedia('(prefers-color-scheme: dark)').addEventListener('change', r, { once: true }));
  await emulateMedia({ colorScheme });
  await heard;
}
/** A chart of the sales series, made in code and put at the end of `parent`. */
function salesChartIn(parent: Element): AeChartElement {
  const el = document.createElement('ae-chart');
  el.labels = labels;
  el.series = [sales];
  parent.append(el);
  return el;
}
const waitFor = (ok: () => boolean) => waitUntil(ok, 'the chart was not drawn', { timeout: 4000 });
const texts = (els: Element[]) => els.map((e) => e.textContent!.trim());
const deepActive = () => {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

describe('formatValue', () => {
  it('writes numbers in the locale', () => {
    expect(formatValue(1234.5)).to.equal('1,234.5');
    expect(formatValue(1234.5, 'number', 'USD', 'de')).to.equal('1.234,5');
    expect(formatValue(-3)).to.equal('-3');
  });
  it('writes money, USD by default', () => {
    expect(formatValue(1234.5, 'currency')).to.equal('$1,234.50');
    expect(formatValue(1234.5, 'currency', 'EUR', 'de-DE')).to.equal('1.234,50\u00a0€');
    expect(formatValue(5, 'currency', 'JPY', 'en')).to.equal('¥5');
  });
  it('takes percent values as percents: 12 is 12%', () => {
    expect(formatValue(12, 'percent')).to.equal('12%');
    expect(formatValue(12.5, 'percent')).to.equal('12.5%');
    expect(formatValue(100, 'percent')).to.equal('100%');
    expect(formatValue(12, 'percent', 'USD', 'fr')).to.equal('12\u00a0%');
  });
  it('falls back on a bad currency, a bad locale and an unknown format', () => {
    expect(formatValue(1, 'currency', 'dollars')).to.equal('$1.00');
    expect(formatValue(1000, 'number', 'USD', '!!')).to.equal('1,000');
    expect(formatValue(1000, 'color' as never)).to.equal('1,000');
    expect(formatValue(Number.NaN)).to.equal('');
  });
});

describe('ae-chart', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('registers its tag', () => {
    expect(customElements.get('ae-chart')).to.equal(AeChartElement);
  });

  it('draws on a canvas, with its title shown and as the plot’s name', async () => {
    const el = await chart();
    const c = el.chartInstance!;
    expect(c).to.not.equal(undefined);
    expect(c.canvas).to.equal($(el, 'canvas'));
    expect((c.config as { type?: string }).type).to.equal('bar');
    expect($(el, '[part="title"]').textContent).to.equal('Sales by quarter');
    const plot = $(el, '[part="plot"]');
    expect(plot.getAttribute('role')).to.equal('img');
    expect(plot.getAttribute('aria-label')).to.equal('Sales by quarter');
    expect(plot.tabIndex).to.equal(0);
    expect(c.canvas.width).to.be.greaterThan(0);
  });

  it('registers only the chart.js pieces it uses, and no Legend or Title', async () => {
    const el = await chart();
    const registry = (el.chartInstance!.constructor as unknown as { registry: { plugins: { get(id: string): unknown } } }).registry;
    expect(registry.plugins.get('tooltip')).to.not.equal(undefined);
    expect(registry.plugins.get('legend')).to.equal(undefined);
    expect(registry.plugins.get('title')).to.equal(undefined);
  });

  it('is as wide as its box, with a fixed aspect ratio', async () => {
    const wrap = await fixture<HTMLElement>(html`<div style="width: 500px">
      <ae-chart .labels=${labels} .series=${[sales]}></ae-chart>
    </div>`);
    const el = wrap.querySelector('ae-chart') as AeChartElement;
    await el.updateComplete;
    const box = $(el, 'canvas').getBoundingClientRect();
    expect(box.width).to.equal(500);
    expect(box.height).to.equal(250);
  });

  describe('legend', () => {
    it('one series: no legend', async () => {
      const el = await chart();
      expect($(el, '[part="legend"]')).to.equal(null);
    });
    it('two series: a legend naming each, with a swatch', async () => {
      const el = await chart(html`<ae-chart kind="line" .labels=${labels} .series=${[sales, costs]}></ae-chart>`);
      const legend = $(el, '[part="legend"]');
      expect(legend.tagName).to.equal('UL');
      expect(legend.getAttribute('aria-label')).to.equal('Legend');
      expect(texts($$(el, '[part="legend-item"]'))).to.deep.equal(['Sales', 'Costs']);
      const swatches = $$(el, '[part="swatch"]');
      expect(swatches.length).to.equal(2);
      expect(getComputedStyle(swatches[0]!).backgroundColor).to.not.equal(getComputedStyle(swatches[1]!).backgroundColor);
    });
    it('a pie: a legend for any slices, even one', async () => {
      const el = await chart(html`<ae-chart kind="pie" .series=${[slices[0]]}></ae-chart>`);
      expect(texts($$(el, '[part="legend-item"]'))).to.deep.equal(['Rent']);
      el.series = slices;
      await el.updateComplete;
      expect(texts($$(el, '[part="legend-item"]'))).to.deep.equal(['Rent', 'Food', 'Fun']);
    });
    it('names are text, never markup', async () => {
      const el = await chart(html`<ae-chart .labels=${['a']} .series=${[{ name: '<b>x</b>', values: [1] }, { name: 'y', values: [2] }]}></ae-chart>`);
      expect(texts($$(el, '[part="legend-item"]'))[0]).to.equal('<b>x</b>');
      expect(el.shadowRoot!.querySelector('b')).to.equal(null);
    });
  });

  describe('data table', () => {
    it('has a caption, a column per series and a row header per label', async () => {
      const el = await chart(html`<ae-chart chart-title="Money" format="currency" .labels=${labels} .series=${[sales, costs]}></ae-chart>`);
      const table = $(el, 'table');
      expect(table.querySelector('caption')!.textContent).to.equal('Data for Money');
      expect(texts([...table.querySelectorAll('thead th[scope="col"]')])).to.deep.equal(['Category', 'Sales', 'Costs']);
      expect(texts([...table.querySelectorAll('tbody th[scope="row"]')])).to.deep.equal(labels);
      expect(texts([...table.querySelectorAll('tbody tr:first-child td')])).to.deep.equal(['$1,200.00', '$800.00']);
    });
    it('for a pie: a row per slice', async () => {
      const el = await chart(html`<ae-chart chart-title="Budget" kind="pie" format="percent" .series=${slices}></ae-chart>`);
      const table = $(el, 'table');
      expect(texts([...table.querySelectorAll('thead th')])).to.deep.equal(['Category', 'Value']);
      expect(texts([...table.querySelectorAll('tbody th')])).to.deep.equal(['Rent', 'Food', 'Fun']);
      expect(texts([...table.querySelectorAll('tbody td')])).to.deep.equal(['40%', '35%', '25%']);
    });
    it('is visually hidden but in the accessibility tree, unless show-table', async () => {
      const el = await chart();
      const data = $(el, '[part="data"]');
      expect(data.getBoundingClientRect().height).to.be.at.most(1);
      expect(getComputedStyle(data).display).to.not.equal('none');
      expect(data.getAttribute('aria-hidden')).to.equal(null);
      el.showTable = true;
      await el.updateComplete;
      expect(data.getBoundingClientRect().height).to.be.greaterThan(50);
    });
    it('uses the app’s words', async () => {
      const el = await chart(html`<ae-chart chart-title="Umsatz" .strings=${{ chartData: 'Daten: {title}', chartCategory: 'Quartal' }}
        .labels=${labels} .series=${[sales]}></ae-chart>`);
      expect($(el, 'caption').textContent).to.equal('Daten: Umsatz');
      expect($(el, 'thead th').textContent).to.equal('Quartal');
    });
  });

  describe('keyboard and tooltip', () => {
    it('focus shows the first value in the tooltip; arrows move the active point', async () => {
      const el = await chart(html`<ae-chart chart-title="Money" format="currency" .labels=${labels} .series=${[sales, costs]}></ae-chart>`);
      const c = el.chartInstance!;
      const plot = $(el, '[part="plot"]');
      plot.focus();
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
      expect(c.getActiveElements().map((a) => [a.datasetIndex, a.index])).to.deep.equal([[0, 0]]);
      expect(c.tooltip!.getActiveElements().length).to.equal(1);
      expect(c.tooltip!.title).to.deep.equal(['Q1']);
      expect(c.tooltip!.body[0]!.lines).to.deep.equal(['Sales: $1,200.00']);

      await sendKeys({ press: 'ArrowRight' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
      expect(c.tooltip!.body[0]!.lines).to.deep.equal(['Sales: $1,500.00']);
      await sendKeys({ press: 'ArrowDown' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 1 });
      expect(c.getActiveElements()[0]!.datasetIndex).to.equal(1);
      expect(c.tooltip!.body[0]!.lines).to.deep.equal(['Costs: $700.00']);
      await sendKeys({ press: 'End' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 3 });
      await sendKeys({ press: 'ArrowRight' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 3 });
      await sendKeys({ press: 'Home' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 0 });
      await sendKeys({ press: 'ArrowUp' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 0 });
      await el.updateComplete;
      expect($(el, '[aria-live="polite"]').textContent).to.equal('Q1, Sales: $1,200.00');

      await sendKeys({ press: 'Escape' });
      expect(el.activePoint).to.equal(undefined);
      expect(c.tooltip!.getActiveElements().length).to.equal(0);
    });

    it('blur hides the tooltip', async () => {
      const el = await chart();
      $(el, '[part="plot"]').focus();
      expect(el.chartInstance!.tooltip!.getActiveElements().length).to.equal(1);
      $(el, '[part="plot"]').blur();
      expect(el.chartInstance!.tooltip!.getActiveElements().length).to.equal(0);
    });

    it('a pie: arrows move between slices; percent values are percents', async () => {
      const el = await chart(html`<ae-chart kind="pie" format="percent" .series=${slices}></ae-chart>`);
      $(el, '[part="plot"]').focus();
      const c = el.chartInstance!;
      expect(c.tooltip!.body[0]!.lines).to.deep.equal(['Rent: 40%']);
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowDown' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 2 });
      expect(c.tooltip!.body[0]!.lines).to.deep.equal(['Fun: 25%']);
      await sendKeys({ press: 'ArrowLeft' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    });

    it('is reached with Tab and shows a visible focus ring', async () => {
      const wrap = await fixture<HTMLElement>(html`<div><button>before</button>
        <ae-chart .labels=${labels} .series=${[sales]}></ae-chart></div>`);
      const el = wrap.querySelector('ae-chart') as AeChartElement;
      await el.updateComplete;
      wrap.querySelector('button')!.focus();
      await sendKeys({ press: 'Tab' });
      const plot = $(el, '[part="plot"]');
      expect(deepActive()).to.equal(plot);
      const style = getComputedStyle(plot);
      expect(style.outlineStyle).to.equal('solid');
      expect(parseFloat(style.outlineWidth)).to.be.at.least(2);
      expect(style.outlineColor).to.equal(`rgb(${[1, 3, 5].map((i) => parseInt(tokenValue('light', 'focus').slice(i, i + 2), 16)).join(', ')})`);
    });

    it('right to left: the axis is mirrored and Left moves forward', async () => {
      const wrap = await fixture<HTMLElement>(html`<div dir="rtl"><ae-chart .labels=${labels} .series=${[sales]}></ae-chart></div>`);
      const el = wrap.querySelector('ae-chart') as AeChartElement;
      await el.updateComplete;
      const x = el.chartInstance!.options.scales!.x as { reverse?: boolean };
      expect(x.reverse).to.equal(true);
      $(el, '[part="plot"]').focus();
      await sendKeys({ press: 'ArrowLeft' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
    });

    it('skips values that have not arrived', async () => {
      const el = await chart(html`<ae-chart .labels=${labels} .series=${[{ name: 'A', values: [1, 2] }, { name: 'B', values: [3, 4, 5, 6] }]}></ae-chart>`);
      $(el, '[part="plot"]').focus();
      await sendKeys({ press: 'End' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 0, index: 1 });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'End' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 3 });
      await sendKeys({ press: 'ArrowUp' });
      expect(el.activePoint).to.deep.equal({ datasetIndex: 1, index: 3 });
    });
  });

  describe('growing and lifetime', () => {
    it('grows as series and labels arrive, in the same chart instance', async () => {
      const el = await chart(html`<ae-chart .labels=${['Q1']} .series=${[]}></ae-chart>`);
      const c = el.chartInstance!;
      expect(c.data.datasets.length).to.equal(0);
      el.labels = labels;
      el.series = [{ name: 'Sales', values: [1, 2] }];
      await el.updateComplete;
      el.series = [sales];
      await el.updateComplete;
      el.series = [sales, costs];
      await el.updateComplete;
      expect(el.chartInstance).to.equal(c);
      expect(c.data.labels).to.deep.equal(labels);
      expect(c.data.datasets.map((d) => d.label)).to.deep.equal(['Sales', 'Costs']);
      expect(c.data.datasets[1]!.data).to.deep.equal([800, 700, 1000, 1100]);
      expect(c.getDatasetMeta(1).data.length).to.equal(4);
      expect(texts($$(el, '[part="legend-item"]'))).to.deep.equal(['Sales', 'Costs']);
      expect($$(el, 'tbody tr').length).to.equal(4);
    });

    it('destroys its chart on disconnect and draws again on reconnect', async () => {
      const before = liveChartCount();
      const el = await chart();
      const first = el.chartInstance!;
      expect(liveChartCount()).to.equal(before + 1);
      const parent = el.parentNode!;
      el.remove();
      expect(el.chartInstance === undefined, 'not drawn').to.equal(true);
      expect(liveChartCount()).to.equal(before);
      parent.appendChild(el);
      await el.updateComplete;
      expect(el.chartInstance).to.not.equal(undefined);
      expect(el.chartInstance).to.not.equal(first);
      expect(liveChartCount()).to.equal(before + 1);
      el.remove();
    });

    it('mounting and removing 50 charts leaves none alive', async () => {
      const before = liveChartCount();
      // All in view (ten small charts a row), so each draws.
      const host = await fixture<HTMLElement>(html`<div style="display: grid; grid-template-columns: repeat(10, 1fr); inline-size: 700px"></div>`);
      const els: AeChartElement[] = [];
      for (let i = 0; i < 50; i++) {
        const el = document.createElement('ae-chart');
        el.kind = (['bar', 'line', 'pie'] as const)[i % 3]!;
        el.labels = labels;
        el.series = i % 3 === 2 ? slices : [sales, costs];
        host.appendChild(el);
        els.push(el);
      }
      await Promise.all(els.map((e) => e.updateComplete));
      expect(liveChartCount()).to.equal(before + 50);
      for (const el of els) el.remove();
      expect(liveChartCount()).to.equal(before);
    });

    it('a chart far below the viewport keeps its data table but draws only when scrolled near', async () => {
      const before = liveChartCount();
      const host = await fixture<HTMLElement>(html`<div><div style="block-size: 400vh"></div></div>`);
      const el = salesChartIn(host);
      await el.updateComplete;
      expect(el.chartInstance === undefined, 'not drawn').to.equal(true);
      expect(liveChartCount()).to.equal(before);
      expect($$(el, 'tbody tr').length).to.equal(4);
      el.scrollIntoView();
      await waitFor(() => el.chartInstance !== undefined);
      await el.updateComplete;
      expect(liveChartCount()).to.equal(before + 1);
      expect(el.chartInstance!.data.datasets[0]!.data).to.deep.equal(sales.values);
      el.remove();
      scrollTo(0, 0);
      expect(liveChartCount()).to.equal(before);
    });

    it('a chart in a part of the page the browser skips (content-visibility: auto, off screen) is not drawn, nor is the part laid out for it', async () => {
      const before = liveChartCount();
      const host = await fixture<HTMLElement>(html`<div>
        <div style="block-size: 300vh"></div>
        <div class="skipped" style="content-visibility: auto; contain-intrinsic-size: auto 400px"></div>
      </div>`);
      const el = salesChartIn(host.querySelector('.skipped')!);
      await el.updateComplete;
      expect(el.chartInstance === undefined, 'not drawn').to.equal(true);
      expect(liveChartCount()).to.equal(before);
      expect(el.checkVisibility({ contentVisibilityAuto: true })).to.equal(false);
    });

    it('in a hidden page (no frames drawn, so nothing looked at), updateComplete doesn\u2019t wait to see whether a chart is near', async () => {
      const host = await fixture<HTMLElement>(html`<div></div>`);
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      try {
        // Made and updated within one task, so no frame can come between: only not waiting lets it resolve.
        const el = salesChartIn(host);
        const settled = await Promise.race([el.updateComplete.then(() => 'resolved'), new Promise((r) => setTimeout(() => r('waiting'), 0))]);
        expect(settled).to.equal('resolved');
      } finally {
        delete (document as { hidden?: boolean }).hidden;
      }
    });

    it('every chart not drawn yet is drawn before the page prints, at once', async () => {
      const before = liveChartCount();
      const host = await fixture<HTMLElement>(html`<div><div style="block-size: 400vh"></div></div>`);
      const els = [salesChartIn(host), salesChartIn(host)];
      await Promise.all(els.map((e) => e.updateComplete));
      expect(liveChartCount()).to.equal(before);
      dispatchEvent(new Event('beforeprint'));
      // Before any task: printing doesn't wait for one (chart.js was loaded by the tests before).
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(els.every((e) => e.chartInstance !== undefined)).to.equal(true);
      expect(liveChartCount()).to.equal(before + 2);
      host.remove();
      expect(liveChartCount()).to.equal(before);
    });

    it('a chart removed before chart.js loads never makes an instance', async () => {
      const before = liveChartCount();
      const el = document.createElement('ae-chart');
      el.series = [sales];
      el.labels = labels;
      document.body.appendChild(el);
      el.remove();
      await el.updateComplete;
      expect(el.chartInstance === undefined, 'not drawn').to.equal(true);
      expect(liveChartCount()).to.equal(before);
    });

    it('changing kind makes a chart of the new kind', async () => {
      const el = await chart();
      el.kind = 'line';
      await el.updateComplete;
      expect((el.chartInstance!.config as { type?: string }).type).to.equal('line');
    });

    it('does not animate when reduced motion is asked for', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const el = await chart();
      expect(el.chartInstance!.options.animation).to.equal(false);
    });
  });

  describe('colours', () => {
    const series8 = Array.from({ length: 9 }, (_, i) => ({ name: `S${i + 1}`, values: [i + 1] }));

    it('come from the theme’s chart palette, in order, and repeat after eight', async () => {
      const el = await chart(html`<ae-chart .labels=${['a']} .series=${series8}></ae-chart>`);
      const colours = el.chartInstance!.data.datasets.map((d) => d.backgroundColor);
      expect(colours.slice(0, 8)).to.deep.equal(Array.from({ length: 8 }, (_, i) => tokenValue('light', `chart${i + 1}` as 'chart1')));
      expect(colours[8]).to.equal(colours[0]);
      const x = el.chartInstance!.options.scales!.x as { border: { color: string } };
      expect(x.border.color).to.equal(tokenValue('light', 'chartAxis'));
    });

    it('are read again when the theme changes', async () => {
      const el = await chart(html`<ae-chart theme="light" .labels=${['a']} .series=${series8}></ae-chart>`);
      const c = el.chartInstance!;
      el.theme = 'dark';
      await el.updateComplete;
      expect(el.chartInstance).to.equal(c);
      expect(c.data.datasets[3]!.backgroundColor).to.equal(tokenValue('dark', 'chart4'));
      const y = c.options.scales!.y as { ticks: { color: string } };
      expect(y.ticks.color).to.equal(tokenValue('dark', 'mutedText'));
    });

    it('follow the system colour scheme with theme="system"', async () => {
      const el = await chart(html`<ae-chart theme="system" .labels=${['a']} .series=${series8}></ae-chart>`);
      await emulateMedia({ colorScheme: 'dark' });
      await new Promise((r) => setTimeout(r, 50));
      expect(el.chartInstance!.data.datasets[3]!.backgroundColor).to.equal(tokenValue('dark', 'chart4'));
    });

    it('follow the theme of the element they are in', async () => {
      class ChartHost extends AgentElement {
        override render() {
          return litHtml`<ae-chart .labels=${['a']} .series=${series8}></ae-chart>`;
        }
      }
      defineElement('chart-host', ChartHost);
      const hostEl = await fixture<ChartHost>(html`<chart-host theme="dark"></chart-host>`);
      const el = hostEl.shadowRoot!.querySelector('ae-chart') as AeChartElement;
      await el.updateComplete;
      expect(el.chartInstance!.data.datasets[3]!.backgroundColor).to.equal(tokenValue('dark', 'chart4'));
      hostEl.theme = 'light';
      await hostEl.updateComplete;
      await el.updateComplete;
      expect(el.chartInstance!.data.datasets[3]!.backgroundColor).to.equal(tokenValue('light', 'chart4'));
    });

    it('an app’s --ae-chart-* wins; nothing in the data can choose a colour', async () => {
      const el = await chart(html`<ae-chart style="--ae-chart-1: #010203" .labels=${['a']}
        .series=${[{ name: 'x', values: [1], color: '#ff0000', backgroundColor: '#ff0000' } as ChartSeries]}></ae-chart>`);
      expect(el.chartInstance!.data.datasets[0]!.backgroundColor).to.equal('#010203');
    });
  });

  describe('colours on the canvas follow theme changes', () => {
    // What is drawn, not what was asked for: the colour chart.js resolved for a bar, point or slice, and the
    // pixel at its centre on the canvas. The legend's swatch must show the same colour.
    const two = [sales, costs, { name: 'Other', values: [300, 200, 100, 50] }, { name: 'Fourth', values: [900, 1000, 1100, 1200] }];
    type Drawn = { options: { backgroundColor: string }; getCenterPoint(final?: boolean): { x: number; y: number } };
    const drawnElement = (el: AeChartElement, dataset: number) => el.chartInstance!.getDatasetMeta(dataset).data[1] as unknown as Drawn;
    const drawn = (el: AeChartElement, dataset: number) => drawnElement(el, dataset).options.backgroundColor;
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const pixel = (el: AeChartElement, dataset: number) => {
      const c = el.chartInstance!;
      const r = c.currentDevicePixelRatio;
      const p = drawnElement(el, dataset).getCenterPoint(true);
      return [...c.ctx.getImageData(Math.round(p.x * r), Math.round(p.y * r), 1, 1).data.slice(0, 3)];
    };
    const swatch = (el: AeChartElement, i: number) => getComputedStyle($$(el, '[part="swatch"]')[i]!).backgroundColor;
    const rgbText = (hex: string) => `rgb(${rgb(hex).join(', ')})`;
    /** The bar/slice `dataset` (a pie's slice is index 1 of dataset 0) is drawn in `hex`, on the canvas and in the legend. */
    function expectDrawn(el: AeChartElement, index: number, hex: string) {
      const pie = el.kind === 'pie';
      const dataset = pie ? 0 : index;
      if (pie) {
        const arc = el.chartInstance!.getDatasetMeta(0).data[index] as unknown as Drawn;
        expect(arc.options.backgroundColor).to.equal(hex);
      } else {
        expect(drawn(el, dataset)).to.equal(hex);
        // Within 2 per channel: a line's point is drawn with anti-aliased edges.
        const got = pixel(el, dataset);
        expect(got.every((v, i) => Math.abs(v - rgb(hex)[i]!) <= 2), `pixel ${got.join(',')} is ${hex}`).to.equal(true);
      }
      expect(swatch(el, index)).to.equal(rgbText(hex));
    }
    const light4 = tokenValue('light', 'chart4');
    const dark4 = tokenValue('dark', 'chart4');

    it('the light and dark palettes differ in colour 4 (what these tests watch)', () => {
      expect(light4).to.not.equal(dark4);
    });

    for (const kind of ['bar', 'line', 'pie'] as const) {
      it(`${kind}: the theme attribute changing redraws the canvas in the new colours`, async () => {
        const el = await chart(html`<ae-chart kind=${kind} theme="light" .labels=${labels} .series=${kind === 'pie' ? [...slices, { name: 'More', values: [10] }] : two}></ae-chart>`);
        expectDrawn(el, 3, light4);
        el.theme = 'dark';
        await el.updateComplete;
        expectDrawn(el, 3, dark4);
        el.theme = 'light';
        await el.updateComplete;
        expectDrawn(el, 3, light4);
      });
    }

    it('theme="system": the canvas follows the system colour scheme, both ways', async () => {
      const el = await chart(html`<ae-chart theme="system" .labels=${labels} .series=${two}></ae-chart>`);
      expectDrawn(el, 3, light4);
      await scheme('dark');
      expectDrawn(el, 3, dark4);
      const y = el.chartInstance!.options.scales!.y as { ticks: { color: string } };
      expect(y.ticks.color).to.equal(tokenValue('dark', 'mutedText'));
      await scheme('light');
      expectDrawn(el, 3, light4);
    });

    it('refreshTheme() after the page sets --ae-chart-* redraws the canvas; the legend agrees', async () => {
      const el = await chart(html`<ae-chart .labels=${labels} .series=${two}></ae-chart>`);
      el.style.setProperty('--ae-chart-1', '#010203');
      el.style.setProperty('--ae-chart-4', '#0a0b0c');
      // The legend is CSS and follows at once; the canvas waits for the call.
      expect(swatch(el, 0)).to.equal('rgb(1, 2, 3)');
      el.refreshTheme();
      expectDrawn(el, 0, '#010203');
      expectDrawn(el, 3, '#0a0b0c');
      el.style.removeProperty('--ae-chart-1');
      el.style.removeProperty('--ae-chart-4');
      el.refreshTheme();
      expectDrawn(el, 0, tokenValue('light', 'chart1'));
      expectDrawn(el, 3, light4);
    });

    it('refreshTheme() on an element around the chart reaches it through shadow roots, and on the chart itself', async () => {
      class ChartFrame extends AgentElement {
        override render() {
          return litHtml`<ae-chart .labels=${labels} .series=${two}></ae-chart>`;
        }
      }
      if (!customElements.get('chart-frame')) customElements.define('chart-frame', ChartFrame);
      const frame = await fixture<ChartFrame>(html`<chart-frame theme="light"></chart-frame>`);
      const el = frame.shadowRoot!.querySelector('ae-chart') as AeChartElement;
      await el.updateComplete;
      frame.style.setProperty('--ae-chart-4', '#123456');
      frame.refreshTheme();
      expectDrawn(el, 3, '#123456');
      frame.style.setProperty('--ae-chart-4', '#654321');
      el.refreshTheme();
      expectDrawn(el, 3, '#654321');
      expect('refreshColors' in el, 'the deprecated refreshColors() is gone').to.equal(false);
    });

    it('keeps the data table in step: same rows and values after a theme change', async () => {
      const el = await chart(html`<ae-chart theme="light" .labels=${labels} .series=${two}></ae-chart>`);
      const before = el.shadowRoot!.querySelector('table')!.textContent;
      el.theme = 'dark';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('table')!.textContent).to.equal(before);
      expect(texts($$(el, '[part="legend-item"]'))).to.deep.equal(two.map((s) => s.name));
    });

    it('stops listening to the colour scheme when removed, and reads it again when it comes back', async () => {
      const listening = new Set<EventListenerOrEventListenerObject>();
      const proto = MediaQueryList.prototype;
      const add = proto.addEventListener;
      const remove = proto.removeEventListener;
      proto.addEventListener = function (this: MediaQueryList, type: string, l: EventListenerOrEventListenerObject, o?: AddEventListenerOptions | boolean) {
        if (type === 'change') listening.add(l);
        return add.call(this, type, l, o);
      } as typeof add;
      proto.removeEventListener = function (this: MediaQueryList, type: string, l: EventListenerOrEventListenerObject, o?: EventListenerOptions | boolean) {
        if (type === 'change') listening.delete(l);
        return remove.call(this, type, l, o);
      } as typeof remove;
      try {
        const el = await chart(html`<ae-chart theme="system" .labels=${labels} .series=${two}></ae-chart>`);
        expect(listening.size).to.be.greaterThan(0);
        const parent = el.parentNode!;
        el.remove();
        expect(listening.size).to.equal(0);
        await emulateMedia({ colorScheme: 'dark' });
        parent.appendChild(el);
        await el.updateComplete;
        expectDrawn(el, 3, dark4);
        el.remove();
      } finally {
        proto.addEventListener = add;
        proto.removeEventListener = remove;
      }
    });
  });

  for (const theme of ['light', 'dark']) {
    it(`is accessible (${theme}), with a legend and while a point is shown`, async () => {
      const el = await chart(html`<ae-chart theme=${theme} chart-title="Money" .labels=${labels} .series=${[sales, costs]}></ae-chart>`);
      await expect(el).to.be.accessible();
      $(el, '[part="plot"]').focus();
      await el.updateComplete;
      await expect(el).to.be.accessible();
      el.showTable = true;
      el.kind = 'pie';
      el.series = slices;
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });
  }
});
