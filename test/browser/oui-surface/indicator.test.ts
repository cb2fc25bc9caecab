// The indicator while an agent acts: what it does in words, progress of an async action (polled or waiting for
// an app event), said politely; Stop answers the request ACTION_DENIED and keeps focus in the surface; no room
// taken when idle; a slot the app can fill instead; accessible in light and dark.
import { expect, html } from '@open-wc/testing';
import { describe, it } from '../shared/mocha.js';
import { pressDialog } from '../shared/approvals.js';
import type { OUIErrorEvent, OUIResultEvent } from '../../../elements/oui-surface/index.js';
import type { OUIActionResultMessage, OUIEventSource } from '../../../src/oui/index.js';
import { announced, frame, indicator, lines, mount, openDialog, todoSurface, until } from './helpers.js';

/** A job the test moves by hand: each poll reads its progress. */
function job() {
  const state = { progress: 0, done: false, polls: 0 };
  return {
    state,
    handler: {
      run: () => ({ jobId: 'job-1' }),
      poll: () => {
        state.polls++;
        return state.done ? { done: true, data: { url: '/export.csv' } } : { done: false, progress: state.progress };
      },
    },
  };
}

describe('oui-surface: the indicator', () => {
  it('takes no room while idle, and shows the action’s description while its handler runs', async () => {
    let release!: () => void;
    const m = await mount({ surface: todoSurface(), handlers: { add_item: () => new Promise<void>((r) => (release = r)) } });
    expect(indicator(m.el).hidden).to.equal(true);
    expect(indicator(m.el).getBoundingClientRect().height).to.equal(0);
    expect(m.el.getBoundingClientRect().height, 'an empty surface takes no room').to.equal(0);
    const call = m.agent.call('add_item', { title: 'Milk' });
    await until(() => lines(m.el).length === 1, 'the line');
    expect(indicator(m.el).hidden).to.equal(false);
    expect(lines(m.el)).to.deep.equal(['Assistant: Add a todo']);
    await frame();
    await frame();
    expect(announced(m.el)).to.equal('Assistant: Add a todo');
    release();
    await call;
    await until(() => indicator(m.el).hidden, 'the indicator to hide');
    await frame();
    await frame();
    expect(announced(m.el)).to.equal('Done: Add a todo');
  });

  it('follows a polled async action to completion with its progress in words, in a progress bar, and said at each quarter', async () => {
    const { state, handler } = job();
    const m = await mount({ surface: todoSurface(), handlers: { export_all: handler } });
    const interim: OUIActionResultMessage[] = [];
    const results: OUIResultEvent[] = [];
    m.el.addEventListener('oui-result', (e) => results.push(e));
    const call = m.agent.call('export_all', {}, { onInterim: (r) => interim.push(r) });
    await until(() => lines(m.el)[0] === 'Assistant: Export the list, still in progress', 'the follow to start');
    state.progress = 40;
    await until(() => lines(m.el)[0] === 'Assistant: Export the list, 40% done', '40%');
    const bar = m.el.shadowRoot!.querySelector<HTMLProgressElement>('[part="progress"]')!;
    expect(bar.value).to.equal(40);
    expect(bar.getAttribute('aria-label')).to.equal('Progress of Export the list');
    await frame();
    await frame();
    expect(announced(m.el)).to.equal('Assistant: Export the list, 40% done');
    state.progress = 45;
    await until(() => lines(m.el)[0]!.includes('45%'), '45%');
    await frame();
    await frame();
    expect(announced(m.el), 'not said again within the same quarter').to.equal('Assistant: Export the list, 40% done');
    state.done = true;
    const result = await call;
    expect(result).to.include({ success: true, progress: 100, interim: false });
    expect(result.data).to.deep.equal({ url: '/export.csv' });
    expect(interim[0]).to.include({ interim: true, progress: 0 });
    expect(interim.map((r) => r.progress)).to.include.members([40, 45]);
    expect(results.filter((e) => !e.final).length).to.equal(interim.length);
    expect(results.filter((e) => e.final)).to.have.length(1);
    await until(() => indicator(m.el).hidden, 'the indicator to hide');
  });

  it('follows a subscribed async action through the app’s events, the filter resolved from the handler’s answer', async () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    const events: OUIEventSource = {
      subscribe(event, listener) {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    };
    const surface = todoSurface();
    surface.actions.push({
      id: 'import_file',
      description: 'Import a file',
      input: { type: 'object', properties: {} },
      async: true,
      polling: { intervalMs: 1000, subscribe: { event: 'job.done', filter: { id: '$dispatchResult.jobId' } } },
    });
    const m = await mount({ surface, events, handlers: { import_file: { run: () => ({ jobId: 'j-9' }) } } });
    const call = m.agent.call('import_file');
    await until(() => listeners.has('job.done'), 'the subscription');
    listeners.get('job.done')!({ id: 'someone-else', rows: 1 });
    listeners.get('job.done')!({ id: 'j-9', rows: 12 });
    const result = await call;
    expect(result.data).to.deep.equal({ id: 'j-9', rows: 12 });
    expect(listeners.has('job.done'), 'unsubscribed').to.equal(false);
  });

  it('says the subscription can’t work without an events source (oui-error), and the request fails instead of waiting', async () => {
    const surface = todoSurface();
    surface.actions.push({
      id: 'import_file',
      description: 'Import a file',
      input: { type: 'object', properties: {} },
      async: true,
      polling: { intervalMs: 1000, subscribe: { event: 'job.done' } },
    });
    const errors: string[] = [];
    addEventListener('oui-error', (e) => errors.push(...(e as OUIErrorEvent).errors), { once: true });
    const m = await mount({ surface, handlers: { import_file: { run: () => ({ jobId: 'j-9' }) } } });
    expect(errors.join()).to.match(/import_file.*set the events property/);
    const result = await m.agent.call('import_file');
    expect(result.error?.code).to.equal('ACTION_EXECUTION_ERROR');
    expect(result.error?.message).to.match(/no events source/);
  });

  it('Stop answers the request ACTION_DENIED, aborts its handler, says so, and keeps focus in the surface', async () => {
    let signal!: AbortSignal;
    const m = await mount({ surface: todoSurface(), handlers: { add_item: (_p, ctx) => ((signal = ctx.signal), new Promise(() => {})) } });
    const call = m.agent.call('add_item', { title: 'Milk' });
    await until(() => lines(m.el).length === 1, 'the line');
    await frame();
    await frame();
    const stop = m.el.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop"]')!;
    expect(stop.textContent!.trim()).to.equal('Stop');
    expect(stop.getAttribute('aria-label')).to.equal('Stop: Add a todo');
    stop.focus();
    expect(m.el.shadowRoot!.activeElement, 'keyboard reachable').to.equal(stop);
    stop.click();
    const result = await call;
    expect(result.error?.code).to.equal('ACTION_DENIED');
    expect(result.error?.message).to.equal('The person stopped the action');
    expect(signal.aborted).to.equal(true);
    await until(() => indicator(m.el).hidden, 'the indicator to hide');
    await until(() => document.activeElement === m.el, 'focus on the surface');
    await frame();
    await frame();
    expect(announced(m.el)).to.equal('Stopped: Add a todo');
    m.el.blur();
    expect(m.el.hasAttribute('tabindex'), 'the surface is focusable only while it holds focus').to.equal(false);
  });

  it('stops an async follow too, and stop() does the same from the app', async () => {
    const { handler } = job();
    const m = await mount({ surface: todoSurface(), handlers: { export_all: handler } });
    const call = m.agent.call('export_all');
    await until(() => m.el.activity.length === 1 && m.el.activity[0]!.phase === 'progress', 'the follow');
    expect(m.el.stop(m.el.activity[0]!.request.requestId)).to.equal(true);
    expect((await call).error?.code).to.equal('ACTION_DENIED');
    expect(m.el.stop('unknown')).to.equal(false);
  });

  it('says it waits for the person while the dialog is open, without a Stop button', async () => {
    const m = await mount({ surface: todoSurface(), handlers: { clear_done: () => 1 } });
    const call = m.agent.call('clear_done');
    const dialog = await openDialog(m.el);
    expect(lines(m.el)).to.deep.equal(['Waiting for your confirmation: Remove the finished todos']);
    expect(m.el.shadowRoot!.querySelector('[part="stop"]')).to.equal(null);
    await pressDialog(dialog, 'cancel');
    await call;
    await until(() => indicator(m.el).hidden, 'the indicator to hide');
  });

  it('uses the app’s words from strings', async () => {
    let release!: () => void;
    const m = await mount({ surface: todoSurface(), strings: { ouiRunning: 'Agent busy: {description}', ouiStop: 'Halt' }, handlers: { add_item: () => new Promise<void>((r) => (release = r)) } });
    const call = m.agent.call('add_item', { title: 'x' });
    await until(() => lines(m.el).length === 1, 'the line');
    expect(lines(m.el)).to.deep.equal(['Agent busy: Add a todo']);
    expect(m.el.shadowRoot!.querySelector('[part="stop"]')!.textContent!.trim()).to.equal('Halt');
    release();
    await call;
  });

  it('is replaced by the app’s own element in the indicator slot', async () => {
    let release!: () => void;
    const m = await mount(
      { surface: todoSurface(), handlers: { add_item: () => new Promise<void>((r) => (release = r)) } },
      html`<p slot="indicator" id="mine">My own indicator</p>`,
    );
    const slot = m.el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="indicator"]')!;
    expect(slot.assignedElements()).to.deep.equal([m.el.querySelector('#mine')]);
    const call = m.agent.call('add_item', { title: 'x' });
    await until(() => m.el.activity.length === 1, 'the activity');
    expect(indicator(m.el).checkVisibility(), 'the built-in one is not drawn').to.equal(false);
    release();
    await call;
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is accessible while showing, in ${theme}`, async () => {
      const { state, handler } = job();
      let release!: () => void;
      const m = await mount(
        { surface: todoSurface(), handlers: { export_all: handler, add_item: () => new Promise<void>((r) => (release = r)) } },
        html`<p>Your todos</p>`,
        { theme },
      );
      const exporting = m.agent.call('export_all');
      state.progress = 50;
      await until(() => m.el.shadowRoot!.querySelector('[part="progress"]') !== null, 'the progress bar');
      const adding = m.agent.call('add_item', { title: 'x' });
      await until(() => lines(m.el).length === 2, 'two lines');
      await expect(m.el).to.be.accessible();
      const text = getComputedStyle(m.el.shadowRoot!.querySelector('[part="activity-text"]')!).color;
      const box = getComputedStyle(indicator(m.el)).backgroundColor;
      expect(text).to.not.equal(box);
      release();
      state.done = true;
      await Promise.all([exporting, adding]);
    });
  }
});
