// Scope and origins hold through the DOM (issue 15, items 2 and 3): a form is submitted only to an allowed
// origin, whichever way it is submitted (its button, formaction, Enter or a typed \n); `form=`, `label for=` and
// popover targets that point outside the scope are refused; keys go only to an element inside the scope; scroll
// with an element scope never scrolls the window.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, byName, recorder, reply, runnerFor, tick } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const runners: AxRunnerElement[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
  for (const c of cleanups.splice(0)) c();
});
async function run(scope: Element, lines: string[], props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r.stream(reply('', ...lines));
}

/** Records the forms submitted (the test stops the navigation itself, whatever the runner does). */
function submissions(...forms: HTMLFormElement[]) {
  const sent: string[] = [];
  for (const form of forms) {
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      sent.push(form.getAttribute('aria-label') ?? form.id);
    });
  }
  return sent;
}

describe('ax-runner: form submissions obey allowOrigins', () => {
  it('issue 15.2: clicking the submit button of a form whose action is another origin is refused, with the default policy', async () => {
    const app = await area(html`<form aria-label="Signup" action="https://elsewhere.example/collect">
      <label>Email <input name="email" /></label><button>Send</button>
    </form>`);
    const sent = submissions(app.querySelector('form')!);
    const heard = recorder(app, ['click']);
    const outcome = await run(app, [act({ do: 'click', target: byName('textbox', 'Email') }), act({ do: 'type', text: 'ada@example.com' }), act({ do: 'click', target: byName('button', 'Send') })]);
    expect(sent).to.deep.equal([]);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/the form would be sent to https:\/\/elsewhere\.example, which this page does not allow/);
    expect(heard.heard.length).to.equal(1, 'only the click into the field was made');
  });

  it('issue 15.2: typing …\\n into a field of such a form, or pressing Enter in it, is refused before the key is pressed', async () => {
    const app = await area(html`<form aria-label="Signup" action="https://elsewhere.example/collect">
      <label>Email <input name="email" /></label><button>Send</button>
    </form>`);
    const sent = submissions(app.querySelector('form')!);
    const keys = recorder(app.querySelector('input')!, ['keydown']);
    const typed = await run(app, [act({ do: 'click', target: byName('textbox', 'Email') }), act({ do: 'type', text: 'ada@example.com\n' })]);
    expect(typed.reason).to.equal('failed');
    expect(typed.detail).to.match(/elsewhere\.example, which this page does not allow/);
    const pressed = await run(app, [act({ do: 'key', keys: ['enter'] })]);
    expect(pressed.reason).to.equal('failed');
    const shifted = await run(app, [act({ do: 'key', keys: ['shift', 'enter'] })]);
    expect(shifted.reason).to.equal('failed');
    expect(shifted.detail).to.match(/elsewhere\.example, which this page does not allow/);
    expect(sent).to.deep.equal([]);
    expect(keys.heard).to.deep.equal([]);
    expect(app.querySelector('input')!.value).to.equal('');
  });

  it('a button’s formaction to another origin is refused; a form the app allows is sent', async () => {
    const app = await area(html`<form aria-label="Order" action="">
      <button formaction="https://elsewhere.example/steal">Save copy</button><button>Place order</button>
    </form>`);
    const sent = submissions(app.querySelector('form')!);
    const off = await run(app, [act({ do: 'click', target: byName('button', 'Save copy') })], { policy: 'allow' });
    expect(off.reason).to.equal('failed');
    expect(off.detail).to.match(/elsewhere\.example/);
    expect(sent).to.deep.equal([]);
    const ok = await run(app, [act({ do: 'click', target: byName('button', 'Place order') })], { policy: 'allow' });
    expect(ok.reason).to.equal('unfinished');
    const allowed = await run(app, [act({ do: 'click', target: byName('button', 'Save copy') })], { policy: 'allow', allowOrigins: [location.origin, 'https://elsewhere.example'] });
    expect(allowed.reason).to.equal('unfinished');
    expect(sent).to.deep.equal(['Order', 'Order']);
  });

  it('a submission the page starts itself while the runner acts (requestSubmit in a click handler) is held to the same rule', async () => {
    const app = await area(html`<form aria-label="Quiet" action="https://elsewhere.example/collect"><input name="q" aria-label="Q" /></form><button class="go">Go</button>`);
    const form = app.querySelector('form')!;
    app.querySelector('.go')!.addEventListener('click', () => form.requestSubmit());
    const sent = submissions(form);
    const outcome = await run(app, [act({ do: 'click', target: byName('button', 'Go') })], { policy: 'allow' });
    expect(sent).to.deep.equal([]);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/elsewhere\.example/);
  });
});

