// Charts (issue 28, items 2 and 4): numbers a chart can't plot are gaps, said, and never reach the axis (1.7e308
// froze the page); a 10,000-point chart is drawn decimated, its data table in full, and a 100,000-point chart
// doesn't take the paragraph after it down; numbers are read as the document's language writes them, with their
// units; a value that can't be read is said (morph-issue, the data table, a note under the chart); the stream's
// axis names are the axes' titles, and columns[0] heads the data table.
import { expect, waitUntil } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, collect, END, mount, node, op, settle, textOf } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

interface ChartLike extends HTMLElement {
  updateComplete: Promise<boolean>;
  labels: string[];
  series: { name: string; values: number[] }[];
  format: string;
  currency: string;
  chartInstance?: {
    data: { labels: string[]; datasets: { data: (number | null)[] }[] };
    options: { scales: Record<string, { title?: { display?: boolean; text?: string } }> };
    scales: Record<string, { min: number; max: number }>;
  };
}

const chartNode = (id: string, attrs: Record<string, string>, columns: unknown[], rows: unknown[][]) => op({ op: 'node', id, type: 'Chart', attrs, data: { columns, rows } });

async function chartIn(screen: MorphScreenElement): Promise<ChartLike> {
  await customElements.whenDefined('ae-chart');
  await settle(screen);
  const chart = $<ChartLike>(screen, 'ae-chart')!;
  await chart.updateComplete;
  return chart;
}

const issuesOf = (list: { code: string; id?: string; severity: string }[]) => list.map((d) => `${d.severity} ${d.code} ${d.id ?? ''}`);

