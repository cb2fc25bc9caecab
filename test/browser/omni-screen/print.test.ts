// Printing a screen (issue 28, item 3, for <omni-screen>): everything prints, fitted to the page. A wide Table
// prints every column within the paper, and a long line of code wraps rather than being cut at the paper's edge.
// The rules are the ones <morph-screen> prints with (the shared table styles, elements/shared/screen/viewStyles.ts).
//
// As in test/browser/morph-screen/print.test.ts: printing lays the page out once at the paper's width, after
// `beforeprint`, and draws no frame in between, so each test turns the page to print media at the paper's width
// and measures in the first layout at that width (a ResizeObserver callback runs right after layout).
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, settle } from './helpers.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';

/** A4's printable width at Chrome's default margins (210 mm less 2 × 10 mm), in CSS pixels; the box is 1,000 px until printed. */
const PAPER = 718;

/** A screen in a box as wide as a big screen, and as wide as the paper when printed. */
async function screenOf(text: string): Promise<{ screen: OmniScreenElement; paper: HTMLElement }> {
  const paper = await fixture<HTMLElement>(html`<div class="paper">
    <style>
      .paper { inline-size: 1000px; }
      @media print { .paper { inline-size: 718px; } }
    </style>
    <omni-screen theme="light"></omni-screen>
  </div>`);
  const screen = paper.querySelector('omni-screen')!;
  await screen.updateComplete;
  screen.write(text);
  screen.end();
  await settle(screen);
  return { screen, paper };
}

/** Turns the page to print (`beforeprint`, then print media, the paper's width) and returns what `measure` finds in the first layout at the paper's width. */
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

/** How far past the paper's end edge an element reaches (0 when it fits). */
const overflow = (paper: HTMLElement, el: Element) => Math.max(0, Math.round(el.getBoundingClientRect().right - paper.getBoundingClientRect().right));
/** A line of code with no space to break at. */
const CODE = Array.from({ length: 40 }, (_, i) => `value_${i}`).join('+');

describe('omni-screen: printing', function (this: Mocha.Suite) {
  this.timeout(60000);

  afterEach(async () => {
    await emulateMedia({ media: 'screen' });
    dispatchEvent(new Event('afterprint'));
  });

  // Eight columns: the most a Table may have ([6] Table, `columns` max 8); words long enough to be wider than the paper.
  it('a Table wider than the paper prints every column within it', async () => {
    const columns = Array.from({ length: 8 }, (_, i) => `Quarterly revenue ${i + 1}`);
    const cells = Array.from({ length: 8 }, (_, i) => `${(i + 1) * 1234567.89}`);
    const { screen, paper } = await screenOf(
      `root = Table([${columns.map((c) => JSON.stringify(c)).join(', ')}], [r1, r2])\n` +
        `r1 = TableRow([${cells.join(', ')}])\n` +
        `r2 = TableRow([${columns.map((c) => JSON.stringify(`${c} in words`)).join(', ')}])\n`,
    );
    const region = $(screen, '.table-scroll')!;
    expect(region.scrollWidth, 'wider than the paper on screen').to.be.greaterThan(PAPER);
    const seen = await printed(paper, () => ({
      hidden: region.scrollWidth - region.clientWidth,
      past: $$(screen, 'th, td').map((c) => overflow(paper, c)),
    }));
    expect(seen.hidden, 'columns scrolled out of sight').to.equal(0);
    expect(seen.past).to.deep.equal(Array.from({ length: 24 }, () => 0));
    paper.remove();
  });

  it('a long line of code wraps within the paper, in a Text and in a Table\u2019s cell', async () => {
    const { screen, paper } = await screenOf(`root = Stack([text, table])\ntext = Text(${JSON.stringify(CODE)})\ntable = Table(["Formula", "Value"], [r1])\nr1 = TableRow([${JSON.stringify(CODE)}, 1])\n`);
    const text = $(screen, '.text')!;
    const cell = $(screen, 'td')!;
    const region = $(screen, '.table-scroll')!;
    expect(region.scrollWidth, 'wider than the paper on screen').to.be.greaterThan(PAPER);
    const seen = await printed(paper, () => ({ text: overflow(paper, text), cell: overflow(paper, cell), hidden: region.scrollWidth - region.clientWidth }));
    expect(seen).to.deep.equal({ text: 0, cell: 0, hidden: 0 });
    paper.remove();
  });
});
