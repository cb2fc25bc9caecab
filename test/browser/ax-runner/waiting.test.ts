// wait_until on the page (issue 17, item 10): the page backend tells the engine when the DOM changed, so the
// element is found as soon as it appears (inside open shadow roots too) and a page where nothing changes is not
// walked every poll_ms.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, backendFor, reply, runnerFor, tick, until, watch } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { PageBackend } from '../../../elements/ax-runner/backend/pageBackend.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});

/** The page backend over `el`, counting how often it looks for an element. */
function counting(el: Element): { backend: PageBackend; looks: () => number } {
  const backend = backendFor(el);
  let looks = 0;
  const match = backend.match.bind(backend);
  return { backend: { ...backend, match: (t, c) => (looks++, match(t, c)) }, looks: () => looks };
}

/** A card that draws its content into an open shadow root, later. */
class LateCard extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }
  show(): void {
    const b = document.createElement('button');
    b.textContent = 'Shadow ready';
    this.shadowRoot!.append(b);
  }
}
if (!customElements.get('late-card')) customElements.define('late-card', LateCard);

describe('ax-runner: wait_until on the page', () => {
  it('a DOM change wakes it: with poll_ms 5000 it finds a dialog added 50 ms in, long before the first poll', async () => {
    const el = await area(html`<button>Share</button>`);
    const page = counting(el);
    const r = await runnerFor(el, { backend: page.backend, policy: 'allow' });
    runners.push(r);
    const w = watch(r);
    r.write(reply('', act({ do: 'wait_until', target: { ax: { role: 'dialog', title: 'Share with' } }, poll_ms: 5000, timeout_ms: 10_000 })));
    r.end();
    setTimeout(() => {
      const d = document.createElement('div');
      d.setAttribute('role', 'dialog');
      d.setAttribute('aria-label', 'Share with');
      el.append(d);
    }, 50);
    await until(() => w.ends.length === 1, 'the wait to end', 2000);
    expect(w.ends[0]!.outcome.reason).to.equal('unfinished');
    expect(page.looks()).to.equal(2);
  });

  it('while nothing changes the page is not walked every poll_ms; an attribute change (hidden) wakes it', async () => {
    const el = await area(html`<p>Working…</p><h2 hidden>Saved</h2>`);
    const page = counting(el);
    const r = await runnerFor(el, { backend: page.backend, policy: 'allow' });
    runners.push(r);
    const w = watch(r);
    r.write(reply('', act({ do: 'wait_until', target: { ax: { role: 'heading', title: 'Saved' } }, poll_ms: 20, timeout_ms: 10_000 })));
    r.end();
    await tick(600);
    expect(page.looks()).to.equal(1);
    el.querySelector('h2')!.hidden = false;
    await until(() => w.ends.length === 1, 'the wait to end', 2000);
    expect(w.steps.at(-1)!.status).to.equal('done');
    expect(page.looks()).to.equal(2);
  });

  it('a change inside an open shadow root wakes it too', async () => {
    const el = await area(html`<late-card></late-card>`);
    const page = counting(el);
    const r = await runnerFor(el, { backend: page.backend, policy: 'allow' });
    runners.push(r);
    const w = watch(r);
    r.write(reply('', act({ do: 'wait_until', target: { ax: { role: 'button', title: 'Shadow ready' } }, poll_ms: 5000, timeout_ms: 10_000 })));
    r.end();
    await tick(50);
    (el.querySelector('late-card') as LateCard).show();
    await until(() => w.ends.length === 1, 'the wait to end', 900);
    expect(w.steps.at(-1)!.status).to.equal('done');
  });

  it('the observer is gone once the wait is over', async () => {
    const el = await area(html`<p>Nothing yet</p>`);
    const backend = backendFor(el);
    const controller = new AbortController();
    let settled = false;
    void Promise.resolve(backend.changed!(10_000, { signal: controller.signal })).then(() => (settled = true));
    controller.abort();
    await tick(0);
    expect(settled).to.equal(true);
    // A change after the wait ended finds no one listening: nothing throws, nothing is held.
    el.append(document.createElement('span'));
    await tick(0);
  });
});
