// What people do with an answer while and after it is written: select words in the block being written, copy
// tables and code, read it right to left or in forced colours, answer with the keyboard.
import { expect } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, collect, END, mount, ops, settle, textOf } from './helpers.js';
import { copyWithKeys, dragAcross, pasteWithKeys, tableIn, textNode } from '../shared/clipboard.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

const text = (v: string) => ({ t: 'text', v });

/** The selection's text, as the page reports it (a selection inside the screen's shadow root). */
const selected = (screen: MorphScreenElement): string =>
  ((screen.shadowRoot as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.() ?? document.getSelection())?.toString() ?? '';

/** Selects the characters `from`..`to` of text node `t` with the mouse, as a person does. */
async function dragSelect(t: Text, from: number, to: number): Promise<void> {
  const at = (i: number, dx: number) => {
    const r = document.createRange();
    r.setStart(t, i);
    r.setEnd(t, i + 1);
    const box = r.getBoundingClientRect();
    return [Math.round(box.left + dx), Math.round(box.top + box.height / 2)] as [number, number];
  };
  await sendMouse({ type: 'move', position: at(from, 1) });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: at(to, 0) });
  await sendMouse({ type: 'up' });
}

/** A chart between two paragraphs, drawn, and selected with the mouse from the first paragraph to the last. */
async function chartSelected(attrs: Record<string, string>, data: { columns: string[]; rows: (string | number)[][] }) {
  const screen = await mount(
    ops(
      { op: 'node', id: '0', type: 'p', spans: [text('Before the chart.')] },
      { op: 'node', id: '1', type: 'Chart', attrs, data },
      { op: 'node', id: '2', type: 'p', spans: [text('After the chart.')] },
    ) + END,
  );
  await customElements.whenDefined('ae-chart');
  await settle(screen);
  const chart = $(screen, 'ae-chart') as HTMLElement & { updateComplete: Promise<boolean> };
  await chart.updateComplete;
  const paragraphs = $$(screen, 'p.prose');
  await dragAcross([textNode(paragraphs[0]!, 'Before'), 'Before'], [textNode(paragraphs[1]!, 'chart.'), 'chart.']);
  return { screen, chart };
}

const link = (v: string) => ({ t: 'link', href: 'https://example.com/', c: [text(v)] });

/** A paragraph, a table of a header row and three rows (the last one's first cell empty), and a paragraph after it. */
const tableAnswer =
  ops(
    { op: 'node', id: '0', type: 'p', spans: [text('Sales by week, see '), link('the report')] },
    { op: 'open', id: '1', type: 'table' },
    { op: 'open', id: '1.0', type: 'row', attrs: { head: true } },
    { op: 'node', id: '1.0.0', type: 'cell', spans: [text('Week')] },
    { op: 'node', id: '1.0.1', type: 'cell', spans: [text('Sales')] },
    { op: 'close', id: '1.0' },
    { op: 'open', id: '1.1', type: 'row' },
    { op: 'node', id: '1.1.0', type: 'cell', spans: [text('W1')] },
    { op: 'node', id: '1.1.1', type: 'cell', attrs: { align: 'right' }, spans: [text('1,204.50')] },
    { op: 'close', id: '1.1' },
    { op: 'open', id: '1.2', type: 'row' },
    { op: 'node', id: '1.2.0', type: 'cell', spans: [text('W2')] },
    { op: 'node', id: '1.2.1', type: 'cell', attrs: { align: 'right' }, spans: [text('980')] },
    { op: 'close', id: '1.2' },
    { op: 'open', id: '1.3', type: 'row' },
    { op: 'node', id: '1.3.0', type: 'cell', spans: [] },
    { op: 'node', id: '1.3.1', type: 'cell', attrs: { align: 'right' }, spans: [text('75')] },
    { op: 'close', id: '1.3' },
    { op: 'close', id: '1' },
    { op: 'node', id: '2', type: 'p', spans: [text('Week 2 was slower.')] },
  ) + END;

