// The step log of long bursts and of bursts that end early (issue 17, items 7, 9 and 10): a thousand steps are a
// few dozen list items on the page with a count of the rest and a button to show them all, drawn a few times
// rather than once per step, and said to a screen reader in batches; steps that never ran say so; lines skipped
// past the step limit are counted and named for what they are; each way a reply can end has its own words.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, reply, runnerFor, tick, until } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { Backend } from '../../../src/axstream/backend.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});
async function runner(scope: Element | null, props: Partial<AxRunnerElement> = {}, theme: 'light' | 'dark' = 'light') {
  const r = await runnerFor(scope, props, theme);
  runners.push(r);
  return r;
}
const shadow = (r: AxRunnerElement) => r.shadowRoot!;
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const texts = (r: AxRunnerElement, sel: string) => [...shadow(r).querySelectorAll(sel)].map(text);
const waits = (n: number, ms = 0) => Array.from({ length: n }, () => act({ do: 'wait', ms }));

/** A backend that does every step at once, in the same task: steps finish far faster than frames. */
const instant: Backend<string> = { observe: () => '', tree: () => [{ ref: 'b', role: 'button', name: 'Go', id: 'e1' }], act: () => {} };

describe('ax-runner: the step log', function (this: { timeout(ms: number): void }) {
  // Bursts of hundreds of steps, some shown in full and checked by axe: on a machine busy with the whole suite
  // that takes longer than mocha's default.
  this.timeout(30000);
  it('a 1,000-step burst leaves a few dozen list items on the page, the latest steps among them, and says how many are not shown', async () => {
    const el = await area(html`<p>Nothing to do here.</p>`);
    const r = await runner(el, { policy: 'allow' });
    const outcome = await r.stream(reply('A thousand waits.', ...waits(1000)));
    expect(outcome.reason).to.equal('unfinished');
    await r.updateComplete;
    const items = shadow(r).querySelectorAll('[part~="step"]');
    expect(items.length).to.be.at.most(30);
    expect(shadow(r).querySelectorAll('*').length).to.be.below(200);
    // The last step is there, numbered as the thousandth: one list, starting where the shown steps start.
    const list = shadow(r).querySelector('ol[part~="steps"]')!;
    expect(Number(list.getAttribute('start')) + items.length - 1).to.equal(1000);
    expect(list.getAttribute('aria-label')).to.equal('Steps');
    // Drawn without bullets, a list stays a list to Safari's VoiceOver only when it says so.
    expect(list.getAttribute('role')).to.equal('list');
    expect(text(shadow(r).querySelector('.steps-more'))).to.equal(`${1000 - items.length} earlier steps are not shown. Show all 1,000 steps`);
    const toggle = shadow(r).querySelector<HTMLButtonElement>('[part~="steps-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(list.id);
    await expect(r).to.be.accessible();
  });

  it('the toggle shows all the steps in the same list, and folds them again; focus stays on it', async () => {
    const r = await runner(await area(html`<p>Nothing.</p>`), { policy: 'allow' });
    await r.stream(reply('', ...waits(300)));
    await r.updateComplete;
    const toggle = shadow(r).querySelector<HTMLButtonElement>('[part~="steps-toggle"]')!;
    toggle.focus();
    toggle.click();
    await r.updateComplete;
    // Drawn a few chunks a frame: the first ones at once, all of them a frame or two later.
    const shown = () => shadow(r).querySelectorAll('ol[part~="steps"] > li[part~="step"]').length;
    expect(shown()).to.be.at.least(200);
    await until(() => shown() === 300, 'every step to be drawn');
    expect(shadow(r).querySelectorAll('ol[part~="steps"]').length).to.equal(1);
    expect(shadow(r).querySelector('ol[part~="steps"]')!.getAttribute('start')).to.equal('1');
    expect(shadow(r).querySelector('[part~="steps-toggle"]')).to.equal(toggle);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(text(toggle)).to.equal('Show only the latest steps');
    expect(shadow(r).activeElement).to.equal(toggle);
    await expect(r).to.be.accessible();
    const whole = shadow(r).querySelector('ol[part~="steps"]')!;
    toggle.click();
    await r.updateComplete;
    expect(shadow(r).querySelectorAll('li[part~="step"]').length).to.be.at.most(30);
    // Folding throws the full list away whole (one removal), rather than taking its items out one by one in the
    // task the person clicked in; the folded list has the same id the toggle controls.
    expect([whole.isConnected, whole.children.length]).to.deep.equal([false, 300]);
    expect(toggle.getAttribute('aria-controls')).to.equal(shadow(r).querySelector('ol[part~="steps"]')!.id);
    expect(shadow(r).activeElement).to.equal(toggle);
  });

  it('while a long burst runs, the steps around the running one are shown, and the rest waiting are counted', async () => {
    const el = await area(html`<p>Nothing.</p>`);
    const r = await runner(el, { policy: 'allow' });
    r.write(reply('', act({ do: 'wait', ms: 5 }), act({ do: 'wait', ms: 30_000 }), ...waits(200)));
    await until(() => shadow(r).querySelector('[data-status="running"]')?.textContent?.includes('30') === true, 'the long wait to be running');
    expect(texts(r, '[part~="step-state"]').slice(0, 3)).to.deep.equal(['Done', 'Doing', 'Waiting']);
    expect(shadow(r).querySelectorAll('li[part~="step"]').length).to.be.at.most(10);
    expect(text(shadow(r).querySelector('.steps-later'))).to.match(/^19\d more steps waiting\.$/);
    r.stop();
  });

  it('steps that finish within one task are drawn together: a few updates, not one per step', async () => {
    const r = await runner(null, { backend: instant, policy: 'allow' });
    await r.updateComplete;
    let updates = 0;
    const update = (r as unknown as { update(c: Map<string, unknown>): void }).update.bind(r);
    (r as unknown as { update(c: Map<string, unknown>): void }).update = (c) => {
      updates++;
      update(c);
    };
    await r.stream(reply('', ...Array.from({ length: 500 }, () => act({ do: 'click', target: { ax: { id: 'e1' } } }))));
    await r.updateComplete;
    expect(updates).to.be.at.most(6);
    expect(texts(r, '[part~="step-state"]').at(-1)).to.equal('Done');
  });

  it('says finished steps in batches whose counts add up to every step, naming the latest', async () => {
    const r = await runner(null, { backend: instant, policy: 'allow', strings: { axSaidStep: '[1: {action}]', axSaidSteps: '[{count}: {action}]' } });
    const region = shadow(r).querySelector('[part="announcer"]')!;
    const said: string[] = [];
    const heard = new MutationObserver(() => said.push(region.textContent ?? ''));
    heard.observe(region, { childList: true, subtree: true, characterData: true });
    const total = 300;
    await r.stream(reply('', ...Array.from({ length: total }, () => act({ do: 'click', target: { ax: { id: 'e1' } } }))));
    const counted = () => said.flatMap((s) => [...s.matchAll(/\[(\d+): [^\]]*\]/g)].map((m) => Number(m[1]))).reduce((a, b) => a + b, 0);
    await until(() => counted() === total, `the announcements to account for ${total} steps`);
    heard.disconnect();
    const sentences = said.flatMap((s) => [...s.matchAll(/\[\d+: [^\]]*\]/g)].map((m) => m[0]));
    expect(sentences.length).to.be.at.most(3);
    expect(sentences.at(-1)).to.match(/^\[\d+: Click button “Go”\]$/);
  });

  it('a step that needs approval, or fails, is said on its own at once, after the batch before it', async () => {
    const el = await area(html`<button>Go</button>`);
    const r = await runner(el, { policy: 'refuse', strings: { axSaidStep: '[{action}: {state}]', axSaidSteps: '[{count} done]' } });
    const region = shadow(r).querySelector('[part="announcer"]')!;
    const said: string[] = [];
    const heard = new MutationObserver(() => said.push(region.textContent ?? ''));
    heard.observe(region, { childList: true, subtree: true, characterData: true });
    await r.stream(reply('', ...waits(40), act({ do: 'click', target: { ax: { title: 'Go' } }, risk: 'risky' })));
    await until(() => said.some((s) => s.includes('[Click button “Go”: Not allowed]')), 'the refusal to be said');
    heard.disconnect();
    const all = said.join(' ');
    expect(all.indexOf('done]')).to.be.lessThan(all.indexOf('[Click button “Go”: Not allowed]'));
  });

  it('after a failure, a refusal or Stop, steps that never ran say "Not done", never "Waiting"', async () => {
    const el = await area(html`<button>Go</button>`);
    const failed = await runner(el, { policy: 'allow' });
    const outcome = await failed.stream(reply('', act({ do: 'wait', ms: 1 }), act({ do: 'click', target: { ax: { title: 'Publish' } } }), ...waits(3)));
    await failed.updateComplete;
    expect(texts(failed, '[part~="step-state"]')).to.deep.equal(['Done', 'Failed', 'Not done', 'Not done', 'Not done']);
    expect([...shadow(failed).querySelectorAll('[part~="step"]')].map((li) => li.getAttribute('data-status'))).to.deep.equal(['done', 'failed', 'not-run', 'not-run', 'not-run']);
    // The reason is said once where it is seen, under the failed step, not again in the outcome below it; the
    // status line (heard, not seen, once the burst is over) still says it.
    // Said in the person's words from the step's reason code; the engine's English is the model's.
    expect(texts(failed, '.step .error')).to.deep.equal(['Nothing on the page matches “Publish”.']);
    expect([outcome.step?.error, outcome.step?.reason?.code]).to.deep.equal(['no element matches "Publish"', 'no_match']);
    expect(texts(failed, '[part~="outcome"]')).to.deep.equal(['Stopped: a step could not be done.']);
    expect(text(shadow(failed).querySelector('[part~="progress"]'))).to.equal('Stopped: a step could not be done. Nothing on the page matches “Publish”.');
    const refused = await runner(el, { policy: 'refuse' });
    await refused.stream(reply('', act({ do: 'click', target: { ax: { title: 'Go' } }, risk: 'risky' }), ...waits(2)));
    await refused.updateComplete;
    expect(texts(refused, '[part~="step-state"]')).to.deep.equal(['Not allowed', 'Not done', 'Not done']);
    const stopped = await runner(el, { policy: 'allow' });
    stopped.write(reply('', act({ do: 'wait', ms: 30_000 }), ...waits(2)));
    await until(() => texts(stopped, '[part~="step-state"]')[0] === 'Doing', 'the wait to run');
    stopped.stop();
    await until(() => texts(stopped, '[part~="step-state"]').at(-1) === 'Not done', 'the steps after Stop to say so');
    expect(texts(stopped, '[part~="step-state"]')).to.deep.equal(['Failed', 'Not done', 'Not done']);
    await expect(stopped).to.be.accessible();
  });

  it('a long burst that fails early counts the steps that never ran', async () => {
    const r = await runner(await area(html`<p>Nothing.</p>`), { policy: 'allow' });
    await r.stream(reply('', act({ do: 'click', target: { ax: { title: 'Publish' } } }), ...waits(500)));
    await r.updateComplete;
    expect(texts(r, '[part~="step-state"]')[0]).to.equal('Failed');
    expect(text(shadow(r).querySelector('.steps-later'))).to.match(/^49\d more steps not done\.$/);
  });

  it('lines past the 1,000-step limit are counted in full and said to be over the limit, not unreadable', async () => {
    const r = await runner(null, { backend: instant, policy: 'allow' });
    await r.stream(reply('', ...Array.from({ length: 5000 }, () => act({ do: 'click', target: { ax: { id: 'e1' } } }))));
    await r.updateComplete;
    expect(texts(r, '.dropped')).to.deep.equal(['Skipped 4,000 more lines: one reply can hold at most 1,000 steps.']);
    // Unreadable lines are counted on their own, past the thousand kept as issues too.
    await r.stream(reply('', ...Array.from({ length: 1500 }, () => 'not json'), act({ do: 'wait', ms: 0 })));
    await r.updateComplete;
    expect(texts(r, '.dropped')).to.deep.equal(['Skipped 1,500 lines the assistant wrote that could not be read.']);
  });

  it('says how the reply ended: cut off mid-line, no fence, no observe or done; never "taking another look"', async () => {
    const el = await area(html`<p>Nothing.</p>`);
    const r = await runner(el, { policy: 'allow' });
    const cut = await r.stream(`Working.\n\`\`\`jsonl\n${act({ do: 'wait', ms: 0 })}\n{"op":"act","do":"cli`);
    expect([cut.reason, cut.engine.reason]).to.deep.equal(['truncated', 'truncated']);
    await r.updateComplete;
    expect(texts(r, '[part~="outcome"]')).to.deep.equal(['The reply was cut off in the middle of a step, so that step was not done.']);
    // The cut line is the outcome's to tell, not counted again among lines that could not be read.
    expect(texts(r, '.dropped')).to.deep.equal([]);
    const none = await r.stream('I think the form is already filled in.\n');
    expect([none.reason, none.engine.reason]).to.deep.equal(['no-actions', 'no_fence']);
    await r.updateComplete;
    expect(texts(r, '[part~="outcome"]')).to.deep.equal(['The reply had no steps to run.']);
    const open = await r.stream(reply('', act({ do: 'wait', ms: 0 })));
    expect([open.reason, open.engine.reason]).to.deep.equal(['unfinished', 'stream_ended']);
    await r.updateComplete;
    expect(texts(r, '[part~="outcome"]')).to.deep.equal(['The steps ran, but the reply ended without saying whether the task is done.']);
    const looked = await r.stream(reply('', '{"op":"observe"}'));
    expect(looked.reason).to.equal('observe');
    await r.updateComplete;
    expect(texts(r, '[part~="outcome"]')).to.deep.equal(['The assistant is taking another look at the page.']);
  });

  it('run(): two replies without actions stop the run and say so', async () => {
    const r = await runner(await area(html`<p>Nothing.</p>`), {
      model: () =>
        (async function* () {
          yield 'The form looks fine to me.';
        })(),
    });
    const result = await r.run('check the form');
    expect(result.reason).to.equal('no_actions');
    await r.updateComplete;
    expect(text(shadow(r).querySelector('[part~="progress"]'))).to.contain('The assistant stopped: it answered twice without any steps to run.');
  });

  it('the folded log is accessible in dark too', async () => {
    const r = await runner(await area(html`<p>Nothing.</p>`), { policy: 'allow' }, 'dark');
    await r.stream(reply('', act({ do: 'click', target: { ax: { title: 'Nope' } } }), ...waits(100)));
    await r.updateComplete;
    await tick(0);
    await expect(r).to.be.accessible();
  });
});
