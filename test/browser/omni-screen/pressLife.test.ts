// Issue 26, items 6–8: a press lives only as long as what it acts on. A confirmation is withdrawn when an update
// changes the Button, its McpMutation or its params; a Button stays pending until every $key its params read has
// arrived; a press sent to the server has a deadline, a Cancel, and a Try again with the same Idempotency-Key.
// Every answer to a confirmation is real input (sendMouse), as a person gives it.
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { $, dialog, mount, node, press, settle, textOf, tick } from './helpers.js';
import { registries } from './fixtures.js';
import { whenArmed } from '../shared/approvals.js';
import { manualClock } from '../shared/manualClock.js';
import { until as untilSoon } from './fakeServer.js';
import { en } from '../../../strings/en.js';
import type { OmniAction, OmniBlockedEvent, OmniScreenElement } from '../../../elements/omni-screen/index.js';

// Generous: the machine running the tests may be busy with others.
const until = (check: () => boolean, what: string) => untilSoon(check, what, 10_000);
const centre = (el: Element) => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)] as [number, number];
};
const part = (screen: OmniScreenElement, name: string) => dialog(screen).shadowRoot!.querySelector(`[part="${name}"]`)!;
const isOpen = (screen: OmniScreenElement) => !!dialog(screen).shadowRoot?.querySelector('dialog')?.open;
const waitOpen = (screen: OmniScreenElement) => until(() => isOpen(screen), 'the dialog to open');
const announced = (screen: OmniScreenElement) => textOf($(screen, '[part="announcer"]'));
const frames = async () => {
  await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(r));
};

/** The person clicks one of the dialog's buttons with the mouse, once its buttons take activation. */
async function answer(screen: OmniScreenElement, which: 'confirm' | 'cancel'): Promise<void> {
  await whenArmed(dialog(screen));
  await sendMouse({ type: 'click', position: centre(part(screen, which)) });
}

const payScreen = `root = Stack([title, pay])
title = Heading("Your order")
$amount = 42.5
pay = Button("Pay now", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: "order 7"})
`;

async function payAsking(text = payScreen) {
  const actions: OmniAction[] = [];
  const blocked: OmniBlockedEvent[] = [];
  const screen = await mount(text, {
    ...registries(),
    confirm: { 'payments.confirm': 'Pay {amount}?' },
    handler: (a: OmniAction) => {
      actions.push(a);
      return { result: { paid: true } };
    },
  });
  screen.addEventListener('omni-blocked', (e) => blocked.push(e));
  press(screen, 'pay');
  await waitOpen(screen);
  await whenArmed(dialog(screen));
  return { screen, actions, blocked };
}

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
});

