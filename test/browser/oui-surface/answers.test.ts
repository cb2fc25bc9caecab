// Issue 27 on the element: a result comes after the state it changed (the handler, then one render); an action
// id `__proto__` runs; a surface id mounted twice is handed over to the latest mount; a bound form offers, fills
// and reports only what it submits; execute(), accept and active.
import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { describe, it } from '../shared/mocha.js';
import type { OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { mount, openDialog, todoSurface, until } from './helpers.js';

const centre = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};

/** Presses a part of the open confirmation dialog as a person would, with the mouse. */
async function press(dialog: HTMLDialogElement, which: 'confirm' | 'cancel'): Promise<void> {
  try {
    await sendMouse({ type: 'click', position: centre(dialog.querySelector(`[part="${which}"]`)!) });
  } finally {
    await resetMouse();
  }
}

describe('oui-surface: results after the state they changed', () => {
  it('answers after one render: what the view set as it drew the new state reaches the agent first (5 of 5 calls)', async () => {
    let count = 0;
    // The app's view draws on the next frame, as a framework would, and tells the surface what it shows.
    const draw = () => requestAnimationFrame(() => m.el.setObservation('item_count', count));
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => (count++, draw(), { ok: true }) } });
    for (let i = 1; i <= 5; i++) {
      const order: string[] = [];
      const offObs = m.server.onObservation((u) => order.push(u.observationId));
      const offRes = m.server.onResult(() => order.push('result'));
      const result = await m.agent.call('add_item', { title: `t${i}` });
      const seen = m.agent.observations('todo-list').get('item_count');
      offObs();
      offRes();
      expect(result.success).to.equal(true);
      expect(seen, `call ${i}`).to.equal(i);
      expect(order.filter((o) => !o.endsWith(':status'))).to.deep.equal(['item_count', 'result']);
    }
  });
});

describe('oui-surface: the same surface id in overlapping views', () => {
  it('a new view mounted before the old one leaves takes the surface over, with no oui-error, and it stays reachable once the old is gone', async () => {
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => 'old view' } });
    const errors: Event[] = [];
    const next = document.createElement('oui-surface') as OUISurfaceElement;
    next.addEventListener('oui-error', (e) => errors.push(e));
    next.surface = todoSurface();
    next.handlers = { add_item: () => 'new view' };
    next.transport = m.client;
    m.el.after(next);
    await until(() => next.registered, 'the new view to take the surface');
    expect((await m.agent.call('add_item', { title: 'a' })).data).to.equal('new view');
    await until(() => !m.el.registered, 'the old view to hand it over');
    m.el.remove();
    await until(() => m.client.registeredSurfaceIds().length === 1 && m.heard.deregisters.length === 0 && !m.el.isConnected, 'the old view to leave');
    await new Promise((r) => setTimeout(r, 0));
    const after = await m.agent.call('add_item', { title: 'b' });
    expect(after.success, JSON.stringify(after.error)).to.equal(true);
    expect(after.data).to.equal('new view');
    expect(m.heard.deregisters).to.deep.equal([]);
    expect(errors).to.have.length(0);
    next.remove();
  });
});

describe('oui-surface: an action id "__proto__"', () => {
  it('runs on the element as in the engine: a handler given for it, and a button bound to it', async () => {
    const surface = todoSurface({ actions: [{ id: '__proto__', description: 'An unlucky name', input: { type: 'object', properties: {} } }] });
    const handlers = Object.defineProperty({}, '__proto__', { value: () => 'ran', enumerable: true });
    const m = await mount({ surface, handlers });
    const r = await m.agent.call('__proto__', {});
    expect(r.success, JSON.stringify(r.error)).to.equal(true);
    expect(r.data).to.equal('ran');

    let pressed = 0;
    const el = await fixture<OUISurfaceElement>(html`<oui-surface surface-id="bound" surface-name="Bound" surface-description="A bound button">
      <button type="button" data-oui-action="__proto__" @click=${() => pressed++}>Press</button>
    </oui-surface>`);
    el.transport = m.client;
    await until(() => el.registered, 'the bound surface');
    const b = await m.agent.request('bound', '__proto__', {});
    expect(b.success, JSON.stringify(b.error)).to.equal(true);
    expect(pressed).to.equal(1);
  });
});

