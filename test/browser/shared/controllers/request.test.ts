// RequestController on a tiny host: the status line says where the request is (running with Cancel; failed with
// Retry when retrying can help, disabled while the server asked to wait, the seconds left as its description);
// a stale request's end is ignored; focus moves from Cancel to Retry when they swap; reset() goes back to idle.
import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../mocha.js';
import { RequestController, statusLineStyles, type RequestStatus } from '../../../../elements/shared/controllers/request.js';
import { AgentElement } from '../../../../elements/shared/base/agentElement.js';
import { defineElement } from '../../../../elements/shared/base/defineElement.js';
import { deepActiveElement } from '../../../../elements/shared/base/deepActiveElement.js';
import { manualTimers } from '../../../engine/transport/fakes.js';

/** The countdown's clock: a Retry-After's seconds pass when a test says so, not in real time. */
let timers = manualTimers();

class TestRequestHost extends AgentElement {
  static override styles = [AgentElement.styles, statusLineStyles];
  retries = 0;
  readonly request: RequestController = new RequestController(this, {
    say: (s: RequestStatus) => (s.phase === 'failed' ? `Failed: ${s.code}` : s.phase === 'idle' ? '' : `Now ${s.phase}`),
    words: () => ({ cancel: 'Cancel', retry: 'Retry', retryIn: 'Retry in {seconds} s' }),
    retry: () => {
      this.retries++;
    },
    timers: { setTimeout: (fn, ms) => timers.setTimeout(fn, ms), clearTimeout: (handle) => timers.clearTimeout(handle) },
  });
  protected override render() {
    return this.request.render();
  }
}
defineElement('test-request-host', TestRequestHost);

const part = (el: TestRequestHost, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
const text = (el: TestRequestHost) => el.shadowRoot!.querySelector('[role="status"]')!.textContent;

async function host() {
  timers = manualTimers();
  return fixture<TestRequestHost>(html`<test-request-host></test-request-host>`);
}

describe('RequestController', () => {
  it('idle: one status region in the page, saying nothing, taking no room', async () => {
    const el = await host();
    expect(el.request.status).to.deep.equal({ phase: 'idle' });
    expect(el.request.running).to.equal(false);
    expect(text(el)).to.equal('');
    expect(part(el, 'progress')!.classList.contains('visually-hidden')).to.equal(true);
  });

  it('start(): running, with Cancel; Cancel aborts its signal and finish(cancelled) says stopped', async () => {
    const el = await host();
    const controller = el.request.start();
    await el.updateComplete;
    expect(el.request.running).to.equal(true);
    expect(el.request.signal).to.equal(controller.signal);
    expect(text(el)).to.equal('Now running');
    part(el, 'cancel')!.click();
    expect(controller.signal.aborted).to.equal(true);
    el.request.finish(controller, { status: 'cancelled' });
    await el.updateComplete;
    expect(el.request.status.phase).to.equal('stopped');
    expect(part(el, 'cancel')).to.equal(null);
  });

  it('a second start() cancels the first, whose end is then ignored', async () => {
    const el = await host();
    const first = el.request.start();
    const second = el.request.start();
    expect(first.signal.aborted).to.equal(true);
    el.request.finish(first, { status: 'done' });
    expect(el.request.status.phase).to.equal('running');
    el.request.finish(second, { status: 'done' });
    expect(el.request.status.phase).to.equal('done');
    await el.updateComplete;
    // Done: it tells assistive technology, without taking room.
    expect(text(el)).to.equal('Now done');
    expect(part(el, 'progress')!.classList.contains('visually-hidden')).to.equal(true);
  });

  it('a failure retrying can’t help offers no Retry', async () => {
    const el = await host();
    el.request.finish(el.request.start(), { status: 'error', code: 'bad_request', retryable: false });
    await el.updateComplete;
    expect(text(el)).to.equal('Failed: bad_request');
    expect(part(el, 'retry')).to.equal(null);
  });

  it('focus on Cancel moves to Retry when the request fails and they swap; Retry asks the element to start again', async () => {
    const el = await host();
    const c = el.request.start();
    await el.updateComplete;
    part(el, 'cancel')!.focus();
    el.request.finish(c, { status: 'error', code: 'overloaded', retryable: true });
    await el.updateComplete;
    await el.updateComplete;
    const retry = part(el, 'retry') as HTMLButtonElement;
    expect(deepActiveElement()).to.equal(retry);
    retry.click();
    expect(el.retries).to.equal(1);
  });

  it('Retry-After: Retry disabled with the seconds left as its description, counting down, then enabled', async () => {
    const el = await host();
    el.request.finish(el.request.start(), { status: 'error', code: 'rate_limited', retryable: true, retryAfter: 1 });
    await el.updateComplete;
    const retry = part(el, 'retry') as HTMLButtonElement;
    expect(retry.disabled).to.equal(true);
    const described = el.shadowRoot!.getElementById(retry.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('Retry in 1 s');
    retry.click();
    expect(el.retries).to.equal(0);
    timers.advance(999);
    await el.updateComplete;
    expect(retry.disabled).to.equal(true);
    timers.advance(1);
    await el.updateComplete;
    expect((part(el, 'retry') as HTMLButtonElement).disabled).to.equal(false);
    expect(el.request.status).to.deep.include({ phase: 'failed', code: 'rate_limited', retryable: true });
    expect((el.request.status as { wait?: number }).wait ?? 0).to.equal(0);
  });

  it('the countdown pauses while the host is out of the page and goes on when it is back', async () => {
    const el = await host();
    el.request.finish(el.request.start(), { status: 'error', code: 'rate_limited', retryable: true, retryAfter: 2 });
    el.remove();
    timers.advance(1300);
    expect(el.request.status).to.deep.include({ wait: 2 });
    expect(timers.pending).to.deep.equal([]);
    document.body.append(el);
    timers.advance(1000);
    expect(el.request.status).to.deep.include({ wait: 1 });
    timers.advance(1000);
    expect((el.request.status as { wait?: number }).wait ?? 0).to.equal(0);
    el.remove();
  });

  it('reset() cancels a running request without a word: idle again', async () => {
    const el = await host();
    const c = el.request.start();
    el.request.reset();
    expect(c.signal.aborted).to.equal(true);
    expect(el.request.status).to.deep.equal({ phase: 'idle' });
    el.request.finish(c, { status: 'cancelled' });
    expect(el.request.status).to.deep.equal({ phase: 'idle' });
  });

  it('the status line is accessible while running and after a failure', async () => {
    const el = await host();
    const c = el.request.start();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.request.finish(c, { status: 'error', code: 'rate_limited', retryable: true, retryAfter: 3 });
    await el.updateComplete;
    await expect(el).to.be.accessible();
    el.request.reset();
  });
});