describe('omni-screen: an open confirmation lives only while the screen offers what it confirms (issue 26, item 6)', () => {
  it('an update replacing the Button with a Notice withdraws the dialog, says so, and nothing runs (repro)', async () => {
    const { screen, actions, blocked } = await payAsking();
    const confirmAt = centre(part(screen, 'confirm'));
    screen.applyUpdate('pay = Notice("Already paid on another device")\n');
    await until(() => !isOpen(screen), 'the dialog to be withdrawn');
    // The person's click lands where Confirm was: there is nothing to confirm any more.
    await sendMouse({ type: 'click', position: confirmAt });
    await settle(screen);
    await frames();
    expect(actions, 'the handler never ran').to.have.length(0);
    expect(announced(screen)).to.contain('Already paid on another device');
    expect(announced(screen)).to.contain(en.actionWithdrawn);
    expect(blocked.map((b) => [b.reason, b.button])).to.deep.equal([['withdrawn', 'pay']]);
  });

  it('an update replacing the McpMutation withdraws it; pressed again, the person approves the new params (repro)', async () => {
    const { screen, actions, blocked } = await payAsking();
    screen.applyUpdate('payIt = McpMutation(pay, tool="payments.confirm", params={amount: 99, note: "order 7"})\n');
    await until(() => !isOpen(screen), 'the dialog to be withdrawn');
    await settle(screen);
    expect(actions).to.have.length(0);
    expect(blocked.map((b) => b.reason)).to.deep.equal(['withdrawn']);
    // The Button is still there: its own status says what happened.
    expect(textOf(node(screen, 'pay').querySelector('[part="action-status"]'))).to.equal(en.actionWithdrawn);
    press(screen, 'pay');
    await waitOpen(screen);
    expect(part(screen, 'sentence').textContent).to.equal('Pay 99?');
    await answer(screen, 'confirm');
    await until(() => actions.length === 1, 'the action');
    expect(actions[0]!.params).to.deep.equal({ amount: 99, note: 'order 7' });
  });

  it('an update changing the $key a param reads withdraws it (repro)', async () => {
    const { screen, actions, blocked } = await payAsking();
    screen.applyUpdate('$amount = 4250\n');
    await until(() => !isOpen(screen), 'the dialog to be withdrawn');
    await settle(screen);
    expect(actions).to.have.length(0);
    expect(blocked.map((b) => b.reason)).to.deep.equal(['withdrawn']);
  });

  it('an update dropping the Button from the screen withdraws it (repro)', async () => {
    const { screen, actions } = await payAsking();
    screen.applyUpdate('root = Stack([title])\n');
    await until(() => !isOpen(screen), 'the dialog to be withdrawn');
    await settle(screen);
    await frames();
    expect(actions).to.have.length(0);
    expect(announced(screen)).to.equal(en.actionWithdrawn);
  });

  it('an update that leaves the Button, its McpMutation and params as they were keeps the dialog open', async () => {
    const { screen, actions, blocked } = await payAsking();
    screen.applyUpdate('title = Heading("Your order, updated")\npay = Button("Pay now", action="pay")\n');
    await tick(50);
    expect(isOpen(screen), 'still open').to.equal(true);
    await answer(screen, 'confirm');
    await until(() => actions.length === 1, 'the action');
    expect(actions[0]!.params).to.deep.equal({ amount: 42.5, note: 'order 7' });
    expect(blocked).to.have.length(0);
  });
});

describe('omni-screen: a Button waits for the state its params read (issue 26, item 7)', () => {
  const head = `root = Stack([pay])
pay = Button("Pay", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount})
`;

  it('stays pending until every $key it reads has arrived; then the press carries the value (repro)', async () => {
    const actions: OmniAction[] = [];
    const screen = await mount(head, { ...registries(), handler: (a: OmniAction) => void actions.push(a) }, { end: false });
    const button = node(screen, 'pay').querySelector('button')!;
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(textOf(screen.shadowRoot!.getElementById(button.getAttribute('aria-describedby')!.split(' ')[0]!))).to.equal(en.actionPending);
    press(screen, 'pay');
    await tick(30);
    await settle(screen);
    expect(actions, 'nothing ran while $amount had not arrived').to.have.length(0);

    screen.write('$amount = 42.5\n');
    await settle(screen);
    expect(button.getAttribute('aria-disabled')).to.equal(null);
    press(screen, 'pay');
    await until(() => actions.length === 1, 'the action');
    expect(actions[0]!.params).to.deep.equal({ amount: 42.5 });
  });

  it('a $key that never arrives leaves it unavailable after the end', async () => {
    const actions: OmniAction[] = [];
    const screen = await mount(head, { ...registries(), handler: (a: OmniAction) => void actions.push(a) });
    const button = node(screen, 'pay').querySelector('button')!;
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    press(screen, 'pay');
    await tick(30);
    expect(actions).to.have.length(0);
  });
});

