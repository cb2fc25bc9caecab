// What people do with an answer while and after it is written: select words in the block being written, copy
// tables and code, read it right to left or in forced colours, answer with the keyboard.
import { expect } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, collect, END, mount, ops, settle, textOf } from './helpers.js';
import type { MorphScreen } from '../../../elements/morph-screen/index.js';

const text = (v: string) => ({ t: 'text', v });

/** The selection's text, as the page reports it (a selection inside the screen's shadow root). */
const selected = (screen: MorphScreen): string =>
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

  const poll = (close = true) =>
    ops({ op: close ? 'node' : 'open', id: '0', type: 'Poll', attrs: { q: 'Lunch?', options: 'Pizza|Salad' } });

  for (const [how, give] of [
    ['state', (screen: MorphScreen) => (screen.state = { '0': { vote: 'Burgers' } })],
    ['AG-UI shared state', (screen: MorphScreen) => screen.applySharedState({ morphscreen: { m1: { '0': { vote: 'Burgers' } } } })],
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
