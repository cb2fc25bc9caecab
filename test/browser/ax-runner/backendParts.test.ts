// The parts the page backend is made of, each on its own over a scoped area: where an action may go, where it
// lands, judging a step (the activation oracle), and performing it.
import { expect, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { area } from './helpers.js';
import type { ActAction, AxNode, ResolvedTargets } from '../../../src/axstream/index.js';
import { PageTree } from '../../../elements/ax-runner/backend/pageTree.js';
import { createPageLanding, createPageRules, type PageParts } from '../../../elements/ax-runner/backend/pageRules.js';
import { activationOf, assessStep, pressedKey } from '../../../elements/ax-runner/backend/pageJudgement.js';
import { perform } from '../../../elements/ax-runner/backend/pagePerform.js';
import { Keyboard } from '../../../elements/ax-runner/backend/keyboard.js';
import { Pointer } from '../../../elements/ax-runner/backend/pointer.js';
import { manualClock } from '../shared/manualClock.js';

/** The backend's parts over `scope`, forms allowed to the page's own origin only. */
function partsOver(scope: Element): PageParts {
  const tree = new PageTree({ scope: () => scope, exclude: () => [] });
  const origins = () => new Set([location.origin]);
  const rules = createPageRules(tree, origins);
  return { tree, rules, landing: createPageLanding(tree, rules, () => scope), scope: () => scope, origins };
}

const on = (el: Element, role = 'button', name = ''): ResolvedTargets<Element> => ({ target: { kind: 'element', node: { role, name, ref: el } as AxNode<Element> } });
const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('ax-runner: the page backend, part by part', () => {
  it('the rules: nothing outside the scope; a form goes to allowed origins only', async () => {
    const outside = await area(html`<button>Away</button>`);
    const el = await area(html`<form action="https://elsewhere.example/send"><button>Send</button></form>`);
    const p = partsOver(el);
    expect(p.rules.allows(el.querySelector('button')!)).to.equal(true);
    expect(p.rules.allows(outside.querySelector('button')!)).to.equal(false);
    expect(p.rules.notAllowed(outside)).to.equal('outside the part of the page the assistant may act in');
    expect(p.rules.submissionRefusal(el.querySelector('form')!, null)).to.equal('the form would be sent to https://elsewhere.example, which this page does not allow');
  });

  it('where it lands: an element outside the scope, a disabled one and a hidden one are refused by name', async () => {
    const outside = await area(html`<button>Away</button>`);
    const el = await area(html`<button disabled>Off</button><button hidden>Gone</button>`);
    const p = partsOver(el);
    const [off, gone] = [...el.querySelectorAll('button')];
    expect(thrown(() => p.landing.elementOf(on(outside.querySelector('button')!, 'button', 'Away').target, 'click'))).to.match(/"Away" is outside the part of the page/);
    expect(thrown(() => p.landing.refuseDisabled(off!, on(off!, 'button', 'Off').target))).to.match(/"Off" is disabled/);
    expect(thrown(() => p.landing.land(on(gone!, 'button', 'Gone').target, 'click'))).to.match(/"Gone" is no longer shown/);
  });

  it('judging a step: a click on a label inside a button is judged on the button; a submit to another origin is refused before it runs', async () => {
    expect(pressedKey(['Shift', 'Enter'])).to.equal('Enter');
    expect(pressedKey(['Control', 'Enter'])).to.equal(null);
    const el = await area(html`<form action="https://elsewhere.example/send"><button><span>Send</span></button></form>`);
    const p = partsOver(el);
    const click: ActAction = { op: 'act', do: 'click', target: { kind: 'ax', title: 'Send' }, risk: 'safe' };
    const activation = activationOf(p, click, on(el.querySelector('span')!, 'text', 'Send'));
    expect(activation?.judged).to.equal(el.querySelector('button'));
    expect(activation?.reach?.submits?.form).to.equal(el.querySelector('form'));
    expect(thrown(() => assessStep(p, click, on(el.querySelector('button')!, 'button', 'Send'), undefined))).to.match(/elsewhere\.example, which this page does not allow/);
  });

  it('performing: text goes to the focused field, a wait of 0 is one turn, and a longer wait is on the runner\'s clock', async () => {
    const el = await area(html`<input aria-label="Name" />`);
    const p = partsOver(el);
    const input = el.querySelector('input')!;
    input.focus();
    const keyboard = new Keyboard(() => 'other', p.rules.allows, () => {}, () => [input], () => {});
    const clock = manualClock();
    const hands = { pointer: new Pointer(), keyboard, navigate: () => {}, timers: clock };
    const signal = new AbortController().signal;
    await perform(p, hands, { op: 'act', do: 'type', text: 'Ada', risk: 'safe' } as ActAction, {}, signal);
    expect(input.value).to.equal('Ada');
    await perform(p, hands, { op: 'act', do: 'wait', ms: 0, risk: 'safe' } as ActAction, {}, signal);
    let waited = false;
    const waiting = perform(p, hands, { op: 'act', do: 'wait', ms: 60_000, risk: 'safe' } as ActAction, {}, signal).then(() => (waited = true));
    expect(clock.pending).to.deep.equal([60_000]);
    clock.advance(59_999);
    await Promise.resolve();
    expect(waited).to.equal(false);
    clock.advance(1);
    await waiting;
  });
});