describe('ax-runner: the scope holds through the DOM', () => {
  it('issue 15.3: <button form="outside-form"> inside the scope does not submit or reset the form outside it', async () => {
    const outside = await area(html`<form id="outside-form" aria-label="Outside" action=""><input name="q" aria-label="Outside field" value="keep me" /></form>`);
    const app = await area(html`<button form="outside-form">Send it</button><button type="reset" form="outside-form">Clear it</button>`);
    const sent = submissions(outside.querySelector('form')!);
    const send = await run(app, [act({ do: 'click', target: byName('button', 'Send it') })], { policy: 'allow' });
    expect(sent).to.deep.equal([]);
    expect(send.reason).to.equal('failed');
    expect(send.detail).to.match(/form outside the part of the page the assistant may act in/);
    (outside.querySelector('input') as HTMLInputElement).value = 'typed by the person';
    const clear = await run(app, [act({ do: 'click', target: byName('button', 'Clear it') })], { policy: 'allow' });
    expect(clear.reason).to.equal('failed');
    expect((outside.querySelector('input') as HTMLInputElement).value).to.equal('typed by the person');
  });

  it('issue 15.3: a point click on <label for="outside-box"> does not tick the checkbox outside the scope; nor does a label target', async () => {
    const outside = await area(html`<input type="checkbox" id="outside-box" aria-label="Outside box" />`);
    const app = await area(html`<label for="outside-box" style="display:inline-block;padding:8px">Tick it</label>`);
    const box = outside.querySelector('input')!;
    const label = app.querySelector('label')!.getBoundingClientRect();
    const outcome = await run(app, [act({ do: 'click', target: { x: Math.round(label.left + label.width / 2), y: Math.round(label.top + label.height / 2) } })]);
    expect(box.checked).to.equal(false);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/outside the part of the page the assistant may act in/);
  });

  it('a popovertarget outside the scope is refused', async () => {
    const outside = await area(html`<div id="outside-pop" popover>Menu</div>`);
    const app = await area(html`<button popovertarget="outside-pop">Open menu</button>`);
    const outcome = await run(app, [act({ do: 'click', target: byName('button', 'Open menu') })]);
    expect(outside.querySelector('[popover]')!.matches(':popover-open')).to.equal(false);
    expect(outcome.reason).to.equal('failed');
  });

  it('issue 15.3: a key step with nothing focused in the scope is refused: it never reaches document.body listeners', async () => {
    const app = await area(html`<button>Inside</button>`);
    (document.activeElement as HTMLElement | null)?.blur();
    const heard: string[] = [];
    const listen = (e: KeyboardEvent) => heard.push(e.key);
    document.body.addEventListener('keydown', listen);
    cleanups.push(() => document.body.removeEventListener('keydown', listen));
    const outcome = await run(app, [act({ do: 'key', keys: ['g'] })]);
    expect(heard).to.deep.equal([]);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/nothing inside the part of the page the assistant may act in has focus/);
    // With the focus inside the scope, the key goes there.
    const inside = await run(app, [act({ do: 'click', target: byName('button', 'Inside') }), act({ do: 'key', keys: ['g'] })]);
    expect(inside.reason).to.equal('unfinished');
    expect(heard).to.deep.equal(['g']);
  });

  it('issue 15.3: scroll with an element scope scrolls the scope, never the window', async () => {
    const spacer = document.createElement('div');
    spacer.style.setProperty('height', '4000px');
    document.body.append(spacer);
    cleanups.push(() => {
      spacer.remove();
      window.scrollTo(0, 0);
    });
    window.scrollTo(0, 0);
    const still = await area(html`<p>Short content</p>`);
    const outcome = await run(still, [act({ do: 'scroll', direction: 'down', clicks: 3 })]);
    expect(outcome.reason).to.equal('unfinished');
    await tick(20);
    expect(window.scrollY).to.equal(0);
    const list = await area(html`<div class="box" style="height:100px;overflow:auto"><div style="height:1000px">Rows</div></div>`);
    await run(list.querySelector('.box')!, [act({ do: 'scroll', direction: 'down', clicks: 2 })]);
    expect((list.querySelector('.box') as HTMLElement).scrollTop).to.equal(200);
    expect(window.scrollY).to.equal(0);
  });
});
