// Direction controls never reach the screen (issue 15, item 11): model words are shown through streamText(), the
// one text path, which removes the embeddings, overrides and isolates that make text show something else than it
// says; each run of them is isolated. What is sent (a vote, a Button's label) is the value as written.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, collect, END, mount, node, ops, settle } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const RLO = '\u202E';
const bad = (s: string) => `${RLO}${s}\u202C`;

/** Every text node and every attribute a person or assistive technology meets in the screen, with a control in it. */
function controlsShown(screen: MorphScreenElement): string[] {
  const found: string[] = [];
  const root = screen.shadowRoot!;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      if (CONTROLS.test(n.textContent ?? '')) found.push(`text "${n.textContent}" in <${n.parentElement?.localName}>`);
      continue;
    }
    const el = n as Element;
    for (const name of ['aria-label', 'aria-valuetext', 'alt', 'title', 'placeholder', 'label']) {
      const v = el.getAttribute(name);
      if (v !== null && CONTROLS.test(v)) found.push(`${el.localName}[${name}="${v}"]`);
    }
    if (el instanceof HTMLOptionElement && CONTROLS.test(el.text)) found.push(`option "${el.text}"`);
  }
  return found;
}

describe('morph-screen: direction controls are never shown', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('the issue’s repros: a Poll option "\\u202Eevil", a Button "Pay \\u202Egnp.exe", a paragraph', async () => {
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'Poll', attrs: { q: 'Which?' }, data: { items: [`${RLO}evil`, 'good'] } },
        { op: 'node', id: '1', type: 'Button', spans: `Pay ${RLO}gnp.exe` },
        { op: 'node', id: '2', type: 'p', spans: `Your account ${RLO}0987654321` },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    const option = node(screen, '0').querySelector<HTMLButtonElement>('.choice')!;
    expect(option.textContent!.trim()).to.equal('evil');
    expect(node(screen, '1').querySelector('button')!.textContent!.trim()).to.equal('Pay gnp.exe');
    expect(node(screen, '2').textContent!.trim()).to.equal('Your account 0987654321');
    option.click();
    node(screen, '1').querySelector('button')!.click();
    await settle(screen);
    expect(node(screen, '0').querySelector('.feedback')!.textContent).to.equal('You voted for evil.');
    // What is sent is the value as written: the app and the model see exactly what the stream said.
    expect(actions.map((a) => a.action)).to.deep.equal([
      { type: 'vote', node: '0', name: null, choice: `${RLO}evil` },
      { type: 'ask', text: `Pay ${RLO}gnp.exe`, node: '1' },
    ]);
    expect(controlsShown(screen)).to.deep.equal([]);
    // The runs are isolated, so right-to-left words can't reorder what is around them.
    expect(getComputedStyle(option.querySelector('bdi')!).unicodeBidi).to.equal('isolate');
    expect(getComputedStyle($(screen, 'p')!).direction).to.equal('ltr');
    screen.remove();
  });

  it('no view of any component shows one: labels, titles, options, choices, cells, alt text, units, code', async () => {
    const b = bad;
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'h', attrs: { level: '2' }, spans: b('Heading') },
        { op: 'node', id: '1', type: 'p', spans: [{ t: 'strong', c: b('bold') }, { t: 'code', v: b('code') }, { t: 'link', href: 'https://example.com/', c: b('link') }, { t: 'img', src: 'https://img.example.com/x.png', alt: b('alt') }, { t: 'el', type: 'Badge', c: b('badge') }] },
        { op: 'open', id: '2', type: 'ul' },
        { op: 'node', id: '2.0', type: 'li', attrs: { task: 'open' }, spans: b('item') },
        { op: 'close', id: '2' },
        { op: 'open', id: '3', type: 'table' },
        { op: 'open', id: '3.0', type: 'row', attrs: { head: true } },
        { op: 'node', id: '3.0.0', type: 'cell', spans: b('head') },
        { op: 'close', id: '3' },
        { op: 'node', id: '4', type: 'code', attrs: { lang: b('js') }, spans: b('let a = 1') },
        { op: 'open', id: '5', type: 'Card', attrs: { title: b('Card') } },
        { op: 'node', id: '5.0', type: 'Badge', attrs: { text: b('Badge') } },
        { op: 'close', id: '5' },
        { op: 'node', id: '6', type: 'Chart', attrs: { title: b('Chart') }, data: { columns: [b('Month'), b('Sales')], rows: [[b('Jan'), 1]] } },
        { op: 'node', id: '7', type: 'Map', attrs: { title: b('Map') }, data: { columns: [b('City')], rows: [[b('Lisbon')]] } },
        { op: 'node', id: '8', type: 'FollowUps', data: { items: [b('More')] } },
        { op: 'node', id: '9', type: 'Gallery', attrs: { title: b('Gallery') }, data: { images: [{ src: 'https://img.example.com/1.jpg', alt: b('Dunes'), credit: b('Ann') }] } },
        { op: 'open', id: '10', type: 'Quiz', attrs: { title: b('Quiz') } },
        { op: 'node', id: '10.0', type: 'Question', attrs: { q: b('Question') }, data: { items: [b('A'), b('B')], answer: 0 } },
        { op: 'close', id: '10' },
        { op: 'node', id: '11', type: 'Checklist', attrs: { title: b('Checklist') }, data: { checks: [{ done: false, c: b('check') }] } },
        { op: 'node', id: '12', type: 'Flashcards', attrs: { title: b('Cards') }, data: { items: [`${b('front')} :: ${b('back')}`] } },
        { op: 'open', id: '13', type: 'WhatIf', attrs: { title: b('WhatIf') } },
        { op: 'node', id: '13.0', type: 'Slider', attrs: { label: b('Price'), name: 'price', unit: b('€') } },
        { op: 'node', id: '13.1', type: 'Result', attrs: { label: b('Total'), unit: b('€') }, data: { formula: ['price'], value: 0 } },
        { op: 'close', id: '13' },
        { op: 'open', id: '14', type: 'Tabs' },
        { op: 'open', id: '14.0', type: 'Tab', attrs: { label: b('Tab') } },
        { op: 'close', id: '14' },
        { op: 'open', id: '15', type: 'Details', attrs: { summary: b('Details') } },
        { op: 'close', id: '15' },
        { op: 'open', id: '16', type: 'Form', attrs: { title: b('Form') } },
        { op: 'node', id: '16.0', type: 'Input', attrs: { label: b('Name'), placeholder: b('Your name') } },
        { op: 'node', id: '16.1', type: 'Select', attrs: { label: b('Plan'), options: `${b('Free')}|${b('Pro')}` } },
        { op: 'node', id: '16.2', type: 'Radio', attrs: { label: b('Size'), options: `${b('S')}|${b('M')}` } },
        { op: 'node', id: '16.3', type: 'Checkboxes', attrs: { label: b('Topics'), options: b('News') } },
        { op: 'node', id: '16.4', type: 'Switch', attrs: { label: b('Terms') } },
        { op: 'node', id: '16.5', type: 'TextArea', attrs: { label: b('About'), placeholder: b('Tell us') } },
        { op: 'node', id: '16.6', type: 'Button', attrs: { label: b('Send') } },
        { op: 'close', id: '16' },
        { op: 'node', id: '17', type: 'Button', attrs: { href: `mailto:${b('x')}@example.com` }, spans: b('Mail') },
        { op: 'node', id: '18', type: 'Timeline', spans: b('Unknown component') },
      ) + END,
    );
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    node(screen, '10.0').querySelector<HTMLButtonElement>('.choice')!.click();
    await settle(screen);
    expect(controlsShown(screen)).to.deep.equal([]);
    // The chart gets its words without them too (it draws them itself).
    const chart = $(screen, 'ae-chart') as unknown as { chartTitle: string; labels: string[]; series: { name: string }[] };
    expect([chart.chartTitle, ...chart.labels, ...chart.series.map((s) => s.name)].filter((w) => CONTROLS.test(w))).to.deep.equal([]);
    screen.remove();
  });
});
