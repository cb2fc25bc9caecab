// Choices and names as models write them (issue 17, item 6): a Poll listing an option twice marks one, and What-if
// Sliders named from labels like "2nd price", "Max" or "Round" work in their Results.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $$, collect, END, mount, node, ops, settle, textOf } from './helpers.js';

describe('morph-screen: choices and names as models write them', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('a Poll with duplicate options shows each once, and a vote marks one', async () => {
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'Poll', attrs: { q: 'Lunch?', options: 'Soup|Salad|Soup' } },
        { op: 'node', id: '1', type: 'Poll', attrs: { q: 'Dinner?' }, data: { items: ['Fish', 'Pasta', 'Fish'] } },
      ) + END,
    );
    const votes = collect(screen, 'morph-action');
    const lunch = () => [...node(screen, '0').querySelectorAll<HTMLButtonElement>('.choice')];
    expect(lunch().map((b) => textOf(b))).to.deep.equal(['Soup', 'Salad']);
    expect([...node(screen, '1').querySelectorAll('.choice')].map((b) => textOf(b))).to.deep.equal(['Fish', 'Pasta']);
    lunch()[0]!.click();
    await settle(screen);
    expect(lunch().filter((b) => b.getAttribute('aria-pressed') === 'true').length).to.equal(1);
    expect(votes.map((v) => v.action)).to.deep.equal([{ type: 'vote', node: '0', name: null, choice: 'Soup' }]);
    screen.remove();
  });

  it('Sliders named 2nd_price, max and round (from their labels) work in Results', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'WhatIf' },
        { op: 'node', id: '0.0', type: 'Slider', attrs: { label: '2nd price', min: '0', max: '100', value: '30' } },
        { op: 'node', id: '0.1', type: 'Slider', attrs: { label: 'Max', min: '0', max: '10', value: '4' } },
        { op: 'node', id: '0.2', type: 'Slider', attrs: { label: 'Round', min: '1', max: '5', value: '2' } },
        { op: 'node', id: '0.3', type: 'Result', attrs: { label: 'Spend' }, data: { formula: ['2nd_price', 'max', '*', 'round', '*'], value: 240 } },
        { op: 'node', id: '0.4', type: 'Result', attrs: { label: 'Larger' }, data: { formula: ['2nd_price', 'max', 'max'], value: 30 } },
        { op: 'close', id: '0' },
      ) + END,
    );
    const diags = collect(screen, 'morph-issue');
    const value = (id: string) => textOf(node(screen, id).querySelector('output'));
    expect(value('0.3')).to.equal('240');
    expect(value('0.4'), 'max between two values is the function').to.equal('30');
    const sliders = $$<HTMLInputElement>(screen, 'input[type="range"]');
    sliders[1]!.valueAsNumber = 5;
    sliders[1]!.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(screen);
    expect(value('0.3')).to.equal('300');
    expect(diags.length).to.equal(0);
    expect(screen.state['0']).to.deep.equal({ values: { '2nd_price': 30, max: 5, round: 2 } });
    screen.remove();
  });
});
