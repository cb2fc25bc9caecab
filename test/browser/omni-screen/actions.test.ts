import { pressDialog } from '../shared/approvals.js';
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { control, dialog, mount, node, press, settle, textOf, typeInto } from './helpers.js';
import { registries } from './fixtures.js';
import { en } from '../../../strings/en.js';
import type { OmniAction, OmniScreenElement } from '../../../elements/omni-screen/index.js';

const pay = `root = Stack([email, pay, plain])
$amount = 42.5
$email = ""
email = Input($email, label="Email", required=true, format="email")
pay = Button("Pay", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, email: $email})
plain = Button("Back", variant="secondary")
`;

/** A screen whose every step is recorded: field check (via the event), params check, confirmation, handler. */
async function recorded(extra: Partial<OmniScreenElement> = {}, text = pay) {
  const steps: string[] = [];
  const actions: OmniAction[] = [];
  const screen = await mount(text, {
    ...registries(),
    confirm: {
      'payments.confirm': (params) => {
        steps.push('confirm');
        return `Pay ${String(params['amount'])}?`;
      },
    },
    handler: async (a) => {
      steps.push('handler');
      actions.push(a);
      return { result: { ok: true } };
    },
  });
  // Set after the stream: the parser keeps the registries it started with, the press uses these.
  Object.assign(screen, extra);
  await settle(screen);
  screen.addEventListener('omni-blocked', (e) => steps.push(`blocked:${e.reason}`));
  screen.addEventListener('omni-action', () => steps.push('action'));
  screen.addEventListener('omni-action-error', () => steps.push('error'));
  return { screen, steps, actions };
}

async function answer(screen: OmniScreenElement, yes: boolean) {
  const d = dialog(screen);
  await d.updateComplete;
  expect(d.open, 'dialog open').to.equal(true);
  await pressDialog(d, yes ? 'confirm' : 'cancel');
  await settle(screen);
}

