// The interactive components and their actions and state: Question and Quiz, Poll, Checklist, Flashcards,
// What-if; state read and set as plain JSON (setting sends no action); AG-UI shared state.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, collect, END, mount, node, op, ops, settle, textOf } from './helpers.js';

const quiz = () =>
  ops(
    { op: 'open', id: '0', type: 'Quiz', attrs: { title: 'Check yourself' } },
    { op: 'node', id: '0.0', type: 'Question', attrs: { q: 'Which planet is largest?' }, data: { items: ['Mars', 'Jupiter', 'Venus'], answer: 1 } },
    { op: 'node', id: '0.1', type: 'Question', attrs: { q: 'Which is a gas giant?' }, data: { items: ['Earth', 'Saturn'], answer: 1 } },
    { op: 'node', id: '0.2', type: 'Question', attrs: { q: 'Your favourite?' }, data: { items: ['Tea', 'Coffee'], answer: null } },
    { op: 'close', id: '0' },
  );

const choices = (screen: HTMLElement & { shadowRoot: ShadowRoot | null }, id: string) => [...screen.shadowRoot!.querySelectorAll(`morph-node`)].find((n) => (n as unknown as { nodeId: string }).nodeId === id)!.querySelectorAll<HTMLButtonElement>('.choice');

describe('morph-screen: Question and Quiz', () => {
  it('answers by tapping; says right or wrong; the last question sends the quiz action once', async () => {
    const screen = await mount(quiz() + END);
    const actions = collect(screen, 'morph-action');
    const states = collect(screen, 'morph-state');
    choices(screen, '0.0')[0]!.click();
    await settle(screen);
    expect(node(screen, '0.0').querySelector('.feedback')!.textContent).to.equal('Not quite. The answer is B. Jupiter.');
    expect(choices(screen, '0.0')[0]!.getAttribute('aria-pressed')).to.equal('true');
    expect(choices(screen, '0.0')[0]!.getAttribute('aria-disabled')).to.equal('true');
    choices(screen, '0.0')[1]!.click(); // answered already: stays
    choices(screen, '0.1')[1]!.click();
    await settle(screen);
    expect(textOf(node(screen, '0.1').querySelector('.feedback'))).to.equal('Right.');
    expect(actions.length).to.equal(0);
    choices(screen, '0.2')[1]!.click();
    await settle(screen);
    expect(textOf(node(screen, '0.2').querySelector('.feedback'))).to.equal('Answer recorded.');
    expect(actions.map((e) => e.action)).to.deep.equal([
      {
        type: 'quiz',
        node: '0',
        score: 1,
        total: 2,
        answers: [
          { question: 'Which planet is largest?', choice: 'Mars', right: false },
          { question: 'Which is a gas giant?', choice: 'Saturn', right: true },
          { question: 'Your favourite?', choice: 'Coffee', right: null },
        ],
      },
    ]);
    expect(textOf($(screen, '.quiz-score'))).to.equal('You got 1 of 2 right.');
    expect(states.map((s) => [s.node, s.component, s.state])).to.deep.equal([
      ['0', 'Quiz', { answers: [0, null, null] }],
      ['0', 'Quiz', { answers: [0, 1, null] }],
      ['0', 'Quiz', { answers: [0, 1, 1] }],
    ]);
    expect(screen.state).to.deep.equal({ '0': { answers: [0, 1, 1] } });
    screen.remove();
  });

  it('matches an answer by letter, number or words (answer(), and a typed letter or number)', async () => {
    const screen = await mount(quiz() + END);
    expect(screen.answer('0.0', 'jupiter')).to.equal(true);
    expect(screen.answer('0.0', 'Mars')).to.equal(false); // answered already
    expect(screen.answer('0.1', 'Pluto')).to.equal(false); // names no choice
    expect(screen.answer('0.1', 'b)')).to.equal(true);
    await settle(screen);
    const q3 = node(screen, '0.2').querySelector('fieldset')!;
    q3.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true, composed: true }));
    await settle(screen);
    expect(screen.state).to.deep.equal({ '0': { answers: [1, 1, 0] } });
    expect(textOf($(screen, '.quiz-score'))).to.equal('You got 2 of 2 right.');
    screen.remove();
  });

  it('a Question on its own is a quiz of one, and answering it sends its quiz action at once', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Question', attrs: { question: '2 + 2?' }, data: { items: ['3', '4'], answer: 1 } }) + END);
    const actions = collect(screen, 'morph-action');
    choices(screen, '0')[1]!.click();
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'quiz', node: '0', score: 1, total: 1, answers: [{ question: '2 + 2?', choice: '4', right: true }] }]);
    expect(textOf(node(screen, '0').querySelector('.feedback'))).to.equal('Right.');
    screen.remove();
  });

  it('a Quiz answered in full while still streaming sends its action when it closes', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Quiz' }, { op: 'node', id: '0.0', type: 'Question', attrs: { q: 'A?' }, data: { items: ['x', 'y'], answer: 0 } }), {}, { end: false });
    const actions = collect(screen, 'morph-action');
    choices(screen, '0.0')[0]!.click();
    await settle(screen);
    expect(actions.length).to.equal(0);
    screen.write(op({ op: 'close', id: '0' }));
    await settle(screen);
    expect(actions.map((e) => e.action.type)).to.deep.equal(['quiz']);
    screen.remove();
  });

  it('Quiz state set by the app shows the answers and sends nothing', async () => {
    const screen = await mount(quiz() + END);
    const actions = collect(screen, 'morph-action');
    const states = collect(screen, 'morph-state');
    screen.state = { '0': { answers: [1, 0, 1] } };
    await settle(screen);
    expect(choices(screen, '0.0')[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(textOf($(screen, '.quiz-score'))).to.equal('You got 1 of 2 right.');
    expect(actions.length).to.equal(0);
    expect(states.length).to.equal(0);
    screen.remove();
  });
});

