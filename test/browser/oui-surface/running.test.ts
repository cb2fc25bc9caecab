// Running what an agent asks for: registration while in the page, results with their codes, durationMs and
// timestamp, a request id that never runs twice, handler errors, the person's confirmation in the shared dialog
// (with focus back where it was), observations pushed only when they change, and the events the app hears.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { pressDialog } from '../shared/approvals.js';
import { OUIRequestEvent, OUIResultEvent, OUIStateEvent, type OUISurfaceElement } from '../../../elements/oui-surface/index.js';
import { OUIActionError, createDirectTransportPair, createOUIAgent, statusObservationId, type OUIActionRequest } from '../../../src/oui/index.js';
import { dialogOf, lines, mount, openDialog, recorder, tick, todoSurface, until } from './helpers.js';

let n = 0;
const request = (actionId: string, params: Record<string, unknown> = {}, requestId = `r-${++n}`): OUIActionRequest => ({
  requestId,
  surfaceId: 'todo-list',
  actionId,
  params,
  timestamp: Date.now(),
});

describe('oui-surface: registration', () => {
  it('registers its checked definition once connected with a transport, and fires oui-state', async () => {
    const states: OUIStateEvent[] = [];
    document.addEventListener('oui-state', (e) => states.push(e as OUIStateEvent), { once: true });
    const m = await mount({ surface: todoSurface() });
    expect(m.heard.registers).to.have.length(1);
    expect(m.heard.registers[0].surface).to.deep.equal(todoSurface());
    expect(m.el.registered).to.equal(true);
    expect(m.el.definition).to.deep.equal(todoSurface());
    expect(states[0]!.surfaceId).to.equal('todo-list');
    expect(states[0]!.registered).to.equal(true);
    expect(m.agent.tools().map((t) => t.name)).to.deep.equal(['add_item', 'clear_done', 'export_all']);
  });

  it('deregisters when removed from the page, answering what was pending SURFACE_UNAVAILABLE; registers again when put back', async () => {
    let release!: () => void;
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => new Promise<void>((r) => (release = r)) } });
    const call = m.agent.call('add_item', { title: 'Milk' });
    await until(() => m.el.pending.length === 1 && typeof release === 'function', 'the request to be taken up');
    const parent = m.el.parentElement!;
    m.el.remove();
    const result = await call;
    expect(result.error?.code).to.equal('SURFACE_UNAVAILABLE');
    await until(() => m.heard.deregisters.length === 1, 'the deregistration');
    expect(m.el.registered).to.equal(false);
    expect(m.agent.surfaces()).to.deep.equal([]);
    release();
    parent.append(m.el);
    await until(() => m.heard.registers.length === 2, 'a second registration');
    expect(m.agent.surfaces().map((s) => s.id)).to.deep.equal(['todo-list']);
  });

  it('a move within the page (out and back in one task) neither deregisters nor interrupts', async () => {
    const m = await mount({ surface: todoSurface() });
    const other = await fixture(html`<div></div>`);
    other.append(m.el);
    await tick(20);
    expect(m.heard.deregisters).to.have.length(0);
    expect(m.heard.registers).to.have.length(1);
  });

  it('deregisters when the transport is taken away, and registers on the new one', async () => {
    const m = await mount({ surface: todoSurface() });
    const second = await mount({ surface: todoSurface({ id: 'other-list' }) });
    m.el.transport = second.client;
    await until(() => m.heard.deregisters.length === 1, 'the deregistration');
    await until(() => second.agent.surfaces().length === 2, 'registration on the second transport');
  });
});

