// <omni-screen> with a server: `endpoint`, generate() and its status line, presses sent to the mutate endpoint,
// and the live feed applied through the update path, against a fake server inside the page (fakeServer.ts).
import { pressDialog } from '../shared/approvals.js';
import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, control, dialog, node, press, settle, textOf, typeInto } from './helpers.js';
import { registries } from './fixtures.js';
import { EventStream, errorBody, fakeServer, json, until, type Route } from './fakeServer.js';
import { siblingEndpoint } from '../../../elements/omni-screen/endpoints.js';
import { en, fill } from '../../../strings/en.js';
import type {
  OmniGenerateEndEvent,
  OmniIssueEvent,
  OmniLiveEvent,
  OmniScreenElement,
  OmniUpdateEvent,
} from '../../../elements/omni-screen/index.js';

let server: ReturnType<typeof fakeServer> | null = null;
afterEach(() => {
  server?.restore();
  server = null;
});

const frames = async () => {
  await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(r));
};

async function screenAt(endpoint = '/api/generate', extra: Partial<OmniScreenElement> = {}): Promise<OmniScreenElement> {
  const screen = await fixture<OmniScreenElement>(html`<omni-screen theme="light" endpoint=${endpoint}></omni-screen>`);
  Object.assign(screen, registries(), extra);
  await screen.updateComplete;
  return screen;
}

/** Every event of these names the screen fires, in order. */
function record(screen: OmniScreenElement) {
  const generated: OmniGenerateEndEvent[] = [];
  const updates: OmniUpdateEvent[] = [];
  const live: OmniLiveEvent[] = [];
  const issues: OmniIssueEvent[] = [];
  screen.addEventListener('omni-generate-end', (e) => generated.push(e));
  screen.addEventListener('omni-update', (e) => updates.push(e));
  screen.addEventListener('omni-live', (e) => live.push(e));
  screen.addEventListener('omni-issue', (e) => issues.push(e));
  return { generated, updates, live, issues };
}

const progress = (screen: OmniScreenElement) => $(screen, '[part~="progress"]')!;
const statusText = (screen: OmniScreenElement) => textOf($(screen, '[part~="progress"] [role="status"]'));
const busy = (screen: OmniScreenElement) => $(screen, '[part="screen"]')!.getAttribute('aria-busy');
const cancelButton = (screen: OmniScreenElement) => $<HTMLButtonElement>(screen, '[part~="cancel"]');
const retryButton = (screen: OmniScreenElement) => $<HTMLButtonElement>(screen, '[part~="retry"]');

/** A generate route that hands each request a new event stream the test drives. */
function streaming(): { route: Route; next: () => Promise<EventStream> } {
  const made: EventStream[] = [];
  let taken = 0;
  return {
    route: () => {
      const s = new EventStream();
      made.push(s);
      return s;
    },
    next: async () => {
      await until(() => made.length > taken, 'a generate request');
      return made[taken++]!;
    },
  };
}

const small = 'root = Card([title, note])\ntitle = Heading("Hello")\nnote = Text("Streaming works.")\n';

