// ApprovalController.govern() and ask() with a signal and a deadline (issue 15): withdrawn before, during and just
// before running; nothing runs after the deadline even when Confirm is pressed in the same instant; params that
// changed after they were shown never run.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { confirmAtDeadline, pressDialog, whenArmed } from './approvals.js';
import { ApprovalController, type GovernedAction } from '../../../elements/shared/controllers/approval.js';
import type { AeConfirmDialogElement } from '../../../elements/shared/elements/confirmDialog.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';
import { AgentElement } from '../../../elements/shared/base/agentElement.js';
import { manualClock } from './manualClock.js';
import type { ActionParams } from '../../../src/actions/govern.js';

await import('@cfworker/json-schema');

/** An agent element: its dialog runs on its clock, a manual one here, so no test sleeps through the inert moment. */
class TestGoverned extends AgentElement {
  readonly approval = new ApprovalController(this);
  constructor() {
    super();
    this.clock = manualClock();
  }
  protected override render() {
    return this.approval.render();
  }
}
defineElement('test-governed', TestGoverned);

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
const rules = {
  tools: { 'bank.send': { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } },
  confirm: { 'bank.send': 'Send to {to}?' },
} as const;

async function host() {
  const el = await fixture<TestGoverned>(html`<test-governed style="display:block"></test-governed>`);
  const dialog = () => el.shadowRoot!.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
  return { el, dialog };
}

function action(extra: Partial<GovernedAction<string>> = {}) {
  const ran: ActionParams[] = [];
  const a: GovernedAction<string> = {
    key: 'send',
    tool: 'bank.send',
    params: { to: 'ana' },
    rules: rules as never,
    run: (p) => {
      ran.push(p);
      return 'sent';
    },
    ...extra,
  };
  return { a, ran };
}

describe('ApprovalController: withdrawal, deadlines and the seal', () => {
  it('Confirm runs it with the params that were shown', async () => {
    const { el, dialog } = await host();
    const { a, ran } = action();
    const outcome = el.approval.govern(a);
    await pressDialog(dialog(), 'confirm');
    expect(await outcome).to.deep.equal({ status: 'done', result: 'sent' });
    expect(ran).to.deep.equal([{ to: 'ana' }]);
  });

  it('a signal aborted while the dialog is open: withdrawn (aborted), the dialog closed, nothing runs', async () => {
    const { el, dialog } = await host();
    const stop = new AbortController();
    const { a, ran } = action({ signal: stop.signal });
    const outcome = el.approval.govern(a);
    await whenArmed(dialog());
    stop.abort();
    expect(await outcome).to.deep.equal({ status: 'withdrawn', reason: 'aborted' });
    expect(dialog().open).to.equal(false);
    expect(ran).to.have.length(0);
    expect(el.approval.phase('send')).to.equal('idle');
  });

  it('the deadline passing while the dialog is open: withdrawn (deadline), nothing runs', async () => {
    const { el, dialog } = await host();
    const { a, ran } = action({ deadline: Date.now() + 300 });
    const outcome = el.approval.govern(a);
    expect(await outcome).to.deep.equal({ status: 'withdrawn', reason: 'deadline' });
    expect(dialog().open).to.equal(false);
    expect(ran).to.have.length(0);
  });

  it('Confirm pressed in the same instant as the deadline runs nothing', async () => {
    const { el, dialog } = await host();
    // Room for the press to arrive before the deadline (a wall-clock time: approvalQueue.ts); the inert moment
    // passes on the element's manual clock.
    const deadline = Date.now() + 1500;
    const { a, ran } = action({ deadline });
    const outcome = el.approval.govern(a);
    await whenArmed(dialog());
    await confirmAtDeadline(dialog(), deadline);
    expect(await outcome).to.deep.equal({ status: 'withdrawn', reason: 'deadline' });
    expect(ran).to.have.length(0);
  });

  it('a deadline that passes while the checks run (no confirmation asked) still runs nothing', async () => {
    const { el } = await host();
    const { a, ran } = action({ rules: { tools: rules.tools } as never, deadline: Date.now() + 30, ready: () => tick(60).then(() => true) });
    expect(await el.approval.govern(a)).to.deep.equal({ status: 'withdrawn', reason: 'deadline' });
    expect(ran).to.have.length(0);
  });

  it('already aborted, or past its deadline: withdrawn before anything is asked', async () => {
    const { el, dialog } = await host();
    expect(await el.approval.govern(action({ signal: AbortSignal.abort() }).a)).to.deep.equal({ status: 'withdrawn', reason: 'aborted' });
    expect(await el.approval.govern(action({ deadline: Date.now() - 1 }).a)).to.deep.equal({ status: 'withdrawn', reason: 'deadline' });
    await tick(20);
    expect(dialog().open).to.equal(false);
  });

  it('params read again just before running must be the ones shown: otherwise changed, nothing runs', async () => {
    const { el, dialog } = await host();
    let to = 'ana';
    const { a, ran } = action();
    const outcome = el.approval.govern({
      ...a,
      get params() {
        return { to };
      },
    });
    await whenArmed(dialog());
    to = 'mallory';
    await pressDialog(dialog(), 'confirm');
    const said = await outcome;
    expect(said.status).to.equal('changed');
    expect(ran).to.have.length(0);
    expect(el.approval.phase('send')).to.equal('changed');
  });

  it('an element that can’t be seen: unseen, nothing runs; reset() withdraws an open one as stale', async () => {
    const { el, dialog } = await host();
    el.style.display = 'none';
    const { a, ran } = action();
    expect(await el.approval.govern(a)).to.deep.equal({ status: 'unseen' });
    expect(el.approval.phase('send')).to.equal('unseen');
    el.style.display = 'block';
    const again = el.approval.govern({ ...a, key: 'again' });
    await whenArmed(dialog());
    el.approval.reset();
    expect(await again).to.deep.equal({ status: 'stale' });
    expect(dialog().open).to.equal(false);
    expect(ran).to.have.length(0);
  });

  it('ask() answers in four words; confirmed() is the simple yes', async () => {
    const { el, dialog } = await host();
    const yes = el.approval.ask('Go?');
    await pressDialog(dialog(), 'confirm');
    expect(await yes).to.equal('confirmed');
    const no = el.approval.confirmed('Go?');
    await pressDialog(dialog(), 'cancel');
    expect(await no).to.equal(false);
    const stop = new AbortController();
    const gone = el.approval.ask('Go?', { signal: stop.signal });
    await whenArmed(dialog());
    stop.abort();
    expect(await gone).to.equal('withdrawn');
  });
});
