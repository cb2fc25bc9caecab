// One activation oracle (issue 26, items 2–5): every step is first resolved to the control it will actually
// activate (the element hit where the click lands and its nearest activatable ancestor, the control a key or a
// typed character activates on the focused element), and risk, the approval's words, its outline and the
// re-check after approval are judged on that control. When what would be activated is no longer what was judged,
// the step stops with its own outcome (`diverted`, engine `activation_changed`). The person answers every dialog
// here with real input.
import { expect, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../shared/mocha.js';
import { whenArmed } from '../shared/approvals.js';
import { act, area, byName, reply, runnerFor, tick, until, watch } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';
import type { AxOutcome } from '../../../elements/ax-runner/events.js';

const runners: AxRunnerElement[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
  await resetMouse();
});
async function runner(scope: Element | null, props: Partial<AxRunnerElement> = {}) {
  const r = await runnerFor(scope, props);
  runners.push(r);
  return r;
}

/** The runner's open confirmation dialog, or null when none opened within `ms` (the step was not held). */
async function asked(r: AxRunnerElement, ms = 1500): Promise<HTMLElement | null> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const d = r.shadowRoot!.querySelector('ae-confirm-dialog');
    if (d?.shadowRoot?.querySelector('dialog')?.open) return d as HTMLElement;
    await tick(10);
  }
  return null;
}

const sentenceOf = (d: HTMLElement) => (d.shadowRoot!.querySelector('[part="sentence"]')!.textContent ?? '').replace(/\s+/g, ' ').trim();
const valuesOf = (d: HTMLElement) => [...d.shadowRoot!.querySelectorAll('[part="detail-value"]')].map((v) => v.textContent ?? '');

/** The person presses Confirm or Cancel with the mouse, once the buttons take presses. */
async function press(d: HTMLElement, which: 'confirm' | 'cancel'): Promise<void> {
  await whenArmed(d);
  const box = d.shadowRoot!.querySelector(`[part="${which}"]`)!.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
}

/** Asks, checks it asked, answers, and gives the sentence, the listed values and the outcome. */
async function ask(r: AxRunnerElement, lines: string[], which: 'confirm' | 'cancel' = 'cancel') {
  const done = r.stream(reply('', ...lines));
  const d = await asked(r);
  if (!d) return { sentence: null, values: [] as string[], outcome: await Promise.race([done, tick(1500).then(() => null)]) };
  const sentence = sentenceOf(d);
  const values = valuesOf(d);
  await press(d, which);
  return { sentence, values, outcome: (await done) as AxOutcome | null };
}

/** Clicks on links and submits are recorded and kept from leaving the test page. */
function keepHere(app: Element) {
  const heard: string[] = [];
  app.addEventListener('click', (e) => {
    const a = (e.target as Element).closest('a');
    if (a) {
      e.preventDefault();
      heard.push(`follow ${a.getAttribute('href')}`);
    } else heard.push(`click ${(e.target as Element).textContent?.trim()}`);
  });
  app.addEventListener('submit', (e) => {
    e.preventDefault();
    const s = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    heard.push(`submit ${new URL(s?.formAction || (e.target as HTMLFormElement).action).pathname}`);
  });
  return heard;
}

describe('ax-runner activation: a click is judged on the control its hit activates', () => {
  it('issue 26.2: a region whose centre is a data-ax-risk button asks, and the dialog names the button pressed', async () => {
    const app = await area(html`<section aria-label="Danger zone" style="display:grid;place-items:center;width:320px;height:120px">
      <button data-ax-risk="risky" style="width:160px;height:40px">Delete account</button>
    </section>`);
    const heard = keepHere(app);
    const r = await runner(app);
    for (const risk of ['safe', 'risky']) {
      const { sentence, outcome } = await ask(r, [act({ do: 'click', target: byName('region', 'Danger zone'), risk })]);
      expect(sentence, `asked (${risk})`).to.be.a('string');
      expect(sentence).to.contain('Click button “Delete account”');
      expect(sentence).not.to.contain('Danger zone');
      expect(outcome?.reason).to.equal('refused');
    }
    expect(heard).to.deep.equal([]);
  });

  it('issue 26.2: a control by role (role=button) at a region’s centre is what the click is judged on and named by', async () => {
    const app = await area(html`<section aria-label="Danger zone" style="display:grid;place-items:center;width:320px;height:120px">
      <div role="button" tabindex="0" data-ax-risk="risky" style="padding:8px"><span>Delete account</span></div>
    </section>`);
    const heard = keepHere(app);
    const r = await runner(app);
    const { sentence, outcome } = await ask(r, [act({ do: 'click', target: byName('region', 'Danger zone') })]);
    expect(sentence).to.contain('Click button “Delete account”');
    expect(outcome?.reason).to.equal('refused');
    expect(heard).to.deep.equal([]);
  });

  it('issue 26.2: a focusable role=button card with a submit button at its centre asks, naming the form it sends', async () => {
    const app = await area(html`<form action="/subscribe" aria-label="Plan">
      <div role="button" tabindex="0" aria-label="Pro plan" style="display:grid;place-items:center;width:320px;height:120px">
        <button style="width:120px;height:40px">Choose</button>
      </div>
    </form>`);
    const heard = keepHere(app);
    const r = await runner(app);
    const { sentence, outcome } = await ask(r, [act({ do: 'click', target: byName('button', 'Pro plan') })]);
    expect(sentence).to.be.a('string');
    expect(sentence).to.contain('Click button “Choose”');
    expect(sentence).to.contain(`${location.origin}/subscribe`);
    expect(outcome?.reason).to.equal('refused');
    expect(heard).to.deep.equal([]);
  });

  it('issue 26.2: a card with a stretched link to another page asks before following it', async () => {
    const app = await area(html`<style>
        .card { position: relative; width: 320px; height: 120px; }
        .card a::after { content: ''; position: absolute; inset: 0; }
      </style>
      <section class="card" aria-label="Story card"><h3>News</h3><a href="/other-page">Read the story</a></section>`);
    const heard = keepHere(app);
    const r = await runner(app);
    const { sentence, outcome } = await ask(r, [act({ do: 'click', target: byName('region', 'Story card') })]);
    expect(sentence).to.be.a('string');
    expect(sentence).to.contain('Click link “Read the story”');
    expect(sentence).to.contain('/other-page');
    expect(outcome?.reason).to.equal('refused');
    expect(heard).to.deep.equal([]);
  });
});

