// A fixture holding every component passes axe, in light and in dark.
import { expect } from '@open-wc/testing';
import { mount, settle } from './helpers.js';
import { everything } from './fixtures.js';

describe('morph-screen: accessibility', function () {
  this.timeout(30000);
  for (const theme of ['light', 'dark'] as const) {
    it(`an answer with every component passes axe (${theme})`, async () => {
      const screen = await mount(everything(), { images: 'none' }, { theme });
      await customElements.whenDefined('ae-chart');
      await settle(screen);
      await expect(screen).to.be.accessible();
      screen.remove();
    });
  }
});
