// What a reader sees (issue 17, item 6): every interactive component in the same card frame, a task list whose
// marks don't pass for checkboxes, a value and its unit on one line, a Gallery's title, and a Button whose link
// can't be opened here explaining itself instead of sitting there disabled.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, collect, END, mount, node, ops, textOf } from './helpers.js';

const framed = (el: Element | null) => {
  const s = getComputedStyle(el!);
  return { border: s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) > 0, radius: parseFloat(s.borderTopLeftRadius) > 0, padding: parseFloat(s.paddingTop) > 0 };
};

describe('morph-screen: what a reader sees', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('Poll, Checklist and Flashcards sit in the card frame Quiz, WhatIf and Form have', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Quiz' },
        { op: 'node', id: '0.0', type: 'Question', attrs: { q: 'One?' }, data: { items: ['a', 'b'], answer: 0 } },
        { op: 'close', id: '0' },
        { op: 'node', id: '1', type: 'Poll', attrs: { q: 'Lunch?', options: 'Soup|Salad' } },
        { op: 'node', id: '2', type: 'Checklist', attrs: { title: 'Packing' }, data: { checks: [{ done: false, c: 'Passport' }] } },
        { op: 'node', id: '3', type: 'Flashcards', data: { items: ['Capital of France :: Paris'] } },
        { op: 'open', id: '4', type: 'Form' },
        { op: 'node', id: '4.0', type: 'Input', attrs: { label: 'Name' } },
        { op: 'close', id: '4' },
      ) + END,
    );
    const quiz = framed($(screen, '[part="quiz"]'));
    expect(quiz).to.deep.equal({ border: true, radius: true, padding: true });
    for (const part of ['poll', 'checklist', 'flashcards', 'form']) expect(framed($(screen, `[part="${part}"]`)), part).to.deep.equal(quiz);
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('task-list marks are not drawn as checkboxes: no box, nothing to press, the state said in words', async () => {
    const screen = await mount(
      ops({ op: 'open', id: '0', type: 'ul' }, { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: 'Book flights' }, { op: 'node', id: '0.1', type: 'li', attrs: { task: 'open' }, spans: 'Pack' }, { op: 'close', id: '0' }) + END,
    );
    for (const id of ['0.0', '0.1']) {
      const mark = node(screen, id).querySelector('.task-mark')!;
      const s = getComputedStyle(mark);
      // A checkbox is a bordered square: the mark has neither a border of its own nor a square box.
      expect(s.borderTopStyle === 'none' || parseFloat(s.borderTopWidth) === 0, `${id} has no box`).to.equal(true);
      expect(s.backgroundColor === 'rgba(0, 0, 0, 0)' || s.backgroundColor === 'transparent', `${id} is not filled`).to.equal(true);
      expect(mark.getAttribute('aria-hidden')).to.equal('true');
      expect(node(screen, id).querySelector('input, [role="checkbox"], button')).to.equal(null);
    }
    expect(textOf(node(screen, '0.0'))).to.equal('Done: Book flights');
    expect(textOf(node(screen, '0.1'))).to.equal('To do: Pack');
    screen.remove();
  });

  it('a list mixing task items and plain items lines up: every item’s words start at one edge, the marks in the bullets’ column', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'ul' },
        { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: 'Book the venue' },
        { op: 'node', id: '0.1', type: 'li', attrs: { task: 'open' }, spans: 'Send the invitations, a long item whose words wrap onto a second line in a narrow list' },
        { op: 'node', id: '0.2', type: 'li', spans: 'Order catering' },
        { op: 'close', id: '0' },
      ) + END,
    );
    screen.style.cssText = 'display:block;inline-size:240px';
    /** Where each line of an item's words starts, from the edge of the screen. */
    const starts = (id: string) => {
      const body = node(screen, id).querySelector('.li-body')!;
      // The item's words: its first text that shows (not the "Done:" said only to screen readers).
      const shows = (t: Node) => /\S/.test(t.textContent ?? '') && !t.parentElement?.closest('.visually-hidden');
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT, { acceptNode: (t) => (shows(t) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
      const range = document.createRange();
      range.selectNodeContents(walker.nextNode()!);
      const left = screen.getBoundingClientRect().left;
      return [...range.getClientRects()].map((r) => Math.round(r.left - left));
    };
    const plain = starts('0.2')[0]!;
    expect(starts('0.0')[0], 'a done item’s words start where a plain item’s do').to.be.closeTo(plain, 1);
    const wrapped = starts('0.1');
    expect(wrapped.length, 'the long item wraps').to.be.greaterThan(1);
    for (const x of wrapped) expect(x, 'each line of a to-do item starts where a plain item’s words do').to.be.closeTo(plain, 1);
    const mark = node(screen, '0.0').querySelector('.task-mark')!.getBoundingClientRect();
    expect(mark.right, 'the mark sits before the words, in the bullets’ column').to.be.at.most(screen.getBoundingClientRect().left + plain);
    screen.remove();
  });

  it('a Slider’s value and its unit stay on one line ("140 €"), however narrow', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'WhatIf' },
        { op: 'node', id: '0.0', type: 'Slider', attrs: { label: 'Budget', name: 'budget', min: '0', max: '1000', value: '140', unit: '€' } },
        { op: 'node', id: '0.1', type: 'Result', attrs: { label: 'Per day', unit: '€' }, data: { formula: ['budget', 7, '/'], value: 20 } },
        { op: 'close', id: '0' },
      ) + END,
    );
    screen.style.width = '220px';
    await new Promise((r) => requestAnimationFrame(r));
    for (const selector of ['.slider-value', '.result-value']) {
      const out = $(screen, selector)!;
      const line = parseFloat(getComputedStyle(out).lineHeight) || parseFloat(getComputedStyle(out).fontSize) * 1.6;
      expect(out.getBoundingClientRect().height, `${selector} on one line`).to.be.below(line * 1.5);
    }
    expect($(screen, '.slider-value')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('140 €');
    screen.remove();
  });

  it('a Gallery’s title is shown, and names the list of pictures', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Gallery', attrs: { title: 'Desert trip' }, data: { images: [{ src: 'https://img.example.com/1.jpg', alt: 'Dunes' }] } }) + END);
    const title = node(screen, '0').querySelector('.card-title')!;
    expect(textOf(title)).to.equal('Desert trip');
    expect(title.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(getComputedStyle(title).visibility).to.equal('visible');
    expect($(screen, '.gallery')!.getAttribute('aria-labelledby')).to.equal(title.id);
    screen.remove();
  });

  it('a Button linking to mailto: or a relative address explains it can’t be opened, shows the address, and sends nothing', async () => {
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'Button', attrs: { href: 'mailto:sales@example.com' }, spans: 'Email sales' },
        { op: 'node', id: '1', type: 'Button', attrs: { href: '/pricing' }, spans: 'See pricing' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    for (const [id, label, url] of [
      ['0', 'Email sales', 'mailto:sales@example.com'],
      ['1', 'See pricing', '/pricing'],
    ] as const) {
      const el = node(screen, id);
      expect(el.querySelector('button, a, [aria-disabled]')?.outerHTML ?? null, `${id}: no dead control`).to.equal(null);
      expect(el.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`${label} This link can’t be opened here: ${url}`);
    }
    node(screen, '0').querySelector<HTMLElement>('.link-refused')!.click();
    expect(actions.length).to.equal(0);
    await expect(screen).to.be.accessible();
    screen.remove();
  });
});
