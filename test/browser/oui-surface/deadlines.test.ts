// No ghost actions in the page (issue 15, items 7 and 10): when the agent gives up on a request that waits for
// the person, the confirmation dialog is withdrawn and the action never runs; while the dialog is open, actions
// that need no confirmation still run; Stop withdraws the dialog too.
import { expect } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { pressDialog } from '../shared/approvals.js';
import type { OUIActionResultMessage } from '../../../src/oui/index.js';
import { dialogOf, mount, openDialog, tick, todoSurface, until } from './helpers.js';

describe('oui-surface: deadlines and withdrawn confirmations', () => {
  it('the deadline passes (timeoutMs 1200): the dialog is withdrawn, the call answers TIMEOUT, and nothing runs', async () => {
    let cleared = 0;
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => ++cleared } });
    const heard: (string | undefined)[] = [];
    const out: { result?: OUIActionResultMessage } = {};
    void m.agent.call('clear_done', {}, { timeoutMs: 1200, onInterim: (r) => heard.push(r.waiting) }).then((r) => (out.result = r));
    const box = await openDialog(m.el);
    expect(heard[0], 'the agent hears the person is asked').to.equal('confirmation');
    await until(() => out.result !== undefined, 'the call to answer', 3000);
    expect(out.result!.error?.code).to.equal('TIMEOUT');
    // Both sides count the same deadline: the page withdraws on its own count or on the agent's cancel, whichever
    // comes first; either way nothing runs.
    expect(out.result!.error?.message).to.match(/did not run/);
    await until(() => !box.open && !dialogOf(m.el).open, 'the dialog to be withdrawn');
    await tick(50);
    expect(cleared).to.equal(0);
    expect(m.el.activity, 'nothing left in the indicator').to.deep.equal([]);
    await expect(m.el).to.be.accessible();
  });

  it('an agent that gives up says so (action:cancel), and the open dialog is withdrawn at once', async () => {
    let cleared = 0;
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => ++cleared } });
    const ids: string[] = [];
    const out: { result?: OUIActionResultMessage } = {};
    m.server.onResult((r) => !r.interim && (out.result = r));
    void m.agent.call('clear_done', {}, { onInterim: (r) => ids.push(r.requestId) });
    await openDialog(m.el);
    m.server.sendCancel({ surfaceId: 'todo-list', requestId: ids[0]!, reason: 'the model moved on', timestamp: Date.now() });
    await until(() => !dialogOf(m.el).open, 'the dialog to be withdrawn');
    expect(out.result!.error?.code).to.equal('TIMEOUT');
    expect(out.result!.error?.message).to.match(/did not run: the agent stopped waiting \(the model moved on\)/);
    await tick(50);
    expect(cleared).to.equal(0);
  });

  it('an action that needs no confirmation runs while another waits for the person', async () => {
    const added: string[] = [];
    const m = await mount({
      surface: todoSurface(),
      handlers: { add_item: ({ title }) => (added.push(String(title)), { count: added.length }), clear_done: () => 'cleared' },
    });
    const out: { cleared?: OUIActionResultMessage } = {};
    void m.agent.call('clear_done').then((r) => (out.cleared = r));
    await openDialog(m.el);
    const result = await m.agent.call('add_item', { title: 'Milk' });
    expect(result.success).to.equal(true);
    expect(added).to.deep.equal(['Milk']);
    expect(dialogOf(m.el).open, 'the question is still open').to.equal(true);
    expect(out.cleared).to.equal(undefined);
    await pressDialog(dialogOf(m.el), 'confirm');
    await until(() => out.cleared !== undefined, 'the confirmed action');
    expect(out.cleared!.data).to.equal('cleared');
  });

  it('Stop on a request waiting for the person withdraws its dialog', async () => {
    let cleared = 0;
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => ++cleared } });
    const call = m.agent.call('clear_done');
    await openDialog(m.el);
    const [waiting] = m.el.pending;
    expect(m.el.stop(waiting!.requestId)).to.equal(true);
    expect((await call).error?.code).to.equal('ACTION_DENIED');
    await until(() => !dialogOf(m.el).open, 'the dialog to be withdrawn');
    expect(cleared).to.equal(0);
  });
});
