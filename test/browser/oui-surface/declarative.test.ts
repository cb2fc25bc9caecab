// Actions declared in markup: a bound form's input schema read from its fields, an agent's request filling the
// fields by name and submitting it through the app's own handler and checks (what the page refuses is answered
// INVALID_PARAMS naming the field), a bound button pressed, and the surface registered again when the markup
// changes what it declares.
import { expect, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { pressDialog } from '../shared/approvals.js';
import { formAction } from '../../../elements/oui-surface/model/boundAction.js';
import type { OUISurface } from '../../../src/oui/index.js';
import { mount, openDialog, until } from './helpers.js';

const crm = (): OUISurface => ({ id: 'contacts', name: 'Contacts', description: 'The contact list', actions: [] });

const contactForm = html`<form data-oui-action="add_contact" data-oui-description="Add a contact to the list">
  <label>Name <input name="name" required minlength="2" maxlength="40" /></label>
  <label>Email <input name="email" type="email" required /></label>
  <label>Website <input name="site" type="url" /></label>
  <label>Code <input name="code" pattern="[A-Z]{3}" /></label>
  <label>Age <input name="age" type="number" min="18" max="120" /></label>
  <label>Score <input name="score" type="number" step="0.5" /></label>
  <label>Birthday <input name="birthday" type="date" min="1900-01-01" /></label>
  <label>VIP <input name="vip" type="checkbox" /></label>
  <label>Terms <input name="terms" type="checkbox" required /></label>
  <fieldset>
    <legend>Tags</legend>
    <label><input type="checkbox" name="tags" value="lead" /> Lead</label>
    <label><input type="checkbox" name="tags" value="partner" /> Partner</label>
  </fieldset>
  <fieldset>
    <legend>Stage</legend>
    <label><input type="radio" name="stage" value="new" required /> New</label>
    <label><input type="radio" name="stage" value="won" /> Won</label>
  </fieldset>
  <label
    >Country
    <select name="country" required>
      <option value="">Choose…</option>
      <option value="fr">France</option>
      <option value="de">Germany</option>
      <option value="xx" disabled>Nowhere</option>
    </select></label
  >
  <label>Notes <textarea name="notes" maxlength="500"></textarea></label>
  <input type="hidden" name="csrf" value="secret" />
  <label>Password <input type="password" name="pw" /></label>
  <label>Internal <input name="internal" data-oui-ignore /></label>
  <button type="submit">Add</button>
</form>`;

describe('oui-surface: a bound form’s schema', () => {
  it('is read from its fields: names, types, required, pattern, min/max, lengths, choices; private fields left out', async () => {
    const m = await mount({ surface: crm() }, contactForm);
    const action = m.el.definition!.actions.find((a) => a.id === 'add_contact')!;
    expect(action.description).to.equal('Add a contact to the list');
    const input = action.input as any;
    expect(input.type).to.equal('object');
    expect(input.additionalProperties).to.equal(false);
    expect(input.required).to.deep.equal(['name', 'email', 'terms', 'stage', 'country']);
    expect(Object.keys(input.properties)).to.deep.equal(['name', 'email', 'site', 'code', 'age', 'score', 'birthday', 'vip', 'terms', 'tags', 'stage', 'country', 'notes']);
    const p = input.properties;
    expect(p.name).to.deep.equal({ type: 'string', minLength: 2, maxLength: 40, description: 'Name' });
    expect(p.email).to.deep.equal({ type: 'string', format: 'email', description: 'Email' });
    expect(p.site).to.deep.equal({ type: 'string', format: 'uri', description: 'Website' });
    expect(p.code).to.deep.equal({ type: 'string', pattern: '^(?:[A-Z]{3})$', description: 'Code' });
    expect(p.age).to.deep.equal({ type: 'integer', minimum: 18, maximum: 120, description: 'Age' });
    expect(p.score.type).to.equal('number');
    expect(p.birthday.format).to.equal('date');
    expect(p.birthday.description).to.equal('Birthday (like 2025-01-31, from 1900-01-01)');
    expect(p.vip).to.deep.equal({ type: 'boolean', description: 'VIP' });
    expect(p.terms).to.deep.equal({ type: 'boolean', const: true, description: 'Terms' });
    expect(p.tags.type).to.equal('array');
    expect(p.tags.items.enum).to.deep.equal(['lead', 'partner']);
    expect(p.tags.description).to.match(/^Tags/);
    expect(p.stage.enum).to.deep.equal(['new', 'won']);
    expect(p.stage.description).to.equal('Stage ("new" = New, "won" = Won)');
    expect(p.country.enum, 'no empty prompt, no disabled option').to.deep.equal(['fr', 'de']);
    expect(p.country.description).to.equal('Country ("fr" = France, "de" = Germany)');
    expect(p.notes).to.deep.equal({ type: 'string', maxLength: 500, description: 'Notes' });
    // The agent sees the same schema as its tool.
    expect(m.agent.tools().find((t) => t.name === 'add_contact')!.action.input).to.deep.equal(input);
  });

  it('reads other input types as their text shapes, and refuses two different fields under one name', async () => {
    const form = document.createElement('form');
    form.setAttribute('data-oui-action', 'pick');
    form.setAttribute('aria-label', 'Pick a time');
    for (const type of ['time', 'datetime-local', 'month', 'week', 'color', 'tel', 'search', 'range']) {
      const input = document.createElement('input');
      input.type = type;
      input.name = type;
      form.append(input);
    }
    document.body.append(form);
    const read = formAction(form);
    if (!read.ok) throw new Error(read.errors.join());
    const props = (read.action.input as any).properties;
    expect(read.action.description).to.equal('Pick a time');
    expect(new RegExp(props.time.pattern).test('13:45')).to.equal(true);
    expect(new RegExp(props['datetime-local'].pattern).test('2025-01-31T13:45')).to.equal(true);
    expect(new RegExp(props.month.pattern).test('2025-01')).to.equal(true);
    expect(new RegExp(props.week.pattern).test('2025-W05')).to.equal(true);
    expect(new RegExp(props.color.pattern).test('#1f5eff')).to.equal(true);
    expect(props.tel.type).to.equal('string');
    expect(props.search.type).to.equal('string');
    expect(props.range).to.deep.equal({ type: 'integer', minimum: 0, maximum: 100 });
    const clash = document.createElement('input');
    clash.name = 'time';
    form.append(clash);
    const refused = formAction(form);
    expect(refused.ok).to.equal(false);
    expect(!refused.ok && refused.errors[0]).to.match(/the name "time" is used by more than one field/);
    form.remove();
  });
});

describe('oui-surface: running a bound form', () => {
  it('fills the fields by name and submits through the app’s own submit handler; the answer has what was sent', async () => {
    const submitted: Record<string, FormDataEntryValue>[] = [];
    const m = await mount({ surface: crm() }, contactForm);
    const form = m.el.querySelector('form')!;
    const inputs: string[] = [];
    form.addEventListener('input', (e) => inputs.push((e.target as HTMLInputElement).name));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted.push(Object.fromEntries(new FormData(form)));
    });
    const result = await m.agent.call('add_contact', { name: 'Ada Lovelace', email: 'ada@example.com', terms: true, stage: 'won', country: 'fr', tags: ['partner'], age: 36 });
    expect(result.error).to.equal(undefined);
    expect(result.success).to.equal(true);
    expect(submitted).to.have.length(1);
    expect(submitted[0]).to.include({ name: 'Ada Lovelace', email: 'ada@example.com', terms: 'on', stage: 'won', country: 'fr', tags: 'partner', age: '36', csrf: 'secret' });
    expect(inputs).to.include.members(['name', 'email', 'terms', 'stage', 'country', 'tags', 'age']);
    const data = result.data as { submitted: boolean; values: Record<string, unknown> };
    expect(data.submitted).to.equal(true);
    expect(data.values).to.include({ name: 'Ada Lovelace', age: 36, terms: true, vip: false, stage: 'won', country: 'fr' });
    expect(data.values.tags).to.deep.equal(['partner']);
    expect(data.values, 'private fields never go back').to.not.have.any.keys('csrf', 'pw', 'internal');
  });

  it('refuses params the schema refuses, naming the field, before anything is filled', async () => {
    const m = await mount({ surface: crm() }, contactForm);
    const form = m.el.querySelector('form')!;
    let submits = 0;
    form.addEventListener('submit', (e) => (e.preventDefault(), submits++));
    const result = await m.agent.call('add_contact', { name: 'A', email: 'not-an-email', terms: true, stage: 'lost', country: 'fr', extra: 1 });
    expect(result.error?.code).to.equal('INVALID_PARAMS');
    for (const field of ['name', 'email', 'stage', 'extra']) expect(result.error!.message).to.include(field);
    expect(form.querySelector<HTMLInputElement>('[name="name"]')!.value).to.equal('');
    expect(submits).to.equal(0);
  });

  it('what only the page checks (a date’s min, the app’s own setCustomValidity) is INVALID_PARAMS naming the field, and nothing is submitted', async () => {
    const m = await mount({ surface: crm() }, contactForm);
    const form = m.el.querySelector('form')!;
    let submits = 0;
    form.addEventListener('submit', (e) => (e.preventDefault(), submits++));
    const email = form.querySelector<HTMLInputElement>('[name="email"]')!;
    email.addEventListener('input', () => email.setCustomValidity(email.value.endsWith('@taken.example') ? 'This email is already a contact.' : ''));
    const ok = { name: 'Ada', email: 'ada@example.com', terms: true, stage: 'new', country: 'de' };
    const early = await m.agent.call('add_contact', { ...ok, birthday: '1850-01-01' });
    expect(early.error?.code).to.equal('INVALID_PARAMS');
    expect(early.error!.message).to.match(/^The form refused: birthday: /);
    const taken = await m.agent.call('add_contact', { ...ok, birthday: '1990-01-01', email: 'ada@taken.example' });
    expect(taken.error?.message).to.equal('The form refused: email: This email is already a contact.');
    expect((taken.error!.details as any).problems).to.deep.equal([{ path: 'email', message: 'This email is already a contact.' }]);
    expect(submits).to.equal(0);
  });

  it('refuses a field that is disabled now (the form would not send it: no longer offered), and says when the form is gone', async () => {
    const m = await mount({ surface: crm() }, contactForm);
    const form = m.el.querySelector('form')!;
    form.addEventListener('submit', (e) => e.preventDefault());
    form.querySelector<HTMLInputElement>('[name="site"]')!.disabled = true;
    const offered = () => Object.keys(m.agent.surface('contacts')?.actions.find((a) => a.id === 'add_contact')?.input.properties ?? {});
    await until(() => offered().length > 0 && !offered().includes('site'), 'the surface to offer the form without the disabled field');
    const disabled = await m.agent.call('add_contact', { name: 'Ada', email: 'a@b.example', terms: true, stage: 'new', country: 'de', site: 'https://a.example' });
    expect(disabled.error?.code).to.equal('INVALID_PARAMS');
    expect(disabled.error!.message).to.match(/site/);
    expect(form.querySelector<HTMLInputElement>('[name="site"]')!.value).to.equal('');
  });

  it('asks the person first with data-oui-confirm', async () => {
    const m = await mount(
      { surface: crm() },
      html`<form data-oui-action="delete_contact" data-oui-description="Delete a contact" data-oui-confirm><input name="id" aria-label="Contact id" required /></form>`,
    );
    expect(m.el.definition!.actions[0]!.confirm).to.equal(true);
    const form = m.el.querySelector('form')!;
    let submits = 0;
    form.addEventListener('submit', (e) => (e.preventDefault(), submits++));
    const call = m.agent.call('delete_contact', { id: 'c-7' });
    const dialog = await openDialog(m.el);
    expect(dialog.querySelector('[part="detail-name"]')!.textContent).to.match(/^\s*id \(required\)\s*$/);
    expect(dialog.querySelector('[part="detail-value"]')!.textContent!.trim()).to.equal('c-7');
    await pressDialog(dialog, 'confirm');
    expect((await call).success).to.equal(true);
    expect(submits).to.equal(1);
  });
});

