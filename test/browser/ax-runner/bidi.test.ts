// One text path for the model's words in <ax-runner> (issue 15, item 11): the narration, the steps' words and
// errors, the outcome and the approval sentence show no direction controls, so `I will click \u202ElecnaC\u202C`
// can't read as "Cancel"; and each run of model text is isolated, so it can't reorder the words around it.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, answer, area, byName, reply, runnerFor } from './helpers.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) {
    r.stop();
    r.remove();
  }
});

/** Every text node the runner draws, its shadow root included. */
function drawnText(root: Node): string[] {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) out.push((n as Text).data);
    if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
    for (const c of n.childNodes) walk(c);
  };
  walk(root);
  return out;
}

describe('ax-runner: model text has no direction controls and is isolated', () => {
  it('issue 15.11: the narration before the fence is shown without direction controls, isolated', async () => {
    const app = await area(html`<button>Cancel</button><button>Pay now</button>`);
    const r = await runnerFor(app);
    runners.push(r);
    await r.stream(reply('I will click \u202ElecnaC\u202C', act({ do: 'wait', ms: 1 })));
    await r.updateComplete;
    const narration = r.shadowRoot!.querySelector('[part="narration"] p')!;
    expect(narration.textContent).to.equal('I will click lecnaC');
    expect(getComputedStyle(narration).unicodeBidi).to.equal('isolate');
    expect(drawnText(r.shadowRoot!).filter((t) => CONTROLS.test(t))).to.deep.equal([]);
  });

  it('step words, a step’s error and the outcome drop direction controls; each value is its own isolated run', async () => {
    const app = await area(html`<button>Cancel</button>`);
    const r = await runnerFor(app);
    runners.push(r);
    const outcome = await r.stream(reply('', act({ do: 'type', text: 'a\u202Eb' }), act({ do: 'click', target: { ax: { title: '\u2067gnp.exe\u2069' } } })));
    expect(outcome.reason).to.equal('failed');
    await r.updateComplete;
    expect(drawnText(r.shadowRoot!).filter((t) => CONTROLS.test(t))).to.deep.equal([]);
    const values = [...r.shadowRoot!.querySelectorAll('[part~="step"] bdi')].map((b) => b.textContent);
    expect(values).to.include('gnp.exe');
    const error = r.shadowRoot!.querySelector('[part~="step"] .error')!;
    expect(getComputedStyle(error).unicodeBidi).to.equal('isolate');
  });

  it('the approval sentence drops direction controls from the model’s words and the page’s names', async () => {
    const app = await area(html`<button>Delete \u202Eevil</button>`);
    const r = await runnerFor(app);
    runners.push(r);
    const done = r.stream(reply('', act({ do: 'click', target: byName('button', 'Delete'), risk: 'risky' }), act({ do: 'type', text: '\u202Etxet' })));
    const sentence = await answer(r, false);
    expect(CONTROLS.test(sentence)).to.equal(false);
    expect(sentence).to.contain('Delete evil');
    await done;
  });
});
