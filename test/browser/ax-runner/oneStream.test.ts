// One reply per runner at a time (issue 18): a new stream(), a write() or run() replaces a stream() still
// reading. The replaced stream() rejects with a DOMException named AbortError, nothing more of its source runs,
// and the new reply runs alone. A source the server refused says what the server answered.
import { expect, html } from '@open-wc/testing';
import { afterEach, describe, it } from '../shared/mocha.js';
import { act, area, byName, dialogOf, recorder, reply, runnerFor, tick, until } from './helpers.js';
import { en } from '../../../strings/en.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

const runners: AxRunnerElement[] = [];
afterEach(() => {
  for (const r of runners.splice(0)) r.remove();
});

async function setup() {
  const app = await area(html`<section aria-label="Counter"><button class="more">More</button><output>0</output></section>`);
  let count = 0;
  app.querySelector('.more')!.addEventListener('click', () => (app.querySelector('output')!.textContent = String(++count)));
  const r = await runnerFor(app);
  runners.push(r);
  return { app, r, count: () => count };
}

/** A source the test writes to, and whether the runner cancelled it. */
function source() {
  let controller!: ReadableStreamDefaultController<string>;
  const state = { cancelled: false };
  const stream = new ReadableStream<string>({ start: (c) => void (controller = c), cancel: () => void (state.cancelled = true) });
  return { stream, state, send: (t: string) => controller.enqueue(t), close: () => controller.close() };
}

function settled<T>(p: Promise<T>) {
  const out: { value?: T; error?: unknown; done: boolean } = { done: false };
  p.then(
    (value) => Object.assign(out, { value, done: true }),
    (error) => Object.assign(out, { error, done: true }),
  );
  return out;
}

const click = act({ do: 'click', target: byName('button', 'More') });
const statusLine = (r: AxRunnerElement) => (r.shadowRoot!.querySelector('[part~="progress"] [role="status"]')?.textContent ?? '').trim();

describe('ax-runner: one reply at a time', () => {
  it('a second stream() replaces the first: AbortError, its source cancelled, none of its later lines run', async () => {
    const { r, count } = await setup();
    const a = source();
    const first = settled(r.stream(a.stream));
    a.send('Clicking.\n```jsonl\n' + click + '\n');
    await until(() => count() === 1, 'the first click');
    const second = settled(r.stream(reply('', click, '{"op":"done","status":"success"}')));
    expect(() => a.send(click + '\n' + click + '\n')).to.throw(); // cancelled: it can't be written to
    await until(() => first.done && second.done, 'both to settle');
    expect(first.error).to.be.instanceOf(DOMException);
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('<ax-runner>.stream()');
    expect(a.state.cancelled).to.equal(true);
    expect(second.value!.reason).to.equal('done');
    expect(count(), 'one click from each reply, nothing more from the first').to.equal(2);
  });

  it('a write() or run() while stream() reads replaces it with an AbortError naming it', async () => {
    const { r } = await setup();
    const a = source();
    const first = settled(r.stream(a.stream));
    a.send('Thinking.\n');
    await tick(10);
    r.write(reply('', '{"op":"done","status":"success"}'));
    r.end();
    await until(() => first.done, 'the stream to settle');
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('write()');

    const b = source();
    const second = settled(r.stream(b.stream));
    b.send('Thinking.\n');
    await tick(10);
    r.model = async function* () {
      yield reply('', '{"op":"done","status":"success"}');
    };
    const result = await r.run('nothing to do');
    expect(result.reason).to.equal('done');
    await until(() => second.done, 'the second stream to settle');
    expect((second.error as DOMException).name).to.equal('AbortError');
    expect((second.error as DOMException).message).to.contain('run()');
  });

  it('stop() still resolves a stream() as aborted: the person stopped it, nothing replaced it', async () => {
    const { r } = await setup();
    const a = source();
    const reading = r.stream(a.stream);
    a.send('Thinking.\n');
    await tick(10);
    r.stop();
    expect((await reading).reason).to.equal('aborted');
  });

  it('a source refused with 404 says the server answered 404; a broken one that the connection was lost', async () => {
    const { r, count } = await setup();
    const outcome = await r.stream(new Response(reply('', click), { status: 404 }));
    expect(outcome.reason).to.equal('aborted');
    expect(count()).to.equal(0);
    await r.updateComplete;
    expect(statusLine(r)).to.equal(en.axOutcomeServerAnswered.replace('{status}', '404'));

    const broken = new ReadableStream<string>({
      start(c) {
        c.enqueue('Working.\n');
        c.error(new TypeError('network error'));
      },
    });
    await r.stream(broken);
    await r.updateComplete;
    expect(statusLine(r)).to.equal(en.axOutcomeConnectionLost);
  });
});

describe('ax-runner: reset() starts over', () => {
  it('stops what runs (a risky step waiting for approval never runs), says nothing more of it, and empties the log, issues and status line', async () => {
    const { r, count } = await setup();
    const risky = act({ do: 'click', target: byName('button', 'More'), risk: 'risky' });
    const reading = r.stream(reply('Clicking.', 'not an action', risky, click));
    const dialog = await dialogOf(r);
    await until(() => r.issues.length === 1, 'the dropped line');
    const heard = recorder(r, ['ax-step', 'ax-issue', 'ax-end']);
    r.reset();
    expect((await reading).reason).to.equal('aborted');
    await r.updateComplete;
    expect(dialog.open, 'the approval closed').to.equal(false);
    expect(count(), 'nothing of the reply ran').to.equal(0);
    expect(r.issues).to.deep.equal([]);
    expect(r.shadowRoot!.querySelectorAll('[part="log"] > *').length, 'the log is empty').to.equal(0);
    expect(statusLine(r)).to.equal('');
    expect(r.shadowRoot!.querySelector('[part~="cancel"], [part~="retry"]')).to.equal(null);
    expect(heard.heard, 'what ran before says nothing after reset()').to.deep.equal([]);
    heard.stop();
    // It starts over, not off: the next reply runs.
    expect((await r.stream(reply('', click, '{"op":"done","status":"success"}'))).reason).to.equal('done');
    expect(count()).to.equal(1);
  });
});
