// Sending a Form as a person expects (issue 17, item 6): a Button inside a sentence of the Form sends it, Enter
// in a field sends it, a second press can't send the same thing twice (the Form shows it was sent), a value is
// checked for what its field asks beyond `required`, a Date reports one change once, and a respond hook that
// fails tells the reader and lets the Form be sent again.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { collect, END, mount, node, ops, press, settle, textOf, tick, typeInto } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

const control = <T extends HTMLElement = HTMLInputElement>(screen: MorphScreenElement, id: string) => screen.shadowRoot!.querySelector(`[data-field="${id}"]`) as T;
const message = (screen: MorphScreenElement, id: string) => textOf(node(screen, id).querySelector('.field-message'));

describe('morph-screen: sending a Form', function (this: Mocha.Suite) {
  this.timeout(20000);

  it('a Button inside a sentence of the Form sends the Form (it doesn’t ask)', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Form', attrs: { name: 'news' } },
        { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Email', name: 'email' } },
        { op: 'node', id: '0.1', type: 'p', spans: [{ t: 'text', v: 'When you are ready, ' }, { t: 'el', type: 'Button', c: [{ t: 'text', v: 'Subscribe' }] }] },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    typeInto(control(screen, '0.0'), 'ann@example.com');
    node(screen, '0.1').querySelector('button')!.click();
    expect(actions.map((a) => a.action)).to.deep.equal([{ type: 'submit', node: '0', form: 'news', button: 'Subscribe', fields: { email: 'ann@example.com' } }]);
    screen.remove();
  });

  it('Enter in a text field sends the Form as its first Button would; Enter in a text area doesn’t', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Form' },
        { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'City', name: 'city' } },
        { op: 'node', id: '0.1', type: 'TextArea', attrs: { label: 'Notes', name: 'notes' } },
        { op: 'node', id: '0.2', type: 'Button', spans: 'Search' },
        { op: 'node', id: '0.3', type: 'Button', attrs: { variant: 'secondary' }, spans: 'Save for later' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    typeInto(control<HTMLTextAreaElement>(screen, '0.1'), 'line one');
    press(control(screen, '0.1'), 'Enter');
    expect(actions.length).to.equal(0);
    const city = control(screen, '0.0');
    typeInto(city, 'Lisbon');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true });
    city.dispatchEvent(enter);
    expect(enter.defaultPrevented).to.equal(true);
    expect(actions.map((a) => a.action)).to.deep.equal([{ type: 'submit', node: '0', form: null, button: 'Search', fields: { city: 'Lisbon', notes: 'line one' } }]);
    screen.remove();
  });

  it('a second press sends nothing: the Form says it was sent until a field changes', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Form' },
        { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Name', name: 'name' } },
        { op: 'node', id: '0.1', type: 'Button', spans: 'Send' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    typeInto(control(screen, '0.0'), 'Ann');
    const send = node(screen, '0.1').querySelector('button')!;
    send.click();
    send.click();
    await settle(screen);
    send.click();
    expect(actions.length, 'one submit for the same values').to.equal(1);
    expect(send.getAttribute('aria-disabled')).to.equal('true');
    expect(textOf(node(screen, '0').querySelector('.form-status'))).to.equal('Sent.');
    // Changed: it can be sent again, with what changed.
    typeInto(control(screen, '0.0'), 'Ann Lee');
    await settle(screen);
    expect(send.getAttribute('aria-disabled')).to.equal(null);
    expect(textOf(node(screen, '0').querySelector('.form-status'))).to.equal('');
    send.click();
    expect(actions.map((a) => (a.action as { fields: unknown }).fields)).to.deep.equal([{ name: 'Ann' }, { name: 'Ann Lee' }]);
    await expect(screen).to.be.accessible();
    screen.remove();
  });

  it('values are checked for what their field asks, not only required: type=email refuses "not-an-email"', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Form' },
        { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Email', type: 'email' } },
        { op: 'node', id: '0.1', type: 'Input', attrs: { label: 'Website', type: 'url' } },
        { op: 'node', id: '0.2', type: 'Input', attrs: { label: 'Phone', type: 'tel' } },
        { op: 'node', id: '0.3', type: 'Input', attrs: { label: 'Guests', type: 'number' } },
        { op: 'node', id: '0.4', type: 'Input', attrs: { label: 'Code', minlength: '4', maxlength: '6' } },
        { op: 'node', id: '0.5', type: 'Date', attrs: { label: 'Arrival', min: '2030-01-01' } },
        { op: 'node', id: '0.6', type: 'Button', spans: 'Book' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const actions = collect(screen, 'morph-action');
    // A number field's control only takes numbers; an agent setting state can give it anything.
    screen.state = { '0': { fields: { guests: 'two' } } };
    typeInto(control(screen, '0.0'), 'not-an-email');
    typeInto(control(screen, '0.1'), 'example');
    typeInto(control(screen, '0.2'), 'call me');
    typeInto(control(screen, '0.4'), 'ab');
    typeInto(control(screen, '0.5'), '2029-12-31');
    node(screen, '0.6').querySelector('button')!.click();
    await settle(screen);
    expect(actions.length).to.equal(0);
    expect(['0.0', '0.1', '0.2', '0.3', '0.4', '0.5'].map((id) => message(screen, id))).to.deep.equal([
      'Enter an email address, such as name@example.com.',
      'Enter a web address starting with http:// or https://.',
      'Enter a phone number.',
      'Enter a number.',
      'Enter at least 4 characters.',
      'Choose 2030-01-01 or later.',
    ]);
    expect(control(screen, '0.0').getAttribute('aria-invalid')).to.equal('true');
    expect(screen.shadowRoot!.activeElement).to.equal(control(screen, '0.0'));
    typeInto(control(screen, '0.0'), 'ann@example.com');
    typeInto(control(screen, '0.1'), 'https://example.com');
    typeInto(control(screen, '0.2'), '+351 912 345 678');
    typeInto(control(screen, '0.3'), '2');
    typeInto(control(screen, '0.4'), 'abcd');
    typeInto(control(screen, '0.5'), '2030-02-01');
    await settle(screen);
    expect(['0.0', '0.1', '0.2', '0.3', '0.4', '0.5'].map((id) => message(screen, id))).to.deep.equal(['', '', '', '', '', '']);
    node(screen, '0.6').querySelector('button')!.click();
    expect(actions.length).to.equal(1);
    screen.remove();
  });

  it('a Date filled in fires morph-state once, not twice', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Form' }, { op: 'node', id: '0.0', type: 'Date', attrs: { label: 'Day', name: 'day' } }, { op: 'close', id: '0' }) + END);
    const states = collect(screen, 'morph-state');
    const day = control(screen, '0.0');
    day.value = '2031-03-04';
    // A browser's date picker reports a pick on input and on change.
    day.dispatchEvent(new Event('input', { bubbles: true }));
    day.dispatchEvent(new Event('change', { bubbles: true }));
    expect(states.map((s) => JSON.stringify(s.state))).to.deep.equal([JSON.stringify({ fields: { day: '2031-03-04' } })]);
    screen.remove();
  });

  it('a respond hook that fails tells the reader, and the Form can be sent again', async () => {
    let calls = 0;
    const screen = await mount(
      ops({ op: 'open', id: '0', type: 'Form' }, { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Name', name: 'name' } }, { op: 'node', id: '0.1', type: 'Button', spans: 'Send' }, { op: 'close', id: '0' }) + END,
      {
        respond: () => {
          calls++;
          throw new Error('model offline');
        },
      },
    );
    typeInto(control(screen, '0.0'), 'Ann');
    node(screen, '0.1').querySelector('button')!.click();
    await tick();
    await settle(screen);
    const notice = screen.shadowRoot!.querySelector('[part="notice"][role="alert"]');
    expect(textOf(notice)).to.equal('The next answer could not be loaded. Your answer is still here; try again.');
    expect(control(screen, '0.0').value, 'what the person typed is kept').to.equal('Ann');
    node(screen, '0.1').querySelector('button')!.click();
    await tick();
    expect(calls).to.equal(2);
    screen.remove();
  });
});
