import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import { AePlaceholderElement } from '../../../elements/shared/elements/placeholder.js';
import { AeFallbackElement } from '../../../elements/shared/elements/fallback.js';
import { en } from '../../../strings/en.js';

const block = (el: Element) => el.shadowRoot!.querySelector('[part="block"]') as HTMLElement;

describe('ae-placeholder', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('registers its tag', () => {
    expect(customElements.get('ae-placeholder')).to.equal(AePlaceholderElement);
  });

  it('says "Loading…" to assistive technology', async () => {
    const el = await fixture<AePlaceholderElement>(html`<ae-placeholder></ae-placeholder>`);
    expect(block(el).textContent!.trim()).to.equal(en.loading);
  });

  it('takes the placing element’s word as its label, as text', async () => {
    const el = await fixture<AePlaceholderElement>(html`<ae-placeholder .label=${"<i>Lädt…</i>"}></ae-placeholder>`);
    expect(block(el).textContent!.trim()).to.equal('<i>Lädt…</i>');
    expect(block(el).querySelector('i')).to.equal(null);
    el.label = 'Loading chart…';
    await el.updateComplete;
    expect(block(el).textContent!.trim()).to.equal('Loading chart…');
  });

  it('sizes itself from the hint', async () => {
    const wrap = await fixture<HTMLElement>(html`<div style="width: 400px">
      <ae-placeholder size="text"></ae-placeholder>
      <ae-placeholder size="control"></ae-placeholder>
      <ae-placeholder></ae-placeholder>
      <ae-placeholder size="chart"></ae-placeholder>
    </div>`);
    const heights = [...wrap.querySelectorAll('ae-placeholder')].map((p) => p.getBoundingClientRect().height);
    expect(heights[0]).to.be.within(20, 30);
    expect(heights[1]).to.equal(40);
    expect(heights[2]).to.equal(96);
    expect(heights[3]).to.equal(200);
  });

  it('shimmers, unless reduced motion is asked for', async () => {
    const el = await fixture<AePlaceholderElement>(html`<ae-placeholder></ae-placeholder>`);
    expect(getComputedStyle(block(el)).animationName).to.equal('ae-shimmer');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(getComputedStyle(block(el)).animationName).to.equal('none');
  });

  for (const theme of ['light', 'dark']) {
    it(`is accessible (${theme})`, async () => {
      const el = await fixture<AePlaceholderElement>(html`<ae-placeholder theme=${theme}></ae-placeholder>`);
      await expect(el).to.be.accessible();
    });
  }
});

describe('ae-fallback', () => {
  it('registers its tag', () => {
    expect(customElements.get('ae-fallback')).to.equal(AeFallbackElement);
  });

  it('says why, by kind', async () => {
    const el = await fixture<AeFallbackElement>(html`<ae-fallback></ae-fallback>`);
    expect(block(el).textContent!.trim()).to.equal(en.missing);
    el.kind = 'crashed';
    await el.updateComplete;
    expect(block(el).textContent!.trim()).to.equal(en.crashed);
    el.kind = 'unknown';
    await el.updateComplete;
    expect(block(el).textContent!.trim()).to.equal(en.unknownComponent);
  });

  it('shows the app’s words and a message as text', async () => {
    const el = await fixture<AeFallbackElement>(html`<ae-fallback kind="crashed" .strings=${{ crashed: '<b>Kaputt</b>' }}></ae-fallback>`);
    expect(block(el).textContent!.trim()).to.equal('<b>Kaputt</b>');
    expect(block(el).querySelector('b')).to.equal(null);
    el.message = 'Nope';
    await el.updateComplete;
    expect(block(el).textContent!.trim()).to.equal('Nope');
  });

  it('takes the size its placeholder had', async () => {
    const wrap = await fixture<HTMLElement>(html`<div style="width: 400px">
      <ae-placeholder size="chart"></ae-placeholder><ae-fallback size="chart"></ae-fallback>
      <ae-placeholder size="control"></ae-placeholder><ae-fallback size="control"></ae-fallback>
      <ae-placeholder></ae-placeholder><ae-fallback></ae-fallback>
    </div>`);
    const [pc, fc, pk, fk, pb, fb] = [...wrap.children].map((c) => c.getBoundingClientRect().height);
    expect(fc).to.equal(pc);
    expect(fk).to.equal(pk);
    expect(fb).to.equal(pb);
  });

  for (const theme of ['light', 'dark']) {
    it(`is accessible (${theme})`, async () => {
      const el = await fixture<AeFallbackElement>(html`<ae-fallback theme=${theme} kind="crashed"></ae-fallback>`);
      await expect(el).to.be.accessible();
    });
  }
});
