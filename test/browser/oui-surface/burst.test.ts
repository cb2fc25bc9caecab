// Issue 26.9: an agent that asks many confirmations at once. The person sees how many more wait (in the dialog
// and in the indicator) and has one control, "Stop the assistant", that refuses the one shown and every request
// the agent has waiting on the surface, and stops what it runs. Answered with real input only.
import { expect } from '@open-wc/testing';
import { sendMouse, sendKeys } from '@web/test-runner-commands';
import { describe, it } from '../shared/mocha.js';
import { dialogOf, indicator, mount, openDialog, tick, until } from './helpers.js';
import type { OUISurface } from '../../../src/oui/index.js';

function bank(): OUISurface {
  return {
    id: 'bank',
    name: 'Bank',
    description: 'Money',
    actions: [
      {
        id: 'transfer',
        description: 'Send money',
        input: { type: 'object', properties: { to: { type: 'string' }, amount: { type: 'number' } }, required: ['to', 'amount'] },
        confirm: true,
      },
      { id: 'sync', description: 'Sync the accounts', input: { type: 'object', properties: {} } },
    ],
  };
}

const centre = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('oui-surface: a burst of confirmations (issue 26, item 9)', () => {
  async function burst() {
    const ran: unknown[] = [];
    let syncSignal: AbortSignal | undefined;
    const m = await mount({
      surface: bank(),
      handlers: {
        transfer: (p) => ran.push(p),
        sync: (_p, ctx) => new Promise((resolve) => ((syncSignal = ctx.signal), ctx.signal.addEventListener('abort', () => resolve('stopped')))),
      },
    });
    const sync = m.agent.call('sync', {});
    await until(() => syncSignal !== undefined, 'the sync to run');
    const calls = Array.from({ length: 8 }, (_, i) => m.agent.call('transfer', { to: `payee ${i + 1}`, amount: 100 + i }));
    const dialog = await openDialog(m.el);
    return { m, ran, sync, calls, dialog, syncSignal: () => syncSignal };
  }

  it('8 confirm actions at once: the dialog and the indicator say 7 more wait; "Stop the assistant" (a real click) refuses all 8 and stops the running sync', async () => {
    const { m, ran, sync, calls, dialog, syncSignal } = await burst();
    await until(() => /7 more/.test(text(dialog.querySelector('[part="waiting"]'))), 'the dialog to count 7 waiting');
    expect(text(dialog.querySelector('[part="waiting"]'))).to.equal('7 more requests from the assistant are waiting.');
    expect(text(indicator(m.el).querySelector('[part~="waiting"]'))).to.equal('7 more requests wait for your confirmation');
    // One more while the dialog is open: the count goes up, and the buttons stay active (a flood can't keep them inert).
    calls.push(m.agent.call('transfer', { to: 'payee 9', amount: 108 }));
    await until(() => /8 more/.test(text(dialog.querySelector('[part="waiting"]'))), 'the dialog to count 8 waiting');
    await tick(20);
    expect(dialogOf(m.el).armed).to.equal(true);
    const stop = dialog.querySelector('[part="stop-all"]')!;
    expect(text(stop)).to.equal('Stop the assistant');
    await sendMouse({ type: 'click', position: centre(stop) });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.error?.code)).to.deep.equal(Array(9).fill('ACTION_DENIED'));
    expect(ran).to.deep.equal([]);
    expect((await sync).error?.code).to.equal('ACTION_DENIED');
    expect(syncSignal()!.aborted).to.equal(true);
    await tick(50);
    expect(dialogOf(m.el).open).to.equal(false);
    await m.el.updateComplete;
    expect(indicator(m.el).hidden).to.equal(true);
  });

  it('Cancel (keyboard) refuses only the one shown: the next opens and the count goes down', async () => {
    const { m, ran, calls, dialog } = await burst();
    await until(() => /7 more/.test(text(dialog.querySelector('[part="waiting"]'))), 'the dialog to count 7 waiting');
    // Focus starts on Cancel.
    await sendKeys({ press: 'Enter' });
    expect((await calls[0]!).error?.code).to.equal('ACTION_DENIED');
    const next = await openDialog(m.el);
    await until(() => /6 more/.test(text(next.querySelector('[part="waiting"]'))), 'the dialog to count 6 waiting');
    expect(text(indicator(m.el).querySelector('[part~="waiting"]'))).to.equal('6 more requests wait for your confirmation');
    await sendMouse({ type: 'click', position: centre(next.querySelector('[part="stop-all"]')!) });
    const rest = await Promise.all(calls.slice(1));
    expect(rest.every((r) => r.error?.code === 'ACTION_DENIED')).to.equal(true);
    expect(ran).to.deep.equal([]);
  });

  it('a lone confirmation says nothing is waiting, and is still accessible with the Stop control', async function () {
    // axe over a dialog in shadow DOM takes seconds on a busy machine.
    (this as { timeout(ms: number): void }).timeout(30000);
    const m = await mount({ surface: bank(), handlers: { transfer: () => 1, sync: () => 1 } });
    const call = m.agent.call('transfer', { to: 'ana', amount: 20 });
    const dialog = await openDialog(m.el);
    expect(text(dialog.querySelector('[part="waiting"]'))).to.equal('');
    await expect(dialogOf(m.el)).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    expect((await call).error?.code).to.equal('ACTION_DENIED');
  });
});
