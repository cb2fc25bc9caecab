// What a person sees, checked where a screenshot showed it wrong: number columns' headings line up with their
// cells, and a Notice without a title has no empty line at its top.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, mount, node } from './helpers.js';
import { registries } from './fixtures.js';

describe('omni-screen: how it looks', () => {
  it('aligns a number column’s heading to the end, like its cells; text and mixed columns stay at the start', async () => {
    const screen = await mount(
      'root = Table(["Product", "Units", "Mixed"], [r1, r2])\nr1 = TableRow(["Trail runner", 412, 3])\nr2 = TableRow(["Socks", 958, "n/a"])\n',
      registries(),
    );
    const heads = $$(screen, 'th').map((th) => getComputedStyle(th).textAlign);
    expect(heads).to.deep.equal(['start', 'end', 'start']);
    const unitsHead = $$(screen, 'th')[1]!.getBoundingClientRect();
    const unitsCell = $(screen, 'tbody tr td.num')!.getBoundingClientRect();
    expect(Math.abs(unitsHead.right - unitsCell.right)).to.be.lessThan(1);
  });

  it('a Notice without a title starts its text right after its padding', async () => {
    const screen = await mount('root = Stack([a, b])\na = Notice("No title here.")\nb = Notice("With a title.", title="Title")\n', registries());
    for (const id of ['a', 'b']) {
      const box = node(screen, id).querySelector('.notice')!;
      const first = box.firstElementChild!;
      const gap = first.getBoundingClientRect().top - box.getBoundingClientRect().top;
      expect(gap, id).to.equal(parseFloat(getComputedStyle(box).paddingTop));
    }
  });
});
