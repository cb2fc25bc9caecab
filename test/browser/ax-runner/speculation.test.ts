// Bounded speculation (issue 26.10): under policy="hold" a risky step is asked about only once the reply has
// reached its barrier, and a reply cut off first drops it (`withdrawn`) without a dialog; under every policy, a
// dialog opened for a step of a reply that is then cut off is withdrawn, and the step never runs. The person
// answers with real input.
import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../shared/mocha.js';
import { whenArmed } from '../shared/approvals.js';
import { act, area, byName, dialogOf, runnerFor, tick, until, watch } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
});

const openDialog = (r: AxRunnerElement) => {
  const d = r.shadowRoot!.querySelector('ae-confirm-dialog') as (HTMLElement & { open: boolean }) | null;
  return !!d?.shadowRoot?.querySelector('dialog')?.open;
};

/** Presses Confirm with the mouse, as a person would. */
async function confirmByMouse(r: AxRunnerElement) {
  const d = await dialogOf(r);
  await whenArmed(d);
  const box = d.shadowRoot!.querySelector('[part="confirm"]')!.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

const remove = act({ do: 'click', target: byName('button', 'Delete account'), risk: 'risky' });

describe('ax-runner bounded speculation', () => {
  async function setup(policy: 'hold' | 'confirm') {
    const app = await area(html`<button id="account">Delete account</button> <label>Note <input /></label>`);
    const clicked: string[] = [];
    app.addEventListener('click', (e) => clicked.push((e.target as HTMLElement).id));
    const r = await runnerFor(app, { policy });
    runners.push(r);
    return { app, r, clicked, w: watch(r) };
  }

  it('issue 26.10: policy="hold" asks nothing while the reply streams; observe opens the dialog; Confirm by mouse runs it', async () => {
    const { r, clicked, w } = await setup('hold');
    r.write(`Deleting.\n\`\`\`jsonl\n${remove}\n`);
    await until(() => w.statuses(0).includes('held'), 'the step to be held');
    await tick(150);
    expect(openDialog(r), 'no dialog before the reply is whole').to.equal(false);
    r.write('{"op":"observe"}\n```\n');
    r.end();
    await confirmByMouse(r);
    await until(() => w.ends.length > 0, 'the burst to end');
    expect(clicked).to.deep.equal(['account']);
    expect(w.ends[0]!.outcome.reason).to.equal('observe');
  });

  it('issue 26.10: policy="hold", reply cut off while the step is held: no dialog, nothing clicked, outcome withdrawn', async () => {
    const { r, clicked, w } = await setup('hold');
    r.write(`\`\`\`jsonl\n${remove}\n{"op":"obs`);
    await until(() => w.statuses(0).includes('held'), 'the step to be held');
    r.end();
    await until(() => w.ends.length > 0, 'the burst to end');
    expect(openDialog(r)).to.equal(false);
    expect(clicked).to.deep.equal([]);
    expect(w.ends[0]!.outcome.reason).to.equal('withdrawn');
    expect(w.statuses(0).at(-1)).to.equal('withdrawn');
    await r.updateComplete;
    const said = [...r.shadowRoot!.querySelectorAll('[part~="outcome"]')].map((e) => e.textContent!.trim());
    expect(said).to.deep.equal(['The reply was cut off, so the step waiting for your approval was withdrawn and not done.']);
  });

  it('issue 26.10: policy="confirm", reply cut off while the dialog is open: the dialog is withdrawn and the step never runs', async () => {
    const { r, clicked, w } = await setup('confirm');
    r.write(`\`\`\`jsonl\n${remove}\n{"op":"obs`);
    await dialogOf(r);
    r.end();
    await until(() => !openDialog(r), 'the dialog to be withdrawn');
    await until(() => w.ends.length > 0, 'the burst to end');
    expect(clicked).to.deep.equal([]);
    expect(w.ends[0]!.outcome.reason).to.equal('withdrawn');
  });
});
