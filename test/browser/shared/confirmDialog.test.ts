import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { AeConfirmDialogElement, CONFIRM_INERT_MS } from '../../../elements/shared/elements/confirmDialog.js';
import { approvalQueue } from '../../../elements/shared/approvals/approvalQueue.js';
import { paramDetails } from '../../../src/actions/paramDetails.js';
import { confirmAtDeadline, pressDialog, pressReally, whenArmed } from './approvals.js';
import { manualClock } from './manualClock.js';

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
/** What a script (or an agent's step) does: a click that is not a person's. */
const scriptClick = (el: HTMLElement) => el.click();

async function setup(theme = 'light') {
  const wrap = await fixture<HTMLElement>(html`<div>
    <button class="opener">Pay</button>
    <ae-confirm-dialog theme=${theme}></ae-confirm-dialog>
  </div>`);
  const opener = wrap.querySelector('.opener') as HTMLButtonElement;
  const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
  // Its inert moment runs on a clock the test moves (whenArmed moves it): no test sleeps through it.
  const clock = manualClock();
  dialog.clock = clock;
  await dialog.updateComplete;
  opener.focus();
  return { wrap, opener, dialog, clock };
}

/** Two dialogs of two places on the page (two surfaces, two elements), as a page with two of them has. */
async function two() {
  const wrap = await fixture<HTMLElement>(html`<div>
    <section class="a"><ae-confirm-dialog></ae-confirm-dialog></section>
    <section class="b"><ae-confirm-dialog></ae-confirm-dialog></section>
  </div>`);
  const [a, b] = [...wrap.querySelectorAll('ae-confirm-dialog')] as AeConfirmDialogElement[];
  a!.clock = manualClock();
  b!.clock = manualClock();
  await Promise.all([a!.updateComplete, b!.updateComplete]);
  return { wrap, a: a!, b: b! };
}

const part = (d: AeConfirmDialogElement, name: string) => d.shadowRoot!.querySelector(`[part="${name}"]`) as HTMLElement;
const box = (d: AeConfirmDialogElement) => part(d, 'dialog') as HTMLDialogElement;
const deepActive = () => {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};
const centre = (el: Element): [number, number] => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};
/** The answer if it came within `ms`, else 'pending'. */
const within = <T,>(p: Promise<T>, ms: number) => Promise.race([p, tick(ms).then(() => 'pending' as const)]);
/** Every `<dialog>` open on the page, in every dialog element's shadow root. */
const openBoxes = () => [...document.querySelectorAll('ae-confirm-dialog')].filter((d) => (d as AeConfirmDialogElement).shadowRoot?.querySelector('dialog')?.open);
const waitOpen = async (d: AeConfirmDialogElement) => {
  for (let i = 0; i < 200 && !box(d)?.open; i++) await tick(5);
  expect(box(d).open, 'the dialog opened').to.equal(true);
};

afterEach(async () => {
  await resetMouse();
});

