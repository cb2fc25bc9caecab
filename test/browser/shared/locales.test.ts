import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import '../../../elements/omni-screen/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import { registerLocale } from '../../../strings/locales.js';
import { de } from '../../../strings/de.js';
import { en } from '../../../strings/en.js';

const missingText = async (screen: OmniScreenElement) => {
  await screen.updateComplete;
  for (const n of screen.shadowRoot!.querySelectorAll('omni-node')) await n.updateComplete;
  return screen.shadowRoot!.querySelector('.fallback')?.textContent?.trim();
};

async function screenIn(lang: string | null, own?: string): Promise<OmniScreenElement> {
  const wrap = await fixture<HTMLDivElement>(html`<div lang=${lang ?? ''}><omni-screen lang=${own ?? ''}></omni-screen></div>`);
  if (!lang) wrap.removeAttribute('lang');
  const screen = wrap.querySelector('omni-screen')!;
  if (!own) screen.removeAttribute('lang');
  screen.write('root = Stack([gone])\n');
  screen.end();
  return screen;
}

describe('languages: registerLocale() and lang pick the words of every element', () => {
  it('a screen whose page part is German speaks German once German is registered', async () => {
    registerLocale('de', de);
    expect(await missingText(await screenIn('de'))).to.equal(de.missing);
  });

  it('a regional tag falls back to its language, and its own lang beats the page part', async () => {
    registerLocale('de', de);
    expect(await missingText(await screenIn('en', 'de-AT'))).to.equal(de.missing);
  });

  it('a language nobody registered stays English', async () => {
    expect(await missingText(await screenIn('fr'))).to.equal(en.missing);
  });

  it('the app’s strings win over the language', async () => {
    registerLocale('de', de);
    const screen = await screenIn('de');
    screen.strings = { missing: 'Fehlt.' };
    await screen.updateComplete;
    expect(await missingText(screen)).to.equal('Fehlt.');
  });

  it('registering after the screen is drawn redraws it in the new words', async () => {
    const screen = await screenIn('nl');
    expect(await missingText(screen)).to.equal(en.missing);
    registerLocale('nl', { missing: 'Dit deel is niet aangekomen.' });
    await new Promise((r) => setTimeout(r, 0));
    expect(await missingText(screen)).to.equal('Dit deel is niet aangekomen.');
  });
});