describe('omni-screen: generate() and its status line ([10.1]–[10.11])', () => {
  it('posts the prompt for format 0.8, shows a busy screen with a status line and Cancel, then says it is ready', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    const seen = record(screen);
    expect(statusText(screen)).to.equal('');
    expect(progress(screen).classList.contains('visually-hidden')).to.equal(true);

    const outcome = screen.generate('Hello, please');
    const stream = await gen.next();
    const request = server.to('/api/generate')[0]!;
    expect(request.method).to.equal('POST');
    expect(request.url).to.equal('/api/generate?version=0.8');
    expect(request.body).to.deep.equal({ prompt: 'Hello, please' });
    expect(request.headers['accept']).to.equal('text/event-stream');
    await settle(screen);
    expect(statusText(screen)).to.equal(en.streaming);
    expect(progress(screen).classList.contains('visually-hidden')).to.equal(false);
    expect(busy(screen)).to.equal('true');
    expect(cancelButton(screen)!.textContent!.trim()).to.equal(en.cancel);
    expect(screen.progress.phase).to.equal('streaming');

    stream.chunks('# omni-ir 0.8\nroot = Card([title, note])\ntitle = Heading("Hello")\n');
    await until(() => !!screen.document?.node('title'), 'the first lines');
    await settle(screen);
    expect(textOf(node(screen, 'title'))).to.equal('Hello');
    expect(node(screen, 'root').querySelector('.card-body > .pending')).to.not.equal(null);
    await expect(screen).to.be.accessible();

    stream.chunks('note = Text("Streaming works.")\n');
    stream.send('done', { stopReason: 'end_turn', model: 'fake', ms: 5 });
    stream.close();
    const done = await outcome;
    expect(done.status).to.equal('done');
    await settle(screen);
    expect(textOf(node(screen, 'note'))).to.equal('Streaming works.');
    expect(busy(screen)).to.equal(null);
    expect(cancelButton(screen)).to.equal(null);
    expect(statusText(screen)).to.equal(en.streamEnded);
    expect(progress(screen).classList.contains('visually-hidden'), 'ready is said, not shown').to.equal(true);
    expect(seen.generated.map((e) => [e.prompt, e.outcome.status])).to.deep.equal([['Hello, please', 'done']]);
    expect(screen.issues).to.deep.equal([]);
  });

  it('a connection lost mid-stream: what is pending becomes a fallback, a plain sentence and Retry; Retry asks again', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    const seen = record(screen);
    const first = screen.generate('Show it');
    const stream = await gen.next();
    stream.chunks('root = Card([title, note])\ntitle = Heading("Hello")\n');
    await until(() => !!screen.document?.node('title'), 'the first lines');
    stream.cut();
    const outcome = await first;
    expect(outcome.status === 'error' && [outcome.code, outcome.retryable]).to.deep.equal(['connection_lost', true]);
    await settle(screen);
    expect(node(screen, 'root').querySelector('.card-body > .fallback')).to.not.equal(null);
    expect(statusText(screen)).to.equal(en.connectionLost);
    expect(busy(screen)).to.equal(null);
    expect(retryButton(screen)!.textContent!.trim()).to.equal(en.retry);
    await expect(screen).to.be.accessible();

    retryButton(screen)!.focus();
    retryButton(screen)!.click();
    const again = await gen.next();
    expect(server.to('/api/generate')[1]!.body).to.deep.equal({ prompt: 'Show it' });
    await settle(screen);
    // The focused Retry button went away: focus moved to Cancel, in its place.
    expect(screen.shadowRoot!.activeElement).to.equal(cancelButton(screen));
    again.chunks(small);
    again.send('done', {});
    again.close();
    await until(() => seen.generated.length === 2, 'the retry to end');
    await settle(screen);
    expect(textOf(node(screen, 'note'))).to.equal('Streaming works.');
    expect(retryButton(screen)).to.equal(null);
    expect(statusText(screen)).to.equal(en.streamEnded);
    expect(seen.generated.map((e) => e.outcome.status)).to.deep.equal(['error', 'done']);
    // Focus was on Cancel when it went away: the status line holds it now, not the page.
    expect(screen.shadowRoot!.activeElement).to.equal(progress(screen));
  });

  it('an error event that is retryable offers Retry; a refusal that is not shows the sentence only', async () => {
    const gen = streaming();
    let refuse = false;
    server = fakeServer({ '/api/generate': (r) => (refuse ? errorBody(400, 'invalid_request', false) : gen.route(r)) });
    const screen = await screenAt();
    const p = screen.generate('x');
    const stream = await gen.next();
    stream.send('error', { code: 'timeout', message: 'The model took too long.', retryable: true });
    stream.close();
    expect((await p).status).to.equal('error');
    await settle(screen);
    expect(statusText(screen)).to.equal(en.generateFailed);
    expect(retryButton(screen)).to.not.equal(null);

    refuse = true;
    const refused = await screen.generate('y');
    expect(refused.status === 'error' && [refused.code, refused.retryable, refused.httpStatus]).to.deep.equal(['invalid_request', false, 400]);
    await settle(screen);
    expect(statusText(screen)).to.equal(en.generateFailed);
    expect(retryButton(screen)).to.equal(null);
    expect(screen.document?.ids().length ?? 0).to.equal(0);
    // Nothing of the server's own message reaches the person.
    expect(textOf(screen.shadowRoot as unknown as Element)).to.not.contain('server says');
  });

  it('rate limited: the busy sentence, and Retry disabled with the seconds left; reset() and generate() clear the wait', async () => {
    server = fakeServer({ '/api/generate': () => errorBody(429, 'rate_limited', true, { 'retry-after': '3' }) });
    const screen = await screenAt();
    const outcome = await screen.generate('x');
    expect(outcome.status === 'error' && outcome.retryAfter).to.equal(3);
    await settle(screen);
    expect(statusText(screen)).to.equal(en.generateBusy);
    expect(retryButton(screen)!.disabled).to.equal(true);
    const wait = $(screen, '.status-wait')!;
    expect(textOf(wait)).to.equal(fill(en.retryIn, { seconds: 3 }));
    expect(retryButton(screen)!.getAttribute('aria-describedby')).to.equal(wait.id);
    expect(wait.closest('[role="status"], [aria-live]'), 'the countdown is not read out each second').to.equal(null);
    await expect(screen).to.be.accessible();
    await until(() => textOf($(screen, '.status-wait')) === fill(en.retryIn, { seconds: 2 }), 'a second to pass', 2500);
    expect(retryButton(screen)!.disabled).to.equal(true);

    screen.reset();
    await settle(screen);
    expect(screen.progress).to.deep.equal({ phase: 'idle' });
    expect($(screen, '.status-wait')).to.equal(null);
    await screen.generate('y');
    await settle(screen);
    expect(textOf($(screen, '.status-wait'))).to.equal(fill(en.retryIn, { seconds: 3 }), 'a new wait, not the old one');
  });

  it('Retry does nothing until Retry-After has passed, then asks again', async () => {
    const gen = streaming();
    let calls = 0;
    server = fakeServer({
      '/api/generate': (r) => (++calls === 1 ? errorBody(503, 'overloaded', true, { 'retry-after': '1' }) : gen.route(r)),
    });
    const screen = await screenAt();
    const seen = record(screen);
    const start = performance.now();
    await screen.generate('Show it');
    await settle(screen);
    expect(statusText(screen)).to.equal(en.generateFailed);
    expect(retryButton(screen)!.disabled).to.equal(true);
    expect(textOf($(screen, '.status-wait'))).to.equal(fill(en.retryIn, { seconds: 1 }));
    retryButton(screen)!.click();
    (screen.shadowRoot!.querySelector('[part~="retry"]') as HTMLButtonElement).dispatchEvent(new MouseEvent('click'));
    await settle(screen);
    expect(server.to('/api/generate').length, 'no retry before Retry-After').to.equal(1);

    await until(() => !retryButton(screen)!.disabled, 'Retry to be enabled', 2500);
    expect(performance.now() - start).to.be.at.least(1000);
    expect($(screen, '.status-wait')).to.equal(null);
    expect(statusText(screen)).to.equal(en.generateFailed);
    retryButton(screen)!.click();
    const again = await gen.next();
    expect(server.to('/api/generate').length).to.equal(2);
    again.chunks(small);
    again.send('done', {});
    again.close();
    await until(() => seen.generated.length === 2, 'the retry to end');
    expect(seen.generated.map((e) => e.outcome.status)).to.deep.equal(['error', 'done']);
  });

  it('removed from the page, the countdown pauses; back, it goes on from where it was', async () => {
    server = fakeServer({ '/api/generate': () => errorBody(429, 'rate_limited', true, { 'retry-after': '1' }) });
    const screen = await screenAt();
    await screen.generate('x');
    const parent = screen.parentElement!;
    screen.remove();
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.progress).to.include({ phase: 'failed', wait: 1 });
    parent.append(screen);
    await settle(screen);
    expect(retryButton(screen)!.disabled).to.equal(true);
    await until(() => !retryButton(screen)!.disabled, 'Retry to be enabled', 2500);
  });

  it('Cancel stops the stream, ends the parser and keeps focus in the status line', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    const seen = record(screen);
    const p = screen.generate('x');
    const stream = await gen.next();
    stream.chunks('root = Card([title, note])\ntitle = Heading("Hello")\n');
    await until(() => !!screen.document?.node('title'), 'the first lines');
    await settle(screen);
    cancelButton(screen)!.focus();
    cancelButton(screen)!.click();
    const outcome = await p;
    expect(outcome.status === 'error' && outcome.code).to.equal('cancelled');
    await settle(screen);
    expect(stream.cancelled).to.equal(true);
    expect(screen.document!.ended).to.equal(true);
    expect(node(screen, 'root').querySelector('.card-body > .fallback')).to.not.equal(null);
    expect(statusText(screen)).to.equal(en.generateStopped);
    expect(retryButton(screen)).to.equal(null);
    expect(screen.shadowRoot!.activeElement).to.equal(progress(screen));
    expect(seen.generated.map((e) => e.outcome.status === 'error' && e.outcome.code)).to.deep.equal(['cancelled']);
  });

  it('a second generate() cancels the first: only the second is drawn, only it fires omni-generate-end', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    const seen = record(screen);
    const first = screen.generate('first');
    const a = await gen.next();
    a.chunks('root = Heading("First")\n');
    await until(() => !!screen.document?.node('root'), 'the first screen');
    const second = screen.generate('second');
    const b = await gen.next();
    expect((await first).status === 'error' && ((await first) as { code: string }).code).to.equal('cancelled');
    expect(a.cancelled).to.equal(true);
    b.chunks('root = Heading("Second")\n');
    b.send('done', {});
    b.close();
    expect((await second).status).to.equal('done');
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('Second');
    expect(seen.generated.map((e) => e.prompt)).to.deep.equal(['second']);
  });

  it('the app’s signal cancels it too; without an endpoint generate() rejects', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    const controller = new AbortController();
    const p = screen.generate('x', { signal: controller.signal });
    await gen.next();
    controller.abort();
    const outcome = await p;
    expect(outcome.status === 'error' && outcome.code).to.equal('cancelled');
    const bare = await fixture<OmniScreenElement>(html`<omni-screen></omni-screen>`);
    let error: unknown = null;
    await bare.generate('x').catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(TypeError);
  });

  it('derives the mutate and live endpoints from the generate endpoint', () => {
    expect(siblingEndpoint('/api/generate', 'mutate')).to.equal('/api/mutate');
    expect(siblingEndpoint('/api/generate?debug=1#x', 'live')).to.equal('/api/live');
    expect(siblingEndpoint('https://omni.example/v2/generate', 'mutate')).to.equal('https://omni.example/v2/mutate');
    expect(siblingEndpoint('https://omni.example', 'live')).to.equal('https://omni.example/live');
    expect(siblingEndpoint('generate', 'live')).to.equal('live');
  });
});