describe('oui-surface: a bound button', () => {
  it('is an action without params that presses the button; a disabled one is ACTION_DENIED', async () => {
    let presses = 0;
    const m = await mount({ surface: crm() }, html`<button type="button" data-oui-action="refresh_list" data-oui-description="Reload the contacts">Refresh</button>`);
    const button = m.el.querySelector('button')!;
    button.addEventListener('click', () => presses++);
    const action = m.el.definition!.actions[0]!;
    expect(action).to.deep.equal({ id: 'refresh_list', description: 'Reload the contacts', input: { type: 'object', properties: {}, additionalProperties: false } });
    expect((await m.agent.call('refresh_list')).data).to.deep.equal({ pressed: true });
    expect(presses).to.equal(1);
    expect((await m.agent.call('refresh_list', { force: true })).error?.code).to.equal('INVALID_PARAMS');
    button.disabled = true;
    const denied = await m.agent.call('refresh_list');
    expect(denied.error?.code).to.equal('ACTION_DENIED');
    expect(presses).to.equal(1);
  });

  it('takes its text as its description when it has none; a surface’s own declaration of the id wins, the button runs it', async () => {
    const surface = crm();
    surface.actions = [{ id: 'archive_all', description: 'Archive every contact (declared)', input: { type: 'object', properties: {} } }];
    const m = await mount({ surface }, html`<button data-oui-action="archive_all">Archive all</button><button data-oui-action="export_csv">Export as CSV</button>`);
    let archived = 0;
    m.el.querySelector('button')!.addEventListener('click', () => archived++);
    expect(m.el.definition!.actions.map((a) => [a.id, a.description])).to.deep.equal([
      ['archive_all', 'Archive every contact (declared)'],
      ['export_csv', 'Export as CSV'],
    ]);
    expect((await m.agent.call('archive_all')).success).to.equal(true);
    expect(archived).to.equal(1);
  });
});

