// What the page backend shows a model: interactive elements numbered for their lifetime, structure and text,
// values and states, hidden and inert things and the runner's own UI left out, shadow roots walked with slotted
// content in its slot's place, a modal dialog making the rest inert, and a bounded text with a count line.
import { expect, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { area, backendFor, look, runnerFor } from './helpers.js';

/** A card with an open shadow root: a heading and a button of its own around a slot. */
class TestCard extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const h = document.createElement('h2');
    h.textContent = 'Card title';
    const slot = document.createElement('slot');
    const b = document.createElement('button');
    b.textContent = 'Inside the shadow';
    root.append(h, slot, b);
  }
}
if (!customElements.get('test-card')) customElements.define('test-card', TestCard);

describe('ax-runner page backend: the observation', () => {
  it('numbers interactive elements e1, e2… in document order and keeps each id for the element’s lifetime', async () => {
    const el = await area(html`<h1>Notes</h1>
      <button>New note</button>
      <p>Write something <a href="#help">help</a> below.</p>
      <label>Title <input value="Groceries" /></label>`);
    const backend = backendFor(el);
    expect(await look(backend)).to.equal(
      ['heading "Notes"', 'e1 button "New note"', 'text "Write something"', 'e2 link "help"', 'text "below."', 'e3 textbox "Title" value="Groceries"'].map((l) => (l.startsWith('e') ? l : `- ${l}`)).join('\n'),
    );
    // A new element before the others gets the next number; the others keep theirs.
    const extra = document.createElement('button');
    extra.textContent = 'Added';
    el.prepend(extra);
    const again = await look(backend);
    expect(again).to.contain('e4 button "Added"');
    expect(again).to.contain('e1 button "New note"');
    expect(again.indexOf('e4')).to.be.lessThan(again.indexOf('e1'));
  });

  it('tells values and states: checked, selected, expanded, disabled, required, invalid, focused; passwords never', async () => {
    const el = await area(html`<input type="checkbox" aria-label="Breakfast" checked />
      <select aria-label="Guests"><option>1</option><option selected>2</option></select>
      <button aria-expanded="false">Menu</button>
      <button disabled>Pay</button>
      <input aria-label="Email" required aria-invalid="true" value="x@" />
      <input type="password" aria-label="Password" value="hunter2" />
      <textarea aria-label="Body">Hello</textarea>`);
    (el.querySelector('textarea') as HTMLTextAreaElement).focus();
    const text = await look(backendFor(el));
    expect(text).to.contain('e1 checkbox "Breakfast" [checked]');
    expect(text).to.contain('e2 combobox "Guests" value="2"');
    expect(text).to.match(/ {2}e\d option "2" \[selected\]/);
    expect(text).to.contain('button "Menu" [collapsed]');
    expect(text).to.contain('button "Pay" [disabled]');
    expect(text).to.contain('textbox "Email" value="x@" [required, invalid]');
    expect(text).to.contain('textbox "Password" value="••••••"');
    expect(text).not.to.contain('hunter2');
    expect(text).to.contain('textbox "Body" value="Hello" [focused]');
  });

  it('leaves out hidden, aria-hidden, inert and visibility:hidden elements, and a closed <details> body', async () => {
    const el = await area(html`<button>Shown</button>
      <button hidden>Hidden attribute</button>
      <div style="display:none"><button>In display none</button></div>
      <div aria-hidden="true"><button>Aria hidden</button></div>
      <div inert><button>Inert</button></div>
      <div style="visibility:hidden"><button>Invisible</button><span style="visibility:visible">Visible again</span></div>
      <details><summary>More</summary><button>In closed details</button></details>`);
    const text = await look(backendFor(el));
    expect(text).to.contain('button "Shown"');
    expect(text).to.contain('button "More" [collapsed]');
    expect(text).to.contain('text "Visible again"');
    for (const gone of ['Hidden attribute', 'In display none', 'Aria hidden', 'Inert', 'Invisible', 'In closed details']) expect(text, gone).not.to.contain(gone);
  });

  it('walks open shadow roots, with slotted content where its slot is', async () => {
    const el = await area(html`<test-card><button>Slotted</button></test-card><button>After</button>`);
    const lines = (await look(backendFor(el))).split('\n');
    expect(lines).to.deep.equal(['- heading "Card title"', 'e1 button "Slotted"', 'e2 button "Inside the shadow"', 'e3 button "After"']);
  });

  it('while a modal dialog is open, shows only the dialog', async () => {
    const el = await area(html`<button>Behind</button>
      <dialog aria-label="Confirm delete"><p>Delete it?</p><button>Delete</button></dialog>`);
    const dialog = el.querySelector('dialog')!;
    dialog.showModal();
    try {
      const text = await look(backendFor(el));
      expect(text).not.to.contain('Behind');
      expect(text).to.contain('dialog "Confirm delete" [modal]');
      expect(text).to.match(/\n {2}e\d+ button "Delete" \[focused\]/);
    } finally {
      dialog.close();
    }
  });

  it('never lists the runner itself or its UI, even when it sits inside the scope', async () => {
    const el = await area(html`<button>Save</button>`);
    const runner = await runnerFor(el);
    el.appendChild(runner);
    runner.write(reply('Saving.', act({ do: 'wait', ms: 1 })));
    await runner.updateComplete;
    const text = await runner.observe();
    expect(text).to.contain('button "Save"');
    expect(text).not.to.contain('Stop');
    expect(text).not.to.contain('Saving');
    runner.stop();
    runner.remove();
  });

  it('is bounded: a page of 2,000 buttons gives a text within its limit and says how many were left out', async () => {
    const el = await area(html``);
    for (let i = 0; i < 2000; i++) {
      const b = document.createElement('button');
      b.textContent = `Button number ${i}`;
      el.appendChild(b);
    }
    const text = await look(backendFor(el, { limits: { maxChars: 4000, maxElements: 600 } }));
    expect(text.length).to.be.at.most(4000);
    const last = text.split('\n').at(-1)!;
    const left = Number(/^\((\d+) more elements left out\)$/.exec(last)?.[1]);
    expect(left).to.equal(2000 - (text.split('\n').length - 1));
  });

  it('resolves by id, by role and title (exact beats partial), and not an element that is now hidden', async () => {
    const el = await area(html`<button>Save as…</button><button>Save</button><a href="#x">Save</a>`);
    const backend = backendFor(el);
    await look(backend);
    const signal = new AbortController().signal;
    expect((await backend.resolve!({ kind: 'ax', role: 'AXButton', title: 'save' }, { signal }))?.name).to.equal('Save');
    expect((await backend.resolve!({ kind: 'ax', role: 'AXLink', title: 'save' }, { signal }))?.role).to.equal('link');
    expect((await backend.resolve!({ kind: 'ax', id: 'e1' }, { signal }))?.name).to.equal('Save as…');
    (el.querySelector('button') as HTMLElement).hidden = true;
    expect(await backend.resolve!({ kind: 'ax', id: 'e1' }, { signal })).to.equal(null);
    // An id that is gone falls back to the role and title given with it.
    expect((await backend.resolve!({ kind: 'ax', id: 'e1', role: 'button', title: 'Save' }, { signal }))?.id).to.equal('e2');
  });
});

import { act, reply } from './helpers.js';
