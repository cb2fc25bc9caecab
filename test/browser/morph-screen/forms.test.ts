// Forms with every field kind: values by name or label slug, required checked before sending, device values
// only after the person acts, state (files and locations never), and fields outside a Form.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, collect, END, mount, node, ops, settle, textOf, typeInto } from './helpers.js';

const form = () =>
  ops(
    { op: 'open', id: '0', type: 'Form', attrs: { name: 'signup', title: 'Sign up' } },
    { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Email address', type: 'email', required: true } },
    { op: 'node', id: '0.1', type: 'TextArea', attrs: { label: 'About you', name: 'about' } },
    { op: 'node', id: '0.2', type: 'Select', attrs: { label: 'Plan', options: 'Free|Pro', required: true } },
    { op: 'node', id: '0.3', type: 'Radio', attrs: { label: 'Size' }, data: { items: ['S', 'M', 'L'] } },
    { op: 'node', id: '0.4', type: 'Date', attrs: { label: 'Start date', min: '2024-01-01' } },
    { op: 'node', id: '0.5', type: 'Scan', attrs: { label: 'Ticket code' } },
    { op: 'node', id: '0.6', type: 'Slider', attrs: { label: 'Seats', min: '1', max: '10', value: '2' } },
    { op: 'node', id: '0.7', type: 'Switch', attrs: { label: 'Terms accepted', required: true } },
    { op: 'node', id: '0.8', type: 'Checkboxes', attrs: { label: 'Topics', options: 'News|Tips|Offers' } },
    { op: 'node', id: '0.9', type: 'Camera', attrs: { label: 'Photo' } },
    { op: 'node', id: '0.10', type: 'File', attrs: { label: 'Document', accept: '.pdf, image/*', multiple: true } },
    { op: 'node', id: '0.11', type: 'Location', attrs: { label: 'Where you are' } },
    { op: 'node', id: '0.12', type: 'Button', spans: 'Create account' },
    { op: 'close', id: '0' },
  ) + END;

const control = <T extends HTMLElement = HTMLInputElement>(screen: HTMLElement & { shadowRoot: ShadowRoot | null }, id: string) =>
  screen.shadowRoot!.querySelector(`[data-field="${id}"]`) as T;

/** Sets a file input's files as a person choosing them would. */
function choose(input: HTMLInputElement, files: File[]): void {
  const list = new DataTransfer();
  for (const f of files) list.items.add(f);
  input.files = list.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('morph-screen: forms', () => {
  it('draws every field kind with its label', async () => {
    const screen = await mount(form());
    const name = (id: string) => {
      const el = control(screen, id);
      return el.id ? textOf(screen.shadowRoot!.querySelector(`label[for="${el.id}"]`)) || textOf(node(screen, id).querySelector('.field-label')) : textOf(node(screen, id).querySelector('legend, .field-label'));
    };
    expect(name('0.0')).to.equal('Email address *');
    expect(control(screen, '0.0').type).to.equal('email');
    expect(control(screen, '0.0').getAttribute('aria-required')).to.equal('true');
    expect(control<HTMLTextAreaElement>(screen, '0.1').localName).to.equal('textarea');
    expect([...control<HTMLSelectElement>(screen, '0.2').options].map((o) => o.textContent)).to.deep.equal(['Choose…', 'Free', 'Pro']);
    expect(node(screen, '0.3').querySelectorAll('input[type="radio"]').length).to.equal(3);
    expect(control(screen, '0.4').type).to.equal('date');
    expect(control(screen, '0.4').min).to.equal('2024-01-01');
    expect(control(screen, '0.5').type).to.equal('text');
    expect(control(screen, '0.6').type).to.equal('range');
    expect(control(screen, '0.7').getAttribute('role')).to.equal('switch');
    expect(node(screen, '0.8').querySelectorAll('input[type="checkbox"]').length).to.equal(3);
    expect(control(screen, '0.9').getAttribute('capture')).to.equal('environment');
    expect(control(screen, '0.9').accept).to.equal('image/*');
    expect(control(screen, '0.10').accept).to.equal('.pdf, image/*');
    expect(control(screen, '0.10').multiple).to.equal(true);
    expect(textOf(control(screen, '0.11'))).to.equal('Share my location');
    screen.remove();
  });

  it('checks required before sending: each empty one says so, the first gets focus, nothing is sent', async () => {
    const screen = await mount(form());
    const actions = collect(screen, 'morph-action');
    (node(screen, '0.12').querySelector('button') as HTMLButtonElement).click();
    await settle(screen);
    expect(actions.length).to.equal(0);
    expect(textOf(node(screen, '0.0').querySelector('.field-message'))).to.equal('Fill in this field.');
    expect(textOf(node(screen, '0.2').querySelector('.field-message'))).to.equal('Choose an option.');
    expect(textOf(node(screen, '0.7').querySelector('.field-message'))).to.equal('Turn this on to continue.');
    expect(textOf(node(screen, '0.1').querySelector('.field-message'))).to.equal('');
    expect(control(screen, '0.0').getAttribute('aria-invalid')).to.equal('true');
    expect(control(screen, '0.0').getAttribute('aria-describedby')).to.equal(node(screen, '0.0').querySelector('.field-message')!.id);
    expect(screen.shadowRoot!.activeElement).to.equal(control(screen, '0.0'));
    // A value clears its message.
    typeInto(control(screen, '0.0'), 'ann@example.com');
    await settle(screen);
    expect(textOf(node(screen, '0.0').querySelector('.field-message'))).to.equal('');
    screen.remove();
  });

  it('sends the submit action with every field by name or label slug, device values only once the person gave them', async () => {
    const screen = await mount(form());
    const actions = collect(screen, 'morph-action');
    typeInto(control(screen, '0.0'), 'ann@example.com');
    typeInto(control<HTMLTextAreaElement>(screen, '0.1'), 'Hi');
    const plan = control<HTMLSelectElement>(screen, '0.2');
    plan.value = 'Pro';
    plan.dispatchEvent(new Event('change'));
    (node(screen, '0.3').querySelectorAll('input[type="radio"]')[1] as HTMLInputElement).click();
    typeInto(control(screen, '0.4'), '2024-05-01');
    typeInto(control(screen, '0.5'), 'TCK-42');
    const seats = control(screen, '0.6');
    seats.valueAsNumber = 4;
    seats.dispatchEvent(new Event('input'));
    control(screen, '0.7').click();
    await settle(screen);
    (node(screen, '0.8').querySelectorAll('input[type="checkbox"]')[2] as HTMLInputElement).click();
    (node(screen, '0.8').querySelectorAll('input[type="checkbox"]')[0] as HTMLInputElement).click();
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    choose(control(screen, '0.9'), [photo]);
    const realGeo = navigator.geolocation.getCurrentPosition;
    Object.defineProperty(navigator.geolocation, 'getCurrentPosition', {
      configurable: true,
      value: (ok: PositionCallback) => ok({ coords: { latitude: 38.72, longitude: -9.14, accuracy: 12.4 } } as GeolocationPosition),
    });
    control(screen, '0.11').click();
    Object.defineProperty(navigator.geolocation, 'getCurrentPosition', { configurable: true, value: realGeo });
    await settle(screen);
    expect(textOf(node(screen, '0.11').querySelector('.field-note'))).to.equal('Location shared (within 12 m).');
    (node(screen, '0.12').querySelector('button') as HTMLButtonElement).click();
    expect(actions.length).to.equal(1);
    const action = actions[0]!.action as { type: string; node: string; form: string; button: string; fields: Record<string, unknown> };
    expect({ ...action, fields: undefined }).to.deep.equal({ type: 'submit', node: '0', form: 'signup', button: 'Create account', fields: undefined });
    const { photo: photos, ...rest } = action.fields;
    expect(rest).to.deep.equal({
      email_address: 'ann@example.com',
      about: 'Hi',
      plan: 'Pro',
      size: 'M',
      start_date: '2024-05-01',
      ticket_code: 'TCK-42',
      seats: 4,
      terms_accepted: true,
      topics: ['News', 'Offers'],
      where_you_are: { lat: 38.72, lng: -9.14, accuracy: 12.4 },
    });
    expect(photos).to.deep.equal([photo]);
    expect((photos as File[])[0]).to.be.instanceOf(File);
    // Files and locations stay on the device: never state.
    expect(screen.state['0']).to.deep.equal({
      fields: { email_address: 'ann@example.com', about: 'Hi', plan: 'Pro', size: 'M', start_date: '2024-05-01', ticket_code: 'TCK-42', seats: 4, terms_accepted: true, topics: ['News', 'Offers'] },
    });
    screen.remove();
  });

  it('Form state set by the app fills the fields and sends nothing; a field of a kind that stays on the device is refused', async () => {
    const screen = await mount(form());
    const actions = collect(screen, 'morph-action');
    const diags = collect(screen, 'morph-issue');
    screen.state = { '0': { fields: { email_address: 'bo@example.com', terms_accepted: true, topics: ['Tips'], seats: 7, size: 'L' } } };
    await settle(screen);
    expect(control(screen, '0.0').value).to.equal('bo@example.com');
    expect(control(screen, '0.7').getAttribute('aria-checked')).to.equal('true');
    expect((node(screen, '0.8').querySelectorAll('input[type="checkbox"]')[1] as HTMLInputElement).checked).to.equal(true);
    expect(control(screen, '0.6').valueAsNumber).to.equal(7);
    expect((node(screen, '0.3').querySelectorAll('input[type="radio"]')[2] as HTMLInputElement).checked).to.equal(true);
    screen.state = { '0': { fields: { photo: ['x'] } } };
    expect(diags.map((d) => d.code)).to.deep.equal(['state_refused']);
    expect(actions.length).to.equal(0);
    screen.remove();
  });

  it('a value typed keeps its caret and focus while the answer grows', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Form' }, { op: 'node', id: '0.0', type: 'Input', attrs: { label: 'Name' } }), {}, { end: false });
    const input = control(screen, '0.0');
    input.focus();
    typeInto(input, 'Ann');
    input.setSelectionRange(1, 1);
    screen.write(ops({ op: 'node', id: '0.1', type: 'Input', attrs: { label: 'City' } }, { op: 'close', id: '0' }, { op: 'node', id: '1', type: 'p', spans: 'More text' }));
    await settle(screen);
    expect(control(screen, '0.0')).to.equal(input);
    expect(screen.shadowRoot!.activeElement).to.equal(input);
    expect(input.value).to.equal('Ann');
    expect(input.selectionStart).to.equal(1);
    screen.remove();
  });

  it('a field outside any Form keeps its own value; a Button outside asks', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Switch', attrs: { label: 'Dark mode' } }) + END);
    const sw = control(screen, '0');
    sw.click();
    await settle(screen);
    expect(sw.getAttribute('aria-checked')).to.equal('true');
    expect(screen.state).to.deep.equal({});
    screen.remove();
  });

  it('a File picker ignores an accept list that is not types or extensions', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Form' }, { op: 'node', id: '0.0', type: 'File', attrs: { label: 'Doc', accept: '"><script>' } }, { op: 'close', id: '0' }) + END);
    expect(control(screen, '0.0').hasAttribute('accept')).to.equal(false);
    expect($(screen, 'script')).to.equal(null);
    screen.remove();
  });
});