describe('morph-screen: chart numbers', function (this: Mocha.Suite) {
  this.timeout(60000);

  it('a value of 1.7e308 is a gap, said in morph-issue; the axis stays finite and the chart draws', async () => {
    const screen = await mount('', {}, { end: false });
    const said = collect(screen, 'morph-issue');
    screen.write(chartNode('0', { type: 'line', title: 'Huge' }, ['x', 'y'], [['a', 1], ['b', 1.7e308], ['c', '-1.7e308'], ['d', 3]]) + op({ op: 'node', id: '1', type: 'p', spans: 'After' }) + END);
    screen.end();
    const chart = await chartIn(screen);
    expect(chart.series[0]!.values).to.deep.equal([1, NaN, NaN, 3]);
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 10000 });
    expect(chart.chartInstance!.scales['y']!.max).to.be.at.most(10);
    expect(issuesOf(said)).to.deep.equal(['warning value_out_of_range 0']);
    expect(textOf(node(screen, '1'))).to.equal('After');
    screen.remove();
  });

  it('a 10,000-point line chart is drawn decimated (its extremes kept), its data table in full, the paragraph after it drawn', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`P${i}`, i === 4321 ? 5000 : i === 7777 ? -5000 : Math.round(Math.sin(i / 50) * 100)]);
    const screen = await mount(chartNode('0', { type: 'line', title: 'Many' }, ['Point', 'Value'], rows) + op({ op: 'node', id: '1', type: 'p', spans: 'After the chart' }) + END);
    const chart = await chartIn(screen);
    expect(textOf(node(screen, '1'))).to.equal('After the chart');
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 10000 });
    const drawn = chart.chartInstance!.data;
    expect(drawn.labels.length).to.be.greaterThan(100);
    expect(drawn.labels.length).to.be.at.most(1_002);
    const values = drawn.datasets[0]!.data;
    expect(Math.max(...(values as number[]))).to.equal(5000);
    expect(Math.min(...(values as number[]))).to.equal(-5000);
    expect(drawn.labels[values.indexOf(5000)]).to.equal('P4321');
    expect(drawn.labels[0]).to.equal('P0');
    expect(drawn.labels.at(-1)).to.equal('P9999');
    await waitUntil(() => chart.shadowRoot!.querySelectorAll('tbody tr').length === 10_000, 'every row in the data table', { timeout: 20000 });
    screen.remove();
  });

  it('a 10,000-bar chart is decimated the same way, to fewer bars (each wider than a pixel), its data table in full', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`B${i}`, i === 10 ? 99 : i === 9_990 ? -7 : 1 + (i % 3)]);
    const screen = await mount(chartNode('0', { title: 'Bars' }, ['Bar', 'Value'], rows) + END);
    const chart = await chartIn(screen);
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 10000 });
    const drawn = chart.chartInstance!.data;
    expect(drawn.labels.length).to.be.greaterThan(100);
    expect(drawn.labels.length).to.be.at.most(502);
    const values = drawn.datasets[0]!.data as number[];
    expect([Math.max(...values), Math.min(...values)]).to.deep.equal([99, -7]);
    expect([drawn.labels[values.indexOf(99)], drawn.labels[values.indexOf(-7)]]).to.deep.equal(['B10', 'B9990']);
    await waitUntil(() => chart.shadowRoot!.querySelectorAll('tbody tr').length === 10_000, 'every row in the data table', { timeout: 20000 });
    const last = [...chart.shadowRoot!.querySelectorAll('tbody tr')].at(-1)!;
    expect([...last.children].map((c) => c.textContent!.trim())).to.deep.equal(['B9999', '1']);
    screen.remove();
  });

  it('a 100,000-point chart (over the line limit) doesn’t take the paragraph after it down', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [`P${i}`, i]);
    const screen = await mount(chartNode('0', { type: 'line' }, ['x', 'y'], rows) + op({ op: 'node', id: '1', type: 'p', spans: 'Still here' }) + END);
    expect(textOf(node(screen, '1'))).to.equal('Still here');
    expect(node(screen, '0').querySelector('.fallback')).to.not.equal(null);
    screen.remove();
  });

  it('numbers as the document’s language writes them: German', async () => {
    const screen = await mount('', { lang: 'de' } as Partial<MorphScreenElement>, { end: false });
    screen.write(chartNode('0', { x: 'Woche', y: 'EUR' }, ['Woche', 'Umsatz'], [['W1', '1.204,50'], ['W2', '12,5'], ['W3', '2.000'], ['W4', '980 €']]) + END);
    screen.end();
    const chart = await chartIn(screen);
    expect(chart.series[0]!.values).to.deep.equal([1204.5, 12.5, 2000, 980]);
    expect(chart.format).to.equal('currency');
    expect(chart.currency).to.equal('EUR');
    screen.remove();
  });

  it('numbers as the document’s language writes them: English and French; a unit in every cell picks the format', async () => {
    const en = await mount(chartNode('0', {}, ['x', 'y'], [['a', '1,204.50'], ['b', '2.000'], ['c', '980 €']]) + END, { lang: 'en' } as Partial<MorphScreenElement>);
    expect((await chartIn(en)).series[0]!.values).to.deep.equal([1204.5, 2, 980]);
    en.remove();
    const fr = await mount(chartNode('0', {}, ['x', 'y'], [['a', '1 204,50 €'], ['b', '12,5 €']]) + END, { lang: 'fr' } as Partial<MorphScreenElement>);
    const chart = await chartIn(fr);
    expect(chart.series[0]!.values).to.deep.equal([1204.5, 12.5]);
    expect([chart.format, chart.currency]).to.deep.equal(['currency', 'EUR']);
    fr.remove();
  });

  it('a value that can’t be read is said: morph-issue, its data table cell, and a note under the chart', async () => {
    const screen = await mount('', {}, { end: false });
    const said = collect(screen, 'morph-issue');
    screen.write(chartNode('0', { title: 'Sales' }, ['Week', 'Sales'], [['W1', '10'], ['W2', 'lots'], ['W3', '12']]) + END);
    screen.end();
    const chart = await chartIn(screen);
    expect(chart.series[0]!.values).to.deep.equal([10, NaN, 12]);
    expect(issuesOf(said)).to.deep.equal(['warning unreadable_number 0']);
    const cells = [...chart.shadowRoot!.querySelectorAll('tbody td')].map((td) => textOf(td));
    expect(cells[1]).to.contain('lots');
    expect(cells[1]).to.contain('could not be read');
    const note = chart.shadowRoot!.querySelector('[part="note"]');
    expect(textOf(note)).to.contain('1');
    expect(note!.getBoundingClientRect().height, 'the note is visible').to.be.greaterThan(0);
    screen.remove();
  });

  it('the stream’s axis names are the axes’ titles; columns[0] heads the data table', async () => {
    const screen = await mount(chartNode('0', { type: 'line', x: 'Week', y: 'USD' }, ['Week', 'Revenue'], [['W1', '24100'], ['W2', '30800']]) + END);
    const chart = await chartIn(screen);
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 10000 });
    const scales = chart.chartInstance!.options.scales;
    expect([scales['x']!.title?.display, scales['x']!.title?.text]).to.deep.equal([true, 'Week']);
    expect([scales['y']!.title?.display, scales['y']!.title?.text]).to.deep.equal([true, 'USD']);
    expect(textOf(chart.shadowRoot!.querySelector('thead th'))).to.equal('Week');
    screen.remove();
  });
});
