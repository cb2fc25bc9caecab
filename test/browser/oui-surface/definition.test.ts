// Definitions the element refuses, and how it says so: a malformed `surface` throws from the setter (every reason
// at once) and fires oui-error, keeping the definition it had; broken markup and handlers that don't fit can't
// throw where the app wrote them, so they fire oui-error and the surface waits unregistered.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import type { OUIErrorEvent, OUIIssueEvent, OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { OUISurfaceError, type OUISurface } from '../../../src/oui/index.js';
import { mount, tick, todoSurface, until } from './helpers.js';

/** Collects oui-error events on an element. */
function errorsOf(el: HTMLElement): OUIErrorEvent[] {
  const out: OUIErrorEvent[] = [];
  el.addEventListener('oui-error', (e) => out.push(e));
  return out;
}

describe('oui-surface: a refused definition', () => {
  it('throws OUISurfaceError from the setter with every reason: a missing name, duplicate ids', async () => {
    const el = await fixture<OUISurfaceElement>(html`<oui-surface></oui-surface>`);
    const errors = errorsOf(el);
    const bad = {
      id: 'Todo List',
      name: '',
      description: 'The list',
      actions: [
        { id: 'addItem', description: 'Add', input: { type: 'object' } },
        { id: 'clear_done', description: 'Clear', input: { type: 'object' } },
        { id: 'clear_done', description: 'Clear again', input: { type: 'object' } },
      ],
      observations: [{ id: 'clear_done', description: 'Clash', schema: { type: 'number' } }],
    } as OUISurface;
    let thrown: unknown;
    try {
      el.surface = bad;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(OUISurfaceError);
    const reasons = (thrown as OUISurfaceError).errors.join('\n');
    expect(reasons).to.match(/name is required/);
    expect(reasons).to.match(/action id "clear_done" is used twice/);
    expect(reasons, 'ids off the conventions are 0.1.0-valid: warnings, not reasons').to.not.match(/kebab-case|snake_case/);
    expect(errors).to.have.length(1);
    expect(errors[0]!.kind).to.equal('definition');
    expect(errors[0]!.errors).to.deep.equal((thrown as OUISurfaceError).errors);
    expect(errors[0]!.message).to.equal((thrown as Error).message);
    expect(el.surface).to.equal(undefined);
  });

  it('keeps the definition it had, still registered, when a new one is refused', async () => {
    const m = await mount({ surface: todoSurface() });
    expect(() => (m.el.surface = { ...todoSurface(), name: '' })).to.throw(OUISurfaceError, /name is required/);
    await tick(20);
    expect(m.el.surface).to.deep.equal(todoSurface());
    expect(m.el.registered).to.equal(true);
    expect(m.heard.registers).to.have.length(1);
    expect(m.heard.deregisters).to.have.length(0);
  });

  it('reads back a frozen copy: later changes to the app’s object don’t reach it', async () => {
    const def = todoSurface();
    const m = await mount({ surface: def });
    def.actions.pop();
    expect(m.el.surface!.actions).to.have.length(3);
    expect(Object.isFrozen(m.el.surface)).to.equal(true);
  });
});

describe('oui-surface: broken markup', () => {
  it('a bound form without a description, or two elements binding one id, fires oui-error (markup) and nothing registers', async () => {
    const el = await fixture<OUISurfaceElement>(html`<oui-surface>
      <form data-oui-action="add_note"><input name="text" aria-label="Text" /></form>
      <button data-oui-action="refresh">Refresh</button>
      <button data-oui-action="refresh">Again</button>
    </oui-surface>`);
    const errors = errorsOf(el);
    const m = await mount({ surface: todoSurface() }, html``);
    el.surface = todoSurface({ id: 'notes' });
    el.transport = m.client;
    await until(() => errors.length === 1, 'the markup error');
    expect(errors[0]!.kind).to.equal('markup');
    expect(errors[0]!.errors).to.deep.equal([
      '<form data-oui-action="add_note"> needs data-oui-description: the model reads it to choose the action',
      '<button data-oui-action="refresh">: another element in this surface binds the same action',
    ]);
    await tick(20);
    expect(el.registered).to.equal(false);
    expect(m.agent.surfaces().map((s) => s.id)).to.deep.equal(['todo-list']);
    // Fixed in place: the surface registers, and the same broken markup read again was said only once.
    el.querySelectorAll('button')[1]!.remove();
    el.querySelector('form')!.setAttribute('data-oui-description', 'Add a note');
    await until(() => el.registered, 'registration once fixed');
    expect(errors).to.have.length(1);
    expect(el.definition!.actions.map((a) => a.id)).to.include.members(['add_note', 'refresh']);
  });

  it('a bound action whose id isn’t snake_case is taken, as 0.1.0 accepts any id, with a surface-style warning', async () => {
    const issues: OUIIssueEvent[] = [];
    const listen = (e: Event) => issues.push(e as OUIIssueEvent);
    addEventListener('oui-issue', listen);
    try {
      const m = await mount({ surface: todoSurface() }, html`<button data-oui-action="Refresh-All">Refresh</button>`);
      expect(m.agent.tools().map((t) => t.name)).to.include('Refresh-All');
      expect(issues.map((i) => i.issue.code)).to.deep.equal(['surface-style']);
      expect(issues[0]!.issue.message).to.match(/"Refresh-All" is not snake_case/);
    } finally {
      removeEventListener('oui-issue', listen);
    }
  });

  it('actions in markup without any surface say what is missing', async () => {
    const errors: OUIErrorEvent[] = [];
    addEventListener('oui-error', (e) => errors.push(e as OUIErrorEvent), { once: true });
    await mount({}, html`<button data-oui-action="refresh">Refresh</button>`, { registered: false });
    await until(() => errors.length === 1, 'the error');
    expect(errors[0]!.message).to.match(/there is no surface: set the surface property, or the surface-id/);
  });
});

describe('oui-surface: handlers that don’t fit', () => {
  it('a handler for an undeclared action, or a polled action without poll, fires oui-error (handlers); the rest still registers', async () => {
    const errors: OUIErrorEvent[] = [];
    addEventListener('oui-error', (e) => errors.push(e as OUIErrorEvent), { once: true });
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => 1, delete_all: () => 2 } });
    await until(() => errors.length === 1, 'the error');
    expect(errors[0]!.kind).to.equal('handlers');
    expect(errors[0]!.message).to.match(/"delete_all", which the surface "todo-list" doesn't declare/);
    expect((await m.agent.call('add_item', { title: 'x' })).error?.code, 'the bad set was not taken').to.equal('ACTION_NOT_FOUND');
    const again: OUIErrorEvent[] = [];
    m.el.addEventListener('oui-error', (e) => again.push(e));
    m.el.handlers = { export_all: () => 1 };
    await until(() => again.length === 1, 'the second error');
    expect(again[0]!.message).to.match(/"export_all" polls: its handler must be \{run, poll\}/);
    m.el.handlers = { add_item: () => 'fine' };
    await m.el.updateComplete;
    expect((await m.agent.call('add_item', { title: 'x' })).data).to.equal('fine');
  });
});
