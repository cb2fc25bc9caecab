// SurfaceRuntimeController on a tiny host, apart from <oui-surface>: built once there is a definition and a
// transport and the host is in the page (many changes in a task, one build); built again when what it was made
// from changes, kept when it didn't; torn down on removal but kept through a move; what it hears goes out as the
// host's events; what can't be used fires oui-error once per reason; a request that needs the person is asked in
// the host's dialog.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { until, todoSurface, recorder } from '../helpers.js';
import { pressDialog } from '../../shared/approvals.js';
import { SurfaceRuntimeController, type SurfaceInputs } from '../../../../elements/oui-surface/controllers/surfaceRuntime.js';
import { ActivityController } from '../../../../elements/oui-surface/controllers/activity.js';
import type { Bound } from '../../../../elements/oui-surface/controllers/bindings.js';
import { AnnouncerController } from '../../../../elements/shared/controllers/announcer.js';
import { ApprovalController } from '../../../../elements/shared/controllers/approval.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { SignalWatcher } from '../../../../elements/shared/base/signalWatcher.js';
import { en } from '../../../../strings/en.js';
import { createDirectTransportPair, createOUIAgent, type OUISurface, type OUISurfaceHandlers, type OUITransport } from '../../../../src/oui/index.js';
import type { AeConfirmDialogElement } from '../../../../elements/shared/elements/confirmDialog.js';

const NONE: Bound = { actions: [], handlers: {}, errors: [] };

class TestRuntimeHost extends SignalWatcher(LitElement) {
  base: OUISurface | null = null;
  bound: Bound = NONE;
  transport: OUITransport | undefined;
  handlers: OUISurfaceHandlers = {};
  path: string | undefined = '/todos';
  readonly events: Event[] = [];
  readonly announcer = new AnnouncerController(this);
  readonly approval = new ApprovalController(this);
  readonly activity = new ActivityController(this, this.announcer, () => en);
  readonly inputs: SurfaceInputs = {
    base: () => this.base,
    bound: () => this.bound,
    transport: () => this.transport,
    getters: () => ({ item_count: () => 3 }),
    events: () => undefined,
    handlers: () => this.handlers,
    options: () => undefined,
    path: () => this.path,
    entity: () => null,
    accept: () => undefined,
    on: () => true,
    words: () => en,
  };
  readonly runtime = new SurfaceRuntimeController(this, this.inputs, this.approval, this.activity);
  constructor() {
    super();
    for (const type of ['oui-state', 'oui-request', 'oui-result', 'oui-issue', 'oui-error']) this.addEventListener(type, (e) => this.events.push(e));
  }
  protected override render() {
    return html`${this.announcer.render()}${this.approval.render()}`;
  }
}
defineElement('test-runtime-host', TestRuntimeHost);

const microtask = () => Promise.resolve();
const types = (el: TestRuntimeHost) => el.events.map((e) => e.type);

async function host() {
  const el = await fixture<TestRuntimeHost>(html`<test-runtime-host style="display:block;min-height:10px"></test-runtime-host>`);
  const { server, client } = createDirectTransportPair();
  const heard = recorder(server);
  const agent = createOUIAgent(server, { timeoutMs: 5000 });
  return { el, client, heard, agent };
}

