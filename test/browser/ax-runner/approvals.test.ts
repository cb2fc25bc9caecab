// What a person approves is what runs (issue 15): a risky step's element is found once, before anyone is asked,
// and just before acting it must still be the very element the person saw (same node, role, name and, for a
// submit, form action), else the step stops with its own outcome. A step whose target is missing fails before
// asking; a runner the person can't see refuses instead of opening an invisible modal; approvals say what a key
// press submits and where; and the app marks risk too (data-ax-risk, riskOf, built-in escalation).
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, answer, area, backendFor, byName, dialogOf, reply, runnerFor, tick, until, watch } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { AxOutcome } from '../../../elements/ax-runner/events.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
});
async function runner(scope: Element | null, props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r;
}
const shadowText = (r: AxRunnerElement, sel: string) => [...r.shadowRoot!.querySelectorAll(sel)].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

/** The outcome, or null when the burst has not ended within `ms`. */
async function settled(p: Promise<AxOutcome>, ms = 1500): Promise<AxOutcome | null> {
  return Promise.race([p, tick(ms).then(() => null)]);
}

/** Some dialog is open anywhere on the page, shadow roots included, whether or not the person could see it. */
function dialogOpen(): boolean {
  const open = (root: Document | ShadowRoot): boolean =>
    [...root.querySelectorAll('*')].some((el) => (el instanceof HTMLDialogElement && el.open) || (el.shadowRoot !== null && open(el.shadowRoot)));
  return open(document);
}

