// The parts <ae-chart> is made of, each on its own: what it plots (series.ts), when its picture is made
// (nearViewport.ts, tested in controllers/nearViewport.test.ts), paper (print.ts), its colours (colours.ts), what chart.js is given (chartOptions.ts) and its
// data table (dataTable.ts). The element as a whole: chart.test.ts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { render } from 'lit';
import { afterEach, describe, it } from './mocha.js';
import { plottable, unreadCount } from '../../../elements/shared/elements/chart/series.js';
import { beforePrint, ChartPrint } from '../../../elements/shared/elements/chart/print.js';
import { readColours, type Colours } from '../../../elements/shared/elements/chart/colours.js';
import { chartOptions, fillData, type AnyChartData, type OptionsInput } from '../../../elements/shared/elements/chart/chartOptions.js';
import { dataTable, moreRows, TABLE_ROWS_PER_TASK, type TableInput } from '../../../elements/shared/elements/chart/dataTable.js';
import { formatTick } from '../../../elements/shared/elements/chart/format.js';
import type { AeChartElement } from '../../../elements/shared/elements/chart/chart.js';
import '../../../elements/shared/elements/chart/chart.js';
import { tokenValue } from '../../../themes/index.js';
import { en } from '../../../strings/en.js';

const print = () => dispatchEvent(new Event('beforeprint'));

describe('chart parts: series', () => {
  it('plots finite values within the limit only', () => {
    expect([1, -2.5, 0, 1e15].map(plottable)).to.deep.equal([true, true, true, true]);
    expect([Number.NaN, Infinity, 1.7e308, '3', null, undefined].map(plottable)).to.deep.equal([false, false, false, false, false, false]);
  });
  it('counts the values that could not be read', () => {
    expect(unreadCount([{ name: 'a', values: [1, Number.NaN], written: [undefined, 'abc'] }, { name: 'b', values: [Number.NaN], written: ['x'] }, { name: 'c', values: [1] }])).to.equal(2);
  });
});

describe('chart parts: print', () => {
  afterEach(async () => {
    await emulateMedia({ media: 'screen' });
  });

  it('runs what waits for printing before every print', () => {
    let runs = 0;
    beforePrint(() => runs++);
    print();
    print();
    expect(runs).to.equal(2);
  });

  class TestPrintHost extends HTMLElement {
    readonly print = new ChartPrint(this);
  }
  customElements.define('test-print-host', TestPrintHost);

  it('says whether the picture is drawn as the host\u2019s drawn state', () => {
    const host = document.createElement('test-print-host') as TestPrintHost;
    expect(host.matches(':state(drawn)')).to.equal(false);
    host.print.drawn = true;
    expect(host.matches(':state(drawn)')).to.equal(true);
    host.print.drawn = false;
    expect(host.matches(':state(drawn)')).to.equal(false);
  });

  it('a chart printed before its picture is drawn prints its values as a table; drawn, it prints the picture scaled to the page', async () => {
    const box = await fixture<HTMLElement>(html`<div style="inline-size: 500px">
      <div style="block-size: 400vh"></div>
      <ae-chart chart-title="Far" .labels=${['Q1', 'Q2']} .series=${[{ name: 'Sales', values: [1, 2] }]}></ae-chart>
    </div>`);
    const chart = box.querySelector('ae-chart') as AeChartElement;
    await chart.updateComplete;
    const $ = (sel: string) => chart.shadowRoot!.querySelector(sel) as HTMLElement;
    const width = (sel: string) => $(sel).getBoundingClientRect().width;
    expect(width('.data'), 'for assistive technology only on screen').to.be.at.most(1);
    await emulateMedia({ media: 'print' });
    expect(width('.data')).to.be.within(50, 500);
    expect($('table').checkVisibility({ contentVisibilityAuto: true })).to.equal(true);
    expect($('.plot').checkVisibility()).to.equal(false);
    await emulateMedia({ media: 'screen' });
    chart.scrollIntoView();
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 20000 });
    await chart.updateComplete;
    box.style.inlineSize = '300px';
    await emulateMedia({ media: 'print' });
    expect(width('.data')).to.be.at.most(1);
    expect($('.plot').checkVisibility()).to.equal(true);
    expect($('canvas').getBoundingClientRect().width).to.be.within(1, 300);
    box.remove();
  });
});

