// AnnouncerController on a tiny host: one polite region, everything said in a frame said together once, the same
// words said twice read twice, and words still waiting for a frame dropped when the host leaves the page.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../mocha.js';
import { AnnouncerController } from '../../../../elements/shared/controllers/announcer.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { SignalWatcher } from '../../../../elements/shared/base/signalWatcher.js';

class TestAnnouncerHost extends SignalWatcher(LitElement) {
  readonly announcer = new AnnouncerController(this);
  protected override render() {
    return this.announcer.render();
  }
}
defineElement('test-announcer-host', TestAnnouncerHost);

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const region = (el: TestAnnouncerHost) => el.shadowRoot!.querySelector('[part="announcer"]') as HTMLElement;

async function host() {
  return fixture<TestAnnouncerHost>(html`<test-announcer-host></test-announcer-host>`);
}

describe('AnnouncerController', () => {
  it('draws one polite, atomic, visually hidden region, named by its part', async () => {
    const el = await host();
    const r = region(el);
    expect(r.getAttribute('aria-live')).to.equal('polite');
    expect(r.getAttribute('aria-atomic')).to.equal('true');
    expect(r.classList.contains('visually-hidden')).to.equal(true);
    expect(r.textContent).to.equal('');
  });

  it('says everything announced in one frame together, once', async () => {
    const el = await host();
    el.announcer.announce('Saved.');
    el.announcer.announce('');
    el.announcer.announce('Two items left.');
    expect(el.announcer.said).to.equal('');
    await frame();
    expect(el.announcer.said).to.equal('Saved. Two items left.');
    await el.updateComplete;
    expect(region(el).textContent).to.equal('Saved. Two items left.');
  });

  it('the same words said again are cleared first, so they are read again', async () => {
    const el = await host();
    el.announcer.announce('Done.');
    await frame();
    expect(el.announcer.said).to.equal('Done.');
    el.announcer.announce('Done.');
    // Cleared at once: the region changes twice, and a screen reader reads the second "Done." too.
    expect(el.announcer.said).to.equal('');
    await frame();
    expect(el.announcer.said).to.equal('Done.');
  });

  it('clear() forgets what was said and what was waiting', async () => {
    const el = await host();
    el.announcer.announce('First.');
    await frame();
    el.announcer.announce('Second.');
    el.announcer.clear();
    await frame();
    expect(el.announcer.said).to.equal('');
  });

  it('words waiting for a frame when the host leaves the page are dropped', async () => {
    const el = await host();
    el.announcer.announce('About a moment that has passed.');
    el.remove();
    await frame();
    expect(el.announcer.said).to.equal('');
    document.body.append(el);
    await frame();
    expect(el.announcer.said).to.equal('');
    el.remove();
  });

  it('the region is accessible', async () => {
    const el = await host();
    el.announcer.announce('Hello.');
    await frame();
    await expect(el).to.be.accessible();
  });
});