describe('ae-confirm-dialog', () => {
  it('registers its tag', () => {
    expect(customElements.get('ae-confirm-dialog')).to.equal(AeConfirmDialogElement);
  });

  it('is closed until asked', async () => {
    const { dialog } = await setup();
    expect(dialog.open).to.equal(false);
    expect(box(dialog).open).to.equal(false);
  });

  it('opens modally with the sentence, moves focus to Cancel, resolves true on Confirm and returns focus', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Send $20 to Ana?', opener);
    await waitOpen(dialog);
    expect(box(dialog).matches(':modal')).to.equal(true);
    expect(part(dialog, 'sentence').textContent).to.equal('Send $20 to Ana?');
    expect(part(dialog, 'title').textContent).to.equal('Please confirm');
    expect(deepActive()).to.equal(part(dialog, 'cancel'));
    await pressDialog(dialog, 'confirm');
    expect(await answer).to.equal(true);
    expect(box(dialog).open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('resolves false on Cancel', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('request() says how it ended: confirmed, cancelled', async () => {
    const { dialog } = await setup();
    const yes = dialog.request({ sentence: 'Go?' });
    await pressDialog(dialog, 'confirm');
    expect(await yes).to.equal('confirmed');
    const no = dialog.request({ sentence: 'Go?' });
    await pressDialog(dialog, 'cancel');
    expect(await no).to.equal('cancelled');
  });

  it('Escape cancels at once (a no needs no waiting) and returns focus to the opener', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await waitOpen(dialog);
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(false);
    expect(box(dialog).open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('Enter on the focused Cancel does not confirm', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Delete the file?');
    await whenArmed(dialog);
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal(false);
  });

  it('keyboard: Tab then Enter confirms', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Delete the file?');
    await whenArmed(dialog);
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(part(dialog, 'confirm'));
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal(true);
  });

  it('keyboard: Tab stays inside the dialog, through the list of params', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Send?', details: paramDetails({ to: 'ana', note: 'x'.repeat(3000) }, { required: ['to'] }) });
    await whenArmed(dialog);
    const seen = new Set<Element | null>();
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      seen.add(deepActive());
      expect(box(dialog).contains(deepActive()), `focus inside after ${i + 1} Tab`).to.equal(true);
    }
    expect(seen.has(part(dialog, 'details'))).to.equal(true);
    expect(seen.has(part(dialog, 'cancel'))).to.equal(true);
    expect(seen.has(part(dialog, 'confirm'))).to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal('cancelled');
  });

  it('returns focus to whatever had it when no opener is given', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Go on?');
    await pressDialog(dialog, 'cancel');
    await answer;
    expect(document.activeElement).to.equal(opener);
  });

  it('shows a sentence with markup as text', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Pay <b>everything</b><img src=x onerror="alert(1)"> now?');
    await waitOpen(dialog);
    const sentence = part(dialog, 'sentence');
    expect(sentence.textContent).to.equal('Pay <b>everything</b><img src=x onerror="alert(1)"> now?');
    expect(sentence.querySelector('b, img')).to.equal(null);
    await pressDialog(dialog, 'cancel');
    await answer;
  });

  it('uses the app’s words', async () => {
    const { dialog } = await setup();
    dialog.strings = { confirm: 'Ja, senden', cancel: 'Abbrechen', confirmTitle: 'Bitte bestätigen' };
    const answer = dialog.ask('Senden?');
    await waitOpen(dialog);
    expect(part(dialog, 'confirm').textContent!.trim()).to.equal('Ja, senden');
    expect(part(dialog, 'cancel').textContent).to.equal('Abbrechen');
    expect(part(dialog, 'title').textContent).to.equal('Bitte bestätigen');
    await pressDialog(dialog, 'cancel');
    await answer;
  });

  it('a second ask waits its turn: it opens only once the first was answered', async () => {
    const { dialog } = await setup();
    const first = dialog.ask('First?');
    const second = dialog.ask('Second?');
    await waitOpen(dialog);
    expect(part(dialog, 'sentence').textContent).to.equal('First?');
    await pressDialog(dialog, 'cancel');
    expect(await first).to.equal(false);
    await waitOpen(dialog);
    expect(part(dialog, 'sentence').textContent).to.equal('Second?');
    await pressDialog(dialog, 'confirm');
    expect(await second).to.equal(true);
  });

  it('removing it while open answers false (withdrawn), and the page is not left inert', async () => {
    const { dialog, wrap } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await waitOpen(dialog);
    dialog.remove();
    expect(await answer).to.equal('withdrawn');
    expect(openBoxes()).to.have.length(0);
    expect(wrap.querySelector('.opener')!.matches(':modal')).to.equal(false);
  });

  it('fires ae-confirm-close with the answer', async () => {
    const { dialog } = await setup();
    let detail: unknown;
    let confirmed: unknown;
    let said: unknown;
    dialog.addEventListener('ae-confirm-close', (e) => {
      detail = e.detail;
      confirmed = e.confirmed;
      said = e.answer;
    });
    const answer = dialog.ask('Go?');
    await pressDialog(dialog, 'confirm');
    await answer;
    expect(detail).to.deep.equal({ confirmed: true, answer: 'confirmed' });
    expect(confirmed).to.equal(true);
    expect(said).to.equal('confirmed');
  });

  for (const theme of ['light', 'dark']) {
    it(`is accessible while its buttons are inert, once they are active, and with its list of params (${theme})`, async () => {
      const { dialog } = await setup(theme);
      const answer = dialog.request({
        sentence: 'Send $20 to Ana?',
        details: paramDetails({ to: 'Ana', amount: 20, memo: 'line\n'.repeat(80), empty: null }, { required: ['to', 'amount'] }),
      });
      await waitOpen(dialog);
      expect(dialog.armed).to.equal(false);
      await expect(dialog).to.be.accessible();
      await whenArmed(dialog);
      await expect(dialog).to.be.accessible();
      await pressDialog(dialog, 'cancel');
      await answer;
      const plain = dialog.ask('Go?');
      await whenArmed(dialog);
      await expect(dialog).to.be.accessible();
      await pressDialog(dialog, 'cancel');
      await plain;
    });
  }
});

