// defineElement against the browser's registry: a second copy of an element (another version of the package
// on the page) leaves the first one in charge, and development builds say so once.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';
import { OmniScreenElement } from '../../../elements/omni-screen/index.js';

describe('defineElement', () => {
  it('leaves a taken tag to its owner and warns in development, naming the owner', () => {
    const warn = console.warn;
    const said: string[] = [];
    console.warn = (...args: unknown[]) => said.push(args.join(' '));
    try {
      class SecondCopy extends HTMLElement {}
      expect(defineElement('omni-screen', SecondCopy)).to.equal(OmniScreenElement);
      expect(customElements.get('omni-screen')).to.equal(OmniScreenElement);
      expect(defineElement('omni-screen', OmniScreenElement)).to.equal(OmniScreenElement);
    } finally {
      console.warn = warn;
    }
    expect(said.length).to.equal(1);
    expect(said[0]).to.match(/<omni-screen> is already defined by agentic-elements \d+\.\d+\.\d+/);
  });

  it('defines a free tag', () => {
    class FreshTag extends HTMLElement {}
    expect(defineElement('ae-test-fresh-tag', FreshTag)).to.equal(FreshTag);
    expect(customElements.get('ae-test-fresh-tag')).to.equal(FreshTag);
  });
});
