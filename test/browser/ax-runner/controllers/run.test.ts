// RunController on a tiny host, apart from <ax-runner>: it runs one lone burst (write/end, stream) or one run of
// the agent loop at a time, tells the host what happens through its hooks in order, keeps the status line in step,
// says how it ended in the host's words, replaces and stops what ran, and stops everything when the host leaves
// the page.
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { describe, it } from '../../shared/mocha.js';
import { RunController, SOURCE_FAILED, type RunEnding, type RunHooks } from '../../../../elements/ax-runner/controllers/run.js';
import { ApprovalController } from '../../../../elements/shared/controllers/approval.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { SignalWatcher } from '../../../../elements/shared/base/signalWatcher.js';
import type { AgentHistory, Backend, ChatModel } from '../../../../src/axstream/index.js';
import { sendMouse } from '@web/test-runner-commands';
import { manualClock } from '../../shared/manualClock.js';

/** A backend over a one-button screen that records what it did. */
function backend() {
  const done: string[] = [];
  const tree = [{ ref: 'save', role: 'button', name: 'Save', id: 'e1' }];
  const b: Backend<string> = {
    observe: () => ({ text: '[e1] button "Save"', tree }),
    tree: () => tree,
    act: (action) => {
      done.push(action.do);
    },
  };
  return { backend: b, done };
}

const fence = (...lines: string[]) => ['```jsonl', ...lines, '```', ''].join('\n');
const click = JSON.stringify({ op: 'act', do: 'click', target: { ax: { id: 'e1' } } });
const risky = JSON.stringify({ op: 'act', do: 'click', target: { ax: { id: 'e1' } }, risk: 'risky' });
const doneLine = JSON.stringify({ op: 'done', status: 'success' });

class TestRunHost extends SignalWatcher(LitElement) {
  readonly heard: string[] = [];
  readonly endings: RunEnding[] = [];
  readonly retried: string[] = [];
  readonly histories: AgentHistory[] = [];
  readonly clock = manualClock();
  approveWith: boolean | 'unseen' = true;
  readonly fake = backend();
  readonly approval = new ApprovalController(this);
  readonly hooks: RunHooks = {
    backend: () => this.fake.backend as Backend<unknown>,
    policy: () => 'confirm',
    approve: async () => this.approveWith,
    starting: () => this.heard.push('starting'),
    opened: (n) => this.heard.push(`opened ${n}`),
    observed: (_o, n) => this.heard.push(`observed ${n}`),
    step: (step, n) => this.heard.push(`step ${n}.${step.index} ${step.status}`),
    issue: (issue, n) => this.heard.push(`issue ${n} ${issue.code}`),
    omitted: (code, count, n) => this.heard.push(`omitted ${n} ${code} ${count}`),
    narration: (text, n) => this.heard.push(`narration ${n} ${text}`),
    ended: (outcome, n) => this.heard.push(`ended ${n} ${outcome.reason}`),
    ending: (end) => {
      this.endings.push(end);
      return `ended as ${end.kind}`;
    },
    say: (status) => (status.phase === 'done' || (status.phase === 'failed' && status.code === SOURCE_FAILED) ? this.run.ending : status.phase),
    words: () => ({ cancel: 'Stop', retry: 'Retry', retryIn: 'in {seconds} s' }),
    retry: (task, history) => {
      this.retried.push(task);
      this.histories.push(history);
    },
  };
  readonly run = new RunController(this, this.approval, this.hooks);
  protected override render() {
    return html`${this.run.render()}${this.approval.render()}`;
  }
}
defineElement('test-run-host', TestRunHost);

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out');
    await tick(10);
  }
}
const statusText = (el: TestRunHost) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;

async function host() {
  return fixture<TestRunHost>(html`<test-run-host></test-run-host>`);
}

/** A model that answers each call with the next reply; a reply that is an Error fails the call. */
function scripted(replies: (string | Error)[]): ChatModel {
  let i = 0;
  return async function* () {
    const r = replies[Math.min(i++, replies.length - 1)]!;
    if (r instanceof Error) throw r;
    yield r;
  };
}

