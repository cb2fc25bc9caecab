import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { mount, settle, $$ } from './helpers.js';
import { everything } from './fixtures.js';

describe('scratch', function () {
  this.timeout(30000);
  it('axe catches', async () => {
    const screen = await mount(everything(), { images: 'none' });
    await customElements.whenDefined('ae-chart');
    await settle(screen);
    console.log('nodes', $$(screen, 'morph-node').length, screen.shadowRoot!.textContent!.length);
    const b = document.createElement('button');
    screen.shadowRoot!.querySelector('.answer')!.append(b);
    let failed = false;
    try { await expect(screen).to.be.accessible(); } catch (e) { failed = true; console.log(String(e).slice(0, 300)); }
    expect(failed).to.equal(true);
  });
});
