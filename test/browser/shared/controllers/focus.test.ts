// FocusController on a tiny host: focus that was inside a part that redraws goes to the part's first enabled
// button (Cancel ↔ Retry), or the part itself, never the page; focus elsewhere is left alone; reveal() asks the
// containers around a control to show it, waits for them, then focuses it.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { describe, it } from '../mocha.js';
import { FocusController, RevealEvent } from '../../../../elements/shared/controllers/focus.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { deepActiveElement } from '../../../../elements/shared/base/deepActiveElement.js';

class TestFocusHost extends LitElement {
  readonly focusing = new FocusController(this);
  @property() mode: 'cancel' | 'retry' | 'none' = 'cancel';
  protected override render() {
    return html`<div class="line" tabindex="-1">
        ${this.mode === 'cancel' ? html`<button class="cancel">Cancel</button>` : nothing}
        ${this.mode === 'retry' ? html`<button class="retry" disabled>Wait</button><button class="retry">Retry</button>` : nothing}
      </div>
      <button class="other">Elsewhere</button>
      <div class="tab" hidden><input class="field" aria-label="Name" /></div>`;
  }
}
defineElement('test-focus-host', TestFocusHost);

const $ = <T extends HTMLElement>(el: TestFocusHost, s: string) => el.shadowRoot!.querySelector<T>(s)!;

describe('FocusController', () => {
  it('keepWithin: focus on a button that goes away moves to the first enabled button that takes its place', async () => {
    const el = await fixture<TestFocusHost>(html`<test-focus-host></test-focus-host>`);
    $(el, '.cancel').focus();
    el.focusing.keepWithin('.line', () => (el.mode = 'retry'));
    await el.updateComplete;
    await el.updateComplete;
    expect(deepActiveElement()).to.equal(el.shadowRoot!.querySelectorAll('.retry')[1]);
  });

  it('keepWithin: with no enabled button left, the part itself takes focus, not the page', async () => {
    const el = await fixture<TestFocusHost>(html`<test-focus-host></test-focus-host>`);
    $(el, '.cancel').focus();
    el.focusing.keepWithin('.line', () => (el.mode = 'none'));
    await el.updateComplete;
    await el.updateComplete;
    expect(deepActiveElement()).to.equal($(el, '.line'));
  });

  it('keepWithin: focus outside the part stays where it is', async () => {
    const el = await fixture<TestFocusHost>(html`<test-focus-host></test-focus-host>`);
    $(el, '.other').focus();
    el.focusing.keepWithin('.line', () => (el.mode = 'retry'));
    await el.updateComplete;
    await el.updateComplete;
    expect(deepActiveElement()).to.equal($(el, '.other'));
  });

  it('reveal: a container hears ae-reveal (bubbling, not leaving the shadow root), is waited for, then the control has focus', async () => {
    const el = await fixture<TestFocusHost>(html`<test-focus-host></test-focus-host>`);
    const tab = $(el, '.tab');
    const field = $<HTMLInputElement>(el, '.field');
    let heard: RevealEvent | null = null;
    tab.addEventListener(RevealEvent.eventName, (e) => {
      heard = e as RevealEvent;
      heard.waits.push(new Promise<void>((r) => setTimeout(() => ((tab.hidden = false), r()), 30)));
    });
    let escaped = false;
    const outside = () => (escaped = true);
    document.addEventListener(RevealEvent.eventName, outside);
    try {
      await el.focusing.reveal(field);
    } finally {
      document.removeEventListener(RevealEvent.eventName, outside);
    }
    expect(heard).to.be.instanceOf(RevealEvent);
    expect(heard!.bubbles).to.equal(true);
    expect(heard!.composed).to.equal(false);
    expect(escaped).to.equal(false);
    expect(tab.hidden).to.equal(false);
    expect(deepActiveElement()).to.equal(field);
  });

  it('reveal: waits for what the caller adds too; a control that left the page meanwhile is not focused', async () => {
    const el = await fixture<TestFocusHost>(html`<test-focus-host></test-focus-host>`);
    const other = $(el, '.other');
    other.focus();
    const field = $<HTMLInputElement>(el, '.field');
    const drawn = new Promise<void>((r) => setTimeout(() => (field.remove(), r()), 20));
    await el.focusing.reveal(field, [drawn]);
    expect(deepActiveElement()).to.equal(other);
  });
});
