// One bad op never erases an answer (issue 17, items 1, 2, 3 and 5), as a reader sees it: a refused node keeps
// its place (nothing, or a small block saying a part isn't shown), everything after it draws; a value the format
// doesn't define uses the default; a bad item is left out and the rest shown; once the input is over nothing
// stays busy or shimmering; an image that fails to load says so instead of showing the browser's broken glyph.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, collect, END, mount, node, op, ops, settle, textOf } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

const BEFORE = op({ op: 'node', id: '0', type: 'p', spans: 'Before.' });
const AFTER = ops({ op: 'node', id: '2', type: 'p', spans: 'AFTER-1' }, { op: 'node', id: '3', type: 'p', spans: 'AFTER-2' }) + END;

/** The stream with `bad` as node "1", mounted; the AFTER paragraphs must draw. */
async function around(bad: Record<string, unknown>): Promise<MorphScreenElement> {
  const screen = await mount(BEFORE + op(bad) + AFTER);
  expect(textOf(node(screen, '0'))).to.equal('Before.');
  expect(textOf(node(screen, '2'))).to.equal('AFTER-1');
  expect(textOf(node(screen, '3'))).to.equal('AFTER-2');
  return screen;
}

const noShimmer = (screen: MorphScreenElement) => expect($$(screen, '.shimmer').length, 'nothing shimmers').to.equal(0);
const notBusy = (screen: MorphScreenElement) => expect($$(screen, '[aria-busy="true"]').length, 'nothing is busy').to.equal(0);

