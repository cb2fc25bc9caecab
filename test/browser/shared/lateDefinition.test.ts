// `import 'agentic-elements'` defines each element when its tag is first used (issue 29 item 8), so a framework
// often renders the tag and sets its properties (Vue's `.prop`, Angular's `[x]`, an effect) while the element's
// code is still on its way: each value sits on the bare element and must reach the element as it upgrades. Lit
// takes back its reactive properties; an element's own accessors (`surface`, `components`, `state`…) must too.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { AxRunnerElement, MorphScreenElement, OmniScreenElement, OUISurfaceElement } from '../../../elements/all.js';
import { load } from '../../../elements/index.js';

let count = 0;

/** A bare element of a fresh tag, upgraded to a subclass of `base` by `define()`: an element whose code came late. */
function lateElement(base: CustomElementConstructor): { el: HTMLElement; define: () => void } {
  const tag = `ae-late-${++count}`;
  const el = document.createElement(tag);
  return { el, define: () => customElements.define(tag, class extends base {}) };
}

/** Every property with a setter a class and its ancestors declare, up to HTMLElement (Lit's own included). */
function settable(ctor: CustomElementConstructor): string[] {
  const names: string[] = [];
  for (let proto = ctor.prototype; proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) if (d.set && !name.startsWith('_')) names.push(name);
  }
  return names;
}

describe('a property set before the element is defined', () => {
  for (const [tag, ctor] of [
    ['omni-screen', OmniScreenElement],
    ['morph-screen', MorphScreenElement],
    ['ax-runner', AxRunnerElement],
    ['oui-surface', OUISurfaceElement],
  ] as const) {
    it(`<${tag}>: every settable property reaches the element as it upgrades, none left hiding its accessor`, async () => {
      const names = settable(ctor);
      expect(names.length).to.be.greaterThan(3);
      const defaults = document.createElement(tag) as unknown as Record<string, unknown>;
      const { el, define } = lateElement(ctor);
      const bare = el as unknown as Record<string, unknown>;
      for (const name of names) bare[name] = defaults[name];
      document.body.append(el);
      try {
        define();
        await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
        expect(names.filter((name) => Object.prototype.hasOwnProperty.call(el, name))).to.deep.equal([]);
      } finally {
        el.remove();
      }
    });
  }

  it('<oui-surface>: a surface given to the bare tag is checked and taken up (its frozen copy reads back)', async () => {
    const { el, define } = lateElement(OUISurfaceElement);
    const surface = { id: 'late', name: 'Late', description: 'Set before its element was defined', version: '1.0.0', actions: [], observations: [] };
    (el as OUISurfaceElement).surface = surface;
    document.body.append(el);
    try {
      define();
      const upgraded = el as OUISurfaceElement;
      await upgraded.updateComplete;
      expect(upgraded.surface?.id).to.equal('late');
      expect(Object.isFrozen(upgraded.surface), 'the checked copy, not the object given').to.equal(true);
    } finally {
      el.remove();
    }
  });

  it('load(tag) resolves once the tag is defined, and refuses a tag it does not know', async () => {
    await load('omni-screen');
    expect(customElements.get('omni-screen')).to.equal(OmniScreenElement);
    let refused: unknown;
    await load('not-ours').catch((e: unknown) => (refused = e));
    expect(refused).to.be.instanceOf(TypeError);
  });

  it("load('ae-confirm-dialog') defines the confirmation dialog, for an app that asks in its own (docs/approvals.md)", async () => {
    await load('ae-confirm-dialog');
    expect(customElements.get('ae-confirm-dialog')).to.be.a('function');
  });
});
