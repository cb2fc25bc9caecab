/**
 * One signal graph (issue 30 item 5): an app that uses Lit's signals (`@lit-labs/signals`) and the package's
 * elements and engine share it, so an app's computed sees a screen's state and an element draws an app's signal.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, html as litHtml } from 'lit';
import { Signal as LitSignal, computed, signal } from '@lit-labs/signals';
import { Signal } from '../../../elements/shared/base/signals.js';
import { Signal as EngineSignal } from '../../../src/signals.js';
import { createOpStream } from '../../../src/ops/index.js';
import { SignalWatcher } from '../../../elements/shared/base/signalWatcher.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';
import { describe, it } from './mocha.js';

class AppReader extends SignalWatcher(LitElement) {
  read: () => string = () => '';
  override render() {
    return litHtml`<p>${this.read()}</p>`;
  }
}
defineElement('test-app-signal-reader', AppReader);

describe('signals: one graph with an app using @lit-labs/signals', () => {
  it('the elements and the engine take the very Signal an app takes from @lit-labs/signals', () => {
    expect(Signal).to.equal(LitSignal);
    expect(EngineSignal).to.equal(LitSignal);
  });

  it("an app's computed sees the engine's document change, and a computed of the elements' sees an app's signal", () => {
    const stream = createOpStream();
    const count = computed(() => stream.document.roots.length);
    expect(count.get()).to.equal(0);
    stream.write('{"op":"node","id":"0","type":"p","spans":[{"t":"text","v":"a"}]}\n');
    expect(count.get()).to.equal(1);

    const price = signal(2);
    const total = new Signal.Computed(() => price.get() * 3);
    expect(total.get()).to.equal(6);
    price.set(5);
    expect(total.get()).to.equal(15);
  });

  it("an element draws again when an app's signal it read is set", async () => {
    const name = signal('Ada');
    const greeting = computed(() => `hello ${name.get()}`);
    const el = await fixture<AppReader>(html`<test-app-signal-reader .read=${() => greeting.get()}></test-app-signal-reader>`);
    await el.updateComplete;
    expect(el.renderRoot.querySelector('p')!.textContent).to.equal('hello Ada');
    name.set('Grace');
    await el.updateComplete;
    expect(el.renderRoot.querySelector('p')!.textContent).to.equal('hello Grace');
  });
});