const payScreen = `root = Stack([note, pay, tip])
$amount = 42.5
$note = ""
note = Input($note, label="Note")
pay = Button("Pay", action="pay")
payIt = McpMutation(pay, tool="payments.confirm", params={amount: $amount, note: $note})
tip = Button("Tip", action="tip")
tipIt = McpMutation(tip, tool="payments.confirm", params={amount: 2})
`;

async function generated(screen: OmniScreenElement, gen: ReturnType<typeof streaming>, text: string, live?: string) {
  const p = screen.generate('show me');
  const stream = await gen.next();
  stream.chunks(text);
  if (live) stream.send('live', { screen: live });
  stream.send('done', { stopReason: 'end_turn' });
  stream.close();
  expect((await p).status).to.equal('done');
  await settle(screen);
  return stream;
}

describe('omni-screen: presses sent to the mutate endpoint ([10.14], [10.35])', () => {
  it('a key per press (the same when sent again after no answer), the button id, and the update applied', async () => {
    const gen = streaming();
    let calls = 0;
    server = fakeServer({
      '/api/generate': gen.route,
      '/api/mutate': (r) => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch'); // no answer: the same press goes again
        const button = (r.body as { button: string }).button;
        return json(200, {
          ok: true,
          tool: 'payments.confirm',
          result: { paid: true },
          update: `${button} = Notice("Paid.", title="Payment sent", tone="success")\n`,
        });
      },
    });
    const screen = await screenAt();
    const seen = record(screen);
    const actions: string[] = [];
    screen.addEventListener('omni-action', (e) => actions.push(`${e.button}:${JSON.stringify(e.result)}`));
    await generated(screen, gen, payScreen);
    typeInto(control(screen, 'note'), 'table 4');
    press(screen, 'pay');
    await until(() => actions.length === 1, 'the action');
    await settle(screen);
    await frames();
    const sent = server.to('/api/mutate');
    expect(sent.length).to.equal(2);
    expect(sent[0]!.method).to.equal('POST');
    expect(sent[0]!.body).to.deep.equal({ tool: 'payments.confirm', params: { amount: 42.5, note: 'table 4' }, button: 'pay' });
    expect(sent[0]!.headers['idempotency-key']).to.match(/^[A-Za-z0-9_\-:.]{1,200}$/);
    expect(sent[1]!.headers['idempotency-key']).to.equal(sent[0]!.headers['idempotency-key']);
    expect(actions).to.deep.equal(['pay:{"paid":true}']);
    expect(textOf(node(screen, 'pay'))).to.equal('Success: Payment sent Paid.');
    expect(textOf($(screen, '[part="announcer"]'))).to.equal('Payment sent. Paid.');
    expect(seen.updates.map((u) => [u.source, u.result.applied])).to.deep.equal([['action', true]]);

    press(screen, 'tip');
    await until(() => actions.length === 2, 'the second action');
    expect(server.to('/api/mutate')[2]!.headers['idempotency-key']).to.not.equal(sent[0]!.headers['idempotency-key']);
  });

  it('a refusal is a failed action for the person, with the server’s failure for the app; mutate-endpoint overrides', async () => {
    const gen = streaming();
    server = fakeServer({
      '/api/generate': gen.route,
      '/elsewhere/act': () => errorBody(404, 'not_found', false),
    });
    const screen = await screenAt('/api/generate');
    screen.setAttribute('mutate-endpoint', '/elsewhere/act');
    const failures: unknown[] = [];
    screen.addEventListener('omni-action-error', (e) => failures.push(e.error));
    await generated(screen, gen, payScreen);
    press(screen, 'tip');
    await until(() => failures.length === 1, 'the failure');
    await settle(screen);
    expect(server.to('/elsewhere/act').length).to.equal(1);
    expect(server.to('/api/mutate').length).to.equal(0);
    expect((failures[0] as { failure: { code: string; status: number } }).failure).to.include({ code: 'not_found', status: 404 });
    expect(textOf($(screen, '#omni-status-tip'))).to.equal(en.actionFailed);
  });

  it('a press answered 429 rate_limited fails with the plain sentence and is not sent again', async () => {
    const gen = streaming();
    server = fakeServer({
      '/api/generate': gen.route,
      '/api/mutate': () => errorBody(429, 'rate_limited', true, { 'retry-after': '1' }),
    });
    const screen = await screenAt();
    const failures: unknown[] = [];
    screen.addEventListener('omni-action-error', (e) => failures.push(e.error));
    await generated(screen, gen, payScreen);
    press(screen, 'tip');
    await until(() => failures.length === 1, 'the failure');
    await settle(screen);
    expect((failures[0] as { failure: object }).failure).to.include({ code: 'rate_limited', status: 429, retryAfter: 1 });
    expect(textOf($(screen, '#omni-status-tip'))).to.equal(en.actionFailed);
    expect(textOf(screen.shadowRoot as unknown as Element)).to.not.contain('server says');
    await new Promise((r) => setTimeout(r, 1100));
    expect(server.to('/api/mutate').length, 'no retry of its own').to.equal(1);
  });

  it('a handler, when set, still runs instead of the endpoint', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const ran: string[] = [];
    const screen = await screenAt('/api/generate', { handler: (a) => void ran.push(a.tool) });
    await generated(screen, gen, payScreen);
    press(screen, 'tip');
    await until(() => ran.length === 1, 'the handler');
    expect(server.to('/api/mutate').length).to.equal(0);
  });

  it('a confirmed press goes once; a cancelled one never', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route, '/api/mutate': () => json(200, { ok: true, tool: 'payments.confirm', result: {} }) });
    const screen = await screenAt('/api/generate', { confirm: { 'payments.confirm': 'Pay {amount}?' } });
    await generated(screen, gen, payScreen);
    press(screen, 'tip');
    await until(() => dialog(screen).open, 'the dialog');
    await pressDialog(dialog(screen), 'cancel');
    await settle(screen);
    expect(server.to('/api/mutate').length).to.equal(0);
    press(screen, 'tip');
    await until(() => dialog(screen).open, 'the dialog');
    await pressDialog(dialog(screen), 'confirm');
    await until(() => server!.to('/api/mutate').length === 1, 'the press');
  });
});