describe('morph-screen: what people do with an answer', () => {
  afterEach(async () => {
    document.getSelection()?.removeAllRanges();
    await resetMouse();
  });

  for (const [what, type, spansOf] of [
    ['a paragraph of one text span', 'p', (v: string) => [text(v)]],
    ['a paragraph of several spans', 'p', (v: string) => [{ t: 'strong', c: [text('Note:')] }, text(v)]],
    ['a code block', 'code', (v: string) => [text(v)]],
  ] as const) {
    it(`a selection in ${what} being written survives the next tokens`, async () => {
      const first = ' selecting these words while the answer is written';
      const screen = await mount(ops({ op: 'open', id: '0', type }, { op: 'spans', id: '0', spans: spansOf(first) }), {}, { end: false });
      const block = $(screen, type === 'p' ? 'p' : 'pre code')!;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      let holder: Text | null = null;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Text).data.includes('selecting')) holder = n as Text;
      const start = holder!.data.indexOf('selecting');
      await dragSelect(holder!, start, start + 'selecting these'.length);
      expect(selected(screen)).to.equal('selecting these');
      screen.write(ops({ op: 'spans', id: '0', spans: spansOf(`${first}, and more words`) }));
      await settle(screen);
      screen.write(ops({ op: 'spans', id: '0', spans: spansOf(`${first}, and more words arrive.`) }) + END);
      await settle(screen);
      expect(block.textContent).to.contain('and more words arrive.');
      expect(selected(screen)).to.equal('selecting these');
      screen.remove();
    });
  }

  it('copying a table and the words around it puts tab-separated rows and an HTML table on the clipboard', async () => {
    const screen = await mount(tableAnswer);
    await dragAcross([textNode($(screen, 'p.prose')!, 'Sales by'), 'Sales by'], [textNode($$(screen, 'p.prose')[1]!, 'slower.'), 'slower.']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Sales by week, see the report\n\nWeek\tSales\nW1\t1,204.50\nW2\t980\n\t75\nWeek 2 was slower.');
    expect(tableIn(copiedHtml)).to.deep.equal({ rows: [['Week', 'Sales'], ['W1', '1,204.50'], ['W2', '980'], ['', '75']], head: ['th', 'th'] });
    expect(copiedHtml).to.not.contain('morph-node');
    // Nothing but a table's own parts between the table and its cells, where an HTML parser would move it out.
    expect(copiedHtml).to.match(/<table>(<tbody>)?<tr>/);
    expect(copiedHtml).to.contain('href="https://example.com/"');
    screen.remove();
  });

  it('copying part of a table copies the part selected as rows and cells', async () => {
    const screen = await mount(tableAnswer);
    const cells = $$(screen, '.cell-body');
    await dragAcross([textNode(cells[1]!, 'Sales'), 'Sales'], [textNode(cells[4]!, 'W2'), 'W2']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Sales\nW1\t1,204.50\nW2');
    expect(tableIn(copiedHtml).rows).to.deep.equal([['Sales'], ['W1', '1,204.50'], ['W2']]);
    screen.remove();
  });

  it('copying words within one cell copies the words, not a table', async () => {
    const screen = await mount(tableAnswer);
    const cell = $$(screen, '.cell-body')[3]!;
    await dragAcross([textNode(cell, '204'), '204'], [textNode(cell, '204.50'), '204.50']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('204.50');
    expect(copiedHtml).to.not.contain('<table');
    screen.remove();
  });

  it('copying across a chart copies its values as the table its data table shows: tab-separated rows, and an HTML table with a caption', async () => {
    const { screen } = await chartSelected({ type: 'bar', title: 'Sales by week' }, { columns: ['Week', 'Sales'], rows: [['W1', 10], ['W2', 20.5]] });
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Before the chart.\n\nData for Sales by week\nWeek\tSales\nW1\t10\nW2\t20.5\nAfter the chart.');
    const doc = new DOMParser().parseFromString(copiedHtml, 'text/html');
    expect(doc.querySelector('table > caption')?.textContent?.trim()).to.equal('Data for Sales by week');
    expect(tableIn(copiedHtml)).to.deep.equal({ rows: [['Week', 'Sales'], ['W1', '10'], ['W2', '20.5']], head: ['th', 'th'] });
    screen.remove();
  });

  it('copying across a 2,000-point chart copies every row, even while its data table is still being made', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => [`D${i}`, i % 97]);
    const { screen, chart } = await chartSelected({ type: 'line', title: 'Daily' }, { columns: ['Day', 'Count'], rows });
    // The table on screen is made 250 rows per task; here it has just started again (as when new data arrives),
    // and the person's Control+C comes before its last rows are made.
    (chart as unknown as { tableRows: number }).tableRows = 250;
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelectorAll('tbody tr').length).to.be.below(2_000);
    const { text: plain } = await copyWithKeys();
    const lines = plain.split('\n');
    expect(lines.length).to.equal(2 + 1 + 1 + 2_000 + 1, 'the paragraph, a blank line, the caption, the header, every row, the paragraph after');
    expect(lines.at(-2)).to.equal(`D1999\t${1999 % 97}`);
    screen.remove();
  });

  it('words said only to screen readers are not copied: what is copied is what a sighted reader sees', async () => {
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'p', spans: [text('Read '), link('a link'), text(' first.')] },
        { op: 'open', id: '1', type: 'ul' },
        { op: 'node', id: '1.0', type: 'li', attrs: { task: 'done' }, spans: [text('Write the spec')] },
        { op: 'node', id: '1.1', type: 'li', attrs: { task: 'open' }, spans: [text('Test it')] },
        { op: 'close', id: '1' },
      ) + END,
    );
    const items = $$(screen, '.li-body');
    await dragAcross([textNode($(screen, 'p.prose')!, 'Read'), 'Read'], [textNode(items[1]!, 'Test it'), 'Test it']);
    const { text: plain, html: copiedHtml } = await copyWithKeys();
    expect(plain).to.equal('Read a link first.\n\nWrite the spec\nTest it');
    expect(textOf(new DOMParser().parseFromString(copiedHtml, 'text/html').body)).to.equal('Read a link first. Write the spec Test it');
    screen.remove();
  });

  it('a code block has a Copy code button, reached with the keyboard, that copies the code and says so', async () => {
    const code = 'def f():\n    return 1';
    const screen = await mount(ops({ op: 'node', id: '0', type: 'code', attrs: { lang: 'python' }, spans: [text(code)] }) + END);
    const button = $<HTMLButtonElement>(screen, '.code button')!;
    expect(button, 'a copy button').to.not.equal(null);
    expect(textOf(button)).to.equal('Copy code');
    $(screen, 'pre')!.focus();
    await sendKeys({ press: 'Shift+Tab' });
    expect(screen.shadowRoot!.activeElement).to.equal(button);
    await sendKeys({ press: 'Enter' });
    const announcer = $(screen, '[part="announcer"]')!;
    expect(announcer.getAttribute('aria-live')).to.equal('polite');
    for (let i = 0; i < 200 && textOf(announcer) !== 'Copied'; i++) await new Promise((r) => requestAnimationFrame(r));
    expect(textOf(announcer)).to.equal('Copied');
    expect(await pasteWithKeys()).to.equal(code);
    screen.remove();
  });

  const poll = (close = true) =>
    ops({ op: close ? 'node' : 'open', id: '0', type: 'Poll', attrs: { q: 'Lunch?', options: 'Pizza|Salad' } });

  for (const [how, give] of [
    ['state', (screen: MorphScreenElement) => (screen.state = { '0': { vote: 'Burgers' } })],
    ['AG-UI shared state', (screen: MorphScreenElement) => screen.applySharedState({ morphscreen: { m1: { '0': { vote: 'Burgers' } } } })],
  ] as const) {
    it(`a Poll vote for no option, from ${how}, is refused and the Poll stays votable`, async () => {
      const screen = await mount(poll() + END, { messageId: 'm1' });
      const issues = collect(screen, 'morph-issue');
      give(screen);
      await settle(screen);
      expect(issues.map((i) => [i.code, i.id])).to.deep.equal([['state_refused', '0']]);
      expect(textOf($(screen, '.poll .feedback'))).to.equal('');
      expect($$(screen, '.poll button').map((b) => b.getAttribute('aria-disabled'))).to.deep.equal([null, null]);
      const votes = collect(screen, 'morph-action');
      $$(screen, '.poll button')[1]!.focus();
      await sendKeys({ press: 'Enter' });
      await settle(screen);
      expect(votes.map((e) => e.action.type)).to.deep.equal(['vote']);
      expect(screen.state).to.deep.equal({ '0': { vote: 'Salad' } });
      screen.remove();
    });
  }

  it('a Poll vote for no option given while the Poll is still open is taken back when it closes', async () => {
    const screen = await mount(poll(false), {}, { end: false });
    const issues = collect(screen, 'morph-issue');
    screen.state = { '0': { vote: 'Burgers' } };
    screen.write(ops({ op: 'close', id: '0' }) + END);
    await settle(screen);
    expect(issues.map((i) => [i.code, i.id])).to.deep.equal([['state_refused', '0']]);
    expect(textOf($(screen, '.poll .feedback'))).to.equal('');
    expect(screen.state).to.deep.equal({ '0': { vote: null } });
    screen.remove();
  });

  it('right to left: a Hebrew task item reads right to left, whatever the hidden words say', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: [text('לכתוב את המפרט')] }, { op: 'close', id: '0' }) + END);
    expect(getComputedStyle($(screen, '.li-body')!).direction).to.equal('rtl');
    screen.remove();
  });

  it('right to left: a code block stays left to right and aligned to the left', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'code', attrs: { lang: 'python' }, spans: [text('def f():\n    return 1')] }) + END);
    screen.dir = 'rtl';
    const pre = $(screen, 'pre')!;
    expect(getComputedStyle(pre).direction).to.equal('ltr');
    expect(getComputedStyle(pre).textAlign).to.be.oneOf(['left', '-webkit-left']);
    screen.remove();
  });

  it('forced colours: the picked and right quiz choices, the Poll vote and a pressed "I know this one" stand out', async () => {
    await emulateMedia({ forcedColors: 'active' });
    try {
      const screen = await mount(
        ops(
          { op: 'node', id: '0', type: 'Question', attrs: { q: 'One?' }, data: { items: ['a', 'b', 'c'], answer: 1 } },
          { op: 'node', id: '1', type: 'Poll', attrs: { q: 'Lunch?', options: 'Pizza|Salad' } },
          { op: 'node', id: '2', type: 'Flashcards', data: { items: ['H2O', 'NaCl'] } },
        ) + END,
      );
      screen.state = { '1': { vote: 'Salad' }, '2': { known: [0] } };
      expect(screen.answer('0', 'C')).to.equal(true);
      await settle(screen);
      const look = (el: Element) => {
        const c = getComputedStyle(el);
        return `${c.borderTopWidth} ${c.borderTopStyle} ${c.outlineStyle} ${c.outlineWidth}`;
      };
      const [, right, picked] = $$(screen, '.question .choice');
      const plain = look($$(screen, '.question .choice')[0]!);
      expect(look(picked!)).to.not.equal(plain);
      expect(look(right!)).to.not.equal(plain);
      expect(look(right!)).to.not.equal(look(picked!));
      const [pizza, salad] = $$(screen, '.poll .choice');
      expect(look(salad!)).to.not.equal(look(pizza!));
      const known = $$(screen, '.flashcards button').find((b) => b.getAttribute('aria-pressed') === 'true')!;
      const unpressed = $$(screen, '.flashcards button').find((b) => b !== known && b.getAttribute('aria-pressed') !== 'true')!;
      expect(look(known)).to.not.equal(look(unpressed));
      screen.remove();
    } finally {
      await emulateMedia({ forcedColors: 'none' });
    }
  });
});