describe('ae-confirm-dialog: one dialog at a time for the whole page (issue 15, item 8)', () => {
  it('two elements asking at once: one dialog open, in order; the next appears only after the previous closed', async () => {
    const { a, b } = await two();
    const first = a.ask('Delete A?');
    const second = b.ask('Delete B?');
    await waitOpen(a);
    await tick(50);
    expect(openBoxes()).to.deep.equal([a]);
    expect(approvalQueue().waiting).to.equal(1);
    await pressDialog(a, 'confirm');
    expect(await first).to.equal(true);
    await waitOpen(b);
    expect(openBoxes()).to.deep.equal([b]);
    await pressDialog(b, 'cancel');
    expect(await second).to.equal(false);
  });

  it('a double-click at the dialog’s position confirms only the dialog the person saw (repro)', async () => {
    const { a, b } = await two();
    const first = a.ask('Delete A?');
    const second = b.ask('Delete B?');
    await waitOpen(a);
    // The person reads the first one, then double-clicks its Confirm.
    await whenArmed(a);
    const at = centre(part(a, 'confirm'));
    await sendMouse({ type: 'click', position: at });
    await sendMouse({ type: 'click', position: at });
    expect(await first).to.equal(true);
    // The second click landed on the next dialog, at the same spot, as it appeared: it answered nothing.
    expect(await within(second, 300)).to.equal('pending');
    expect(box(b).open).to.equal(true);
    expect(centre(part(b, 'confirm'))).to.deep.equal(at);
    await pressDialog(b, 'cancel');
    expect(await second).to.equal(false);
  });

  it('a single click landing just as a dialog appears does nothing (repro)', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Delete everything?');
    await waitOpen(dialog);
    await sendMouse({ type: 'click', position: centre(part(dialog, 'confirm')) });
    expect(await within(answer, 200)).to.equal('pending');
    expect(box(dialog).open).to.equal(true);
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal(false);
  });

  it('a click on Cancel while its buttons are inert does nothing either', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await waitOpen(dialog);
    await pressReally(part(dialog, 'cancel'));
    expect(await within(answer, 100)).to.equal('pending');
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal('cancelled');
  });

  it('a press that began while the buttons were inert does not confirm when released after', async () => {
    const { dialog, clock } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await waitOpen(dialog);
    const at = centre(part(dialog, 'confirm'));
    await sendMouse({ type: 'move', position: at });
    await sendMouse({ type: 'down' });
    clock.advance(CONFIRM_INERT_MS);
    expect(dialog.armed).to.equal(true);
    await sendMouse({ type: 'up' });
    expect(await within(answer, 150)).to.equal('pending');
    // A fresh click, begun after, is an answer.
    await sendMouse({ type: 'click', position: at });
    expect(await answer).to.equal('confirmed');
  });

  it('the inert period shows: Confirm is aria-disabled and outlined until its buttons take activation', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await waitOpen(dialog);
    const confirm = part(dialog, 'confirm');
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    expect(getComputedStyle(confirm).borderTopStyle).to.equal('dashed');
    expect(deepActive()).to.equal(part(dialog, 'cancel'));
    await whenArmed(dialog);
    await dialog.updateComplete;
    expect(confirm.hasAttribute('aria-disabled')).to.equal(false);
    expect(getComputedStyle(confirm).borderTopStyle).to.equal('solid');
    await pressDialog(dialog, 'cancel');
    await answer;
  });

  it('inert again after the dialog moves or is resized (the window changed size)', async () => {
    await setViewport({ width: 1000, height: 700 });
    try {
      const { dialog } = await setup();
      const answer = dialog.request({ sentence: 'Go?' });
      await whenArmed(dialog);
      await setViewport({ width: 700, height: 500 });
      await tick(50);
      await pressReally(part(dialog, 'confirm'));
      expect(await within(answer, 100)).to.equal('pending');
      expect(dialog.armed).to.equal(false);
      await pressDialog(dialog, 'confirm');
      expect(await answer).to.equal('confirmed');
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('inert again after its content changes', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await whenArmed(dialog);
    dialog.strings = { confirm: 'Yes, delete everything' };
    await dialog.updateComplete;
    await tick(20);
    expect(dialog.armed).to.equal(false);
    await pressReally(part(dialog, 'confirm'));
    expect(await within(answer, 100)).to.equal('pending');
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal('cancelled');
  });
});

