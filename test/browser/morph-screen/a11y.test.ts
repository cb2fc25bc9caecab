// A fixture holding every component passes axe, in light and in dark.
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { mount, nextFrame, settle } from './helpers.js';
import { everything } from './fixtures.js';

describe('morph-screen: accessibility', function () {
  this.timeout(30000);
  // The answer's chunks off screen are skipped by the browser until they come near the viewport (a frame later),
  // and axe reads colours from what is painted: a viewport holding the whole answer lets it read them all.
  before(() => setViewport({ width: 900, height: 7000 }));
  after(() => setViewport({ width: 800, height: 600 }));

  for (const theme of ['light', 'dark'] as const) {
    it(`an answer with every component passes axe (${theme})`, async () => {
      const screen = await mount(everything(), { images: 'none' }, { theme });
      await customElements.whenDefined('ae-chart');
      await settle(screen);
      await nextFrame();
      await nextFrame();
      expect(screen.getBoundingClientRect().height).to.be.lessThan(7000);
      await expect(screen).to.be.accessible();
      screen.remove();
    });
  }
});