describe('ax-runner activation: keys and typing are judged on what they activate', () => {
  it('issue 26.3: Space on a focused submit button asks, and so does typing " " there', async () => {
    const app = await area(html`<form action="/send" aria-label="Message"><button>Send</button></form>`);
    const heard = keepHere(app);
    const r = await runner(app);
    for (const line of [act({ do: 'key', keys: ['Space'] }), act({ do: 'type', text: ' ' })]) {
      app.querySelector('button')!.focus();
      const { sentence, outcome } = await ask(r, [line]);
      expect(sentence, line).to.be.a('string');
      expect(sentence).to.contain('button “Send”');
      expect(sentence).to.contain(`${location.origin}/send`);
      expect(outcome?.reason).to.equal('refused');
    }
    expect(heard).to.deep.equal([]);
  });

  it('issue 26.3: Enter on a link focused by Tab asks as clicking it does, and so does typing "\\n" there', async () => {
    const app = await area(html`<button>Before</button> <a href="/other-page">Other page</a>`);
    const heard = keepHere(app);
    const r = await runner(app);
    app.querySelector('button')!.focus();
    const tabbed = await ask(r, [act({ do: 'key', keys: ['Tab'] }), act({ do: 'key', keys: ['Enter'] })]);
    expect(tabbed.sentence).to.be.a('string');
    expect(tabbed.sentence).to.contain('link “Other page”');
    expect(tabbed.sentence).to.contain('/other-page');
    expect(tabbed.outcome?.reason).to.equal('refused');
    app.querySelector('a')!.focus();
    const typed = await ask(r, [act({ do: 'type', text: '\n' })]);
    expect(typed.sentence).to.contain('/other-page');
    expect(typed.outcome?.reason).to.equal('refused');
    expect(heard).to.deep.equal([]);
  });

  it('issue 26.3: Enter in a field is judged on the form’s default button it presses (its data-ax-risk too)', async () => {
    const app = await area(html`<form method="dialog" aria-label="Wipe">
      <label>Confirm word <input name="word" /></label><button data-ax-risk="risky">Wipe the disk</button>
    </form>`);
    let pressed = 0;
    app.querySelector('button')!.addEventListener('click', () => pressed++);
    const r = await runner(app);
    app.querySelector('input')!.focus();
    const { sentence, outcome } = await ask(r, [act({ do: 'key', keys: ['Enter'] })]);
    expect(sentence).to.be.a('string');
    expect(sentence).to.contain('Press Enter in textbox “Confirm word”');
    expect(outcome?.reason).to.equal('refused');
    expect(pressed).to.equal(0);
  });

  it('issue 26.3: Space on a focused link does not follow it (browsers never do), and asks nothing', async () => {
    const app = await area(html`<a href="/other-page">Other page</a>`);
    const heard = keepHere(app);
    const r = await runner(app);
    app.querySelector('a')!.focus();
    const done = r.stream(reply('', act({ do: 'key', keys: ['Space'] }), act({ do: 'type', text: ' ' })));
    expect(await asked(r, 300)).to.equal(null);
    expect((await done).reason).to.equal('unfinished');
    expect(heard).to.deep.equal([]);
  });
});