describe('ae-confirm-dialog: never an invisible modal (issue 15, item 2/4)', () => {
  const hosts = {
    'inside a hidden container': html`<div hidden><ae-confirm-dialog></ae-confirm-dialog></div>`,
    'inside a display:none container': html`<div style="display:none"><ae-confirm-dialog></ae-confirm-dialog></div>`,
    'inside a visibility:hidden container': html`<div style="visibility:hidden"><ae-confirm-dialog></ae-confirm-dialog></div>`,
    'in a container of zero size': html`<div style="width:0;height:0;overflow:hidden"><ae-confirm-dialog></ae-confirm-dialog></div>`,
  };
  for (const [where, template] of Object.entries(hosts)) {
    it(`${where}: answers unseen at once, opens nothing, leaves the page usable (repro)`, async () => {
      const wrap = await fixture<HTMLElement>(html`<div><button class="outside">Elsewhere</button>${template}</div>`);
      const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
      await dialog.updateComplete;
      const outside = wrap.querySelector<HTMLButtonElement>('.outside')!;
      outside.focus();
      const answer = dialog.request({ sentence: 'Delete everything?' });
      expect(await within(answer, 1000)).to.equal('unseen');
      expect(box(dialog).open).to.equal(false);
      expect(openBoxes()).to.have.length(0);
      expect(document.activeElement).to.equal(outside);
      // The simple form says no.
      expect(await within(dialog.ask('Delete everything?'), 1000)).to.equal(false);
    });
  }

  it('not in the page: unseen', async () => {
    const dialog = document.createElement('ae-confirm-dialog');
    expect(await within(dialog.request({ sentence: 'Go?' }), 1000)).to.equal('unseen');
  });

  it('an unseen request does not hold the line: the next one opens', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <div hidden><ae-confirm-dialog class="hidden"></ae-confirm-dialog></div>
      <ae-confirm-dialog class="shown"></ae-confirm-dialog>
    </div>`);
    const hidden = wrap.querySelector('.hidden') as AeConfirmDialogElement;
    const shown = wrap.querySelector('.shown') as AeConfirmDialogElement;
    const first = hidden.request({ sentence: 'Hidden?' });
    const second = shown.request({ sentence: 'Shown?' });
    expect(await first).to.equal('unseen');
    await pressDialog(shown, 'cancel');
    expect(await second).to.equal('cancelled');
  });

  it('hidden while open: closes, answers unseen, the page is not left inert', async () => {
    const wrap = await fixture<HTMLElement>(html`<div><ae-confirm-dialog></ae-confirm-dialog></div>`);
    const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialogElement;
    const answer = dialog.request({ sentence: 'Go?' });
    await waitOpen(dialog);
    wrap.hidden = true;
    expect(await within(answer, 1000)).to.equal('unseen');
    expect(box(dialog).open).to.equal(false);
  });
});

describe('ae-confirm-dialog: withdrawal and deadlines (issue 15, item 7)', () => {
  it('a signal that aborts while shown withdraws it: closed, focus back, answer withdrawn', async () => {
    const { dialog, opener } = await setup();
    const stop = new AbortController();
    const answer = dialog.request({ sentence: 'Delete?', signal: stop.signal, opener });
    await waitOpen(dialog);
    stop.abort();
    expect(await answer).to.equal('withdrawn');
    expect(box(dialog).open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('a signal that aborts while waiting in line: never shown', async () => {
    const { a, b } = await two();
    const stop = new AbortController();
    const first = a.request({ sentence: 'A?' });
    const second = b.request({ sentence: 'B?', signal: stop.signal });
    await waitOpen(a);
    stop.abort();
    expect(await second).to.equal('withdrawn');
    await pressDialog(a, 'cancel');
    expect(await first).to.equal('cancelled');
    await tick(50);
    expect(box(b).open).to.equal(false);
  });

  it('an aborted signal or a passed deadline is withdrawn before anything opens', async () => {
    const { dialog } = await setup();
    expect(await dialog.request({ sentence: 'Go?', signal: AbortSignal.abort() })).to.equal('withdrawn');
    expect(await dialog.request({ sentence: 'Go?', deadline: Date.now() - 1 })).to.equal('withdrawn');
    expect(box(dialog).open).to.equal(false);
  });

  it('the deadline coming while shown withdraws it', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.request({ sentence: 'Delete?', deadline: Date.now() + 300, opener });
    await waitOpen(dialog);
    expect(await within(answer, 2000)).to.equal('withdrawn');
    expect(box(dialog).open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('a Confirm pressed in the same instant as the deadline is withdrawn', async () => {
    const { dialog } = await setup();
    // Room for the press to arrive before the deadline (a wall-clock time: approvalQueue.ts); the inert moment
    // passes on the dialog's manual clock.
    const deadline = Date.now() + 1500;
    const answer = dialog.request({ sentence: 'Delete?', deadline });
    await whenArmed(dialog);
    // The person's click lands in the deadline's instant, before its timer can run.
    await confirmAtDeadline(dialog, deadline);
    expect(await answer).to.equal('withdrawn');
  });

  it('dismiss() withdraws what it shows and what it has waiting', async () => {
    const { dialog } = await setup();
    const first = dialog.request({ sentence: 'A?' });
    const second = dialog.request({ sentence: 'B?' });
    await waitOpen(dialog);
    dialog.dismiss();
    expect(await first).to.equal('withdrawn');
    expect(await second).to.equal('withdrawn');
    expect(box(dialog).open).to.equal(false);
  });
});

describe('ae-confirm-dialog: every param that will run (issue 15, item 9)', () => {
  it('lists every param, required first, each value whole, in a labelled box that scrolls with the keyboard', async () => {
    const { dialog } = await setup();
    const params: Record<string, unknown> = {};
    for (let i = 1; i <= 8; i++) params[`note${i}`] = `note ${i} `.repeat(80);
    params.to = 'mallory';
    params.amount = 1_000_000;
    const answer = dialog.request({ sentence: 'Transfer?', details: paramDetails(params, { required: ['to', 'amount'] }) });
    await whenArmed(dialog);
    const names = [...dialog.shadowRoot!.querySelectorAll('[part="detail-name"]')].map((n) => n.textContent!.replace(/\s+/g, ' ').trim());
    const values = [...dialog.shadowRoot!.querySelectorAll('[part="detail-value"]')].map((n) => n.textContent!.trim());
    expect(names).to.deep.equal(['to (required)', 'amount (required)', 'note1', 'note2', 'note3', 'note4', 'note5', 'note6', 'note7', 'note8']);
    expect(values[0]).to.equal('mallory');
    expect(values[1]).to.equal('1000000');
    for (let i = 1; i <= 8; i++) expect(values[i + 1]).to.equal((params[`note${i}`] as string).trim());
    expect(dialog.shadowRoot!.textContent).to.not.match(/more details/);
    const details = part(dialog, 'details');
    expect(details.getAttribute('role')).to.equal('region');
    expect(details.getAttribute('aria-label')).to.equal('What will be sent');
    expect(details.tabIndex).to.equal(0);
    expect(getComputedStyle(details).overflowY).to.equal('auto');
    expect(details.scrollHeight).to.be.greaterThan(details.clientHeight);
    // The whole dialog still fits the window: the box scrolls, not the page.
    expect(box(dialog).getBoundingClientRect().bottom).to.be.at.most(window.innerHeight);
    details.focus();
    const top = details.scrollTop;
    await sendKeys({ press: 'PageDown' });
    await tick(50);
    expect(details.scrollTop).to.be.greaterThan(top);
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal('cancelled');
  });

  it('names and values are plain text without direction controls, an empty value says so', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({
      sentence: 'Pay \u202Egnp.exe?',
      details: paramDetails({ '\u202Efile': 'Pay \u202Egnp.exe', html: '<img src=x onerror=alert(1)>', none: null }),
    });
    await waitOpen(dialog);
    expect(part(dialog, 'sentence').textContent).to.equal('Pay gnp.exe?');
    const values = [...dialog.shadowRoot!.querySelectorAll('[part="detail-value"]')].map((n) => n.textContent!.trim());
    const names = [...dialog.shadowRoot!.querySelectorAll('[part="detail-name"]')].map((n) => n.textContent!.trim());
    expect(names).to.deep.equal(['file', 'html', 'none']);
    expect(values).to.deep.equal(['Pay gnp.exe', '<img src=x onerror=alert(1)>', '(empty)']);
    expect(dialog.shadowRoot!.querySelector('[part="details"] img')).to.equal(null);
    const run = dialog.shadowRoot!.querySelector('[part="detail-value"] .run')!;
    expect(getComputedStyle(run).unicodeBidi).to.equal('isolate');
    await sendKeys({ press: 'Escape' });
    await answer;
  });
});

describe('ae-confirm-dialog: only a person answers (issue 26, item 1)', () => {
  it('a script’s .click() or dispatched click on an active Confirm does not confirm; the real mouse does (repro)', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    const confirm = part(dialog, 'confirm');
    scriptClick(confirm);
    confirm.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, detail: 1 }));
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) confirm.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, cancelable: true }));
    expect(await within(answer, 150)).to.equal('pending');
    expect(box(dialog).open).to.equal(true);
    await pressDialog(dialog, 'confirm');
    expect(await answer).to.equal('confirmed');
  });

  it('synthetic Enter and Space on a focused Confirm do not confirm; the real keyboard does', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    const confirm = part(dialog, 'confirm');
    confirm.focus();
    for (const key of ['Enter', ' ']) {
      confirm.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }));
      confirm.dispatchEvent(new KeyboardEvent('keypress', { key, bubbles: true, composed: true, cancelable: true }));
      confirm.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true, cancelable: true }));
    }
    expect(await within(answer, 150)).to.equal('pending');
    expect(deepActive()).to.equal(confirm);
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal('confirmed');
  });

  it('closing the box from a script (close() with a return value, a close request) is a no, never a yes', async () => {
    const { dialog } = await setup();
    const first = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    box(dialog).returnValue = 'confirm';
    box(dialog).close('confirm');
    expect(await first).to.equal('cancelled');
    const second = dialog.request({ sentence: 'Send $500 to Mallory?' });
    await whenArmed(dialog);
    box(dialog).dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(await second).to.equal('cancelled');
  });

  it('an invoker commanding the box (close, request-close, a custom command) is never a yes', async () => {
    const { dialog, wrap } = await setup();
    for (const command of ['close', 'request-close', '--confirm']) {
      const asked = dialog.request({ sentence: 'Send $500 to Mallory?' });
      await whenArmed(dialog);
      const invoker = document.createElement('button');
      invoker.setAttribute('command', command);
      (invoker as HTMLButtonElement & { commandForElement: Element | null }).commandForElement = box(dialog);
      wrap.append(invoker);
      scriptClick(invoker);
      expect(await within(asked, 150), command).to.not.equal('confirmed');
      invoker.remove();
      if ((await within(asked, 0)) === 'pending') await pressDialog(dialog, 'cancel');
      expect(await asked, command).to.equal('cancelled');
    }
  });

  it('Cancel, too, answers only a person’s press (Escape and closing stay a no from anywhere)', async () => {
    const { dialog } = await setup();
    const answer = dialog.request({ sentence: 'Go?' });
    await whenArmed(dialog);
    scriptClick(part(dialog, 'cancel'));
    expect(await within(answer, 150)).to.equal('pending');
    await pressDialog(dialog, 'cancel');
    expect(await answer).to.equal('cancelled');
  });
});