describe('RunController', () => {
  it('write()/end(): one lone burst, the host told in order, the status line running then saying how it ended', async () => {
    const el = await host();
    el.run.write('Saving now.\n');
    expect(el.run.status.phase).to.equal('running');
    el.run.write(fence(click, doneLine));
    el.run.end();
    await until(() => el.run.status.phase === 'done');
    expect(el.heard[0]).to.equal('starting');
    expect(el.heard[1]).to.equal('opened 1');
    expect(el.heard).to.include('narration 1 Saving now.');
    expect(el.heard).to.include('step 1.0 done');
    expect(el.heard[el.heard.length - 1]).to.equal('ended 1 done');
    expect(el.fake.done).to.deep.equal(['click']);
    expect(el.endings).to.have.length(1);
    expect(el.endings[0]).to.deep.include({ kind: 'burst' });
    expect(el.run.ending).to.equal('ended as burst');
    await el.updateComplete;
    expect(statusText(el)).to.equal('ended as burst');
  });

  it('stream(): resolves with the outcome; a newer write() replaces it, and it rejects with an AbortError naming that', async () => {
    const el = await host();
    expect((await el.run.stream(fence(click, doneLine))).reason).to.equal('done');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield '```jsonl\n';
      await gate;
      yield `${click}\n`;
    }
    const reading = el.run.stream(slow());
    await tick();
    el.run.write(fence(doneLine));
    release();
    let error: unknown;
    try {
      await reading;
    } catch (e) {
      error = e;
    }
    expect((error as DOMException).name).to.equal('AbortError');
    expect((error as Error).message).to.contain('replaced by <ax-runner>.write()');
    el.run.end();
  });

  it('a stream() whose source fails: the status line fails with the source’s words, and says the server’s status', async () => {
    const el = await host();
    const outcome = await el.run.stream(new Response('gone', { status: 503 }));
    expect(outcome.reason).to.equal('aborted');
    expect(el.run.status).to.deep.include({ phase: 'failed', code: SOURCE_FAILED, retryable: false });
    expect(el.endings[el.endings.length - 1]).to.deep.equal({ kind: 'source', status: 503 });
    await el.updateComplete;
    expect(statusText(el)).to.equal('ended as source');
  });

  it('stop(): the burst ends aborted and the status line says stopped', async () => {
    const el = await host();
    el.run.write('```jsonl\n');
    el.run.stop();
    await until(() => el.run.status.phase === 'stopped');
    expect(el.heard[el.heard.length - 1]).to.equal('ended 1 aborted');
  });

  it('a risky step asks the host’s approve; a no refuses it', async () => {
    const el = await host();
    el.approveWith = false;
    const outcome = await el.run.stream(fence(risky, doneLine));
    expect(outcome.reason).to.equal('refused');
    expect(el.fake.done).to.deep.equal([]);
  });

  it('run(): the agent loop, each burst opened then observed, the ending in the host’s words', async () => {
    const el = await host();
    const model = scripted([`Clicking.\n${fence(click, '{"op":"observe"}')}`, fence(doneLine)]);
    const result = await el.run.run('press save', { model, maxBursts: 5 });
    expect(result.reason).to.equal('done');
    expect(el.heard.filter((h) => h.startsWith('opened') || h.startsWith('observed'))).to.deep.equal(['opened 1', 'observed 1', 'opened 2', 'observed 2']);
    expect(el.heard.filter((h) => h.startsWith('ended'))).to.deep.equal(['ended 1 observe', 'ended 2 done']);
    expect(el.endings[el.endings.length - 1]).to.deep.include({ kind: 'run' });
    expect(el.run.status.phase).to.equal('done');
  });

  it('run(): a model failure that retrying can help offers Retry, which asks the host to run the same task again', async () => {
    const el = await host();
    const busy = Object.assign(new Error('busy'), { code: 'overloaded', retryable: true });
    const result = await el.run.run('press save', { model: scripted([busy]), maxBursts: 5 });
    expect(result.reason).to.equal('error');
    expect(el.run.status).to.deep.include({ phase: 'failed', code: 'overloaded', retryable: true });
    await el.updateComplete;
    (el.shadowRoot!.querySelector('[part="retry"]') as HTMLButtonElement).click();
    expect(el.retried).to.deep.equal(['press save']);
  });

  it('a run replaces a lone burst still open: that burst ends aborted', async () => {
    const el = await host();
    el.run.write('```jsonl\n');
    const result = await el.run.run('press save', { model: scripted([fence(doneLine)]), maxBursts: 5 });
    expect(result.reason).to.equal('done');
    expect(el.heard.filter((h) => h === 'ended 1 aborted')).to.have.length(1);
  });

  it('the host leaving the page stops what runs: the run ends aborted, its approval withdrawn', async () => {
    const el = await host();
    let started!: () => void;
    const asked = new Promise<void>((r) => (started = r));
    const model: ChatModel = async function* (_m, { signal }) {
      started();
      yield '```jsonl\n';
      await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
    };
    const running = el.run.run('wait', { model, maxBursts: 5 });
    await asked;
    el.remove();
    const result = await running;
    expect(result.reason).to.equal('aborted');
    expect(el.run.status.phase).to.equal('stopped');
  });
});

describe('RunController: Retry after a model failure', () => {
  it('Retry-After: 3 keeps Retry off for three seconds of the injected clock, showing the wait; then Retry goes on with the history', async () => {
    const el = await host();
    const timers = el.clock;
    const busy = Object.assign(new Error('busy'), { code: 'rate_limited', retryable: true, retryAfter: 3 });
    const model: ChatModel = async function* () {
      yield `\`\`\`jsonl\n${click}\n`;
      await until(() => el.fake.done.length === 1);
      throw busy;
    };
    const result = await el.run.run('press save', { model, maxBursts: 5 });
    expect(result.reason).to.equal('error');
    expect(el.run.status).to.deep.include({ phase: 'failed', code: 'rate_limited', retryable: true, wait: 3 });
    await el.updateComplete;
    const retry = () => el.shadowRoot!.querySelector('[part="retry"]') as HTMLButtonElement;
    const wait = () => el.shadowRoot!.querySelector('.status-wait')?.textContent ?? '';
    expect(retry().disabled).to.equal(true);
    expect(wait()).to.equal('in 3 s');
    timers.advance(1000);
    await el.updateComplete;
    expect(wait()).to.equal('in 2 s');
    expect(retry().disabled).to.equal(true);
    timers.advance(2000);
    await el.updateComplete;
    expect(wait()).to.equal('');
    expect(retry().disabled).to.equal(false);
    const box = retry().getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] });
    expect(el.retried).to.deep.equal(['press save']);
    expect(el.histories[0]!.bursts).to.equal(1);
    expect(el.histories[0]!.outcomes.map((o) => o.reason)).to.deep.equal(['model_failed']);
    expect(el.histories[0]!.summary).to.contain('ok: click');
  });
});
