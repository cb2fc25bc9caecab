// What a person sees, checked where a screenshot showed it wrong: number columns' headings line up with their
// cells, and a Notice without a title has no empty line at its top.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, mount, node } from './helpers.js';
import { registries } from './fixtures.js';
import { formatTick } from '../../../elements/shared/chart/format.js';

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
      const first = box.querySelector('.notice-title, .notice-text')!;
      const gap = first.getBoundingClientRect().top - box.getBoundingClientRect().top;
      expect(gap, id).to.equal(parseFloat(getComputedStyle(box).paddingTop));
    }
  });

  it('writes one axis one way: compact when its largest tick is 10,000 or more, whole money without cents', () => {
    const axis = [0, 5000, 10000, 15000, 35000];
    expect(axis.map((v) => formatTick(v, 'currency', 'USD', 'en', 35000))).to.deep.equal(['$0', '$5K', '$10K', '$15K', '$35K']);
    expect([0, 2500, 5000].map((v) => formatTick(v, 'currency', 'USD', 'en', 5000))).to.deep.equal(['$0', '$2,500', '$5,000']);
    expect(formatTick(2.5, 'currency', 'USD', 'en', 10)).to.equal('$2.50');
    expect([0, 400, 800].map((v) => formatTick(v, 'number', 'USD', 'en', 800))).to.deep.equal(['0', '400', '800']);
  });

  it('lets Cards in a row share it, and take the whole width once wrapped', async () => {
    const text = 'root = Stack([a, b, c], direction="row")\na = Card([x], title="Revenue this week")\nx = Text("1")\nb = Card([y], title="Orders")\ny = Text("22")\nc = Card([z], title="This hour")\nz = Text("a much longer line of text here")\n';
    const wide = await mount(text, registries());
    wide.style.width = '900px';
    const widths = $$(wide, '.card').map((c) => Math.round(c.getBoundingClientRect().width));
    expect(Math.max(...widths) - Math.min(...widths)).to.be.lessThan(2);
    const heights = $$(wide, '.card').map((c) => Math.round(c.getBoundingClientRect().height));
    expect(new Set(heights).size).to.equal(1);
    wide.style.width = '300px';
    const narrow = $$(wide, '.card').map((c) => Math.round(c.getBoundingClientRect().width));
    expect(narrow.every((w) => w === narrow[0] && w > 250)).to.equal(true);
  });
});
