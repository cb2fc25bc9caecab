// Printing an answer (issue 28, item 3): everything of the answer prints, fitted to the page. A chart far down
// that is the answer's only chart prints as a picture (chart.js is loaded ahead, in idle time); a chart drawn on a
// wide screen fits the paper; a 14-column table prints every column; long code lines wrap; every tab's panel and
// every closed Details' content print.
//
// Printing lays the page out once at the paper's width, after `beforeprint`, and draws no frame in between: what
// the page shows in that first layout is what prints. So each test turns the page to print media at the paper's
// width and measures in the first layout at that width (a ResizeObserver callback runs right after layout, before
// any frame in which the page could react, as chart.js does on a resize).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { END, ops, settle } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

/** The paper's box is as wide as a big screen (1,000 px) until printed. A4's printable width at Chrome's default margins (210 mm less 2 × 10 mm), in CSS pixels. */
const PAPER = 718;

interface ChartLike extends HTMLElement {
  updateComplete: Promise<boolean>;
  chartInstance?: unknown;
}

/** An answer in a box as wide as a big screen, and as wide as the paper when printed. */
async function answer(stream: string): Promise<{ screen: MorphScreenElement; paper: HTMLElement }> {
  const paper = await fixture<HTMLElement>(html`<div class="paper">
    <style>
      .paper { inline-size: 1000px; }
      @media print { .paper { inline-size: 718px; } }
    </style>
    <morph-screen theme="light"></morph-screen>
  </div>`);
  const screen = paper.querySelector('morph-screen')!;
  await screen.updateComplete;
  screen.write(stream + END);
  screen.end();
  await settle(screen);
  if (stream.includes('"Chart"')) {
    // The chart's element is defined when the first chart is drawn.
    await customElements.whenDefined('ae-chart');
    await settle(screen);
  }
  return { screen, paper };
}

/**
 * Turns the page to print (`beforeprint`, then print media, the paper's width) and returns what `measure` finds in
 * the first layout at the paper's width.
 */
async function printed<T>(paper: HTMLElement, measure: () => T): Promise<T> {
  const measured = new Promise<T>((resolve, reject) => {
    const watch = new ResizeObserver(() => {
      if (Math.round(paper.getBoundingClientRect().width) !== PAPER) return;
      watch.disconnect();
      try {
        resolve(measure());
      } catch (error) {
        reject(error as Error);
      }
    });
    watch.observe(paper);
  });
  dispatchEvent(new Event('beforeprint'));
  await emulateMedia({ media: 'print' });
  return measured;
}

const $ = <T extends Element = HTMLElement>(screen: MorphScreenElement, selector: string) => screen.shadowRoot!.querySelector(selector) as T;
const $$ = <T extends Element = HTMLElement>(screen: MorphScreenElement, selector: string) => [...screen.shadowRoot!.querySelectorAll(selector)] as T[];
/** How far past the paper's end edge an element reaches (0 when it fits). */
const overflow = (paper: HTMLElement, el: Element) => Math.max(0, Math.round(el.getBoundingClientRect().right - paper.getBoundingClientRect().right));
/** Whether any pixel of the canvas is painted. */
function painted(canvas: HTMLCanvasElement): boolean {
  if (canvas.width === 0 || canvas.height === 0) return false;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
  return false;
}
const chartNode = (id: string, title: string) => ({
  op: 'node',
  id,
  type: 'Chart',
  attrs: { type: 'bar', title },
  data: { columns: ['Quarter', 'Sales'], rows: [['Q1', 10], ['Q2', 10], ['Q3', 10]] },
});
const paragraph = (id: string, text: string) => ({ op: 'node', id, type: 'p', spans: text });

