// What the page backend shows a model of a long page: a shop of some 300 elements, far taller than the window.
// Within the same size budget, what is on screen comes first, then what is near it; the rest is counted with
// where it is and how to reach it; once a part is scrolled into view it is observed (the Checkout at the bottom).
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, backendFor, look, runnerFor, until, watch } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const CATEGORIES = ['Coffee', 'Tea', 'Cocoa', 'Mugs', 'Grinders', 'Kettles', 'Filters', 'Gifts'];
const PRODUCTS = Array.from({ length: 28 }, (_, i) => ({
  name: `${['Ethiopia Yirgacheffe', 'Colombia Huila', 'Guatemala Antigua', 'Kenya Nyeri', 'Brazil Cerrado', 'Sumatra Mandheling'][i % 6]} ${['light', 'medium', 'dark'][i % 3]} roast ${CATEGORIES[i % CATEGORIES.length]}, whole bean, 250 g, no. ${i + 1}`,
  price: `€${(4.5 + i * 1.25).toFixed(2)}`,
  reviews: 12 + ((i * 37) % 200),
}));

/** A shop page: header and filters, a grid of product cards (each a heading, text, a quantity and two controls), the cart with Checkout at the bottom. */
async function shop(): Promise<HTMLElement> {
  return area(html`<header>
      <nav aria-label="Main">${['Home', 'Shop', 'Offers', 'Subscriptions', 'Brewing guides', 'About us', 'Contact', 'Account'].map((n) => html`<a href="#${n}">${n}</a> `)}</nav>
      <label>Search the shop <input type="search" /></label>
    </header>
    <main>
      <h1>All products</h1>
      <fieldset>
        <legend>Categories</legend>
        ${CATEGORIES.map((c) => html`<label><input type="checkbox" /> ${c}</label>`)}
      </fieldset>
      <label>Sort by <select><option>Popular</option><option>Price, low to high</option><option>Price, high to low</option><option>Newest</option></select></label>
      <ul aria-label="Products" style="list-style:none;padding:0">
        ${PRODUCTS.map(
          (p) => html`<li style="height:140px;margin:8px 0">
            <article aria-label=${p.name}>
              <h2>${p.name}</h2>
              <p>Roasted in small batches every week and packed the same day, with notes of cocoa, red fruit and caramel; a good everyday choice.</p>
              <p>${p.price} · ${p.reviews} reviews · In stock, ships in 2 days</p>
              <label>Quantity <select><option>1</option><option>2</option><option>3</option></select></label>
              <button aria-label="Add ${p.name} to cart">Add to cart</button>
              <a href="#save">Save ${p.name} for later</a>
            </article>
          </li>`,
        )}
      </ul>
    </main>
    <section aria-label="Your cart">
      <h2>Your cart</h2>
      <p>3 items · €21.75</p>
      <label>Discount code <input /></label>
      <button class="checkout">Checkout</button>
    </section>
    <footer>${['Shipping', 'Returns', 'Privacy', 'Terms', 'Careers', 'Press'].map((n) => html`<a href="#${n}">${n}</a> `)}</footer>`);
}

/** How many elements a text lists (one a line, the notes aside). */
const listed = (text: string) => text.split('\n').filter((l) => !l.startsWith('(')).length;

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
  window.scrollTo({ top: 0, behavior: 'instant' });
});

describe('ax-runner page backend: a long page', () => {
  it('at the top: the screen and what is near, within the budget; the rest counted below, saying how to reach it', async () => {
    const page = await shop();
    window.scrollTo({ top: 0, behavior: 'instant' });
    const backend = backendFor(page);
    const all = (await backend.tree!({ signal: new AbortController().signal })).length;
    expect(all, 'a page of some 300 elements').to.be.within(280, 400);
    const text = await look(backend);
    expect(text.length).to.be.at.most(16_000);
    expect(text).to.contain('searchbox "Search the shop"');
    expect(text).to.contain('heading "All products"');
    expect(text.includes('button "Checkout"'), 'Checkout, at the bottom').to.equal(false);
    // The rest is below: every element left out counted, with the way to it.
    const notes = text.split('\n').filter((l) => l.startsWith('('));
    expect(notes.length).to.be.greaterThan(0);
    let left = 0;
    for (const note of notes) {
      const m = /^\((\d+) more elements? below the screen left out: scroll down to see them, or name one by role and title\)$/.exec(note);
      expect(m, note).to.not.equal(null);
      left += Number(m![1]);
    }
    expect(left).to.equal(all - listed(text));
  });

  it('scrolled to the bottom: Checkout and the cart are observed, and what is above is counted with the way back', async () => {
    const page = await shop();
    const checkout = page.querySelector('.checkout')!;
    checkout.scrollIntoView({ block: 'center', behavior: 'instant' });
    const text = await look(backendFor(page));
    expect(text.length).to.be.at.most(16_000);
    expect(/e\d+ button "Checkout"/.test(text), text.slice(-400)).to.equal(true);
    expect(text).to.contain('textbox "Discount code"');
    expect(text).to.contain('link "Privacy"');
    expect(text).to.match(/\(\d+ more elements above the screen left out: scroll up to see them, or name one by role and title\)/);
    expect(text.includes('searchbox "Search the shop"'), 'the search box, at the top').to.equal(false);
  });

  it('in an app that scrolls its own pane, a scroll step brings the next part into the observation', async () => {
    const page = await shop();
    page.style.cssText = 'height:480px;overflow:auto';
    const r = await runnerFor(page, { policy: 'allow' });
    runners.push(r);
    const before = await r.observe();
    const last = PRODUCTS.at(-1)!.name;
    expect(before.includes(`heading "${last}"`), 'the last product, far down').to.equal(false);
    const w = watch(r);
    r.write(['```jsonl', act({ do: 'scroll', direction: 'down', clicks: 50 }), '{"op":"observe"}', '```', ''].join('\n'));
    r.end();
    await until(() => w.ends.length === 1, 'the scroll');
    const after = await r.observe();
    expect(after.includes(`heading "${last}"`), after.slice(-400)).to.equal(true);
    expect(after.includes('button "Checkout"')).to.equal(true);
  });
});