describe('ax-runner activation: a point is resolved to what is under it', () => {
  const fixed = (top: number) => `position:fixed;left:8px;top:${top}px;width:40px;height:40px;margin:0;padding:0`;
  // Keeps the runner, drawn after the area, clear of the point.
  const spacer = html`<div style="height:160px"></div>`;

  it('issue 26.4: "Click the point (28, 28)" names and outlines the element under it, and clicks it once approved', async () => {
    const app = await area(html`${spacer}<button class="keep" style=${fixed(8)}>Keep</button>`);
    const heard = keepHere(app);
    const r = await runner(app);
    const done = r.stream(reply('', act({ do: 'click', target: { x: 28, y: 28 }, risk: 'risky' })));
    const d = await asked(r);
    expect(d).not.to.equal(null);
    expect(sentenceOf(d!)).to.contain('Click button “Keep”');
    const outline = r.shadowRoot!.querySelector('[part="outline"]') as HTMLElement;
    await until(() => outline.matches(':popover-open'), 'the outline');
    const drawn = outline.getBoundingClientRect();
    const keep = app.querySelector('.keep')!.getBoundingClientRect();
    expect(Math.abs(drawn.left + drawn.width / 2 - (keep.left + keep.width / 2))).to.be.below(2);
    expect(Math.abs(drawn.top + drawn.height / 2 - (keep.top + keep.height / 2))).to.be.below(2);
    await press(d!, 'confirm');
    expect((await done).reason).to.equal('unfinished');
    expect(heard).to.deep.equal(['click Keep']);
  });

  it('issue 26.4: a data-ax-risk "Delete everything" moved under the point while the dialog is open is not clicked', async () => {
    const app = await area(html`${spacer}<button class="keep" style=${fixed(8)}>Keep</button>
      <button class="delete" data-ax-risk="risky" style=${fixed(80)}>Delete everything</button>`);
    const heard = keepHere(app);
    const r = await runner(app);
    const w = watch(r);
    const done = r.stream(reply('', act({ do: 'click', target: { x: 28, y: 28 }, risk: 'risky' })));
    const d = await asked(r);
    expect(sentenceOf(d!)).to.contain('Click button “Keep”');
    (app.querySelector('.delete') as HTMLElement).style.top = '8px';
    await press(d!, 'confirm');
    const outcome = await done;
    expect(heard).to.deep.equal([]);
    expect(outcome.reason).to.equal('diverted');
    expect(outcome.engine.reason).to.equal('activation_changed');
    expect(outcome.detail).to.contain('Delete everything');
    expect(w.statuses(0).at(-1)).to.equal('failed');
  });
});

describe('ax-runner activation: approvals show every value whole', () => {
  it('issue 26.5: a risky type of ~1,000 characters ending in "\\n" shows all of it', async () => {
    const app = await area(html`<form action="/notes" aria-label="Note"><label>Note <input name="note" /></label><button>Save</button></form>`);
    keepHere(app);
    const r = await runner(app);
    const text = `${'Please keep this note. '.repeat(43)}card 4111 1111 1111 1111\n`;
    expect(text.length).to.be.above(1000);
    const { values, outcome } = await ask(r, [act({ do: 'click', target: byName('textbox', 'Note') }), act({ do: 'type', text, risk: 'risky' })]);
    expect(values.some((v) => v.replace(/⏎/g, '\n').includes(text.trim()))).to.equal(true);
    expect(values.join('')).to.contain('4111 1111 1111 1111');
    expect(outcome?.reason).to.equal('refused');
  });

  it('issue 26.5: a link and an open show their whole address; two forms of one origin show their whole actions', async () => {
    const long = `/reports/${'quarterly-'.repeat(20)}end`;
    const app = await area(html`<a href=${long}>Report</a>
      <form action="/archive" aria-label="Archive"><button>Archive</button></form>
      <form action="/delete-everything" aria-label="Cleanup"><button>Go</button></form>`);
    keepHere(app);
    const r = await runner(app);
    const full = `${location.origin}${long}`;
    const link = await ask(r, [act({ do: 'click', target: byName('link', 'Report') })]);
    expect(`${link.sentence} ${link.values.join(' ')}`).to.contain(full);
    const open = await ask(r, [act({ do: 'open', target: full })]);
    expect(`${open.sentence} ${open.values.join(' ')}`).to.contain(full);
    const archive = await ask(r, [act({ do: 'click', target: byName('button', 'Archive') })]);
    expect(archive.sentence).to.contain(`${location.origin}/archive`);
    const cleanup = await ask(r, [act({ do: 'click', target: byName('button', 'Go') })]);
    expect(cleanup.sentence).to.contain(`${location.origin}/delete-everything`);
  });

  it('issue 26.5: the page changing formaction on pointerdown after approval does not send the form there', async () => {
    const app = await area(html`<form action="/archive" aria-label="Archive"><button>Archive</button></form>`);
    const heard = keepHere(app);
    const button = app.querySelector('button')!;
    button.addEventListener('pointerdown', () => button.setAttribute('formaction', '/delete-everything'));
    const r = await runner(app);
    const { sentence, outcome } = await ask(r, [act({ do: 'click', target: byName('button', 'Archive') })], 'confirm');
    expect(heard.filter((h) => h.startsWith('submit'))).to.deep.equal([]);
    expect(outcome?.reason).to.equal('diverted');
    expect(outcome?.detail).to.contain('/delete-everything');
    expect(sentence).to.contain(`${location.origin}/archive`);
  });
});