describe('morph-screen: printing', function (this: Mocha.Suite) {
  this.timeout(60000);

  afterEach(async () => {
    await emulateMedia({ media: 'screen' });
    dispatchEvent(new Event('afterprint'));
  });

  // First in this file: its page has loaded no chart.js yet, as a page whose only chart is far down.
  it('a chart far down, the answer\u2019s only chart, prints as a picture: chart.js is loaded ahead, in idle time', async () => {
    const above = Array.from({ length: 40 }, (_, i) => paragraph(`${i}`, `Paragraph ${i} `.repeat(40)));
    const { screen, paper } = await answer(ops(...above, chartNode('40', 'Far down')));
    const chart = $<ChartLike>(screen, 'ae-chart');
    await chart.updateComplete;
    const { chartJsLoaded } = await import('../../../elements/shared/elements/chart/chart.js');
    await waitUntil(chartJsLoaded, 'chart.js loaded while the page is idle', { timeout: 20000 });
    expect(chart.chartInstance === undefined, 'far down: loaded, not drawn, before printing').to.equal(true);
    const seen = await printed(paper, () => {
      const canvas = chart.shadowRoot!.querySelector('canvas')!;
      return { drawn: canvas.getBoundingClientRect().height > 0 && painted(canvas), past: overflow(paper, canvas) };
    });
    expect(seen).to.deep.equal({ drawn: true, past: 0 });
    paper.remove();
  });

  it('a chart drawn on a wide screen fits the paper, every bar printed', async () => {
    const { screen, paper } = await answer(ops(chartNode('0', 'Three equal bars')));
    const chart = $<ChartLike>(screen, 'ae-chart');
    await waitUntil(() => chart.chartInstance !== undefined, 'drawn', { timeout: 20000 });
    const canvas = chart.shadowRoot!.querySelector('canvas')!;
    expect(Math.round(canvas.getBoundingClientRect().width)).to.be.greaterThan(PAPER);
    const seen = await printed(paper, () => ({ past: overflow(paper, canvas), height: canvas.getBoundingClientRect().height, drawn: painted(canvas) }));
    expect(seen.past, 'pixels cut at the paper\u2019s edge').to.equal(0);
    expect(seen.height).to.be.greaterThan(0);
    expect(seen.drawn).to.equal(true);
    paper.remove();
  });

  it('a 14-column table prints every column within the paper', async () => {
    const columns = Array.from({ length: 14 }, (_, i) => `Column ${i + 1}`);
    const cell = (id: string, text: string) => ({ op: 'node', id, type: 'cell', spans: text });
    const { screen, paper } = await answer(
      ops(
        { op: 'open', id: '0', type: 'table' },
        { op: 'open', id: '0.0', type: 'row', attrs: { head: true } },
        ...columns.map((c, i) => cell(`0.0.${i}`, c)),
        { op: 'close', id: '0.0' },
        { op: 'open', id: '0.1', type: 'row' },
        ...columns.map((_, i) => cell(`0.1.${i}`, `${(i + 1) * 1234567.89}`)),
        { op: 'close', id: '0' },
      ),
    );
    const region = $(screen, '.table-scroll');
    expect(region.scrollWidth, 'wider than the paper on screen').to.be.greaterThan(PAPER);
    const seen = await printed(paper, () => ({
      hidden: region.scrollWidth - region.clientWidth,
      past: $$(screen, '[role="columnheader"], [role="cell"]').map((c) => overflow(paper, c)),
    }));
    expect(seen.hidden, 'columns scrolled out of sight').to.equal(0);
    expect(seen.past).to.deep.equal([...columns, ...columns].map(() => 0));
    paper.remove();
  });

  it('a long line of code wraps within the paper', async () => {
    const line = Array.from({ length: 40 }, (_, i) => `value_${i}`).join(' + ');
    const { screen, paper } = await answer(ops({ op: 'node', id: '0', type: 'code', attrs: { lang: 'python' }, spans: `total = ${line}\nprint(total)` }));
    const pre = $(screen, 'pre');
    expect(pre.scrollWidth).to.be.greaterThan(pre.clientWidth);
    const seen = await printed(paper, () => ({ hidden: pre.scrollWidth - pre.clientWidth, past: overflow(paper, pre) }));
    expect(seen).to.deep.equal({ hidden: 0, past: 0 });
    paper.remove();
  });

  it('every tab\u2019s panel prints, each under its tab\u2019s name', async () => {
    const { screen, paper } = await answer(
      ops(
        { op: 'open', id: '0', type: 'Tabs' },
        { op: 'open', id: '0.0', type: 'Tab', attrs: { label: 'Summary' } },
        paragraph('0.0.0', 'Short'),
        { op: 'close', id: '0.0' },
        { op: 'open', id: '0.1', type: 'Tab', attrs: { label: 'More' } },
        paragraph('0.1.0', 'Long'),
        { op: 'close', id: '0.1' },
        { op: 'open', id: '0.2', type: 'Tab', attrs: { label: 'Sources' } },
        paragraph('0.2.0', 'Filings'),
        { op: 'close', id: '0' },
      ),
    );
    const panels = $$(screen, '[role="tabpanel"]');
    expect(panels.map((p) => p.checkVisibility())).to.deep.equal([true, false, false]);
    const words = () => $(screen, '.tabs').innerText.replace(/\s+/g, ' ').trim();
    expect(words()).to.equal('Summary More Sources Short');
    const seen = await printed(paper, () => ({ shown: panels.map((p) => p.checkVisibility() && p.getBoundingClientRect().height > 0), words: words() }));
    expect(seen).to.deep.equal({ shown: [true, true, true], words: 'Summary Short More Long Sources Filings' });
    paper.remove();
  });

  it('every flashcard prints both sides, front then back, each under its name', async () => {
    const { screen, paper } = await answer(
      ops({ op: 'node', id: '0', type: 'Flashcards', attrs: { title: 'Capitals' }, data: { items: ['France \u2014 Paris', 'Japan :: Tokyo'] } }),
    );
    const words = () => $(screen, '.flashcards').innerText.replace(/\s+/g, ' ').trim();
    expect(words()).to.not.contain('Paris');
    const seen = await printed(paper, () => ({ words: words(), past: overflow(paper, $(screen, '.flashcards')) }));
    expect(seen).to.deep.equal({ words: 'Capitals Question France Answer Paris Question Japan Answer Tokyo', past: 0 });
    paper.remove();
  });

  it('a closed Details prints its content', async () => {
    const { screen, paper } = await answer(
      ops({ op: 'open', id: '0', type: 'Details', attrs: { summary: 'Sources' } }, paragraph('0.0', 'Filings of 2024'), { op: 'close', id: '0' }),
    );
    const body = $(screen, '.details-body');
    expect($<HTMLDetailsElement>(screen, 'details').open).to.equal(false);
    expect(body.checkVisibility()).to.equal(false);
    const seen = await printed(paper, () => ({ shown: body.checkVisibility(), height: body.getBoundingClientRect().height > 0 }));
    expect(seen).to.deep.equal({ shown: true, height: true });
    paper.remove();
  });
});
