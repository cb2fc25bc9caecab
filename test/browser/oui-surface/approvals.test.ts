// Issue 15 for <oui-surface>'s requested actions: every param shown (required first, whole), the approval bound
// to the params the handler receives, one dialog at a time for two surfaces, never a dialog where the surface
// can't be seen.
import { expect } from '@open-wc/testing';
import { sendMouse, resetMouse } from '@web/test-runner-commands';
import { describe, it } from '../shared/mocha.js';
import { mount, openDialog, dialogOf, tick, until } from './helpers.js';
import { pressDialog } from '../shared/approvals.js';
import { CONFIRM_INERT_MS } from '../../../elements/shared/elements/confirmDialog.js';
import type { OUISurface } from '../../../src/oui/index.js';

const NOTE = (i: number) => `Note ${i}: `.padEnd(600, `${i}`);

function bank(id = 'bank'): OUISurface {
  return {
    id,
    name: 'Bank',
    description: 'Money',
    actions: [
      {
        id: 'transfer',
        description: 'Send money',
        input: {
          type: 'object',
          properties: {
            to: { type: 'string' },
            amount: { type: 'number' },
            ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`note${i + 1}`, { type: 'string' }])),
            memo: { type: 'object' },
          },
          required: ['to', 'amount'],
        },
        confirm: true,
      },
    ],
  };
}

/** The params as the issue writes them: eight notes first, then to and amount. */
const transferParams = () => ({ ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`note${i + 1}`, NOTE(i + 1)])), to: 'mallory', amount: 1_000_000 });

const within = <T,>(p: Promise<T>, ms: number) => Promise.race([p, tick(ms).then(() => 'pending' as const)]);
const centre = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};

describe('oui-surface: the confirmation shows every param that will run (issue 15, item 9)', () => {
  it('transfer({note1..note8, to:"mallory", amount:1000000}): to and amount first, all ten values whole, no count (repro)', async () => {
    const ran: unknown[] = [];
    const m = await mount({ surface: bank(), handlers: { transfer: (p) => ran.push(p) } });
    const call = m.agent.call('transfer', transferParams());
    const dialog = await openDialog(m.el);
    const names = [...dialog.querySelectorAll('[part="detail-name"]')].map((n) => n.textContent!.replace(/\s+/g, ' ').trim());
    const values = [...dialog.querySelectorAll('[part="detail-value"]')].map((n) => n.textContent!.trim());
    expect(names).to.deep.equal(['to (required)', 'amount (required)', ...Array.from({ length: 8 }, (_, i) => `note${i + 1}`)]);
    expect(values).to.deep.equal(['mallory', '1000000', ...Array.from({ length: 8 }, (_, i) => NOTE(i + 1))]);
    expect(dialog.textContent).to.not.match(/more details/);
    const box = dialog.querySelector<HTMLElement>('[part="details"]')!;
    expect(getComputedStyle(box).overflowY).to.equal('auto');
    expect(box.scrollHeight).to.be.greaterThan(box.clientHeight);
    await pressDialog(dialogOf(m.el), 'confirm');
    expect((await call).success).to.equal(true);
    expect(ran).to.have.length(1);
  });
});