describe('morph-screen: Poll, Checklist, Flashcards', () => {
  it('Poll: one vote, sent as the vote action, kept as state; state set by the app sends nothing', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Poll', attrs: { q: 'Lunch?', name: 'lunch' }, data: { items: ['Pizza', 'Sushi'] } }, { op: 'node', id: '1', type: 'Poll', attrs: { options: 'Yes | No' }, spans: 'Again?' }) + END);
    const actions = collect(screen, 'morph-action');
    const buttons = node(screen, '0').querySelectorAll<HTMLButtonElement>('.choice');
    expect(textOf(node(screen, '0').querySelector('legend'))).to.equal('Lunch?');
    buttons[1]!.click();
    buttons[0]!.click(); // one vote only
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'vote', node: '0', name: 'lunch', choice: 'Sushi' }]);
    expect(node(screen, '0').querySelector('.feedback')!.textContent).to.equal('You voted for Sushi.');
    screen.state = { '1': { vote: 'No' } };
    await settle(screen);
    expect(textOf(node(screen, '1').querySelector('legend'))).to.equal('Again?');
    expect(node(screen, '1').querySelectorAll('.choice')[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(actions.length).to.equal(1);
    expect(screen.state).to.deep.equal({ '0': { vote: 'Sushi' }, '1': { vote: 'No' } });
    screen.remove();
  });

  it('Checklist: starts as the stream marked it; each tick sends the state action with the ticked indexes', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Checklist', data: { checks: [{ done: true, c: 'Passport' }, { done: false, c: 'Charger' }, { done: false, c: [{ t: 'strong', c: 'Tickets' }] }] } }) + END);
    const actions = collect(screen, 'morph-action');
    const boxes = $$<HTMLInputElement>(screen, '.checks input');
    expect(boxes.map((b) => b.checked)).to.deep.equal([true, false, false]);
    boxes[2]!.click();
    await settle(screen);
    boxes[0]!.click();
    await settle(screen);
    expect(actions.map((e) => e.action)).to.deep.equal([
      { type: 'state', node: '0', name: 'done', value: [0, 2] },
      { type: 'state', node: '0', name: 'done', value: [2] },
    ]);
    expect(textOf($(screen, '.checklist .field-note'))).to.equal('1 of 3 done');
    screen.state = { '0': { done: [0, 1] } };
    await settle(screen);
    expect($$<HTMLInputElement>(screen, '.checks input').map((b) => b.checked)).to.deep.equal([true, true, false]);
    expect(actions.length).to.equal(2);
    screen.remove();
  });

  it('Flashcards: question first, turn, move, mark known (the state action named known)', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Flashcards', data: { items: ['France — Paris', 'Japan :: Tokyo', 'Peru'] } }) + END);
    const actions = collect(screen, 'morph-action');
    const face = () => textOf($(screen, '.face'));
    const button = (name: string) => $$<HTMLButtonElement>(screen, '.flashcards button').find((b) => textOf(b) === name)!;
    expect(face()).to.equal('France');
    button('Show the answer').click();
    await settle(screen);
    expect(face()).to.equal('Paris');
    button('I know this one').click();
    await settle(screen);
    button('Next card').click();
    await settle(screen);
    expect(face()).to.equal('Japan');
    button('Show the answer').click();
    await settle(screen);
    expect(face()).to.equal('Tokyo');
    button('Previous card').click();
    button('Previous card').click();
    await settle(screen);
    expect(face()).to.equal('Peru');
    expect(textOf($(screen, '.flashcards .field-note'))).to.equal('Card 3 of 3 · 1 of 3 known');
    expect(actions.map((e) => e.action)).to.deep.equal([{ type: 'state', node: '0', name: 'known', value: [0] }]);
    screen.state = { '0': { known: [2, 1] } };
    await settle(screen);
    expect(screen.state).to.deep.equal({ '0': { known: [1, 2] } });
    expect(button('I know this one').getAttribute('aria-pressed')).to.equal('true');
    screen.remove();
  });

  it('Flashcards from children: each card’s front and back attributes', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Flashcards' }, { op: 'node', id: '0.0', type: 'Card', attrs: { front: 'H2O', back: 'Water' } }, { op: 'close', id: '0' }) + END);
    expect(textOf($(screen, '.face'))).to.equal('H2O');
    screen.remove();
  });
});

