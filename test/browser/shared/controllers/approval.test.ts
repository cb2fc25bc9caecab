// ApprovalController on a tiny host, the parts approvalController.test.ts (withdrawal, deadlines, the seal) leaves
// out: where an action is (`phase`, reactive) from idle to how it ended; a second press while one runs is busy; a
// tool that isn't registered or params that don't fit are blocked with the reason; the element's precondition;
// the app's code failing; reset() makes what is in flight stale and every phase idle; a host without the dialog
// answers unseen.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../mocha.js';
import { pressDialog } from '../approvals.js';
import { ApprovalController, type ActionPhase, type GovernedAction } from '../../../../elements/shared/controllers/approval.js';
import type { AeConfirmDialogElement } from '../../../../elements/shared/elements/confirmDialog.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { AgentElement } from '../../../../elements/shared/base/agentElement.js';
import { manualClock } from '../manualClock.js';

await import('@cfworker/json-schema');

/** An agent element: its dialog runs on its clock, a manual one here, so no test sleeps through the inert moment. */
class TestApprovalHost extends AgentElement {
  readonly approval = new ApprovalController(this);
  constructor() {
    super();
    this.clock = manualClock();
  }
  protected override render() {
    // The phase is read while drawing, so a change of phase draws the host again.
    return html`<output>${this.approval.phase('send')}</output>${this.approval.render()}`;
  }
}
defineElement('test-approval-host', TestApprovalHost);

/** A host that never drew the dialog. */
class TestApprovalNoDialog extends LitElement {
  readonly approval = new ApprovalController(this);
}
defineElement('test-approval-no-dialog', TestApprovalNoDialog);

const rules = {
  tools: { send: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'], additionalProperties: false }, note: { type: 'object' } },
  confirm: { send: 'Send to {to}?' },
} as const;

function action(extra: Partial<GovernedAction<string>> = {}): GovernedAction<string> {
  return { key: 'send', tool: 'send', params: { to: 'ana' }, rules: rules as never, run: () => 'sent', ...extra };
}

async function host() {
  const el = await fixture<TestApprovalHost>(html`<test-approval-host style="display:block"></test-approval-host>`);
  const dialog = () => el.shadowRoot!.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
  return { el, dialog };
}

describe('ApprovalController: phases, refusals and reset', () => {
  it('phase goes idle → checking → running → done, and the host draws each', async () => {
    const { el, dialog } = await host();
    const seen: ActionPhase[] = [el.approval.phase('send')];
    let finish!: (v: string) => void;
    const outcome = el.approval.govern(action({ run: () => new Promise<string>((r) => (finish = r)) }));
    seen.push(el.approval.phase('send'));
    await pressDialog(dialog(), 'confirm');
    while (el.approval.phase('send') !== 'running') await new Promise((r) => setTimeout(r, 10));
    seen.push(el.approval.phase('send'));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('output')!.textContent).to.equal('running');
    finish('sent');
    expect(await outcome).to.deep.equal({ status: 'done', result: 'sent' });
    seen.push(el.approval.phase('send'));
    expect(seen).to.deep.equal(['idle', 'checking', 'running', 'done']);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('output')!.textContent).to.equal('done');
  });

  it('a tool without a confirmation runs without asking', async () => {
    const { el, dialog } = await host();
    const outcome = await el.approval.govern(action({ key: 'n', tool: 'note', params: {} }));
    expect(outcome).to.deep.equal({ status: 'done', result: 'sent' });
    expect(dialog().open).to.equal(false);
  });

  it('a second press of the same key while it is checking or running is busy, and runs nothing more', async () => {
    const { el, dialog } = await host();
    let runs = 0;
    const a = action({ run: () => String(++runs) });
    const first = el.approval.govern(a);
    expect(await el.approval.govern(a)).to.deep.equal({ status: 'busy' });
    await pressDialog(dialog(), 'confirm');
    expect(await first).to.deep.equal({ status: 'done', result: '1' });
    expect(runs).to.equal(1);
  });

  it('a tool that isn’t registered is blocked (tool), and nothing is asked', async () => {
    const { el, dialog } = await host();
    const outcome = await el.approval.govern(action({ tool: 'wire' }));
    expect(outcome.status).to.equal('blocked');
    expect((outcome as { reason: string }).reason).to.equal('tool');
    expect(el.approval.phase('send')).to.equal('blocked');
    expect(dialog().open).to.equal(false);
  });

  it('params that don’t fit the schema are blocked (params), naming the problem', async () => {
    const { el } = await host();
    const outcome = await el.approval.govern(action({ params: { to: 7 } }));
    expect(outcome.status).to.equal('blocked');
    const blocked = outcome as { reason: string; problems: readonly unknown[] };
    expect(blocked.reason).to.equal('params');
    expect(blocked.problems.length).to.be.greaterThan(0);
  });

  it('the element’s precondition saying no: not-ready, idle again; throwing: failed', async () => {
    const { el } = await host();
    expect(await el.approval.govern(action({ ready: () => false }))).to.deep.equal({ status: 'not-ready' });
    expect(el.approval.phase('send')).to.equal('idle');
    const broken = new Error('the fields could not be read');
    expect(await el.approval.govern(action({ ready: () => Promise.reject(broken) }))).to.deep.equal({ status: 'failed', error: broken });
    expect(el.approval.phase('send')).to.equal('failed');
  });

  it('Cancel: cancelled, idle again, nothing runs', async () => {
    const { el, dialog } = await host();
    let ran = false;
    const outcome = el.approval.govern(action({ run: () => ((ran = true), 'sent') }));
    await pressDialog(dialog(), 'cancel');
    expect(await outcome).to.deep.equal({ status: 'cancelled' });
    expect(el.approval.phase('send')).to.equal('idle');
    expect(ran).to.equal(false);
  });

  it('the app’s code throwing: failed with its error', async () => {
    const { el } = await host();
    const broken = new Error('the bank said no');
    const outcome = await el.approval.govern(action({ key: 'n', tool: 'note', params: {}, run: () => Promise.reject(broken) }));
    expect(outcome).to.deep.equal({ status: 'failed', error: broken });
    expect(el.approval.phase('n')).to.equal('failed');
  });

  it('reset(): what is in flight ends stale, its dialog withdrawn, every phase idle', async () => {
    const { el, dialog } = await host();
    await el.approval.govern(action({ key: 'other', tool: 'wire' }));
    expect(el.approval.phase('other')).to.equal('blocked');
    let ran = false;
    const outcome = el.approval.govern(action({ run: () => ((ran = true), 'sent') }));
    while (!dialog().open) await new Promise((r) => setTimeout(r, 10));
    el.approval.reset();
    expect(await outcome).to.deep.equal({ status: 'stale' });
    expect(ran).to.equal(false);
    expect(dialog().open).to.equal(false);
    expect(el.approval.phase('send')).to.equal('idle');
    expect(el.approval.phase('other')).to.equal('idle');
  });

  it('a host that drew no dialog: ask() answers unseen, govern() runs nothing', async () => {
    const el = await fixture<TestApprovalNoDialog>(html`<test-approval-no-dialog></test-approval-no-dialog>`);
    expect(await el.approval.ask('Send?')).to.equal('unseen');
    let ran = false;
    const outcome = await el.approval.govern(action({ run: () => ((ran = true), 'sent') }));
    expect(outcome).to.deep.equal({ status: 'unseen' });
    expect(ran).to.equal(false);
  });
});
