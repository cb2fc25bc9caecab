// Every node type and span of the format, drawn as it streams.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, END, mount, node, ops, settle, textOf } from './helpers.js';

describe('morph-screen: blocks', () => {
  it('draws the spec example: a heading, then a Card holding a Chart', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'h', attrs: { level: '1' } },
        { op: 'spans', id: '0', spans: [{ t: 'text', v: 'Revenue overview' }] },
        { op: 'close', id: '0' },
        { op: 'open', id: '1', type: 'Card', attrs: { title: 'Weekly revenue' } },
        { op: 'open', id: '1.0', type: 'Chart', attrs: { type: 'line', x: 'Week', y: 'USD' } },
        { op: 'close', id: '1.0', data: { columns: ['Week', 'Revenue'], rows: [['W1', '24100'], ['W2', '30800']] } },
        { op: 'close', id: '1' },
      ) + END,
    );
    expect($(screen, 'h1')!.textContent).to.equal('Revenue overview');
    expect(textOf($(screen, '.card-title'))).to.equal('Weekly revenue');
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    const chart = $(screen, 'ae-chart') as HTMLElement & { kind: string; labels: string[]; series: { name: string; values: number[] }[]; format: string };
    expect(chart.kind).to.equal('line');
    expect(chart.labels).to.deep.equal(['W1', 'W2']);
    expect(chart.series).to.deep.equal([{ name: 'Revenue', values: [24100, 30800] }]);
    expect(chart.format).to.equal('currency');
    screen.remove();
  });
});
