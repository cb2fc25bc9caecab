/**
 * SignalWatcher: an element draws again when a signal its last render read changes, whether it keeps a computed
 * (its render read one) or listens to the states it read, with watchers shared by many elements.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, html as litHtml } from 'lit';
import { Signal } from '../../../elements/shared/base/signals.js';
import { describe, it } from './mocha.js';
import { SignalWatcher } from '../../../elements/shared/base/signalWatcher.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

/** Draws `read()` and counts its renders; `onUpdated` runs in updated() (a render that writes what it read). */
class Reader extends SignalWatcher(LitElement) {
  read: () => string = () => '';
  onUpdated: (() => void) | null = null;
  renders = 0;
  override render() {
    this.renders++;
    return litHtml`<p>${this.read()}</p>`;
  }
  override updated() {
    this.onUpdated?.();
  }
  get shown() {
    return this.renderRoot.querySelector('p')!.textContent;
  }
}
defineElement('test-signal-reader', Reader);

async function reader(read: () => string): Promise<Reader> {
  const el = await fixture<Reader>(html`<test-signal-reader .read=${read}></test-signal-reader>`);
  await el.updateComplete;
  return el;
}

describe('SignalWatcher', () => {
  it('a render that read only states draws again when one of them changes; set() then await updateComplete sees it', async () => {
    const a = new Signal.State('one');
    const b = new Signal.State('!');
    const el = await reader(() => a.get() + b.get());
    expect(el.shown).to.equal('one!');
    a.set('two');
    await el.updateComplete;
    expect(el.shown).to.equal('two!');
    b.set('?');
    await el.updateComplete;
    expect(el.shown).to.equal('two?');
  });

  it('a render that read a computed draws again when what the computed read changes', async () => {
    const a = new Signal.State(1);
    const doubled = new Signal.Computed(() => a.get() * 2);
    const el = await reader(() => String(doubled.get()));
    expect(el.shown).to.equal('2');
    a.set(5);
    await el.updateComplete;
    expect(el.shown).to.equal('10');
    a.set(6);
    await el.updateComplete;
    expect(el.shown).to.equal('12');
  });

  it('a state set back to the value drawn before anyone looked draws nothing more', async () => {
    const a = new Signal.State('same');
    const el = await reader(() => a.get());
    const before = el.renders;
    a.set('other');
    a.set('same');
    await el.updateComplete;
    await tick();
    expect(el.shown).to.equal('same');
    expect(el.renders).to.equal(before);
  });

  it('an update that changes a state its render already read draws again, with the new value', async () => {
    const a = new Signal.State(0);
    const el = await reader(() => `n=${a.get()}`);
    el.onUpdated = () => {
      if (a.get() < 3) a.set(a.get() + 1);
    };
    a.set(1);
    for (let i = 0; i < 5; i++) {
      await el.updateComplete;
      await tick();
    }
    expect(a.get()).to.equal(3);
    expect(el.shown).to.equal('n=3');
  });

  it('forty elements reading one state (two shared watchers): each draws its change, and one leaving deafens no other', async () => {
    const shared = new Signal.State('a');
    const own = Array.from({ length: 40 }, (_, i) => new Signal.State(i));
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const els = own.map((s) => {
      const el = document.createElement('test-signal-reader') as Reader;
      el.read = () => `${shared.get()}${s.get()}`;
      host.append(el);
      return el;
    });
    await Promise.all(els.map((el) => el.updateComplete));
    expect(els.map((el) => el.shown)).to.deep.equal(own.map((_, i) => `a${i}`));
    // One element gone: it stops listening, the others (its watcher's too) still hear the state they share.
    els[0]!.remove();
    shared.set('b');
    own[7]!.set(70);
    await Promise.all(els.map((el) => el.updateComplete));
    expect(els.slice(1).map((el) => el.shown)).to.deep.equal(own.slice(1).map((s) => `b${s.get()}`));
    expect(els[7]!.shown).to.equal('b70');
    // Only the one whose own state changed drew for it.
    const renders = els.map((el) => el.renders);
    own[30]!.set(300);
    await Promise.all(els.map((el) => el.updateComplete));
    await tick();
    expect(els.map((el) => el.renders)).to.deep.equal(renders.map((n, i) => (i === 30 ? n + 1 : n)));
    expect(els[30]!.shown).to.equal('b300');
  });

  it('a disconnected element hears nothing; put back, it draws what changed meanwhile', async () => {
    const a = new Signal.State('before');
    const el = await reader(() => a.get());
    const parent = el.parentElement!;
    el.remove();
    const renders = el.renders;
    a.set('while away');
    await tick();
    expect(el.renders).to.equal(renders);
    parent.append(el);
    await el.updateComplete;
    expect(el.shown).to.equal('while away');
    a.set('back');
    await el.updateComplete;
    expect(el.shown).to.equal('back');
  });
});