describe('omni-screen: a press runs fields → tool/params → confirmation → handler ([9.3])', () => {
  it('stops at the fields: no params check, no confirmation, no handler', async () => {
    const { screen, steps } = await recorded({ tools: {} }); // would block at the tool check, if it got there
    press(screen, 'pay');
    await settle(screen);
    expect(steps).to.deep.equal(['blocked:fields']);
  });

  it('stops at the tool registry before any confirmation, with a plain sentence and a mutation_blocked issue', async () => {
    const { screen, steps } = await recorded({ tools: {} });
    typeInto(control(screen, 'email'), 'ada@example.com');
    const details: unknown[] = [];
    screen.addEventListener('omni-blocked', (e) => details.push(e.details));
    press(screen, 'pay');
    await settle(screen);
    expect(steps).to.deep.equal(['blocked:tool']);
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionBlocked);
    expect(String(details[0])).to.contain('payments.confirm');
    expect(screen.issues.at(-1)!.code).to.equal('mutation_blocked');
    expect(screen.issues.at(-1)!.id).to.equal('pay');
  });

  it('stops at the params schema before any confirmation', async () => {
    const { screen, steps } = await recorded(
      {},
      pay.replace('$amount = 42.5', '$amount = -1'),
    );
    typeInto(control(screen, 'email'), 'ada@example.com');
    const details: unknown[] = [];
    screen.addEventListener('omni-blocked', (e) => details.push(e.details));
    press(screen, 'pay');
    await settle(screen);
    expect(steps).to.deep.equal(['blocked:params']);
    expect(JSON.stringify(details[0])).to.contain('exclusiveMinimum');
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionBlocked);
  });

  it('asks for confirmation, then runs the handler with params built from current state', async () => {
    const { screen, steps, actions } = await recorded();
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    expect(steps).to.deep.equal(['confirm']);
    await answer(screen, true);
    expect(steps).to.deep.equal(['confirm', 'handler', 'action']);
    expect(actions[0]!.tool).to.equal('payments.confirm');
    expect(actions[0]!.params).to.deep.equal({ amount: 42.5, email: 'ada@example.com' });
    expect(actions[0]!.button).to.equal('pay');
    expect(actions[0]!.mutation.id).to.equal('payIt');
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionDone);
  });

  it('cancelling the confirmation runs nothing', async () => {
    const { screen, steps } = await recorded();
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    await answer(screen, false);
    expect(steps).to.deep.equal(['confirm']);
  });

  it('a confirmation function that throws or returns a non-string blocks the action', async () => {
    for (const bad of [() => { throw new Error('nope'); }, () => 42 as unknown as string]) {
      const { screen, steps } = await recorded({ confirm: { 'payments.confirm': bad } });
      typeInto(control(screen, 'email'), 'ada@example.com');
      press(screen, 'pay');
      await settle(screen);
      expect(steps).to.deep.equal(['blocked:confirm-failed']);
      expect(dialog(screen).open).to.equal(false);
      screen.remove();
    }
  });

  it('a failing handler gives handler_failed, omni-action-error and a plain sentence', async () => {
    const { screen, steps } = await recorded({
      confirm: {},
      handler: async () => {
        throw new Error('server said no');
      },
    });
    const errors: unknown[] = [];
    screen.addEventListener('omni-action-error', (e) => errors.push(e.error));
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    expect(steps).to.deep.equal(['error']);
    expect((errors[0] as Error).message).to.equal('server said no');
    expect(screen.issues.at(-1)!.code).to.equal('handler_failed');
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionFailed);
  });

  it('is busy while the handler runs and cannot be pressed twice', async () => {
    let release!: () => void;
    let calls = 0;
    const { screen } = await recorded({
      confirm: {},
      handler: () => {
        calls++;
        return new Promise((r) => (release = () => r({})));
      },
    });
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    const button = node(screen, 'pay').querySelector('button')!;
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionRunning);
    press(screen, 'pay');
    press(screen, 'pay');
    await settle(screen);
    expect(calls).to.equal(1);
    release();
    await settle(screen);
    expect(button.hasAttribute('aria-busy')).to.equal(false);
  });

  it('a Button without an action never calls the handler', async () => {
    const { screen, steps } = await recorded();
    press(screen, 'plain');
    await settle(screen);
    expect(steps).to.deep.equal([]);
  });

  it('a governed Button is unavailable until its McpMutation arrives, and stays so if none does', async () => {
    let calls = 0;
    const screen = await mount('root = Stack([a, b])\na = Button("A", action="doA")\nb = Button("B", action="doB")\n', {
      ...registries(),
      handler: async () => {
        calls++;
      },
    }, { end: false });
    const a = node(screen, 'a').querySelector('button')!;
    expect(a.getAttribute('aria-disabled')).to.equal('true');
    expect(screen.shadowRoot!.getElementById(a.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).to.equal(en.actionPending);
    press(screen, 'a');
    await settle(screen);
    expect(calls).to.equal(0);
    screen.write('aIt = McpMutation(a, tool="auth.sendMagicLink", params={email: "ada@example.com"})\n');
    screen.end();
    await settle(screen);
    expect(a.hasAttribute('aria-disabled')).to.equal(false);
    const b = node(screen, 'b').querySelector('button')!;
    expect(b.getAttribute('aria-disabled')).to.equal('true');
    expect(screen.shadowRoot!.getElementById(b.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).to.equal(en.actionBlocked);
    press(screen, 'b');
    press(screen, 'a');
    await settle(screen);
    expect(calls).to.equal(1);
  });

  it('fills each {param} of a confirmation sentence once, as plain text', async () => {
    const screen = await mount(
      `root = Stack([go])
go = Button("Go", action="go")
goIt = McpMutation(go, tool="payments.confirm", params={amount: 5, note: "{amount} <b>bold</b> {note}"})
`,
      { ...registries(), confirm: { 'payments.confirm': 'Pay {amount} with note “{note}”? {unknown}' }, handler: async () => ({}) },
    );
    press(screen, 'go');
    await settle(screen);
    const d = dialog(screen);
    await d.updateComplete;
    const sentence = d.shadowRoot!.querySelector('[part="sentence"]')!;
    expect(sentence.textContent).to.equal('Pay 5 with note “{amount} <b>bold</b> {note}”? {unknown}');
    expect(sentence.querySelector('b')).to.equal(null);
    await answer(screen, false);
  });

  it('applies the update a result carries to this screen, and ignores one that is not a string', async () => {
    const { screen } = await recorded({
      confirm: {},
      handler: async () => ({ result: 1, update: 'root = Stack([email, done])\ndone = Notice("Paid.", tone="success")' }),
    });
    typeInto(control(screen, 'email'), 'ada@example.com');
    press(screen, 'pay');
    await settle(screen);
    expect(textOf(node(screen, 'done'))).to.equal('Success: Paid.');
    expect(screen.document!.node('pay')).to.equal(undefined);

    const other = await recorded({ confirm: {}, handler: async () => ({ update: { evil: true } }) });
    typeInto(control(other.screen, 'email'), 'ada@example.com');
    press(other.screen, 'pay');
    await settle(other.screen);
    expect(other.steps).to.deep.equal(['action']);
    expect(other.screen.document!.node('pay')).to.not.equal(undefined);
  });
});