describe('chart parts: colours', () => {
  it('reads each colour as CSS paints it where the chart is, as a colour chart.js parses; the theme\u2019s light value where unset', async () => {
    const host = await fixture<HTMLElement>(html`<div
      style="color-scheme: light; --_chart-1: light-dark(#102030, #000000); --_chart-2: #ABCDEF; --_chart-axis: rgb(128 0 128); --_surface: color-mix(in srgb, #ff0000 50%, #0000ff); --_font: Georgia"
    ></div>`);
    const c = readColours(host, host);
    expect(c.series.slice(0, 3)).to.deep.equal(['#102030', '#ABCDEF', tokenValue('light', 'chart3')]);
    expect(c.series.length).to.equal(8);
    expect(c.axis).to.equal('#800080');
    expect(c.surface, 'as CSS writes what it paints').to.equal('color(srgb 0.5 0 0.5)');
    expect(c.text).to.equal(tokenValue('light', 'mutedText'));
    expect(c.font).to.equal('Georgia');
    expect(host.childElementCount, 'the probe is gone').to.equal(0);
    host.style.removeProperty('--_font');
    expect(readColours(host, host).font).to.equal('system-ui, sans-serif');
  });
});

const colours: Colours = {
  series: ['#000001', '#000002', '#000003', '#000004', '#000005', '#000006', '#000007', '#000008'],
  axis: '#0000aa',
  text: '#0000bb',
  surface: '#0000cc',
  tooltipBackground: '#0000dd',
  tooltipText: '#0000ee',
  font: 'Georgia',
};

describe('chart parts: chart.js options', () => {
  const input: OptionsInput = { kind: 'bar', colours, rtl: false, locale: 'en', format: 'currency', currency: 'USD', xTitle: 'Quarter', yTitle: '', reducedMotion: false };
  type Scales = Record<'x' | 'y', { reverse?: boolean; position?: string; title: { display: boolean; text: string }; ticks: { color: string; callback?: (v: number, i: number, ticks: { value: number }[]) => string } }>;

  it('gives a bar chart its axes from the theme, titled where a title is given', () => {
    const o = chartOptions(input);
    const scales = o.scales as unknown as Scales;
    expect([scales.x.reverse, scales.y.position]).to.deep.equal([false, 'left']);
    expect(scales.x.title).to.include({ display: true, text: 'Quarter' });
    expect(scales.y.title.display).to.equal(false);
    expect(scales.y.ticks.color).to.equal('#0000bb');
    expect(scales.y.ticks.callback!(20000, 0, [{ value: 0 }, { value: 20000 }])).to.equal(formatTick(20000, 'currency', 'USD', 'en', 20000));
    expect(o.animation).to.deep.equal({ duration: 300 });
  });

  it('mirrors the axes right to left, and has no motion where motion is reduced', () => {
    const o = chartOptions({ ...input, rtl: true, reducedMotion: true });
    const scales = o.scales as unknown as Scales;
    expect([scales.x.reverse, scales.y.position]).to.deep.equal([true, 'right']);
    expect(o.plugins!.tooltip!.rtl).to.equal(true);
    expect(o.animation).to.equal(false);
  });

  it('gives a pie no axes, and writes values in the tooltip as the chart does', () => {
    const o = chartOptions({ ...input, kind: 'pie' });
    expect(o.scales).to.equal(undefined);
    expect(o.aspectRatio).to.equal(1.6);
    const label = o.plugins!.tooltip!.callbacks!.label as unknown as (item: unknown) => string;
    expect(label({ label: 'Rent', dataset: {}, raw: 1200 })).to.equal('Rent: $1,200.00');
    expect(label({ label: 'Rent', dataset: {}, raw: 1.7e308 })).to.equal('Rent: ');
  });

  it('fills the data in place: gaps where a value can\u2019t be plotted, a dataset per series, one too many dropped', () => {
    const data: AnyChartData = { labels: [], datasets: [] };
    const series = [{ name: 'A', values: [1, Number.NaN, 1.7e308] }, { name: 'B', values: [3, 4, 5] }];
    fillData(data, { kind: 'line', colours, title: '', labels: ['x', 'y', 'z'], series, names: ['A', 'B'] });
    expect(data.labels).to.deep.equal(['x', 'y', 'z']);
    expect(data.datasets.map((d) => d.data)).to.deep.equal([[1, null, null], [3, 4, 5]]);
    const [a, b] = data.datasets as { pointStyle: string; borderColor: string }[];
    expect([a!.pointStyle, b!.pointStyle, b!.borderColor]).to.deep.equal(['circle', 'rect', '#000002']);
    const kept = data.datasets[0];
    fillData(data, { kind: 'line', colours, title: '', labels: ['x'], series: [{ name: 'A', values: [9] }], names: ['A'] });
    expect(data.datasets.length).to.equal(1);
    expect(data.datasets[0]).to.equal(kept);
  });

  it('draws a line of many points without a mark on each (a hovered point keeps its mark); a few keep theirs', () => {
    const data: AnyChartData = { labels: [], datasets: [] };
    const many = Array.from({ length: 201 }, (_, i) => `P${i}`);
    fillData(data, { kind: 'line', colours, title: '', labels: many, series: [{ name: 'A', values: many.map((_, i) => i) }], names: ['A'] });
    expect(data.datasets[0]).to.include({ pointRadius: 0, pointHoverRadius: 6 });
    fillData(data, { kind: 'line', colours, title: '', labels: many.slice(0, 200), series: [{ name: 'A', values: many.map((_, i) => i).slice(0, 200) }], names: ['A'] });
    expect(data.datasets[0]).to.include({ pointRadius: 3 });
  });

  it('sets bars of two or more series side by side; one series’ bars aren’t grouped', () => {
    const data: AnyChartData = { labels: [], datasets: [] };
    fillData(data, { kind: 'bar', colours, title: '', labels: ['x'], series: [{ name: 'A', values: [1] }], names: ['A'] });
    expect(data.datasets.map((d) => (d as { grouped?: boolean }).grouped)).to.deep.equal([false]);
    fillData(data, { kind: 'bar', colours, title: '', labels: ['x'], series: [{ name: 'A', values: [1] }, { name: 'B', values: [2] }], names: ['A', 'B'] });
    expect(data.datasets.map((d) => (d as { grouped?: boolean }).grouped)).to.deep.equal([true, true]);
  });

  it('fills a pie with one dataset, a slice per series, none below zero', () => {
    const data: AnyChartData = { labels: [], datasets: [] };
    fillData(data, { kind: 'pie', colours, title: 'Spend', labels: [], series: [{ name: 'Rent', values: [40] }, { name: 'Refund', values: [-5] }, { name: 'Odd', values: [Number.NaN] }], names: ['Rent', 'Refund', 'Odd'] });
    expect(data.labels).to.deep.equal(['Rent', 'Refund', 'Odd']);
    expect(data.datasets.length).to.equal(1);
    expect(data.datasets[0]!.data).to.deep.equal([40, 0, null]);
    expect(data.datasets[0]!.label).to.equal('Spend');
  });
});