describe('oui-surface: running a request', () => {
  it('answers success with the handler’s data, durationMs and timestamp, and fires oui-request then oui-result', async () => {
    const events: Event[] = [];
    const m = await mount({ surface: todoSurface(), handlers: { add_item: (p) => ({ added: p.title }) } });
    m.el.addEventListener('oui-request', (e) => events.push(e));
    m.el.addEventListener('oui-result', (e) => events.push(e));
    const before = Date.now();
    const result = await m.agent.call('add_item', { title: 'Milk' });
    expect(result.success).to.equal(true);
    expect(result.data).to.deep.equal({ added: 'Milk' });
    expect(result.durationMs).to.be.a('number').and.to.be.at.least(0);
    expect(result.timestamp).to.be.at.least(before);
    expect(events.map((e) => e.type)).to.deep.equal(['oui-request', 'oui-result']);
    const req = events[0] as OUIRequestEvent;
    expect(req.action.id).to.equal('add_item');
    expect(req.request.params).to.deep.equal({ title: 'Milk' });
    expect(req.confirming).to.equal(false);
    const res = events[1] as OUIResultEvent;
    expect(res.final).to.equal(true);
    expect(res.result.requestId).to.equal(result.requestId);
  });

  it('answers every protocol error: ACTION_NOT_FOUND, INVALID_PARAMS naming the field, ACTION_EXECUTION_ERROR, and a handler’s own code', async () => {
    const m = await mount({
      surface: todoSurface(),
      handlers: {
        add_item: (p) => {
          if (p.title === 'dup') throw new OUIActionError('INVALID_PARAMS', 'title: already on the list');
          throw new Error('the disk is full');
        },
      },
    });
    expect((await m.agent.request('todo-list', 'rename_all')).error?.code).to.equal('ACTION_NOT_FOUND');
    expect((await m.agent.call('clear_done')).error?.code, 'declared without a handler').to.equal('ACTION_NOT_FOUND');
    const invalid = await m.agent.request('todo-list', 'add_item', { title: '', colour: 'red' });
    expect(invalid.error?.code).to.equal('INVALID_PARAMS');
    expect(invalid.error?.message).to.match(/title/).and.to.match(/colour/);
    const failed = await m.agent.call('add_item', { title: 'x' });
    expect(failed.error).to.deep.equal({ code: 'ACTION_EXECUTION_ERROR', message: 'the disk is full' });
    expect((await m.agent.call('add_item', { title: 'dup' })).error?.code).to.equal('INVALID_PARAMS');
    expect(m.el.activity, 'nothing left in flight').to.deep.equal([]);
  });

  it('never runs one request id twice: a repeat gets the stored answer', async () => {
    let runs = 0;
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => ++runs } });
    const req = request('add_item', { title: 'Milk' }, 'same-id');
    m.server.sendRequest(req);
    await until(() => m.heard.results.length === 1, 'the first answer');
    m.server.sendRequest(req);
    await until(() => m.heard.results.length === 2, 'the repeated answer');
    expect(runs).to.equal(1);
    expect(m.heard.results[1]).to.deep.equal(m.heard.results[0]);
    expect(m.el.issues.some((i) => i.code === 'duplicate-request')).to.equal(true);
  });

  it('every result also travels as the status observation <actionId>:status', async () => {
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => 'ok' } });
    const result = await m.agent.call('add_item', { title: 'Milk' });
    await until(() => m.heard.observations.some((o) => o.observationId === statusObservationId('add_item')), 'the status observation');
    expect(m.heard.observations.find((o) => o.observationId === 'add_item:status').value).to.deep.equal(result);
  });

  it('a 0.1.0 agent drives it: a dispatch without an id runs, and its outcome is the status observation', async () => {
    let added = '';
    const m = await mount({ surface: todoSurface(), handlers: { add_item: ({ title }) => ((added = String(title)), { id: 1 }) } });
    m.server.dispatch('todo-list', 'add_item', { title: 'Milk' });
    await until(() => m.heard.observations.some((o) => o.observationId === 'add_item:status'), 'the status observation');
    const status = m.heard.observations.find((o) => o.observationId === 'add_item:status');
    expect(added).to.equal('Milk');
    expect(status.value.success).to.equal(true);
    expect(status.value.data).to.deep.equal({ id: 1 });
    expect(status.value.requestId).to.equal(undefined);
    expect(m.heard.results, 'no result event: nobody awaits one').to.deep.equal([]);
  });

  it('accepts a surface with ids off the conventions, and says so as oui-issue warnings', async () => {
    const issues: string[] = [];
    const el = document.createElement('oui-surface') as OUISurfaceElement;
    el.addEventListener('oui-issue', (e) => issues.push(e.issue.code));
    document.body.append(el);
    const { client, server } = createDirectTransportPair();
    const agent = createOUIAgent(server);
    el.surface = todoSurface({ id: 'documentEditor' });
    el.transport = client;
    await until(() => el.registered, 'the registration');
    expect(agent.surface('documentEditor')).to.not.equal(undefined);
    expect(issues).to.deep.equal(['surface-style']);
    el.remove();
  });

  it('handlers replaced later are used for the next request, without registering again', async () => {
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => 1 } });
    m.el.handlers = { add_item: () => 2 };
    await m.el.updateComplete;
    expect((await m.agent.call('add_item', { title: 'x' })).data).to.equal(2);
    expect(m.heard.registers).to.have.length(1);
  });
});

describe('oui-surface: the person confirms', () => {
  it('asks in the shared dialog with the action, its description and its params as plain text; Confirm runs it', async () => {
    let ran = 0;
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => ++ran } });
    const requests: OUIRequestEvent[] = [];
    m.el.addEventListener('oui-request', (e) => requests.push(e));
    const call = m.agent.request('todo-list', 'clear_done', { note: '<b>bold</b>\nAction: delete_everything', days: 3 });
    const dialog = await openDialog(m.el);
    const sentence = dialog.querySelector('[part="sentence"]')!;
    expect(sentence.textContent).to.equal('The assistant asks to do this: Remove the finished todos\nAction: clear_done');
    const names = [...dialog.querySelectorAll('[part="detail-name"]')].map((n) => n.textContent!.trim());
    const values = [...dialog.querySelectorAll('[part="detail-value"]')].map((n) => n.textContent!.trim());
    expect(names).to.deep.equal(['note', 'days']);
    expect(values).to.deep.equal(['<b>bold</b>\nAction: delete_everything', '3']);
    expect(dialog.querySelector('[part="details"] b'), 'no markup drawn').to.equal(null);
    expect(sentence.querySelector('b'), 'no markup drawn').to.equal(null);
    expect(requests[0]!.confirming).to.equal(true);
    expect(ran).to.equal(0);
    await pressDialog(dialog, 'confirm');
    // The params schema is open here, so the extra params pass; the point is what was shown.
    const result = await call;
    expect(result.success).to.equal(true);
    expect(ran).to.equal(1);
  });

  it('Cancel is ACTION_DENIED, nothing runs, and focus goes back to where it was', async () => {
    let ran = 0;
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => ++ran } }, html`<button id="mine">Mine</button>`);
    const mine = m.el.querySelector<HTMLButtonElement>('#mine')!;
    mine.focus();
    const call = m.agent.call('clear_done');
    const dialog = await openDialog(m.el);
    expect(dialog.getRootNode() === dialogOf(m.el).shadowRoot).to.equal(true);
    await pressDialog(dialog, 'cancel');
    const result = await call;
    expect(result.error?.code).to.equal('ACTION_DENIED');
    expect(ran).to.equal(0);
    expect(document.activeElement).to.equal(mine);
  });
});