describe('oui-surface: the approval is bound to the params that run (issue 15)', () => {
  it('params changed while the dialog is open (an oui-request listener): ACTION_DENIED with its own message, the handler never runs', async () => {
    const ran: unknown[] = [];
    const m = await mount({ surface: bank(), handlers: { transfer: (p) => ran.push(p) } });
    let request: { params: Record<string, unknown> } | undefined;
    m.el.addEventListener('oui-request', (e) => (request = e.request as never));
    const call = m.agent.call('transfer', { to: 'ana', amount: 20 });
    const dialog = await openDialog(m.el);
    expect(dialog.querySelector('[part="detail-value"]')!.textContent!.trim()).to.equal('ana');
    request!.params['to'] = 'mallory';
    await pressDialog(dialogOf(m.el), 'confirm');
    const result = await call;
    expect(result.success).to.equal(false);
    expect(result.error?.code).to.equal('ACTION_DENIED');
    expect(result.error?.message).to.match(/changed after the person approved them/);
    expect(ran).to.have.length(0);
  });

  it('an object in the params mutated while the dialog is open: refused too; unchanged params run', async () => {
    const ran: unknown[] = [];
    const m = await mount({ surface: bank(), handlers: { transfer: (p) => ran.push(p) } });
    let request: { params: Record<string, unknown> } | undefined;
    m.el.addEventListener('oui-request', (e) => (request = e.request as never));
    const call = m.agent.call('transfer', { to: 'ana', amount: 20, memo: { lines: ['rent'] } });
    await openDialog(m.el);
    (request!.params['memo'] as { lines: string[] }).lines.push('and everything else');
    await pressDialog(dialogOf(m.el), 'confirm');
    expect((await call).error?.code).to.equal('ACTION_DENIED');
    expect(ran).to.have.length(0);

    const again = m.agent.call('transfer', { to: 'ana', amount: 20, memo: { lines: ['rent'] } });
    await openDialog(m.el);
    await pressDialog(dialogOf(m.el), 'confirm');
    expect((await again).success).to.equal(true);
    expect(ran).to.deep.equal([{ to: 'ana', amount: 20, memo: { lines: ['rent'] } }]);
  });
});

describe('oui-surface: two surfaces, one double-click (issue 15, item 8)', () => {
  it('dialogs of two surfaces never stack: a double-click at the dialog’s position confirms only the one the person saw (repro)', async () => {
    const ranA: unknown[] = [];
    const ranB: unknown[] = [];
    const a = await mount({ surface: bank('bank-a'), handlers: { transfer: (p) => ranA.push(p) } });
    const b = await mount({ surface: bank('bank-b'), handlers: { transfer: (p) => ranB.push(p) } });
    const callA = a.agent.call('transfer', { to: 'ana', amount: 1 });
    const callB = b.agent.call('transfer', { to: 'bob', amount: 2 });
    await until(() => dialogOf(a.el).open || dialogOf(b.el).open, 'a dialog');
    await tick(100);
    const shown = [dialogOf(a.el), dialogOf(b.el)].filter((d) => d.shadowRoot!.querySelector('dialog')!.open);
    expect(shown, 'one dialog open at a time').to.have.length(1);
    const first = shown[0]!;
    await tick(CONFIRM_INERT_MS + 100);
    const at = centre(first.shadowRoot!.querySelector('[part="confirm"]')!);
    try {
      await sendMouse({ type: 'click', position: at });
      await sendMouse({ type: 'click', position: at });
    } finally {
      await resetMouse();
    }
    const firstCall = first === dialogOf(a.el) ? callA : callB;
    const secondCall = first === dialogOf(a.el) ? callB : callA;
    const second = first === dialogOf(a.el) ? dialogOf(b.el) : dialogOf(a.el);
    expect((await firstCall).success).to.equal(true);
    expect(await within(secondCall, 300)).to.equal('pending');
    await until(() => second.shadowRoot!.querySelector('dialog')!.open, 'the second dialog');
    await pressDialog(second, 'cancel');
    expect((await secondCall).error?.code).to.equal('ACTION_DENIED');
    expect(ranA.length + ranB.length).to.equal(1);
  });
});

describe('oui-surface: never an invisible modal (issue 15)', () => {
  it('a surface inside a hidden container: ACTION_DENIED saying the confirmation could not be shown; nothing runs, nothing inert', async () => {
    const ran: unknown[] = [];
    const m = await mount({ surface: bank(), handlers: { transfer: (p) => ran.push(p) } });
    m.el.parentElement!.hidden = true;
    const result = await m.agent.call('transfer', { to: 'ana', amount: 1 });
    expect(result.error?.code).to.equal('ACTION_DENIED');
    expect(result.error?.message).to.match(/could not be shown/);
    expect(ran).to.have.length(0);
    expect(dialogOf(m.el).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    m.el.parentElement!.hidden = false;
  });
});
