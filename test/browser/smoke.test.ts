import { expect, fixture, html } from '@open-wc/testing';

describe('browser test setup', () => {
  it('renders into the page and passes axe', async () => {
    const el = await fixture(html`<main><h1>Hello</h1></main>`);
    expect(el.querySelector('h1')?.textContent).to.equal('Hello');
    await expect(el).to.be.accessible();
  });
});