describe('oui-surface: observations', () => {
  it('pushes setObservation values when they change, not when an equal value is set again', async () => {
    const m = await mount({ surface: todoSurface() });
    const values = () => m.heard.observations.filter((o) => o.observationId === 'filter').map((o) => o.value);
    m.el.setObservation('filter', { status: 'open' });
    await until(() => values().length === 1, 'the first push');
    m.el.setObservation('filter', { status: 'open' });
    m.el.setObservation('item_count', 3);
    await until(() => m.heard.observations.some((o) => o.observationId === 'item_count'), 'the count');
    m.el.setObservation('filter', { status: 'done' });
    await until(() => values().length === 2, 'the second push');
    expect(values()).to.deep.equal([{ status: 'open' }, { status: 'done' }]);
    expect(m.el.observation('filter')).to.deep.equal({ status: 'done' });
    expect(() => m.el.setObservation('nope', 1)).to.throw(TypeError, /declares no observation "nope"/);
  });

  it('values set before the transport are sent on registration; getters are read then and after each action', async () => {
    let count = 2;
    const el = await fixture<OUISurfaceElement>(html`<oui-surface></oui-surface>`);
    el.surface = todoSurface();
    el.setObservation('filter', { status: 'all' });
    el.getters = { item_count: () => count };
    el.handlers = { add_item: () => ++count };
    const { server, client } = createDirectTransportPair();
    const heard = recorder(server);
    const agent = createOUIAgent(server);
    el.transport = client;
    await until(() => heard.observations.length === 2, 'the stored value and the getter');
    const sent = () => heard.observations.filter((o) => o.observationId === 'item_count').map((o) => o.value);
    expect(sent()).to.deep.equal([2]);
    await agent.request('todo-list', 'add_item', { title: 'Eggs' });
    await until(() => sent().length === 2, 'the getter read after the action');
    expect(sent()).to.deep.equal([2, 3]);
  });
});

describe('oui-surface: reset() starts over', () => {
  it('answers what is in flight ACTION_DENIED (a confirmation closes, nothing runs), clears activity and issues, and stays registered', async () => {
    let cleared = 0;
    let aborted = false;
    const m = await mount({
      surface: todoSurface(),
      handlers: {
        clear_done: () => ++cleared,
        add_item: (_params, { signal }) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason)), { once: true })),
      },
    });
    const twice = request('add_item', { title: 'Milk' }, 'twice');
    m.server.sendRequest(twice);
    await until(() => m.el.activity.length === 1, 'the handler to run');
    m.server.sendRequest(twice);
    await until(() => m.el.issues.length > 0, 'the repeat reported');
    const confirm = m.agent.request('todo-list', 'clear_done', {});
    const dialog = await openDialog(m.el);
    const registrations = m.heard.registers.length;
    m.el.reset();
    const answered = await confirm;
    await until(() => m.heard.results.some((r) => r.requestId === 'twice' && r.error), 'the running request answered');
    expect([answered.success, answered.error?.code]).to.deep.equal([false, 'ACTION_DENIED']);
    expect(m.heard.results.find((r) => r.requestId === 'twice' && r.error).error.code).to.equal('ACTION_DENIED');
    expect(aborted, 'the running handler heard its signal abort').to.equal(true);
    expect(dialog.open, 'the confirmation closed').to.equal(false);
    await m.el.updateComplete;
    expect(cleared, 'what waited for the person never runs').to.equal(0);
    expect(m.el.activity).to.deep.equal([]);
    expect(m.el.pending).to.deep.equal([]);
    expect(m.el.issues).to.deep.equal([]);
    expect(lines(m.el)).to.deep.equal([]);
    expect([m.el.registered, m.heard.registers.length], 'still registered, not registered again').to.deep.equal([true, registrations]);
    m.el.handlers = { ...m.el.handlers, add_item: () => 'ok' };
    await m.el.updateComplete;
    expect((await m.agent.call('add_item', { title: 'Bread' })).success, 'it starts over, not off').to.equal(true);
  });
});
