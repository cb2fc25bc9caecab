// Issue 15 for <omni-screen>'s governed presses: every param shown (required first, whole), the approval bound
// to the params that run, never a dialog where the screen can't be seen, and one dialog at a time for the page.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { dialog, mount, node, press, settle, textOf, tick } from './helpers.js';
import { registries } from './fixtures.js';
import { pressDialog, whenArmed } from '../shared/approvals.js';
import { en } from '../../../strings/en.js';
import type { OmniAction, OmniBlockedEvent, OmniScreenElement, ToolSchema } from '../../../elements/omni-screen/index.js';

const NOTE = (i: number) => `Note ${i}: `.padEnd(600, `${i}`);

const transferTool: ToolSchema = {
  type: 'object',
  properties: {
    to: { type: 'string' },
    amount: { type: 'number' },
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`note${i + 1}`, { type: 'string' }])),
  },
  required: ['to', 'amount'],
};

const transferScreen = `root = Stack([send])
$to = "mallory"
$amount = 1000000
send = Button("Send", action="transfer")
sendIt = McpMutation(send, tool="bank.transfer", params={${Array.from({ length: 8 }, (_, i) => `note${i + 1}: "${NOTE(i + 1)}"`).join(', ')}, to: $to, amount: $amount})
`;

async function transfer(text = transferScreen, wrap?: HTMLElement) {
  const actions: OmniAction[] = [];
  const blocked: OmniBlockedEvent[] = [];
  const props = {
    ...registries(),
    tools: { ...registries().tools, 'bank.transfer': transferTool },
    confirm: { 'bank.transfer': 'Send {amount} to {to}?' },
    handler: async (a: OmniAction) => {
      actions.push(a);
      return { result: { ok: true } };
    },
  };
  let screen: OmniScreenElement;
  if (wrap) {
    screen = document.createElement('omni-screen') as OmniScreenElement;
    wrap.append(screen);
    Object.assign(screen, props);
    await screen.updateComplete;
    screen.write(text);
    screen.end();
    await settle(screen);
  } else {
    screen = await mount(text, props);
  }
  screen.addEventListener('omni-blocked', (e) => blocked.push(e));
  return { screen, actions, blocked };
}

const within = <T,>(p: Promise<T>, ms: number) => Promise.race([p, tick(ms).then(() => 'pending' as const)]);
const waitOpen = async (screen: OmniScreenElement) => {
  for (let i = 0; i < 200 && !dialog(screen).shadowRoot?.querySelector('dialog')?.open; i++) await tick(5);
  expect(dialog(screen).shadowRoot!.querySelector('dialog')!.open, 'the dialog opened').to.equal(true);
};

describe('omni-screen: the confirmation shows every param that will run (issue 15, item 9)', () => {
  it('transfer({note1..note8, to, amount}): to and amount (required) first, all ten values whole, no count (repro)', async () => {
    const { screen, actions } = await transfer();
    press(screen, 'send');
    await waitOpen(screen);
    const d = dialog(screen).shadowRoot!;
    expect(d.querySelector('[part="sentence"]')!.textContent).to.equal('Send 1000000 to mallory?');
    const names = [...d.querySelectorAll('[part="detail-name"]')].map((n) => n.textContent!.replace(/\s+/g, ' ').trim());
    const values = [...d.querySelectorAll('[part="detail-value"]')].map((n) => n.textContent!.trim());
    expect(names).to.deep.equal(['to (required)', 'amount (required)', ...Array.from({ length: 8 }, (_, i) => `note${i + 1}`)]);
    expect(values).to.deep.equal(['mallory', '1000000', ...Array.from({ length: 8 }, (_, i) => NOTE(i + 1))]);
    expect(d.textContent).to.not.match(/more details/);
    await pressDialog(dialog(screen), 'confirm');
    await settle(screen);
    expect(actions).to.have.length(1);
    expect(actions[0]!.params['to']).to.equal('mallory');
  });
});