describe('SurfaceRuntimeController', () => {
  it('nothing is built without a definition and a transport; both set in one task build once and register', async () => {
    const { el, client, heard } = await host();
    el.runtime.schedule();
    await microtask();
    expect(el.runtime.runtime).to.equal(null);
    el.base = todoSurface();
    el.transport = client;
    el.runtime.schedule();
    el.runtime.schedule();
    await until(() => el.runtime.registered, 'the surface to register');
    expect(heard.registers).to.have.length(1);
    expect(el.runtime.definition!.id).to.equal('todo-list');
    expect(el.runtime.active).to.equal(true);
    const state = el.events.find((e) => e.type === 'oui-state') as Event & { registered: boolean; surfaceId: string };
    expect(state.surfaceId).to.equal('todo-list');
  });

  it('rebuilt only when what it was made from changed', async () => {
    const { el, client, heard } = await host();
    el.base = todoSurface();
    el.transport = client;
    el.runtime.schedule();
    await until(() => el.runtime.registered, 'the surface to register');
    const first = el.runtime.runtime;
    el.runtime.schedule();
    await microtask();
    expect(el.runtime.runtime).to.equal(first);
    el.base = todoSurface({ description: 'Another list' });
    el.runtime.schedule();
    await until(() => el.runtime.runtime !== first && el.runtime.registered, 'the rebuilt surface');
    expect(heard.registers.length).to.be.greaterThan(1);
  });

  it('a move within the page keeps it; a removal tears it down and deregisters', async () => {
    const { el, client, heard } = await host();
    el.base = todoSurface();
    el.transport = client;
    el.runtime.schedule();
    await until(() => el.runtime.registered, 'the surface to register');
    const built = el.runtime.runtime;
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await microtask();
    await microtask();
    expect(el.runtime.runtime).to.equal(built);
    el.remove();
    await until(() => el.runtime.runtime === null, 'the teardown');
    expect(el.runtime.registered).to.equal(false);
    await until(() => heard.deregisters.length > 0, 'the deregistration');
    parent.append(el);
  });

  it('markup errors fire oui-error once per reason, and nothing registers', async () => {
    const { el, client } = await host();
    el.base = todoSurface();
    el.transport = client;
    el.bound = { ...NONE, errors: ['<form data-oui-action="x">: no named field'] };
    el.runtime.schedule();
    await microtask();
    el.runtime.schedule();
    await microtask();
    expect(types(el).filter((t) => t === 'oui-error')).to.have.length(1);
    expect(el.runtime.runtime).to.equal(null);
    el.bound = NONE;
    el.runtime.schedule();
    await until(() => el.runtime.registered, 'the surface once the markup is fixed');
  });

  it('an agent’s request runs the handler and goes out as oui-request then oui-result; the observation values are pushed', async () => {
    const { el, client, agent } = await host();
    el.base = todoSurface();
    el.transport = client;
    const titles: unknown[] = [];
    el.handlers = { add_item: (params) => (titles.push(params.title), { added: true }) };
    el.runtime.schedule();
    await until(() => el.runtime.registered && agent.surfaces().length > 0, 'the surface to register');
    const result = await agent.call('add_item', { title: 'Milk' });
    expect(result.success).to.equal(true);
    expect(titles).to.deep.equal(['Milk']);
    expect(types(el).filter((t) => t === 'oui-request' || t === 'oui-result')).to.deep.equal(['oui-request', 'oui-result']);
    expect(el.runtime.observation('item_count')).to.equal(3);
  });

  it('a request whose action says confirm is asked in the host’s dialog; Cancel runs nothing', async () => {
    const { el, client, agent } = await host();
    el.base = todoSurface();
    el.transport = client;
    let cleared = 0;
    el.handlers = { clear_done: () => (cleared++, {}) };
    el.runtime.schedule();
    await until(() => el.runtime.registered && agent.surfaces().length > 0, 'the surface to register');
    const call = agent.call('clear_done');
    const dialog = el.shadowRoot!.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    await until(() => dialog.open, 'the confirmation');
    await pressDialog(dialog, 'cancel');
    const result = await call;
    expect(result.success).to.equal(false);
    expect(cleared).to.equal(0);
  });

  it('handlers that don’t fit the surface fire oui-error (handlers)', async () => {
    const { el, client } = await host();
    el.base = todoSurface();
    el.transport = client;
    el.handlers = { no_such_action: () => ({}) };
    el.runtime.schedule();
    await until(() => el.events.some((e) => e.type === 'oui-error'), 'the handlers error');
    expect((el.events.find((e) => e.type === 'oui-error') as Event & { kind: string }).kind).to.equal('handlers');
  });
});
