// Copying from a screen (issue 28, item 5, for <omni-screen>): what a selection copies is what a sighted reader
// sees, in shapes other programs read, by the same handler <morph-screen> copies with
// (elements/shared/screen/copying.ts): a Table as tab-separated rows and an HTML table, no words said only to
// screen readers. A person drags the mouse and presses Control+C; a paste reads what the copy put there.
import { expect } from '@open-wc/testing';
import { resetMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, mount, settle } from './helpers.js';
import { copyWithKeys, dragAcross, tableIn, textNode } from '../shared/clipboard.js';

/** A Text, a Table, and a message after it (which tells screen readers who sent it). */
const screenText = `root = Stack([before, table, said])
before = Text("Here are the prices.")
table = Table(["Item", "Qty", "Price"], [r1, r2])
r1 = TableRow(["Coffee", 2, 3.5])
r2 = TableRow(["Tea", 1, 2])
said = Message("Prices include tax.", from="assistant")
`;

describe('omni-screen: copying', () => {
  afterEach(async () => {
    document.getSelection()?.removeAllRanges();
    await resetMouse();
  });

  it('copying a Table and the words around it puts tab-separated rows and an HTML table on the clipboard, and nothing said only to screen readers', async () => {
    const screen = await mount(screenText);
    await dragAcross([textNode($(screen, '.text')!, 'Here'), 'Here'], [textNode($(screen, '.message-text')!, 'tax.'), 'tax.']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Here are the prices.\n\nItem\tQty\tPrice\nCoffee\t2\t3.5\nTea\t1\t2\nPrices include tax.');
    expect(tableIn(copiedHtml)).to.deep.equal({ rows: [['Item', 'Qty', 'Price'], ['Coffee', '2', '3.5'], ['Tea', '1', '2']], head: ['th', 'th', 'th'] });
    expect(copiedHtml).to.not.contain('omni-node');
    expect(copiedHtml).to.not.contain($(screen, '.message .visually-hidden')!.textContent!.trim());
    screen.remove();
  });

  it('copying across a chart copies its values as its data table shows them', async () => {
    const screen = await mount(`root = Stack([before, bar, after])
before = Text("Sales went up.")
bar = BarChart("Sales", ["Q1", "Q2"], [s1])
s1 = Series("2025", [10, 20])
after = Text("Q2 was best.")
`);
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    await ($(screen, 'ae-chart') as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    const texts = $$(screen, '.text');
    await dragAcross([textNode(texts[0]!, 'Sales'), 'Sales'], [textNode(texts[1]!, 'best.'), 'best.']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Sales went up.\n\nData for Sales\nCategory\t2025\nQ1\t10\nQ2\t20\nQ2 was best.');
    expect(tableIn(copiedHtml).rows).to.deep.equal([['Category', '2025'], ['Q1', '10'], ['Q2', '20']]);
    screen.remove();
  });

  it('copying part of a Table copies the part selected as rows and cells', async () => {
    const screen = await mount(screenText);
    const cells = $$(screen, 'td');
    await dragAcross([textNode(cells[0]!, 'Coffee'), 'Coffee'], [textNode(cells[3]!, 'Tea'), 'Tea']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Coffee\t2\t3.5\nTea');
    expect(tableIn(copiedHtml).rows).to.deep.equal([['Coffee', '2', '3.5'], ['Tea']]);
    screen.remove();
  });
});