describe('chart parts: data table', () => {
  const table = (over: Partial<TableInput>) => {
    const input: TableInput = {
      kind: 'bar',
      words: en,
      shown: { title: 'Sales', labels: ['Q1', 'Q2', 'Q3'], names: ['North', 'South'], xTitle: '', categoryTitle: '' },
      series: [{ name: 'North', values: [1, 2, 3] }, { name: 'South', values: [4, Number.NaN, 6], written: [undefined, 'n/a', undefined] }],
      rows: TABLE_ROWS_PER_TASK,
      formatted: (v) => `<${v}>`,
      look: [],
      ...over,
    };
    const box = document.createElement('div');
    render(dataTable(input), box);
    const cells = (sel: string) => [...box.querySelectorAll(sel)].map((c) => c.textContent!.trim());
    return { caption: cells('caption')[0], heads: cells('thead th'), rows: [...box.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent!.trim())) };
  };

  it('holds every value: a column per series, a row per label, an unread value as written with a note', () => {
    const t = table({});
    expect(t.caption).to.equal('Data for Sales');
    expect(t.heads).to.deep.equal(['Category', 'North', 'South']);
    expect(t.rows).to.deep.equal([['Q1', '<1>', '<4>'], ['Q2', '<2>', 'n/a (could not be read)'], ['Q3', '<3>', '<6>']]);
    expect(table({ shown: { title: '', labels: ['Q1'], names: ['North'], xTitle: 'Quarter', categoryTitle: '' }, series: [{ name: 'North', values: [1] }] }).heads[0]).to.equal('Quarter');
  });

  it('holds only the rows made so far, and says how many come next', () => {
    const labels = Array.from({ length: 600 }, (_, i) => `P${i}`);
    const t = table({ shown: { title: '', labels, names: ['A'], xTitle: '', categoryTitle: '' }, series: [{ name: 'A', values: labels.map((_, i) => i) }], rows: 250 });
    expect(t.rows.length).to.equal(250);
    expect(t.caption).to.equal('Data for A');
    expect([moreRows('bar', 250, 600), moreRows('line', 500, 600), moreRows('bar', 750, 600), moreRows('pie', 0, 600)]).to.deep.equal([500, 750, null, null]);
  });

  it('gives a pie a row per slice', () => {
    const t = table({ kind: 'pie', shown: { title: 'Spend', labels: [], names: ['Rent', 'Food'], xTitle: '', categoryTitle: 'Item' }, series: [{ name: 'Rent', values: [40] }, { name: 'Food', values: [35] }] });
    expect(t.heads).to.deep.equal(['Item', 'Value']);
    expect(t.rows).to.deep.equal([['Rent', '<40>'], ['Food', '<35>']]);
  });
});