/** A mutate endpoint that answers only when the test says: each request with its key, body and signal. */
function slowServer() {
  const calls: { key: string; body: unknown; signal: AbortSignal | null; answer: (r: Response) => void }[] = [];
  const real = window.fetch;
  window.fetch = ((_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((answer) => {
      const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
      calls.push({ key: headers['idempotency-key']!, body: JSON.parse(String(init.body)), signal: init.signal ?? null, answer });
    })) as typeof fetch;
  return { calls, restore: () => void (window.fetch = real) };
}
let slow: ReturnType<typeof slowServer> | null = null;
afterEach(() => {
  slow?.restore();
  slow = null;
});

const paid = () => new Response(JSON.stringify({ ok: true, tool: 'payments.confirm', result: { paid: true } }), { status: 200, headers: { 'content-type': 'application/json' } });

async function serverScreen(props: Partial<OmniScreenElement> = {}) {
  slow = slowServer();
  const errors: { code: string }[] = [];
  const screen = await mount(payScreen, { ...registries(), endpoint: '/api/generate', ...props });
  screen.addEventListener('omni-action-error', (e) => errors.push((e.error as { failure: { code: string } }).failure));
  const status = () => textOf(node(screen, 'pay').querySelector('[part="action-status"]'));
  const button = () => node(screen, 'pay').querySelector<HTMLButtonElement>('[data-omni-button]')!;
  const extra = (name: string) => node(screen, 'pay').querySelector<HTMLButtonElement>(`[part="${name}"]`);
  return { screen, errors, status, button, extra, calls: slow.calls };
}

describe('omni-screen: a press the server never answers (issue 26, item 8)', () => {
  it('waits 15 s by default; press-timeout sets it, documented as an attribute', async () => {
    const { screen } = await serverScreen();
    expect(screen.pressTimeout).to.equal(15_000);
    screen.setAttribute('press-timeout', '2500');
    expect(screen.pressTimeout).to.equal(2500);
  });

  it('after its deadline (on the screen\'s clock) it stops being busy, says so, and Try again sends the same press with the same key (repro)', async () => {
    const clock = manualClock();
    const { screen, errors, status, button, extra, calls } = await serverScreen({ clock });
    press(screen, 'pay');
    await until(() => calls.length === 1, 'the request');
    clock.advance(14_999);
    await settle(screen);
    expect(calls[0]!.signal!.aborted, 'not yet').to.equal(false);
    clock.advance(1);
    await until(() => status() === en.actionNoAnswer, 'the deadline');
    expect(calls[0]!.signal!.aborted, 'the request was aborted').to.equal(true);
    expect(button().getAttribute('aria-busy')).to.equal(null);
    expect(errors.map((e) => e.code)).to.deep.equal(['timeout']);
    expect(extra('action-cancel')).to.equal(null);

    screen.pressTimeout = 10_000;
    await sendMouse({ type: 'click', position: centre(extra('action-retry')!) });
    await until(() => calls.length === 2, 'the second try');
    expect(calls[1]!.key).to.equal(calls[0]!.key);
    expect(calls[1]!.body).to.deep.equal(calls[0]!.body);
    calls[1]!.answer(paid());
    await until(() => status() === en.actionDone, 'the answer');
    expect(extra('action-retry')).to.equal(null);

    // A new press after an answer is a new press.
    press(screen, 'pay');
    await until(() => calls.length === 3, 'the third press');
    expect(calls[2]!.key).to.not.equal(calls[0]!.key);
    calls[2]!.answer(paid());
  });

  it('Cancel while waiting aborts the request; focus stays on the control, now Try again (repro)', async function () {
    // axe on a shared, loaded machine can take longer than the default 10 s.
    (this as { timeout(ms: number): void }).timeout(30_000);
    const { screen, errors, status, button, extra, calls } = await serverScreen();
    press(screen, 'pay');
    await until(() => calls.length === 1, 'the request');
    await settle(screen);
    expect(status()).to.equal(en.actionRunning);
    expect(button().getAttribute('aria-busy')).to.equal('true');
    expect(extra('action-cancel')!.textContent!.trim()).to.equal(en.cancel);
    await sendMouse({ type: 'click', position: centre(extra('action-cancel')!) });
    await until(() => status() === en.actionStopped, 'the stop');
    expect(calls[0]!.signal!.aborted).to.equal(true);
    expect(button().getAttribute('aria-busy')).to.equal(null);
    expect(errors.map((e) => e.code)).to.deep.equal(['cancelled']);
    expect(screen.shadowRoot!.activeElement).to.equal(extra('action-retry'));
    await expect(screen).to.be.accessible();
  });

  it('reset() aborts the request (repro)', async () => {
    const { screen, calls } = await serverScreen();
    press(screen, 'pay');
    await until(() => calls.length === 1, 'the request');
    screen.reset();
    expect(calls[0]!.signal!.aborted).to.equal(true);
  });
});
