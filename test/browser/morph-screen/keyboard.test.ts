// Keyboard use of every interactive component, with real key presses; focus kept while the answer grows.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from './mocha.js';
import { $, $$, collect, END, mount, nextFrame, node, op, ops, settle, textOf, tick } from './helpers.js';

const active = (screen: HTMLElement) => screen.shadowRoot!.activeElement as HTMLElement | null;

describe('morph-screen: keyboard', () => {
  it('Quiz: Enter on a choice answers; a letter or a number answers the focused question', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Quiz' },
        { op: 'node', id: '0.0', type: 'Question', attrs: { q: 'One?' }, data: { items: ['a', 'b'], answer: 0 } },
        { op: 'node', id: '0.1', type: 'Question', attrs: { q: 'Two?' }, data: { items: ['c', 'd', 'e'], answer: 2 } },
        { op: 'node', id: '0.2', type: 'Question', attrs: { q: 'Three?' }, data: { items: ['f', 'g'], answer: 1 } },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    node(screen, '0.0').querySelector<HTMLButtonElement>('.choice')!.focus();
    await sendKeys({ press: 'Enter' });
    await settle(screen);
    // Focus stays where it was (the answered choice is still focusable).
    expect(active(screen)).to.equal(node(screen, '0.0').querySelector('.choice'));
    node(screen, '0.1').querySelector<HTMLButtonElement>('.choice')!.focus();
    await sendKeys({ press: 'c' });
    await settle(screen);
    node(screen, '0.2').querySelector<HTMLButtonElement>('.choice')!.focus();
    await sendKeys({ press: '2' });
    await settle(screen);
    expect(screen.state).to.deep.equal({ '0': { answers: [0, 2, 1] } });
    expect(actions.map((e) => e.action.type)).to.deep.equal(['quiz']);
    expect(textOf($(screen, '.quiz-score'))).to.equal('You got 3 of 3 right.');
    screen.remove();
  });

  it('Poll: Tab to an option and Space votes', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Poll', attrs: { q: 'Pick' }, data: { items: ['A', 'B'] } }) + END);
    const actions = collect(screen, 'morph-action');
    node(screen, '0').querySelector<HTMLButtonElement>('.choice')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'vote', node: '0', name: null, choice: 'B' }]);
    screen.remove();
  });

  it('Checklist: Space ticks the focused item', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Checklist', data: { checks: [{ done: false, c: 'a' }, { done: false, c: 'b' }] } }) + END);
    const actions = collect(screen, 'morph-action');
    $<HTMLInputElement>(screen, '.checks input')!.focus();
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([
      { type: 'state', node: '0', name: 'done', value: [0] },
      { type: 'state', node: '0', name: 'done', value: [0, 1] },
    ]);
    screen.remove();
  });

  it('Flashcards: Enter turns the card, the arrow keys move between cards', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Flashcards', data: { items: ['One — 1', 'Two — 2'] } }) + END);
    const show = $$<HTMLButtonElement>(screen, '.flashcards button').find((b) => textOf(b) === 'Show the answer')!;
    show.focus();
    await sendKeys({ press: 'Enter' });
    await settle(screen);
    expect(textOf($(screen, '.face'))).to.equal('1');
    expect(active(screen)).to.equal(show);
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(textOf($(screen, '.face'))).to.equal('Two');
    await sendKeys({ press: 'ArrowLeft' });
    await settle(screen);
    expect(textOf($(screen, '.face'))).to.equal('One');
    screen.remove();
  });

  it('What-if: the arrow keys, Home and End move a Slider and the Result follows', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'WhatIf' },
        { op: 'node', id: '0.0', type: 'Slider', attrs: { name: 'x', min: '0', max: '10', step: '2', value: '4' } },
        { op: 'node', id: '0.1', type: 'Result', attrs: { label: 'Twice' }, data: { formula: ['x', 2, '*'], value: 8 } },
        { op: 'close', id: '0' },
      ) + END,
    );
    $<HTMLInputElement>(screen, 'input[type="range"]')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(textOf($(screen, '.result-value'))).to.equal('12');
    await sendKeys({ press: 'End' });
    await settle(screen);
    expect(textOf($(screen, '.result-value'))).to.equal('20');
    await sendKeys({ press: 'Home' });
    await settle(screen);
    expect(textOf($(screen, '.result-value'))).to.equal('0');
    screen.remove();
  });

  it('Tabs: arrow keys, Home and End move between tabs, with focus', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Tabs' },
        { op: 'node', id: '0.0', type: 'Tab', attrs: { label: 'A' } },
        { op: 'node', id: '0.1', type: 'Tab', attrs: { label: 'B' } },
        { op: 'node', id: '0.2', type: 'Tab', attrs: { label: 'C' } },
        { op: 'close', id: '0' },
      ) + END,
    );
    const tabs = $$<HTMLButtonElement>(screen, '[role="tab"]');
    tabs[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(active(screen)).to.equal(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs.map((t) => t.tabIndex)).to.deep.equal([-1, 0, -1]);
    await sendKeys({ press: 'End' });
    await settle(screen);
    expect(active(screen)).to.equal(tabs[2]);
    await sendKeys({ press: 'ArrowRight' });
    await settle(screen);
    expect(active(screen)).to.equal(tabs[0]);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'Home' });
    await settle(screen);
    expect(active(screen)).to.equal(tabs[0]);
    screen.remove();
  });

  it('Details: Enter on its summary opens it', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Details', attrs: { summary: 'More' } }, { op: 'node', id: '0.0', type: 'p', spans: 'Hidden' }, { op: 'close', id: '0' }) + END);
    $<HTMLElement>(screen, 'summary')!.focus();
    await sendKeys({ press: 'Enter' });
    await settle(screen);
    expect($<HTMLDetailsElement>(screen, 'details')!.open).to.equal(true);
    screen.remove();
  });

  it('Form: typing, Tab, Space on a switch and a checkbox, arrows in a radio group, Enter on the Button sends', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Form' },
        { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Name', required: true } },
        { op: 'node', id: '0.1', type: 'Switch', attrs: { label: 'Subscribe' } },
        { op: 'node', id: '0.2', type: 'Checkboxes', attrs: { label: 'Topics', options: 'a|b' } },
        { op: 'node', id: '0.3', type: 'Radio', attrs: { label: 'Size', options: 'S|M|L' } },
        { op: 'node', id: '0.4', type: 'Button', spans: 'Send' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    screen.shadowRoot!.querySelector<HTMLInputElement>('[data-field="0.0"]')!.focus();
    await sendKeys({ type: 'Ann' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Tab' });
    await settle(screen);
    expect(textOf(active(screen))).to.equal('Send');
    await sendKeys({ press: 'Enter' });
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'submit', node: '0', form: null, button: 'Send', fields: { name: 'Ann', subscribe: true, topics: ['a'], size: 'M' } }]);
    screen.remove();
  });

  it('keeps focus on a control while the answer grows around it', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Poll', data: { items: ['A', 'B'] } }), {}, { end: false });
    const choice = node(screen, '0').querySelector<HTMLButtonElement>('.choice')!;
    choice.focus();
    for (let i = 1; i <= 120; i++) screen.write(op({ op: 'node', id: String(i), type: 'p', spans: `Paragraph ${i}` }));
    await settle(screen);
    screen.write(END);
    await settle(screen);
    expect(active(screen)).to.equal(choice);
    expect(node(screen, '0').querySelector('.choice')).to.equal(choice);
    screen.remove();
  });

  it('after respond replaces the answer a key press acted on, focus is on the new answer and the new answer is said', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Poll', attrs: { q: 'Lunch?' }, data: { items: ['Pizza', 'Salad'] } }) + END, {
      respond: () => ops({ op: 'node', id: '0', type: 'p', spans: 'Most people picked Pizza.' }) + END,
    });
    try {
      const ends = collect(screen, 'morph-end');
      node(screen, '0').querySelector<HTMLButtonElement>('.choice')!.focus();
      await sendKeys({ press: 'Enter' });
      for (let i = 0; i < 200 && ends.length === 0; i++) await tick(10);
      await settle(screen);
      await nextFrame();
      await nextFrame();
      expect(textOf($(screen, '.answer-body'))).to.equal('Most people picked Pizza.');
      // Names, not elements, in the asserts: a failing assert describes its values, and describing a whole screen hangs the page.
      expect(document.activeElement?.localName, 'focus stays in the screen').to.equal('morph-screen');
      expect(active(screen)?.getAttribute('part'), 'focus is on the new answer').to.equal('answer');
      expect(textOf($(screen, '[part="announcer"]'))).to.equal('The next answer is here.');
    } finally {
      screen.remove();
    }
  });
});