describe('omni-screen: the approval is bound to the params that run (issue 15)', () => {
  it('the state changed under the open dialog: nothing runs, the press says why, omni-blocked "changed"', async () => {
    const { screen, actions, blocked } = await transfer();
    press(screen, 'send');
    await waitOpen(screen);
    expect(dialog(screen).shadowRoot!.querySelector('[part="detail-value"]')!.textContent!.trim()).to.equal('mallory');
    // Code changes the state while the person reads "mallory" (an update would withdraw the dialog: pressLife.test.ts).
    screen.document!.setState('$to', 'eve');
    await pressDialog(dialog(screen), 'confirm');
    await settle(screen);
    expect(actions).to.have.length(0);
    expect(blocked.map((b) => b.reason)).to.deep.equal(['changed']);
    const digests = blocked[0]!.details as { approved: string; actual: string };
    expect(digests.approved).to.match(/^[0-9a-f]{64}$/);
    expect(digests.actual).to.match(/^[0-9a-f]{64}$/);
    expect(digests.actual).to.not.equal(digests.approved);
    expect(textOf(node(screen, 'send').querySelector('[part="action-status"]'))).to.equal(en.actionChanged);
    expect(screen.issues.at(-1)!.code).to.equal('mutation_blocked');
    expect(screen.issues.at(-1)!.message).to.match(/changed after the person approved/);
    // Pressed again, the person sees (and approves) the new params: that runs.
    press(screen, 'send');
    await waitOpen(screen);
    expect(dialog(screen).shadowRoot!.querySelector('[part="detail-value"]')!.textContent!.trim()).to.equal('eve');
    await pressDialog(dialog(screen), 'confirm');
    await settle(screen);
    expect(actions.map((a) => a.params['to'])).to.deep.equal(['eve']);
  });

  it('a change elsewhere in the state does not stop it', async () => {
    const { screen, actions, blocked } = await transfer(`${transferScreen}$other = 1\n`);
    press(screen, 'send');
    await waitOpen(screen);
    screen.applyUpdate('$other = 2');
    await pressDialog(dialog(screen), 'confirm');
    await settle(screen);
    expect(blocked).to.have.length(0);
    expect(actions).to.have.length(1);
  });
});

describe('omni-screen: never an invisible modal, one dialog at a time (issue 15, items 2 and 8)', () => {
  it('a screen inside a hidden container: the press is blocked "unseen", no dialog opens, the page stays usable', async () => {
    const wrap = await fixture<HTMLElement>(html`<div><button class="outside">Outside</button><div hidden class="box"></div></div>`);
    const { screen, actions, blocked } = await transfer(transferScreen, wrap.querySelector<HTMLElement>('.box')!);
    const outside = wrap.querySelector<HTMLButtonElement>('.outside')!;
    press(screen, 'send');
    for (let i = 0; i < 100 && blocked.length === 0; i++) await tick(10);
    expect(blocked.map((b) => b.reason)).to.deep.equal(['unseen']);
    expect(dialog(screen).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    expect(actions).to.have.length(0);
    outside.focus();
    expect(document.activeElement).to.equal(outside);
    expect(screen.issues.at(-1)!.message).to.match(/could not be shown/);
    await settle(screen);
    expect(textOf(node(screen, 'send').querySelector('[part="action-status"]'))).to.equal(en.actionUnseen);
  });

  it('two screens pressed at once: one dialog, then the other, each answered on its own', async () => {
    const wrap = await fixture<HTMLElement>(html`<div><div class="a"></div><div class="b"></div></div>`);
    const one = await transfer(transferScreen, wrap.querySelector<HTMLElement>('.a')!);
    const two = await transfer(transferScreen, wrap.querySelector<HTMLElement>('.b')!);
    press(one.screen, 'send');
    press(two.screen, 'send');
    await waitOpen(one.screen);
    await tick(50);
    expect(dialog(two.screen).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    await pressDialog(dialog(one.screen), 'confirm');
    await waitOpen(two.screen);
    expect(dialog(one.screen).shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    await whenArmed(dialog(two.screen));
    await pressDialog(dialog(two.screen), 'cancel');
    await settle(one.screen);
    await settle(two.screen);
    expect(one.actions).to.have.length(1);
    expect(two.actions).to.have.length(0);
    expect(await within(Promise.resolve('done'), 10)).to.equal('done');
  });
});
