// Issue 26, item 1: only the person approves. No agent sees or reaches what the package draws for the person
// (confirmations, a runner's log, a surface's indicator, announcements), whatever the runner's scope: it is left
// out of the observation, of the targets a step can name, and of what a click by point or a key can land on; and
// a confirmation answers only trusted input, so even a press that got through would not be a yes.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, byName, dialogOf, reply, runnerFor, tick, watch } from './helpers.js';
import { mount, openDialog, dialogOf as surfaceDialogOf } from '../oui-surface/helpers.js';
import { pressDialog, whenArmed } from '../shared/approvals.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';
import type { OUISurface } from '../../../src/oui/index.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
});
async function runner(scope: Element | null, props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r;
}

const within = <T,>(p: Promise<T>, ms: number) => Promise.race([p, tick(ms).then(() => 'pending' as const)]);
const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
};
const confirmOf = (d: Element) => d.shadowRoot!.querySelector<HTMLButtonElement>('[part="confirm"]')!;

const bank: OUISurface = {
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
  ],
};

/**
 * What a model shown "Please confirm" would do, each in a burst of its own so each is tried: wait out the inert
 * moment and press Confirm by name, move focus with Tab and press Enter, click the point where Confirm is.
 * Resolves with how each burst ended.
 */
async function pressConfirm(r: AxRunnerElement, at: { x: number; y: number }) {
  const tries = [
    [act({ do: 'wait', ms: 700 }), act({ do: 'click', target: byName('button', 'Confirm') })],
    [act({ do: 'key', keys: ['tab'] }), act({ do: 'key', keys: ['enter'] })],
    [act({ do: 'click', target: at })],
  ];
  const ends = [];
  for (const lines of tries) ends.push(await r.stream(reply('It asks me to confirm.', ...lines)));
  return ends.map((o) => [o.reason, o.detail ?? '']);
}

/** Each try failed: the button was not found, focus in the dialog was refused, the point was refused. */
function expectEachRefused(ends: string[][]) {
  expect(ends.map(([reason]) => reason)).to.deep.equal(['failed', 'failed', 'failed']);
  expect(ends[0]![1]).to.not.match(/for the person/);
  expect(ends[1]![1]).to.match(/focus is among the controls shown for the person/);
  expect(ends[2]![1]).to.match(/\(\d+, \d+\) is among the controls shown for the person/);
}

describe('ax-runner: the package’s own UI is neither seen nor reached by any agent (issue 26, item 1)', () => {
  it('an <oui-surface> asks "Send money — to: mallory, amount: 1000000": a page-wide runner neither sees nor presses its Confirm (repro)', async () => {
    const ran: unknown[] = [];
    const m = await mount({ surface: bank, handlers: { transfer: (p) => void ran.push(p) } });
    const call = m.agent.call('transfer', { to: 'mallory', amount: 1_000_000 });
    await openDialog(m.el);
    const r = await runner(null);
    const seen = await r.observe();
    expect(seen).to.not.match(/Confirm|Cancel|mallory|Send money/);
    expectEachRefused(await pressConfirm(r, centre(confirmOf(surfaceDialogOf(m.el)))));
    expect(ran).to.deep.equal([]);
    expect(surfaceDialogOf(m.el).open).to.equal(true);
    // The person says no, with the real mouse.
    await pressDialog(surfaceDialogOf(m.el), 'cancel');
    expect((await call).success).to.equal(false);
    expect(ran).to.deep.equal([]);
  });

  it('a bare <ae-confirm-dialog> "Send $500 to Mallory?" is never answered confirmed by a runner (repro)', async () => {
    const app = await area(html`<p>Your bank</p><ae-confirm-dialog></ae-confirm-dialog>`);
    const dialog = app.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    await import('../../../elements/shared/approvals/approvalParts.js');
    await dialog.updateComplete;
    const answer = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    const r = await runner(null);
    expect(await r.observe()).to.not.match(/Confirm|Mallory/);
    expectEachRefused(await pressConfirm(r, centre(confirmOf(dialog))));
    expect(await within(answer, 100)).to.equal('pending');
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal('cancelled');
  });

  it('a second runner does not approve the first runner’s risky "Pay 500", nor read its log (repro)', async () => {
    const app = await area(html`<button id="pay">Pay 500</button>`);
    const paid: string[] = [];
    app.querySelector('#pay')!.addEventListener('click', () => paid.push('500'));
    const first = await runner(app);
    const done = first.stream(reply('Paying.', act({ do: 'click', target: byName('button', 'Pay 500'), risk: 'risky' })));
    const asked = await dialogOf(first);
    await whenArmed(asked);
    const second = await runner(null);
    const seen = await second.observe();
    expect(seen).to.not.match(/Confirm|Please confirm|Paying/);
    expect(seen).to.contain('Pay 500');
    expectEachRefused(await pressConfirm(second, centre(confirmOf(asked))));
    expect(paid).to.deep.equal([]);
    expect(asked.open).to.equal(true);
    await pressDialog(asked, 'cancel');
    await done;
    expect(paid).to.deep.equal([]);
  });

  it('a click on a page element whose centre is covered by a confirmation is refused, not landed beneath it', async () => {
    const app = await area(html`<div style="position:fixed;inset:0;display:grid;place-items:center"><button id="under" style="width:60vw;height:60vh">Under</button></div><ae-confirm-dialog></ae-confirm-dialog>`);
    const clicked: string[] = [];
    app.querySelector('#under')!.addEventListener('click', () => clicked.push('under'));
    const dialog = app.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    await import('../../../elements/shared/approvals/approvalParts.js');
    await dialog.updateComplete;
    const answer = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    const r = await runner(null);
    const w = watch(r);
    await r.stream(reply('', act({ do: 'click', target: byName('button', 'Under') })));
    expect(clicked).to.deep.equal([]);
    expect(w.statuses(0).at(-1)).to.equal('failed');
    expect(w.steps.at(-1)!.error ?? '').to.match(/for the person/);
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal('cancelled');
  });
});