describe('morph-screen: What-if', () => {
  const whatIf = () =>
    ops(
      { op: 'open', id: '0', type: 'WhatIf', attrs: { title: 'Revenue' } },
      { op: 'node', id: '0.0', type: 'Slider', attrs: { label: 'Unit price ($)', min: '1', max: '50', value: '20' } },
      { op: 'node', id: '0.1', type: 'Slider', attrs: { name: 'qty', label: 'Quantity', min: '0', max: '100', value: '10' } },
      { op: 'node', id: '0.2', type: 'Result', attrs: { label: 'Revenue', format: 'currency' }, data: { formula: ['unit_price', 'qty', '*'], value: 200 } },
      { op: 'node', id: '0.3', type: 'Result', attrs: { label: 'Per item' }, data: { formula: ['unit_price', 'qty', '/'], value: 2 } },
      { op: 'close', id: '0' },
    );

  it('works the Results out again as a Slider moves, on the device, and sends nothing', async () => {
    const screen = await mount(whatIf() + END);
    const actions = collect(screen, 'morph-action');
    const states = collect(screen, 'morph-state');
    const results = () => $$(screen, '.result-value').map((r) => textOf(r));
    expect(results()).to.deep.equal(['$200.00', '2']);
    const qty = node(screen, '0.1').querySelector<HTMLInputElement>('input[type="range"]')!;
    qty.valueAsNumber = 12;
    qty.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(screen);
    expect(results()).to.deep.equal(['$240.00', '1.67']);
    qty.valueAsNumber = 0;
    qty.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(screen);
    expect(results()).to.deep.equal(['$0.00', 'Can’t be worked out for these values']);
    expect(actions.length).to.equal(0);
    expect(states.at(-1)!.state).to.deep.equal({ values: { unit_price: 20, qty: 0 } });
    expect(screen.state).to.deep.equal({ '0': { values: { unit_price: 20, qty: 0 } } });
    screen.remove();
  });

  it('state set by the app moves the Sliders and the Results; a refused state is reported, not kept', async () => {
    const screen = await mount(whatIf() + END);
    const diags = collect(screen, 'morph-issue');
    screen.state = { '0': { values: { unit_price: 10, qty: 3 } } };
    await settle(screen);
    expect($$(screen, '.result-value').map((r) => textOf(r))[0]).to.equal('$30.00');
    expect(node(screen, '0.0').querySelector<HTMLInputElement>('input')!.valueAsNumber).to.equal(10);
    screen.state = { '0': { values: { constructor: 1 } }, '9': { vote: 'x' } };
    expect(diags.map((d) => [d.code, d.id])).to.deep.equal([
      ['state_refused', '0'],
      ['state_refused', '9'],
    ]);
    expect(screen.state).to.deep.equal({ '0': { values: { unit_price: 10, qty: 3 } } });
    screen.remove();
  });
});

describe('morph-screen: state before the stream, and AG-UI shared state', () => {
  it('state given before its node arrived applies when the node closes', async () => {
    const screen = await mount('', {}, { end: false });
    const diags = collect(screen, 'morph-issue');
    screen.state = { '0': { done: [1] }, '5': { vote: 'x' } };
    screen.write(ops({ op: 'node', id: '0', type: 'Checklist', data: { checks: [{ done: false, c: 'a' }, { done: false, c: 'b' }] } }) + END);
    await settle(screen);
    expect($$<HTMLInputElement>(screen, '.checks input').map((b) => b.checked)).to.deep.equal([false, true]);
    // A node that never came: refused when the stream ends.
    expect(diags.map((d) => [d.code, d.id])).to.deep.equal([['state_refused', '5']]);
    screen.remove();
  });

  it('reads its state from morphscreen[messageId] and writes it back without changing what it was given', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Poll', data: { items: ['A', 'B'] } }, { op: 'node', id: '1', type: 'Checklist', data: { checks: [{ done: false, c: 'x' }] } }) + END, { messageId: 'msg_1' });
    const actions = collect(screen, 'morph-action');
    const shared = { other: 1, morphscreen: { msg_1: { '0': { vote: 'B' } }, msg_0: { '3': { done: [] } } } };
    screen.applySharedState(shared);
    await settle(screen);
    expect(node(screen, '0').querySelectorAll('.choice')[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(actions.length).to.equal(0);
    ($$<HTMLInputElement>(screen, '.checks input')[0]!).click();
    const out = screen.toSharedState(shared);
    expect(out).to.deep.equal({ other: 1, morphscreen: { msg_0: { '3': { done: [] } }, msg_1: { '0': { vote: 'B' }, '1': { done: [0] } } } });
    expect(shared.morphscreen.msg_1).to.deep.equal({ '0': { vote: 'B' } });
    const bare = await mount(op({ op: 'node', id: '0', type: 'p', spans: 'x' }) + END);
    expect(() => bare.toSharedState({})).to.throw(TypeError);
    screen.remove();
    bare.remove();
  });
});