describe('morph-screen: one bad op never erases an answer', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('the issue’s stream: a heading of level "7" is a heading, and AFTER-1 and AFTER-2 are drawn', async () => {
    const screen = await mount(
      '{"op":"node","id":"0","type":"p","spans":"Before."}\n' +
        '{"op":"node","id":"1","type":"h","attrs":{"level":"7"},"spans":"Heading"}\n' +
        '{"op":"node","id":"2","type":"p","spans":"AFTER-1"}\n' +
        '{"op":"node","id":"3","type":"p","spans":"AFTER-2"}\n' +
        '{"op":"end","complete":true,"truncated":false}\n',
    );
    expect(textOf($(screen, '.answer-body'))).to.equal('Before. Heading AFTER-1 AFTER-2');
    expect(node(screen, '1').querySelector('h6')).to.not.equal(null);
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('a top-level div keeps its place as a small block saying a part isn’t shown, and says why in morph-issue', async () => {
    const screen = await mount('', {}, { end: false });
    const diags = collect(screen, 'morph-issue');
    screen.write(BEFORE + op({ op: 'node', id: '1', type: 'div', spans: 'Inside a div' }) + AFTER);
    await settle(screen);
    expect(textOf(node(screen, '2'))).to.equal('AFTER-1');
    const block = node(screen, '1').querySelector('.fallback');
    expect(block?.getAttribute('data-kind')).to.equal('refused');
    expect(textOf(block)).to.equal('This part of the answer could not be shown.');
    expect(textOf(node(screen, '1'))).to.not.contain('Inside a div');
    expect(diags.map((d) => `${d.severity} ${d.code} ${d.id}`)).to.deep.equal(['error bad_type 1']);
    screen.remove();
  });

  it('a refused node with children draws its children in its place, and nothing of its own', async () => {
    const screen = await mount(
      ops({ op: 'open', id: '0', type: 'div' }, { op: 'node', id: '0.0', type: 'p', spans: 'inside' }, { op: 'close', id: '0' }, { op: 'node', id: '1', type: 'p', spans: 'after' }) + END,
    );
    expect(textOf($(screen, '.answer-body'))).to.equal('inside after');
    expect($$(screen, '.fallback').length).to.equal(0);
    screen.remove();
  });

  it('an li with task "todo" is a plain item, and the items after it are drawn', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'ul' },
        { op: 'node', id: '0.0', type: 'li', attrs: { task: 'todo' }, spans: 'Pack' },
        { op: 'node', id: '0.1', type: 'li', spans: 'AFTER-1' },
        { op: 'close', id: '0' },
        { op: 'node', id: '1', type: 'p', spans: 'AFTER-2' },
      ) + END,
    );
    expect($$(screen, 'morph-node[role="listitem"]').map((li) => textOf(li))).to.deep.equal(['Pack', 'AFTER-1']);
    expect(node(screen, '0.0').querySelector('.task-mark')).to.equal(null);
    expect(textOf(node(screen, '1'))).to.equal('AFTER-2');
    screen.remove();
  });

  it('a cell with align "left" is a cell aligned to the start, and the cells and rows after it are drawn', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'table' },
        { op: 'open', id: '0.0', type: 'row' },
        { op: 'node', id: '0.0.0', type: 'cell', attrs: { align: 'left' }, spans: 'North' },
        { op: 'node', id: '0.0.1', type: 'cell', spans: 'AFTER-1' },
        { op: 'close', id: '0' },
        { op: 'node', id: '1', type: 'p', spans: 'AFTER-2' },
      ) + END,
    );
    expect($$(screen, '[role="cell"]').map((c) => textOf(c))).to.deep.equal(['North', 'AFTER-1']);
    expect(node(screen, '0.0.0').querySelector('.num')).to.equal(null);
    expect(textOf(node(screen, '1'))).to.equal('AFTER-2');
    screen.remove();
  });

  it('a {"t":"blink"} span is drawn as its text', async () => {
    const screen = await around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'Now ' }, { t: 'blink', c: [{ t: 'text', v: 'on sale' }] }] });
    expect(textOf(node(screen, '1'))).to.equal('Now on sale');
    screen.remove();
  });

  it('an img span without src is left out; the words around it are drawn', async () => {
    const screen = await around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'See the chart ' }, { t: 'img', alt: 'a chart' }, { t: 'text', v: 'above.' }] });
    expect(textOf(node(screen, '1'))).to.equal('See the chart above.');
    screen.remove();
  });

  it('spans nested past the limit are drawn as their words', async () => {
    let span: unknown = { t: 'text', v: 'deep words' };
    for (let i = 0; i < 40; i++) span = { t: 'strong', c: [span] };
    const screen = await around({ op: 'node', id: '1', type: 'p', spans: [{ t: 'text', v: 'Start ' }, span] });
    expect(textOf(node(screen, '1'))).to.equal('Start deep words');
    screen.remove();
  });

  it('a Question whose answer names no choice can still be answered, with no right answer', async () => {
    const screen = await around({ op: 'node', id: '1', type: 'Question', attrs: { q: 'Largest planet?' }, data: { items: ['Mars', 'Jupiter'], answer: 5 } });
    const choices = node(screen, '1').querySelectorAll<HTMLButtonElement>('.choice');
    expect(choices.length).to.equal(2);
    choices[1]!.click();
    await settle(screen);
    expect(textOf(node(screen, '1').querySelector('.feedback'))).to.equal('Answer recorded.');
    screen.remove();
  });

  it('a Result whose formula names 2nd_price works it out from the Slider labelled "2nd price"', async () => {
    const screen = await mount(
      BEFORE +
        ops(
          { op: 'open', id: '1', type: 'WhatIf' },
          { op: 'node', id: '1.0', type: 'Slider', attrs: { label: '2nd price', value: '30' } },
          { op: 'node', id: '1.1', type: 'Result', attrs: { label: 'Total' }, data: { formula: ['2nd_price', 2, '*'], value: 60 } },
          { op: 'close', id: '1' },
        ) +
        AFTER,
    );
    expect(textOf(node(screen, '1.1').querySelector('output'))).to.equal('60');
    expect(textOf(node(screen, '3'))).to.equal('AFTER-2');
    screen.remove();
  });

  it('a refused p inside a ul is drawn as a list item saying a part isn’t shown; the list stays a list', async () => {
    const screen = await mount(
      ops({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'p', spans: 'stray' }, { op: 'node', id: '0.1', type: 'li', spans: 'item' }, { op: 'close', id: '0' }) + END,
    );
    expect(node(screen, '0.0').getAttribute('role')).to.equal('listitem');
    expect(node(screen, '0.0').querySelector('.fallback[data-kind="refused"]')).to.not.equal(null);
    expect(textOf(node(screen, '0.1'))).to.equal('item');
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('refused nodes in a table take a row’s or a cell’s box: the table stays a table', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'table' },
        { op: 'node', id: '0.0', type: 'p', spans: 'not a row' },
        { op: 'open', id: '0.1', type: 'row' },
        { op: 'node', id: '0.1.0', type: 'p', spans: 'not a cell' },
        { op: 'node', id: '0.1.1', type: 'cell', spans: 'North' },
        { op: 'close', id: '0' },
      ) + END,
    );
    expect(node(screen, '0.0').getAttribute('role')).to.equal('row');
    expect(node(screen, '0.0').querySelector('[role="cell"] .fallback[data-kind="refused"]')).to.not.equal(null);
    expect(node(screen, '0.1.0').getAttribute('role')).to.equal('cell');
    expect(textOf(node(screen, '0.1.1'))).to.equal('North');
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('a Chart whose data is refused at its close says it can’t be shown; the rest of its Card draws (item 1)', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Card', attrs: { title: 'Sales' } },
        { op: 'open', id: '0.0', type: 'Chart' },
        { op: 'close', id: '0.0', data: { columns: 'Month', rows: [] } },
        { op: 'node', id: '0.1', type: 'p', spans: 'AFTER-1' },
        { op: 'close', id: '0' },
      ) + END,
    );
    expect(textOf(node(screen, '0.0'))).to.equal('This part of the answer could not be shown.');
    expect(textOf(node(screen, '0.1'))).to.equal('AFTER-1');
    noShimmer(screen);
    notBusy(screen);
    screen.remove();
  });

  it('a Gallery with one bad image shows the others (item 2)', async () => {
    const screen = await around({
      op: 'node',
      id: '1',
      type: 'Gallery',
      data: { images: [{ src: 'https://img.example.com/1.jpg', alt: 'Dunes' }, { alt: 'no source' }, { src: 'https://img.example.com/2.jpg', alt: 'Oasis' }] },
    });
    expect($$<HTMLImageElement>(screen, '.gallery img').map((i) => i.alt)).to.deep.equal(['Dunes', 'Oasis']);
    screen.remove();
  });

  it('"Loading…" forever: after end() without an end op, every unfinished part says it did not arrive and nothing is busy (item 3)', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Card', attrs: { title: 'Revenue' } },
        { op: 'open', id: '0.0', type: 'Chart' },
        { op: 'open', id: '1', type: 'Gallery' },
        { op: 'open', id: '2', type: 'Poll', attrs: { q: 'Which?' } },
        { op: 'open', id: '3', type: 'Question', attrs: { q: 'Largest?' } },
        { op: 'open', id: '4', type: 'Timeline' },
      ),
      {},
      { end: false },
    );
    expect($$(screen, '.shimmer').length).to.be.greaterThan(0);
    screen.end();
    await settle(screen);
    for (const id of ['0.0', '1', '2', '3']) expect(textOf(node(screen, id)), id).to.equal('This part of the answer did not arrive.');
    noShimmer(screen);
    notBusy(screen);
    screen.remove();
  });

  it('"Loading…" forever: a source that fails leaves nothing shimmering or busy either (item 3)', async () => {
    const screen = await mount('', {}, { end: false });
    async function* failing() {
      yield ops({ op: 'open', id: '0', type: 'Card' }, { op: 'open', id: '0.0', type: 'Chart' });
      throw new Error('connection reset');
    }
    let failed: unknown = null;
    await screen.stream(failing()).catch((e: unknown) => (failed = e));
    await settle(screen);
    expect(String(failed)).to.contain('connection reset');
    expect(textOf(node(screen, '0.0'))).to.equal('This part of the answer did not arrive.');
    expect(textOf($(screen, '[part="notice"]'))).to.equal('The connection was lost before the answer was complete.');
    noShimmer(screen);
    notBusy(screen);
    screen.remove();
  });

  it('an image that fails to load shows the "Image not shown" block, in a sentence and in a Gallery (item 5)', async () => {
    const broken = `${location.origin}/no-such-image-${Date.now()}.png`;
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'p', spans: [{ t: 'text', v: 'Look: ' }, { t: 'img', src: broken, alt: 'The harbour at dawn, with three fishing boats' }] },
        { op: 'node', id: '1', type: 'Gallery', data: { images: [{ src: broken, alt: 'A very long description of a picture that would overflow its tile' }] } },
      ) + END,
    );
    const deadline = Date.now() + 5000;
    while ($$(screen, 'img').length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await settle(screen);
    expect($$(screen, 'img').length, 'no broken image is left').to.equal(0);
    expect(textOf(node(screen, '0').querySelector('.image-blocked'))).to.equal('Image not shown: The harbour at dawn, with three fishing boats');
    const tile = node(screen, '1').querySelector<HTMLElement>('.gallery .image-blocked')!;
    expect(textOf(tile)).to.equal('Image not shown: A very long description of a picture that would overflow its tile');
    const li = tile.closest('li')!;
    expect(tile.scrollWidth, 'the words fit their tile').to.be.at.most(li.clientWidth + 1);
    screen.remove();
  });
});