describe('ax-runner approvals: the approved element is the one acted on', () => {
  it('issue 15.1: "Delete drafts" renamed 100 ms into the dialog: Confirm does not click "Delete account"; the step stops with its own outcome', async () => {
    const app = await area(html`<button id="drafts">Delete drafts</button> <button id="account">Delete account</button>`);
    const clicked: string[] = [];
    app.addEventListener('click', (e) => clicked.push((e.target as HTMLElement).id));
    const r = await runner(app);
    const w = watch(r);
    // "Delete" alone would match both equally well, and a risky step never runs on an ambiguous target.
    const done = r.stream(reply('', '{"op":"act","do":"click","target":{"ax":{"role":"button","title":"Delete drafts"}},"risk":"risky"}'));
    await dialogOf(r);
    await tick(100);
    app.querySelector('#drafts')!.textContent = 'Archive drafts';
    const sentence = await answer(r, true);
    expect(sentence).to.contain('Click button “Delete drafts”');
    const outcome = await done;
    expect(clicked).to.deep.equal([]);
    expect(outcome.reason).to.equal('changed');
    expect(outcome.engine.reason).to.equal('target_changed');
    expect(outcome.detail).to.match(/changed after it was approved/);
    expect(outcome.detail).to.contain('Archive drafts');
    expect(w.statuses(0).at(-1)).to.equal('failed');
    await r.updateComplete;
    expect(shadowText(r, '[part~="outcome"]')).to.deep.equal(['Stopped: the page changed after you approved the step, so it was not done.']);
  });

  it('issue 15.1: an id + title target after a re-render: the approved element is gone, so nothing is clicked', async () => {
    const app = await area(html`<div class="list"><button>Delete drafts</button> <button>Delete account</button></div>`);
    const clicked: string[] = [];
    app.addEventListener('click', (e) => clicked.push((e.target as HTMLElement).textContent ?? ''));
    const r = await runner(app);
    const id = /(e\d+) button "Delete drafts"/.exec(await r.observe())![1]!;
    const done = r.stream(reply('', JSON.stringify({ op: 'act', do: 'click', target: { ax: { id, title: 'Delete' } }, risk: 'risky' })));
    await dialogOf(r);
    await tick(100);
    // The app draws its list again: new elements, the account button first.
    const list = app.querySelector('.list')!;
    const account = document.createElement('button');
    account.textContent = 'Delete account';
    const drafts = document.createElement('button');
    drafts.textContent = 'Delete drafts';
    list.replaceChildren(account, drafts);
    const sentence = await answer(r, true);
    expect(sentence).to.contain('Click button “Delete drafts”');
    const outcome = await done;
    expect(clicked).to.deep.equal([]);
    expect(outcome.reason).to.equal('changed');
    expect(outcome.detail).to.match(/no longer on the page/);
  });

  it('the approved element hidden, disabled by a re-role, or its form action changed while the dialog is open: nothing runs', async () => {
    const app = await area(html`<button class="hide">Remove item</button>
      <div role="button" tabindex="0" class="rerole">Archive item</div>
      <form action="/save" aria-label="Profile"><button class="send">Send profile</button></form>`);
    let heard = 0;
    app.addEventListener('click', () => heard++);
    app.querySelector('form')!.addEventListener('submit', (e) => {
      e.preventDefault();
      heard++;
    });
    const r = await runner(app);
    const cases: [string, () => void, RegExp][] = [
      ['Remove item', () => (app.querySelector('.hide') as HTMLElement).style.setProperty('display', 'none'), /no longer shown/],
      ['Archive item', () => app.querySelector('.rerole')!.setAttribute('role', 'link'), /is now a link/],
      ['Send profile', () => app.querySelector('form')!.setAttribute('action', '/delete-account'), /now sends its form to .*delete-account/],
    ];
    for (const [name, change, why] of cases) {
      const done = r.stream(reply('', act({ do: 'click', target: { ax: { title: name } }, risk: 'risky' })));
      await dialogOf(r);
      change();
      await answer(r, true);
      const outcome = await done;
      expect([outcome.reason, name]).to.deep.equal(['changed', name]);
      expect(outcome.detail).to.match(why);
    }
    expect(heard).to.equal(0);
  });

  it('a key step approved with one field focused (or none) stops if the focus moved before it runs', async () => {
    const app = await area(html`<label>First <input class="a" /></label><label>Second <input class="b" /></label>`);
    const heard: string[] = [];
    app.addEventListener('keydown', (e) => heard.push((e.target as HTMLElement).className));
    const r = await runner(app, { allowOrigins: [location.origin] });
    const moved = r.stream(reply('', act({ do: 'click', target: byName('textbox', 'First') }), act({ do: 'key', keys: ['x'], risk: 'risky' })));
    await dialogOf(r);
    // When the dialog gives focus back to the first field, the page moves it on to the second.
    app.querySelector('.a')!.addEventListener('focus', () => (app.querySelector('.b') as HTMLInputElement).focus());
    expect(await answer(r, true)).to.contain('Press x in textbox “First”');
    const outcome = await moved;
    expect([outcome.reason, outcome.detail]).to.deep.equal(['changed', 'the page changed after it was approved: the focus moved away from textbox "First"']);
    expect(heard).to.deep.equal([]);
  });

  it('the page backend’s verify(): keys approved with nothing focused are not sent once a field has focus', async () => {
    const app = await area(html`<label>Name <input /></label>`);
    const backend = backendFor(app);
    const press = { op: 'act', do: 'key', keys: ['x'], chord: ['x'], risk: 'risky' } as const;
    (document.activeElement as HTMLElement | null)?.blur();
    expect(backend.verify!(press, {}, { signal: new AbortController().signal })).to.equal(null);
    app.querySelector('input')!.focus();
    expect(backend.verify!(press, {}, { signal: new AbortController().signal })).to.equal('the focus moved to textbox "Name"');
  });

  it('an approved element that did not change is acted on, once', async () => {
    const app = await area(html`<button id="drafts">Delete drafts</button> <button id="account">Delete account</button>`);
    const clicked: string[] = [];
    app.addEventListener('click', (e) => clicked.push((e.target as HTMLElement).id));
    const r = await runner(app);
    const done = r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete drafts'), risk: 'risky' })));
    await answer(r, true);
    expect((await done).reason).to.equal('unfinished');
    expect(clicked).to.deep.equal(['drafts']);
  });

  it('issue 15.6: a risky step whose target does not exist fails before asking: no dialog, no held state', async () => {
    const app = await area(html`<button>Delete account</button>`);
    const r = await runner(app);
    const w = watch(r);
    const outcome = await settled(r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete drafts'), risk: 'risky' }))));
    expect(dialogOpen()).to.equal(false);
    expect(outcome?.reason).to.equal('failed');
    expect(outcome?.detail).to.equal('no element matches button "Delete drafts"');
    expect(w.statuses(0)).not.to.include('held');
  });
});

describe('ax-runner approvals: never an invisible modal', () => {
  const hiddenHosts: [string, () => Promise<HTMLElement>][] = [
    ['inside a hidden container', () => area(html`<div hidden></div>`).then((a) => a.firstElementChild as HTMLElement)],
    ['inside a display:none container', () => area(html`<div style="display:none"></div>`).then((a) => a.firstElementChild as HTMLElement)],
    ['inside a zero-size container', () => area(html`<div style="width:0;height:0;overflow:hidden"></div>`).then((a) => a.firstElementChild as HTMLElement)],
    ['inside a visibility:hidden container', () => area(html`<div style="visibility:hidden"></div>`).then((a) => a.firstElementChild as HTMLElement)],
    ['inside an inert container', () => area(html`<div inert></div>`).then((a) => a.firstElementChild as HTMLElement)],
  ];
  for (const [where, host] of hiddenHosts) {
    it(`issue 15.4: a runner ${where} refuses a risky step with its own outcome, and the page is never inert`, async () => {
      const app = await area(html`<button class="del">Delete drafts</button> <button class="other">Elsewhere</button>`);
      let clicked = 0;
      app.querySelector('.del')!.addEventListener('click', () => clicked++);
      const r = document.createElement('ax-runner');
      r.scope = app;
      (await host()).append(r);
      runners.push(r);
      await r.updateComplete;
      const w = watch(r);
      const outcome = await settled(r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete drafts'), risk: 'risky' }))));
      // The page answers: something outside the runner takes focus.
      const other = app.querySelector('.other') as HTMLButtonElement;
      other.focus();
      // (Compared as a boolean: chai's message for a failed element comparison can take minutes to write.)
      expect(document.activeElement === other, 'focus moved outside the runner').to.equal(true);
      expect(dialogOpen()).to.equal(false);
      expect(outcome?.reason).to.equal('unseen');
      expect(outcome?.engine.reason).to.equal('approval_unseen');
      expect(clicked).to.equal(0);
      expect(w.statuses(0).at(-1)).to.equal('refused');
    });
  }
});

describe('ax-runner approvals: they say what they approve, and the app marks risk', () => {
  it('issue 15.6: a risky key enter names the focused field, and the form and origin it submits to', async () => {
    const app = await area(html`<form action="https://pay.example/charge" aria-label="Payment">
      <label>Card holder <input name="holder" /></label><button>Pay</button>
    </form>`);
    app.querySelector('form')!.addEventListener('submit', (e) => e.preventDefault());
    const r = await runner(app, { allowOrigins: [location.origin, 'https://pay.example'] });
    const done = r.stream(reply('', act({ do: 'click', target: byName('textbox', 'Card holder') }), act({ do: 'key', keys: ['enter'], risk: 'risky' })));
    const sentence = await answer(r, false);
    expect(sentence).to.contain('Press enter in textbox “Card holder”');
    expect(sentence).to.contain('sends the form “Payment” to https://pay.example');
    expect((await done).reason).to.equal('refused');
  });

  it('issue 15.6: an unmarked "Delete account" click inside data-ax-risk="risky" asks first; the model’s "safe" does not lower it', async () => {
    const app = await area(html`<div data-ax-risk="risky"><button>Delete account</button></div>`);
    let clicked = 0;
    app.querySelector('button')!.addEventListener('click', () => clicked++);
    const r = await runner(app);
    const w = watch(r);
    const outcome = await settled(
      (async () => {
        const done = r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete account') })));
        await answer(r, false);
        return done;
      })(),
      3000,
    );
    expect(outcome?.reason).to.equal('refused');
    expect(clicked).to.equal(0);
    expect(w.steps.find((s) => s.status === 'held')?.risk).to.equal('risky');
    const safe = r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete account'), risk: 'safe' })));
    await answer(r, false);
    expect((await safe).reason).to.equal('refused');
    expect(clicked).to.equal(0);
  });

  it('riskOf(element, action) on the runner raises a step’s risk, and may lower the built-in escalation', async () => {
    const app = await area(html`<button>Archive all</button>
      <form aria-label="Search" action=""><label>Query <input name="q" /></label><button>Search</button></form>`);
    app.querySelector('form')!.addEventListener('submit', (e) => e.preventDefault());
    const seen: string[] = [];
    const r = await runner(app, {
      riskOf: (el, action) => {
        seen.push(`${action.do} ${el?.textContent?.trim() ?? el?.localName ?? '-'}`);
        if (el?.textContent?.includes('Archive')) return 'risky';
        if (el?.closest('form[aria-label="Search"]')) return 'safe';
        return undefined;
      },
    });
    const archive = r.stream(reply('', act({ do: 'click', target: byName('button', 'Archive all') })));
    expect(await answer(r, false)).to.contain('Click button “Archive all”');
    expect((await archive).reason).to.equal('refused');
    // A search form's submit would ask by default; the app's riskOf says it is safe.
    const search = await settled(r.stream(reply('', act({ do: 'click', target: byName('textbox', 'Query') }), act({ do: 'type', text: 'tokyo\n' }))));
    expect(search?.reason).to.equal('unfinished');
    expect(seen).to.include('click Archive all');
  });

  it('built-in escalation: submitting a form, leaving the page and typing into a password field ask first', async () => {
    const app = await area(html`<form aria-label="Login" action=""><label>Password <input type="password" /></label><button>Sign in</button></form>
      <a href="/elsewhere-page">Other page</a> <a href="#here">This page</a>`);
    app.querySelector('form')!.addEventListener('submit', (e) => e.preventDefault());
    const r = await runner(app);
    const asks: [string[], RegExp][] = [
      [[act({ do: 'click', target: byName('button', 'Sign in') })], /Click button “Sign in” \(sends the form “Login” to /],
      [[act({ do: 'click', target: byName('link', 'Other page') })], /Click link “Other page” \(opens .*\/elsewhere-page\)/],
      [[act({ do: 'open', target: '/elsewhere-page' })], /Open \/elsewhere-page/],
      [[act({ do: 'click', target: byName('textbox', 'Password') }), act({ do: 'type', text: 'hunter2' })], /Type “••••••” into textbox “Password”/],
    ];
    for (const [lines, words] of asks) {
      const done = r.stream(reply('', ...lines));
      const sentence = await answer(r, false);
      expect(sentence).to.match(words);
      expect(sentence).not.to.contain('hunter2');
      expect((await done).reason).to.equal('refused');
    }
    // A link within the page is not leaving it.
    const here = await settled(r.stream(reply('', act({ do: 'click', target: byName('link', 'This page') }))));
    expect(here?.reason).to.equal('unfinished');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('the risk-marking example of docs/axstream.md works as written', async () => {
    const app = await area(html`<section id="account">
      <form aria-label="Search" action="/search"><label>Search <input name="q" /></label><button>Go</button></form>
      <div data-ax-risk="risky"><button id="delete">Delete account</button></div>
      <button id="archive">Archive all</button>
    </section>`);
    const searched: string[] = [];
    // The page would go to /search; the test stays where it is.
    app.querySelector('form')!.addEventListener('submit', (e) => {
      e.preventDefault();
      searched.push(new FormData(e.target as HTMLFormElement).get('q') as string);
    });
    const r = await runner(app.querySelector('#account'));
    r.riskOf = (element) => (element?.closest('form[aria-label="Search"]') ? 'safe' : element?.id === 'archive' ? 'risky' : undefined);
    for (const name of ['Delete account', 'Archive all']) {
      const done = r.stream(reply('', act({ do: 'click', target: byName('button', name) })));
      expect(await answer(r, false)).to.contain(`Click button “${name}”`);
      expect((await done).reason).to.equal('refused');
    }
    const search = await settled(r.stream(reply('', act({ do: 'click', target: byName('textbox', 'Search') }), act({ do: 'type', text: 'tokyo\n' }))));
    expect(search?.reason).to.equal('unfinished');
    expect(searched).to.deep.equal(['tokyo']);
  });

  it('policy allow runs what the app marks without asking; policy refuse refuses it', async () => {
    const app = await area(html`<div data-ax-risk="risky"><button>Delete account</button></div>`);
    let clicked = 0;
    app.querySelector('button')!.addEventListener('click', () => clicked++);
    const refused = await (await runner(app, { policy: 'refuse' })).stream(reply('', act({ do: 'click', target: byName('button', 'Delete account') })));
    expect([refused.reason, clicked]).to.deep.equal(['refused', 0]);
    const allowed = await (await runner(app, { policy: 'allow' })).stream(reply('', act({ do: 'click', target: byName('button', 'Delete account') })));
    expect([allowed.reason, clicked]).to.deep.equal(['unfinished', 1]);
  });

  it('the outline stays on the approved element while the person decides', async () => {
    const app = await area(html`<button style="margin:30px">Delete drafts</button>`);
    const r = await runner(app);
    const done = r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete drafts'), risk: 'risky' })));
    await dialogOf(r);
    await until(() => (r.shadowRoot!.querySelector('[part="outline"]') as HTMLElement).matches(':popover-open'), 'the outline');
    await answer(r, false);
    await done;
  });
});