const liveScreen = `root = Stack([status, form, wide, tabs])
status = Notice("Shipped.", title="Order 1042")
form = Stack([name])
$name = ""
name = Input($name, label="Name")
wide = Table(["Item", "Where", "When", "Qty", "Price"], [r1])
r1 = TableRow(["A very long item name that makes this table wide", "Somewhere far away", "Tuesday afternoon", 1, 89])
tabs = Tabs([a, b])
a = Tab("A", [ta])
ta = Text("in A")
b = Tab("B", [tb])
$where = "Oakland hub"
tb = Text($where)
`;

describe('omni-screen: requestInit, on every request ([10.14])', () => {
  it('sends the app’s headers and credentials on generate, mutate and live; the clients’ own headers win', async () => {
    const gen = streaming();
    const feeds: EventStream[] = [];
    server = fakeServer({
      '/api/generate': gen.route,
      '/api/mutate': () => json(200, { ok: true, tool: 'payments.confirm', result: {} }),
      '/api/live': () => {
        const s = new EventStream();
        feeds.push(s);
        return s;
      },
    });
    const screen = await screenAt('/api/generate', {
      requestInit: {
        credentials: 'include',
        headers: { Authorization: 'Bearer t0k', accept: 'text/html', 'idempotency-key': 'mine', 'Content-Type': 'text/plain' },
      },
    });
    const actions: string[] = [];
    screen.addEventListener('omni-action', (e) => actions.push(e.button));
    await generated(screen, gen, payScreen, 'scr_auth');
    await until(() => feeds.length === 1, 'following');
    press(screen, 'tip');
    await until(() => actions.length === 1, 'the action');
    const [generate, mutate, live] = ['/api/generate', '/api/mutate', '/api/live'].map((p) => server!.to(p)[0]!);
    for (const r of [generate!, mutate!, live!]) {
      expect(r.headers['authorization'], r.url).to.equal('Bearer t0k');
      expect(r.credentials, r.url).to.equal('include');
    }
    expect(generate!.headers['accept']).to.equal('text/event-stream');
    expect(generate!.headers['content-type']).to.equal('application/json');
    expect(live!.headers['accept']).to.equal('text/event-stream');
    expect(mutate!.headers['accept']).to.equal('application/json');
    expect(mutate!.headers['content-type']).to.equal('application/json');
    expect(mutate!.headers['idempotency-key']).to.match(/^[A-Za-z0-9_\-:.]{1,200}$/).and.not.equal('mine');
  });

  it('without it, requests carry same-origin credentials and no headers of the app', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route, '/api/mutate': () => json(200, { ok: true, tool: 'payments.confirm', result: {} }) });
    const screen = await screenAt();
    const actions: string[] = [];
    screen.addEventListener('omni-action', (e) => actions.push(e.button));
    await generated(screen, gen, payScreen);
    press(screen, 'tip');
    await until(() => actions.length === 1, 'the action');
    for (const r of server.requests) {
      expect(r.credentials).to.equal('same-origin');
      expect(r.headers['authorization']).to.equal(undefined);
    }
  });
});

