// What a target names on a real page (issue 17, item 8): a title without a role clicks the control, not the
// region or heading that carries the same words; lists, list items and table rows are in the tree, so the
// prompt's own drag onto a list called "Done" lands; several equally good matches are reported, and a risky step
// never runs on one of them. The page backend's own walk follows the engine's rules exactly.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, backendFor, byName, look, reply, runnerFor, tick, watch } from './helpers.js';
import { matchTarget, type TargetPurpose } from '../../../src/axstream/resolveTarget.js';
import type { AxNode, AxTree } from '../../../src/axstream/tree.js';
import type { AxTarget } from '../../../src/axstream/types.js';
import type { AxIssueEvent, AxRunnerElement } from '../../../elements/ax-runner/index.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});
async function runner(scope: Element, props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r;
}
const shadow = (r: AxRunnerElement) => r.shadowRoot!;

describe('ax-runner: what a target names', () => {
  it('{"ax":{"title":"Sign in"}} clicks the Sign in button, not the region or heading called Sign in', async () => {
    const el = await area(html`<section aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p>Sign in</p>
      <form aria-label="Account"><label>Email <input /></label><button type="button">Sign in</button></form>
    </section>`);
    let clicked = 0;
    el.querySelector('button')!.addEventListener('click', () => clicked++);
    const r = await runner(el);
    const w = watch(r);
    const outcome = await r.stream(reply('', '{"op":"act","do":"click","target":{"ax":{"title":"Sign in"}}}'));
    expect(outcome.reason).to.equal('unfinished');
    expect(clicked).to.equal(1);
    const done = w.steps.at(-1)!;
    expect(done.resolved?.target?.kind === 'element' && done.resolved.target.node.role).to.equal('button');
  });

  it('drags a card onto the list called "Done", the prompt’s own example', async () => {
    const el = await area(html`<section aria-labelledby="todo"><h3 id="todo">To do</h3>
        <ul aria-labelledby="todo" class="todo"><li draggable="true">Write the report</li></ul></section>
      <section aria-labelledby="done"><h3 id="done">Done</h3><ul aria-labelledby="done" class="done" style="min-block-size: 3em"></ul></section>`);
    const done = el.querySelector('.done')!;
    let dragged: Element | null = null;
    el.addEventListener('dragstart', (e) => (dragged = e.target as Element));
    done.addEventListener('dragover', (e) => e.preventDefault());
    done.addEventListener('drop', (e) => {
      e.preventDefault();
      if (dragged) done.append(dragged);
    });
    expect(await look(backendFor(el))).to.contain('list "Done"');
    const r = await runner(el);
    const outcome = await r.stream(reply('', act({ do: 'drag', from: { ax: { title: 'Write the report' } }, to: byName('list', 'Done') })));
    expect([outcome.reason, outcome.detail]).to.deep.equal(['unfinished', undefined]);
    expect(done.textContent).to.contain('Write the report');
    // Without a role, where a drag ends prefers the list over the region round it and the heading, all called
    // Done, and that is no ambiguity.
    done.replaceChildren();
    el.querySelector('.todo')!.append(dragged!);
    const issues: AxIssueEvent[] = [];
    r.addEventListener('ax-issue', (e) => issues.push(e));
    const w = watch(r);
    await r.stream(reply('', act({ do: 'drag', from: { ax: { title: 'Write the report' } }, to: { ax: { title: 'Done' } } })));
    expect(done.textContent).to.contain('Write the report');
    const to = w.steps.at(-1)!.resolved?.to;
    expect(to?.kind === 'element' && `${to.node.role} ${to.node.ref === done}`).to.equal('list true');
    expect(issues.map((e) => e.issue.code)).to.deep.equal([]);
  });

  it('lists, list items and table rows are in the observation; a row is named by its cells', async () => {
    const el = await area(html`<ul aria-label="Guests"><li>Ada</li><li>Grace</li></ul>
      <table aria-label="Bookings"><tr><th>Name</th><th>Date</th></tr><tr><td>Ada Lovelace</td><td>12 July</td></tr></table>`);
    let rowClicks = 0;
    el.querySelectorAll('tr')[1]!.addEventListener('click', () => rowClicks++);
    const text = await look(backendFor(el));
    expect(text).to.contain('- list "Guests"\n  - listitem\n    - text "Ada"');
    expect(text).to.contain('- row "Ada Lovelace 12 July"');
    expect(text).not.to.contain('text "Ada Lovelace"');
    const r = await runner(el);
    await r.stream(reply('', act({ do: 'click', target: byName('row', 'Ada Lovelace') })));
    expect(rowClicks).to.equal(1);
  });

  it('two equally good matches: a safe step runs on the first and says so; the runner shows the others', async () => {
    const el = await area(html`<ul>
      <li>Milk <button type="button" class="remove">Remove</button></li>
      <li>Eggs <button type="button" class="remove">Remove</button></li>
    </ul>`);
    el.addEventListener('click', (e) => (e.target as Element).closest('li')?.remove());
    const r = await runner(el);
    const issues: AxIssueEvent[] = [];
    r.addEventListener('ax-issue', (e) => issues.push(e));
    const outcome = await r.stream(reply('', act({ do: 'click', target: byName('button', 'Remove') })));
    expect(outcome.reason).to.equal('unfinished');
    expect(el.textContent).not.to.contain('Milk');
    expect(el.textContent).to.contain('Eggs');
    expect(issues.map((e) => [e.issue.code, e.issue.severity])).to.deep.equal([['ambiguous_target', 'warning']]);
    // issues lists what ax-issue carried in this reply (the element contract), and starts over with the next one.
    expect(r.issues).to.deep.equal(issues.map((e) => e.issue));
    await r.updateComplete;
    const step = shadow(r).querySelector('[part~="step"]')!;
    expect(step.querySelector('[part~="step-note"]')?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Also matched button “Remove”; the first was used.');
    // A warning is no dropped line.
    expect(shadow(r).querySelector('.dropped')).to.equal(null);
    await expect(r).to.be.accessible();
    await r.stream(reply('', act({ do: 'click', target: byName('button', 'Remove') })));
    expect(r.issues, 'the next reply starts its own list').to.deep.equal([]);
  });

  it('a risky step on an ambiguous target never runs and nobody is asked', async () => {
    const el = await area(html`<button type="button">Delete</button><button type="button">Delete</button>`);
    let clicked = 0;
    el.addEventListener('click', () => clicked++);
    const r = await runner(el);
    const outcome = await r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete'), risk: 'risky' })));
    await tick(20);
    expect(outcome.reason).to.equal('failed');
    expect(outcome.detail).to.match(/matches more than one element equally well: e\d+ button "Delete", e\d+ button "Delete"; a risky step is not run on an ambiguous target/);
    expect(clicked).to.equal(0);
    expect(shadow(r).querySelector('ae-confirm-dialog[open]')).to.equal(null);
  });

  it('the page backend’s own walk finds what the engine’s rules find over its tree, for every purpose', async () => {
    const el = await area(html`<section aria-labelledby="s"><h2 id="s">Save</h2>
        <p>Save your work</p>
        <button>Save</button><button>Save as…</button><a href="#x">Save</a>
        <ul aria-label="Done"><li>Done items</li></ul><h3>Done</h3>
        <label>Search <input /></label><div role="region" aria-label="Search results"><p>Search</p></div>
      </section>`);
    const backend = backendFor(el);
    await look(backend);
    const tree = backend.tree!({ signal: new AbortController().signal }) as AxTree<Element>;
    const targets: Omit<AxTarget, 'kind'>[] = [
      { title: 'Save' },
      { title: 'save' },
      { title: 'Save as' },
      { role: 'button', title: 'Save' },
      { role: 'AXLink', title: 'Save' },
      { role: 'heading' },
      { title: 'Done' },
      { title: 'Search' },
      { title: 'nothing like it' },
      { role: 'list', title: 'Done' },
      { role: 'row' },
    ];
    // Nodes are compared as words (their place in the tree, role and name): comparing elements themselves makes
    // chai walk the whole document to describe a difference, and the browser never finishes.
    const said = (n: AxNode<Element> | null) => (n ? `${tree.findIndex((m) => m.ref === n.ref && m.role === n.role && m.name === n.name)} ${n.role} "${n.name}"` : 'none');
    for (const purpose of ['act', 'drop', 'find'] as TargetPurpose[]) {
      for (const t of targets) {
        const target: AxTarget = { kind: 'ax', ...t };
        const fast = backend.match(target, { signal: new AbortController().signal, purpose });
        const rules = matchTarget(target, tree, purpose);
        const key = `${purpose} ${JSON.stringify(t)}`;
        expect([said(fast.node), ...fast.alike.map(said)], key).to.deep.equal([said(rules.node), ...rules.alike.map(said)]);
      }
    }
  });
});