describe('oui-surface: a bound form offers, fills and reports only what it submits', () => {
  it('leaves out fields in a disabled fieldset and disabled fields; values are what the submitted FormData holds', async () => {
    const sent: [string, FormDataEntryValue][][] = [];
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      sent.push([...new FormData(e.target as HTMLFormElement)]);
    };
    const m = await mount(
      { surface: { id: 'shop', name: 'Shop', description: 'The shop', actions: [] } },
      html`<form data-oui-action="checkout" data-oui-description="Check out" @submit=${onSubmit}>
        <label>Name <input name="name" /></label>
        <fieldset disabled>
          <legend>Promotion</legend>
          <label>Coupon <input name="coupon" /></label>
        </fieldset>
        <label>Account <input name="account" value="acme" disabled /></label>
        <label>Newsletter <input type="checkbox" name="news" /></label>
        <button>Check out</button>
      </form>`,
    );
    const action = m.el.definition!.actions.find((a) => a.id === 'checkout')!;
    expect(Object.keys(action.input.properties!)).to.deep.equal(['name', 'news']);

    const refused = await m.agent.call('checkout', { name: 'Ann', coupon: 'SAVE50' });
    expect(refused.error?.code).to.equal('INVALID_PARAMS');
    expect(m.el.querySelector<HTMLInputElement>('[name=coupon]')!.value).to.equal('');
    expect(sent).to.have.length(0);

    const r = await m.agent.call('checkout', { name: 'Ann' });
    expect(r.success, JSON.stringify(r.error)).to.equal(true);
    expect(sent).to.deep.equal([[['name', 'Ann']]]);
    // The unchecked box is how the form says no: a boolean param reads it so.
    expect(r.data).to.deep.equal({ submitted: true, values: { name: 'Ann', news: false } });
  });
});

describe('oui-surface: the surface API for plain HTML and Vue (execute, accept, active)', () => {
  it('execute() runs an action for the page through the same checks and the person’s confirmation', async () => {
    const ran: string[] = [];
    const m = await mount({ surface: todoSurface(), handlers: { add_item: ({ title }) => (ran.push(String(title)), 'added'), clear_done: () => (ran.push('clear'), 'cleared') } });
    const bad = await m.el.execute('add_item', { title: '' });
    expect(bad.error?.code).to.equal('INVALID_PARAMS');
    expect((await m.el.execute('add_item', { title: 'Milk' })).data).to.equal('added');
    const asking = m.el.execute('clear_done', {});
    await press(await openDialog(m.el), 'cancel');
    expect((await asking).error?.code).to.equal('ACTION_DENIED');
    const again = m.el.execute('clear_done', {});
    await press(await openDialog(m.el), 'confirm');
    expect((await again).data).to.equal('cleared');
    expect(ran).to.deep.equal(['Milk', 'clear']);
    expect(m.heard.results).to.have.length(0);
  });

  it('accept refuses a request before it runs, and the agent reads why', async () => {
    let ran = 0;
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => ran++ } });
    m.el.accept = (request) => (request.params.title === 'spam' ? 'Spam is refused on this page' : true);
    expect((await m.agent.call('add_item', { title: 'ok' })).success).to.equal(true);
    const refused = await m.agent.call('add_item', { title: 'spam' });
    expect(refused.error?.code).to.equal('ACTION_DENIED');
    expect(refused.error!.message).to.match(/Spam is refused on this page/);
    expect(ran).to.equal(1);
  });

  it('active = false takes the surface off without removing the element; true puts it back', async () => {
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => 'ran' } });
    m.el.active = false;
    await until(() => m.heard.deregisters.length === 1, 'the surface to be taken off');
    expect(m.el.active).to.equal(false);
    expect(m.el.registered).to.equal(false);
    expect((await m.agent.call('add_item', { title: 'x' })).error?.code).to.equal('SURFACE_UNAVAILABLE');
    m.el.active = true;
    await until(() => m.el.registered && m.agent.surface('todo-list') !== undefined, 'the surface to come back');
    expect(m.el.active).to.equal(true);
    expect((await m.agent.call('add_item', { title: 'y' })).data).to.equal('ran');
  });
});
