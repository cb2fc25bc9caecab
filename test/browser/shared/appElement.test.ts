// The one module both screens ask which app elements may be made and which property names stream text may
// reach: the security checks hold for every name a hostile stream could pick, and values are handed over once.
import { expect } from '@open-wc/testing';
import { Signal } from '../../../elements/shared/base/signals.js';
import { describe, it } from './mocha.js';
import { handed, handOver, isCustomElementName, isSafePropName, makeAppElement } from '../../../elements/shared/screen/appElement.js';

describe('app elements (shared screen kernel)', () => {
  it('accepts valid custom element names only', () => {
    for (const tag of ['my-map', 'x-a', 'app-time.line', 'a-b-c', 'my-el_2']) expect(isCustomElementName(tag), tag).to.equal(true);
    for (const tag of ['div', 'My-Map', 'my map', '-my-map', '1-map', 'my-<b>', '', 'img', null, 42, { toString: () => 'my-map' }]) {
      expect(isCustomElementName(tag), String(tag)).to.equal(false);
    }
  });

  it("refuses HTML's reserved names and the screens' own elements, for either screen", () => {
    for (const tag of ['annotation-xml', 'font-face', 'missing-glyph', 'omni-screen', 'omni-node', 'morph-screen', 'morph-node']) {
      expect(isCustomElementName(tag), tag).to.equal(false);
    }
  });

  it('lets stream text reach only names no HTMLElement has, never an on… handler, never the screen’s own', () => {
    for (const name of ['innerHTML', 'outerHTML', 'style', 'slot', 'className', 'id', 'hidden', 'onclick', 'OnClick', 'onfoo', 'innerText', 'shadowRoot']) {
      expect(isSafePropName(name), name).to.equal(false);
    }
    for (const name of ['title', 'label', 'points', 'zoom']) expect(isSafePropName(name), name).to.equal(true);
    const ours = new Set(['attrs', 'nodeId']);
    expect(isSafePropName('attrs', ours)).to.equal(false);
    expect(isSafePropName('nodeId', ours)).to.equal(false);
    expect(isSafePropName('attrs')).to.equal(true);
  });

  it('hands a value over only when it changed, outside any signal the caller tracks', () => {
    const seen = new Signal.State(0);
    let sets = 0;
    const el = document.createElement('div') as HTMLElement & { zoom?: unknown };
    Object.defineProperty(el, 'zoom', {
      set(v: unknown) {
        sets++;
        seen.get(); // the app's setter reads a signal of its own
        void v;
      },
    });
    let runs = 0;
    const drawing = new Signal.Computed(() => {
      runs++;
      handOver(el, 'zoom', 3);
      return runs;
    });
    drawing.get();
    expect(sets).to.equal(1);
    handOver(el, 'zoom', 3);
    expect(sets, 'same value: the setter does not run again').to.equal(1);
    handOver(el, 'zoom', 4);
    expect(sets).to.equal(2);
    seen.set(1);
    drawing.get();
    expect(runs, "the setter's signal is not the drawing's").to.equal(1);
    handed(el).delete('zoom');
    handOver(el, 'zoom', 4);
    expect(sets, 'a forgotten value is handed over again').to.equal(3);
  });

  it('makes an element only for a valid, defined tag, and says when a tag becomes defined', async () => {
    let called = 0;
    expect(makeAppElement('omni-screen', () => called++)).to.equal(null);
    expect(makeAppElement('div', () => called++)).to.equal(null);
    const tag = `kernel-late-${Math.random().toString(36).slice(2)}`;
    expect(makeAppElement(tag, () => called++)).to.equal(null);
    customElements.define(tag, class extends HTMLElement {});
    await customElements.whenDefined(tag);
    await Promise.resolve();
    expect(called).to.equal(1);
    expect(makeAppElement(tag, () => called++)?.localName).to.equal(tag);
  });
});