describe('oui-surface: markup that changes', () => {
  it('registers again when a bound form is added or its fields change, and not for changes that declare nothing new', async () => {
    const m = await mount({ surface: crm() });
    const form = document.createElement('form');
    form.setAttribute('data-oui-action', 'add_note');
    form.setAttribute('data-oui-description', 'Add a note');
    const input = document.createElement('input');
    input.name = 'text';
    input.setAttribute('aria-label', 'Note');
    form.append(input);
    m.el.append(form);
    await until(() => m.heard.registers.length === 2, 'a registration with the new action');
    expect(m.agent.tools().map((t) => t.name)).to.deep.equal(['add_note']);
    input.required = true;
    await until(() => m.heard.registers.length === 3, 'a registration with the field required');
    expect((m.heard.registers[2].surface.actions[0].input as any).required).to.deep.equal(['text']);
    input.value = 'typed by the person';
    m.el.append(document.createElement('p'));
    await new Promise((r) => setTimeout(r, 30));
    expect(m.heard.registers).to.have.length(3);
    form.remove();
    await until(() => m.agent.tools().length === 0, 'the action to go');
  });

  it('ignores forms inside a nested oui-surface', async () => {
    const m = await mount(
      { surface: crm() },
      html`<oui-surface><form data-oui-action="inner_only" data-oui-description="Not ours"></form></oui-surface>`,
    );
    expect(m.el.definition!.actions).to.deep.equal([]);
  });
});
