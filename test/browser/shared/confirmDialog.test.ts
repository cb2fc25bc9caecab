import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from './mocha.js';
import { AeConfirmDialog } from '../../../elements/shared/elements/confirmDialog.js';

async function setup(theme = 'light') {
  const wrap = await fixture<HTMLElement>(html`<div>
    <button class="opener">Pay</button>
    <ae-confirm-dialog theme=${theme}></ae-confirm-dialog>
  </div>`);
  const opener = wrap.querySelector('.opener') as HTMLButtonElement;
  const dialog = wrap.querySelector('ae-confirm-dialog') as AeConfirmDialog;
  await dialog.updateComplete;
  opener.focus();
  return { wrap, opener, dialog };
}

const part = (d: AeConfirmDialog, name: string) => d.shadowRoot!.querySelector(`[part="${name}"]`) as HTMLElement;
const deepActive = () => {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

describe('ae-confirm-dialog', () => {
  it('registers its tag', () => {
    expect(customElements.get('ae-confirm-dialog')).to.equal(AeConfirmDialog);
  });

  it('is closed until asked', async () => {
    const { dialog } = await setup();
    expect(dialog.open).to.equal(false);
    expect((part(dialog, 'dialog') as HTMLDialogElement).open).to.equal(false);
  });

  it('opens modally with the sentence, moves focus to Cancel, resolves true on Confirm and returns focus', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Send $20 to Ana?', opener);
    await dialog.updateComplete;
    const box = part(dialog, 'dialog') as HTMLDialogElement;
    expect(box.open).to.equal(true);
    expect(box.matches(':modal')).to.equal(true);
    expect(part(dialog, 'sentence').textContent).to.equal('Send $20 to Ana?');
    expect(part(dialog, 'title').textContent).to.equal('Please confirm');
    expect(deepActive()).to.equal(part(dialog, 'cancel'));
    part(dialog, 'confirm').click();
    expect(await answer).to.equal(true);
    expect(box.open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('resolves false on Cancel', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await dialog.updateComplete;
    part(dialog, 'cancel').click();
    expect(await answer).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('Escape cancels and returns focus to the opener', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await dialog.updateComplete;
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(false);
    expect((part(dialog, 'dialog') as HTMLDialogElement).open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('Enter on the focused Cancel does not confirm', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await dialog.updateComplete;
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal(false);
  });

  it('keyboard: Tab then Enter confirms', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Delete the file?', opener);
    await dialog.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(part(dialog, 'confirm'));
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal(true);
  });

  it('returns focus to whatever had it when no opener is given', async () => {
    const { dialog, opener } = await setup();
    const answer = dialog.ask('Go on?');
    await dialog.updateComplete;
    part(dialog, 'cancel').click();
    await answer;
    expect(document.activeElement).to.equal(opener);
  });

  it('shows a sentence with markup as text', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Pay <b>everything</b><img src=x onerror="alert(1)"> now?');
    await dialog.updateComplete;
    const sentence = part(dialog, 'sentence');
    expect(sentence.textContent).to.equal('Pay <b>everything</b><img src=x onerror="alert(1)"> now?');
    expect(sentence.querySelector('b, img')).to.equal(null);
    part(dialog, 'cancel').click();
    await answer;
  });

  it('uses the app’s words', async () => {
    const { dialog } = await setup();
    dialog.strings = { confirm: 'Ja, senden', cancel: 'Abbrechen', confirmTitle: 'Bitte bestätigen' };
    const answer = dialog.ask('Senden?');
    await dialog.updateComplete;
    expect(part(dialog, 'confirm').textContent).to.equal('Ja, senden');
    expect(part(dialog, 'cancel').textContent).to.equal('Abbrechen');
    expect(part(dialog, 'title').textContent).to.equal('Bitte bestätigen');
    part(dialog, 'cancel').click();
    await answer;
  });

  it('a second ask answers the first with false', async () => {
    const { dialog } = await setup();
    const first = dialog.ask('First?');
    await dialog.updateComplete;
    const second = dialog.ask('Second?');
    expect(await first).to.equal(false);
    await dialog.updateComplete;
    expect(part(dialog, 'sentence').textContent).to.equal('Second?');
    part(dialog, 'confirm').click();
    expect(await second).to.equal(true);
  });

  it('removing it while open answers false', async () => {
    const { dialog } = await setup();
    const answer = dialog.ask('Go?');
    await dialog.updateComplete;
    dialog.remove();
    expect(await answer).to.equal(false);
  });

  it('fires ae-confirm-close with the answer', async () => {
    const { dialog } = await setup();
    let detail: unknown;
    let confirmed: unknown;
    dialog.addEventListener('ae-confirm-close', (e) => {
      detail = e.detail;
      confirmed = e.confirmed;
    });
    const answer = dialog.ask('Go?');
    await dialog.updateComplete;
    part(dialog, 'confirm').click();
    await answer;
    expect(detail).to.deep.equal({ confirmed: true });
    expect(confirmed).to.equal(true);
  });

  for (const theme of ['light', 'dark']) {
    it(`is accessible while open (${theme})`, async () => {
      const { dialog } = await setup(theme);
      const answer = dialog.ask('Send $20 to Ana?');
      await dialog.updateComplete;
      await expect(dialog).to.be.accessible();
      part(dialog, 'cancel').click();
      await answer;
    });
  }
});
