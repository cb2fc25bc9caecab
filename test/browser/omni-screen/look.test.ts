// What a person sees, checked where a screenshot showed it wrong: number columns' headings line up with their
// cells, a Notice or Message has no empty line at its top, a Button sizes to its label, and what a press says
// moves no button.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, mount, node, press, settle } from './helpers.js';
import { registries } from './fixtures.js';
import { en } from '../../../strings/en.js';
import { formatTick } from '../../../elements/shared/elements/chart/format.js';
import { pressReally } from '../shared/approvals.js';

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

  it('a Message starts with its first word: no blank line from the template, and its own line breaks kept', async () => {
    const screen = await mount('root = Stack([a, b])\na = Message("Here is your payment.\\nIt is due today.", from="assistant")\nb = Message("Thanks.", from="user")\n', registries());
    for (const id of ['a', 'b']) {
      const bubble = node(screen, id).querySelector<HTMLElement>('.message')!;
      const words = bubble.querySelector('.message-text')!;
      const range = document.createRange();
      range.selectNodeContents(words);
      const first = range.getClientRects()[0]!;
      // The first glyphs sit within half a line of the padding (the line's own leading); a blank line is a whole one.
      const gap = first.top - bubble.getBoundingClientRect().top;
      const padding = parseFloat(getComputedStyle(bubble).paddingTop);
      const line = parseFloat(getComputedStyle(words).lineHeight);
      expect(gap, id).to.be.within(padding, padding + line / 2);
      const lines = id === 'a' ? 2 : 1;
      expect(bubble.getBoundingClientRect().height, id).to.be.closeTo(lines * line + 2 * padding, 1);
    }
    expect((node(screen, 'a').querySelector('.message-text') as HTMLElement).innerText).to.equal('Here is your payment.\nIt is due today.');
  });

  it('a Button with no action sizes to its label in a column, as a governed one does, and follows the column’s alignment', async () => {
    const screen = await mount(
      'root = Stack([card, mid])\ncard = Card([plain, gov])\nplain = Button("Same label", variant="secondary")\ngov = Button("Same label", action="go", variant="secondary")\ngoIt = McpMutation(gov, tool="payments.confirm")\nmid = Stack([c], align="center")\nc = Button("Centred")\n',
      registries(),
    );
    const width = (id: string) => node(screen, id).querySelector('button')!.getBoundingClientRect().width;
    const column = node(screen, 'card').querySelector('.card-body')!.getBoundingClientRect().width;
    expect(width('plain')).to.be.lessThan(column / 2);
    expect(Math.abs(width('plain') - width('gov'))).to.be.lessThan(1);
    const centred = node(screen, 'c').querySelector('button')!.getBoundingClientRect();
    const box = node(screen, 'mid').querySelector('.stack')!.getBoundingClientRect();
    expect(Math.abs(centred.left - box.left - (box.right - centred.right))).to.be.lessThan(1);
  });

  it('what a press says (working, done, failed) moves neither its button nor a Cancel beside it', async () => {
    let settleHandler: (ok: boolean) => void = () => {};
    const screen = await mount(
      'root = Card([row, after])\nrow = Stack([pay, cancel], direction="row", gap="sm")\npay = Button("Pay", action="pay")\npayIt = McpMutation(pay, tool="payments.confirm", params={amount: 1})\ncancel = Button("Cancel", variant="secondary")\nafter = Text("Below the buttons")\n',
      {
        ...registries(),
        handler: () =>
          new Promise((resolve, reject) => {
            settleHandler = (ok) => (ok ? resolve({ result: { ok: true } }) : reject(new Error('no')));
          }),
      },
    );
    const where = () =>
      ['pay', 'cancel'].map((id) => {
        const r = node(screen, id).querySelector('button')!.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height].map(Math.round).join(',');
      });
    const status = () => node(screen, 'pay').querySelector('[part="action-status"]')!.textContent!.trim();
    const idle = where();
    const seen: string[] = [];
    // A governed Button takes presses once its checks have loaded (on a busy machine, after mount's settle).
    const payButton = node(screen, 'pay').querySelector('button')!;
    for (let i = 0; i < 500 && payButton.getAttribute('aria-disabled') === 'true'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(payButton.getAttribute('aria-disabled'), 'the Button became pressable').to.equal(null);
    // A press is checked (schema, seal) before its handler runs: wait for each phase's words, not a fixed turn.
    const reads = async (words: string) => {
      for (let i = 0; i < 500 && status() !== words; i++) await settle(screen);
      seen.push(status());
    };
    press(screen, 'pay');
    await reads(en.actionRunning);
    expect(where(), 'working').to.deep.equal(idle);
    settleHandler(true);
    await reads(en.actionDone);
    expect(where(), 'done').to.deep.equal(idle);
    press(screen, 'pay');
    await reads(en.actionRunning);
    seen.pop();
    settleHandler(false);
    await reads(en.actionFailed);
    expect(where(), 'failed').to.deep.equal(idle);
    expect(seen).to.deep.equal([en.actionRunning, en.actionDone, en.actionFailed]);
    // The words are under the button and inside the card, not over the text below.
    const words = node(screen, 'pay').querySelector('[part="action-status"]')!.getBoundingClientRect();
    const pay = node(screen, 'pay').querySelector('button')!.getBoundingClientRect();
    expect(words.top).to.be.at.least(pay.bottom);
    expect(node(screen, 'after').querySelector('.text')!.getBoundingClientRect().top).to.be.at.least(words.bottom);
  });

  for (const [where, text] of [
    ['alone in a card', 'root = Card([pay, after])\n'],
    ['in a column aligned to its start', 'root = Card([col, after])\ncol = Stack([pay], align="start")\n'],
    ['in a centred column', 'root = Card([col, after])\ncol = Stack([pay], align="center")\n'],
    ['in a row beside another button', 'root = Card([row, after])\nrow = Stack([pay, cancel], direction="row", gap="sm")\ncancel = Button("Cancel", variant="secondary")\n'],
  ]) {
    it(`a failed press's sentence takes the row's width, not its button's (${where})`, async () => {
      const screen = await mount(
        `${text}pay = Button("Pay", action="pay")\npayIt = McpMutation(pay, tool="payments.confirm", params={amount: 1})\nafter = Text("Below the buttons")\n`,
        { ...registries(), handler: () => Promise.reject(new Error('no')) },
      );
      screen.style.width = '600px';
      const button = node(screen, 'pay').querySelector('button')!;
      for (let i = 0; i < 500 && button.getAttribute('aria-disabled') === 'true'; i++) await new Promise((r) => setTimeout(r, 10));
      const cancelAt = where.startsWith('in a row') ? node(screen, 'cancel').querySelector('button')!.getBoundingClientRect().left : 0;
      button.scrollIntoView({ block: 'center' });
      await pressReally(button);
      const status = node(screen, 'pay').querySelector<HTMLElement>('[part="action-status"]')!;
      for (let i = 0; i < 500 && status.textContent!.trim() !== en.actionFailed; i++) await settle(screen);
      expect(status.textContent!.trim()).to.equal(en.actionFailed);
      const lines = Math.round(status.getBoundingClientRect().height / parseFloat(getComputedStyle(status).lineHeight));
      expect(lines, `"${en.actionFailed}" in ${Math.round(status.getBoundingClientRect().width)} px`).to.equal(1);
      expect(status.getBoundingClientRect().width).to.be.greaterThan(button.getBoundingClientRect().width);
      // Still under the button, above what follows, and nothing beside it moved.
      expect(status.getBoundingClientRect().top).to.be.at.least(button.getBoundingClientRect().bottom);
      expect(node(screen, 'after').querySelector('.text')!.getBoundingClientRect().top).to.be.at.least(status.getBoundingClientRect().bottom);
      if (cancelAt) expect(node(screen, 'cancel').querySelector('button')!.getBoundingClientRect().left).to.equal(cancelAt);
    });
  }

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
