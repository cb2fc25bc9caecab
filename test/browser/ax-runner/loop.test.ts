// <ax-runner>'s agent loop when the model fails in the middle of a burst: the burst ends with its own outcome
// (ax-end, said in the log), no step is left "Waiting", and Retry, pressed by a person, goes on with the same task
// and its history (the model is told what already ran; the log keeps the earlier looks), so nothing safe is done
// twice for want of knowing.
import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, byName, runnerFor, until, watch } from './helpers.js';
import type { AxRunnerElement, ChatMessage } from '../../../elements/ax-runner/index.js';
import { en } from '../../../strings/en.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});
const shadow = (r: AxRunnerElement) => r.shadowRoot!;
const texts = (r: AxRunnerElement, sel: string) => [...shadow(r).querySelectorAll(sel)].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());

/** Where a person would press an element: the middle of its box. */
function centre(el: Element): [number, number] {
  const box = el.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

describe('ax-runner: the agent loop after a model failure', () => {
  it('a model failing mid-burst ends the burst (ax-end, an outcome, nothing left Waiting); Retry goes on with the history', async () => {
    const app = await area(html`<ul></ul>
      <label>Item <input /></label><button class="add">Add to list</button>
      <button>Save</button>`);
    let added = 0;
    app.querySelector('.add')!.addEventListener('click', () => added++);
    const prompts: string[] = [];
    const busy = Object.assign(new Error('the service is overloaded'), { code: 'overloaded', retryable: true });
    const model = async function* (messages: readonly ChatMessage[]) {
      prompts.push(messages.find((m) => m.role === 'user')!.content);
      if (prompts.length === 1) {
        // The add runs, the long wait is running and Save waits its turn when the reply breaks off.
        yield ['I will add it and save.', '```jsonl', act({ do: 'click', target: byName('button', 'Add to list') }), act({ do: 'wait', ms: 30_000 }), act({ do: 'click', target: byName('button', 'Save') }), ''].join('\n');
        await until(() => added === 1, 'the add');
        throw busy;
      }
      yield ['```jsonl', '{"op":"done","status":"success"}', '```', ''].join('\n');
    };
    const r = await runnerFor(app, { model });
    runners.push(r);
    const w = watch(r);
    const result = await r.run('add milk to the list and save');
    expect(result.reason).to.equal('error');
    await r.updateComplete;

    expect(w.ends.map((e) => [e.burst, e.outcome.reason])).to.deep.equal([[1, 'model-failed']]);
    expect(texts(r, '[part="outcome"]')).to.deep.equal([en.axOutcomeModelFailed]);
    const states = texts(r, '[part="step-state"]');
    expect(states).to.deep.equal([en.axDone, en.axFailed, en.axNotRun]);
    expect(states).not.to.include(en.axQueued);
    expect(added).to.equal(1);

    // A person presses Retry: the same task goes on, the model told what already ran.
    const retry = shadow(r).querySelector('[part="retry"]') as HTMLButtonElement;
    expect(retry.disabled).to.equal(false);
    await sendMouse({ type: 'click', position: centre(retry) });
    await until(() => w.ends.length === 2, 'the second look to end');
    expect(w.ends.map((e) => [e.burst, e.outcome.reason])).to.deep.equal([
      [1, 'model-failed'],
      [2, 'done'],
    ]);
    expect(prompts).to.have.length(2);
    expect(prompts[1]).to.match(/Task: add milk to the list and save/);
    expect(prompts[1]).to.match(/Burst 1:\n {2}ok: click button "Add to list"/);
    expect(prompts[1]).to.contain('ended: your reply broke off');
    expect(prompts[1]).to.match(/This is burst 2 of at most/);
    // The log keeps the first look and goes on with the second.
    await r.updateComplete;
    expect(shadow(r).querySelectorAll('section.burst')).to.have.length(2);
    expect(added).to.equal(1);
  });
});
