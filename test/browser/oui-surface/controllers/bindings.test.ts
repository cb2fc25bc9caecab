// BindingsController on a tiny host: reads the actions declared by forms and buttons in the host's light DOM (not
// in a nested <oui-surface>), tells the host only when what they declare changed, reads again on mutations (one
// read per microtask), stops watching when the host leaves, and runs a bound form by filling and submitting it.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { BindingsController, type Bound } from '../../../../elements/oui-surface/controllers/bindings.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';

class TestBindingsHost extends LitElement {
  readonly changes: Bound[] = [];
  readonly bindings = new BindingsController(this, (bound) => this.changes.push(bound));
  protected override createRenderRoot() {
    return this;
  }
}
defineElement('test-bindings-host', TestBindingsHost);

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

async function host() {
  return fixture<TestBindingsHost>(html`<test-bindings-host>
    <form data-oui-action="add_contact" data-oui-description="Add a contact">
      <label>Name <input name="name" required /></label>
    </form>
    <button data-oui-action="refresh" data-oui-description="Refresh the list">Refresh</button>
  </test-bindings-host>`);
}

describe('BindingsController', () => {
  it('reads the bound form and button when the host connects', async () => {
    const el = await host();
    expect(el.changes).to.have.length(1);
    expect(el.bindings.current.actions.map((a) => a.id)).to.deep.equal(['add_contact', 'refresh']);
    expect(el.bindings.current.errors).to.deep.equal([]);
    const add = el.bindings.current.actions[0]!;
    expect(add.description).to.equal('Add a contact');
    expect((add.input as { required?: string[] }).required).to.deep.equal(['name']);
  });

  it('tells the host again only when what the markup declares changed, once per microtask', async () => {
    const el = await host();
    el.querySelector('button')!.textContent = 'Refresh now';
    await tick();
    expect(el.changes).to.have.length(1);
    const input = document.createElement('input');
    input.name = 'email';
    input.type = 'email';
    el.querySelector('form')!.append(input);
    input.required = true;
    await tick();
    expect(el.changes).to.have.length(2);
    expect(Object.keys((el.bindings.current.actions[0]!.input as { properties: object }).properties)).to.deep.equal(['name', 'email']);
  });

  it('two elements binding the same action is an error naming it; a nested surface’s markup is not ours', async () => {
    const el = await host();
    const again = document.createElement('button');
    again.setAttribute('data-oui-action', 'refresh');
    el.append(again);
    const nested = document.createElement('oui-surface');
    const theirs = document.createElement('button');
    theirs.setAttribute('data-oui-action', 'theirs');
    nested.append(theirs);
    el.append(nested);
    await tick();
    expect(el.bindings.current.errors.join()).to.contain('binds the same action');
    expect(el.bindings.current.actions.map((a) => a.id)).to.not.include('theirs');
  });

  it('stops watching when the host leaves the page, and reads again when it is back', async () => {
    const el = await host();
    const parent = el.parentElement!;
    el.remove();
    el.querySelector('button')!.remove();
    await tick();
    expect(el.changes).to.have.length(1);
    parent.append(el);
    expect(el.changes).to.have.length(2);
    expect(el.bindings.current.actions.map((a) => a.id)).to.deep.equal(['add_contact']);
  });

  it('a bound form’s handler fills its fields and submits it; an element gone answers ACTION_NOT_FOUND', async () => {
    const el = await host();
    const form = el.querySelector('form')!;
    let submitted: string | null = null;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted = (form.elements.namedItem('name') as HTMLInputElement).value;
    });
    const run = el.bindings.current.handlers['add_contact'] as (params: Record<string, unknown>) => unknown;
    await run({ name: 'Ana' });
    expect(submitted).to.equal('Ana');
    form.remove();
    let error: unknown;
    try {
      await run({ name: 'Bo' });
    } catch (e) {
      error = e;
    }
    expect((error as { code?: string }).code).to.equal('ACTION_NOT_FOUND');
  });
});