describe('omni-screen: the live feed ([10.36]–[10.39], [8.8])', () => {
  it('applies updates in place: focus, typed text, the open tab and scrolling stay; a changed Notice is announced', async () => {
    const gen = streaming();
    const feeds: EventStream[] = [];
    server = fakeServer({
      '/api/generate': gen.route,
      '/api/live': () => {
        const s = new EventStream();
        feeds.push(s);
        return s;
      },
    });
    const screen = await screenAt();
    screen.classList.add('narrow');
    // A narrow screen on a tall page, so both the table and the page can scroll.
    const spacer = document.createElement('div');
    spacer.className = 'spacer';
    document.body.append(spacer);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('omni-screen.narrow { inline-size: 320px; } .spacer { block-size: 3000px; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const seen = record(screen);
    await generated(screen, gen, liveScreen, 'scr_abc');
    await until(() => feeds.length === 1, 'the live request');
    const follow = server.to('/api/live')[0]!;
    expect(follow.method).to.equal('GET');
    expect(follow.url).to.equal('/api/live?screen=scr_abc&after=0');
    expect(follow.headers['accept']).to.equal('text/event-stream');
    expect(seen.live.map((e) => e.state)).to.deep.equal(['following']);

    (screen.shadowRoot!.querySelector('#omni-tab-b') as HTMLButtonElement).click();
    await settle(screen);
    // The table's box skips its content until a frame has found it on screen (content-visibility: auto): only
    // then has it anything to scroll, as for a person, who scrolls what they see.
    await frames();
    const table = $(screen, '.table-scroll')!;
    table.scrollLeft = 120;
    window.scrollTo(0, 200);
    const input = control(screen, 'name');
    input.focus({ preventScroll: true });
    typeInto(input, 'Ada');
    input.setSelectionRange(1, 2);
    const scrolled = { table: table.scrollLeft, page: window.scrollY };
    expect(scrolled.table).to.be.greaterThan(0);

    feeds[0]!.send('update', { seq: 1, text: 'status = Notice("Out for delivery.", title="Order 1042")\n$where = "On the van"\n' });
    await until(() => seen.updates.length === 1, 'the first update');
    await settle(screen);
    await frames();
    expect(seen.updates[0]!).to.include({ source: 'live', seq: 1 });
    expect(seen.updates[0]!.result.applied).to.equal(true);
    expect(textOf(node(screen, 'status'))).to.equal('Note: Order 1042 Out for delivery.');
    expect(textOf(node(screen, 'tb'))).to.equal('On the van');
    expect(control(screen, 'name')).to.equal(input);
    expect(screen.shadowRoot!.activeElement).to.equal(input);
    expect([input.value, input.selectionStart, input.selectionEnd]).to.deep.equal(['Ada', 1, 2]);
    expect(screen.shadowRoot!.querySelector('#omni-tab-b')!.getAttribute('aria-selected')).to.equal('true');
    expect($(screen, '.table-scroll')).to.equal(table);
    expect({ table: table.scrollLeft, page: window.scrollY }).to.deep.equal(scrolled);
    const announcer = $(screen, '[part="announcer"]')!;
    expect(announcer.getAttribute('aria-live')).to.equal('polite');
    expect(textOf(announcer)).to.equal('Order 1042. Out for delivery.');

    // A rejected update (it would overwrite what the person typed) changes nothing and is the app's business.
    feeds[0]!.send('update', { seq: 2, text: '$name = "Overwritten"\nstatus = Notice("Should not show.")\n' });
    await until(() => seen.updates.length === 2, 'the second update');
    await settle(screen);
    await frames();
    expect(seen.updates[1]!.result.applied).to.equal(false);
    expect(seen.issues.map((i) => i.issue.code)).to.include('live_field_conflict');
    expect(input.value).to.equal('Ada');
    expect(textOf(node(screen, 'status'))).to.equal('Note: Order 1042 Out for delivery.');
    expect(textOf(announcer)).to.equal('Order 1042. Out for delivery.');
    expect(textOf(screen.shadowRoot as unknown as Element)).to.not.contain('live_field_conflict');

    // An old seq is skipped; the end stops following.
    feeds[0]!.send('update', { seq: 1, text: 'status = Notice("Old.")\n' });
    feeds[0]!.send('update', { seq: 3, text: 'status = Notice("Delivered.", title="Order 1042", tone="success")\n' });
    feeds[0]!.send('end', {});
    await until(() => seen.live.length === 2, 'the end');
    await settle(screen);
    await frames();
    expect(seen.updates.map((u) => u.seq)).to.deep.equal([1, 2, 3]);
    expect(textOf(announcer)).to.equal('Order 1042. Delivered.');
    expect(seen.live.map((e) => [e.state, e.lastSeq])).to.deep.equal([
      ['following', 0],
      ['ended', 3],
    ]);
    expect(screen.shadowRoot!.activeElement).to.equal(input);
    spacer.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    window.scrollTo(0, 0);
  });

  it('stops on reset() and on a new generate(); removed from the page it stops, and back it follows from the last seq', async () => {
    const gen = streaming();
    const feeds: EventStream[] = [];
    server = fakeServer({
      '/api/generate': gen.route,
      '/api/live': () => {
        const s = new EventStream();
        feeds.push(s);
        return s;
      },
    });
    const screen = await screenAt();
    const seen = record(screen);
    await generated(screen, gen, liveScreen, 'scr_1');
    await until(() => feeds.length === 1, 'following');
    feeds[0]!.send('update', { seq: 1, text: '$where = "On the van"\n' });
    await until(() => seen.updates.length === 1, 'an update');

    const parent = screen.parentElement!;
    screen.remove();
    expect(feeds[0]!.cancelled).to.equal(true);
    parent.append(screen);
    await until(() => feeds.length === 2, 'following again');
    expect(server.to('/api/live')[1]!.url).to.equal('/api/live?screen=scr_1&after=1');

    screen.reset();
    expect(feeds[1]!.cancelled).to.equal(true);
    expect(seen.live.at(-1)!.state).to.equal('stopped');

    await generated(screen, gen, liveScreen, 'scr_2');
    await until(() => feeds.length === 3, 'following the new screen');
    const again = generated(screen, gen, small);
    await again;
    expect(feeds[2]!.cancelled).to.equal(true);
    expect(server.to('/api/live').length).to.equal(3);
  });

  it('two updates in the same frame are both announced, in order', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route });
    const screen = await screenAt();
    await generated(screen, gen, liveScreen);
    screen.applyUpdate('status = Notice("Out for delivery.")');
    screen.applyUpdate('status = Notice("Nearby.", title="Order 1042")');
    await settle(screen);
    await frames();
    expect(textOf($(screen, '[part="announcer"]'))).to.equal('Out for delivery. Order 1042. Nearby.');
  });

  it('a feed that fails for good stops and says why, to the app only', async () => {
    const gen = streaming();
    server = fakeServer({ '/api/generate': gen.route, '/api/live': () => errorBody(404, 'not_found', false) });
    const screen = await screenAt();
    const seen = record(screen);
    await generated(screen, gen, small, 'scr_gone');
    await until(() => seen.live.some((e) => e.state === 'failed'), 'the failure');
    const failed = seen.live.find((e) => e.state === 'failed')!;
    expect(failed.error).to.include({ code: 'not_found', status: 404 });
    expect(statusText(screen)).to.equal(en.streamEnded);
    expect($$(screen, '.fallback').length).to.equal(0);
  });
});
