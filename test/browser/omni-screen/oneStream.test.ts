// One stream per element at a time (issue 18): a new stream(), a write() after the end or while a stream()
// reads, or a generate() stops and replaces what was streaming. The replaced stream() rejects with a
// DOMException named AbortError and writes nothing more; the new one draws alone: no bytes mixed into one
// parser, no "write() after end()", no false "connection was lost".
import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from './mocha.js';
import { $, mount, node, settle, textOf } from './helpers.js';
import { registries } from './fixtures.js';
import { EventStream, fakeServer, until } from './fakeServer.js';
import { en } from '../../../strings/en.js';
import type { OmniIssueEvent, OmniScreenElement } from '../../../elements/omni-screen/index.js';

/** A source the test writes to, and whether the reader cancelled it. */
function source() {
  let controller!: ReadableStreamDefaultController<string>;
  const state = { cancelled: false, closed: false };
  const stream = new ReadableStream<string>({
    start: (c) => void (controller = c),
    cancel: () => void (state.cancelled = true),
  });
  return {
    stream,
    state,
    send: (text: string) => controller.enqueue(text),
    close: () => {
      state.closed = true;
      controller.close();
    },
    /** As a fetch Response, which is what stream(fetch(url)) reads. */
    response: () => new Response(stream.pipeThrough(new TextEncoderStream())),
  };
}

const notice = (screen: OmniScreenElement) => $(screen, '[part~="connection-notice"]');
const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

/** What a stream() promise settles with, without an unhandled rejection while the test goes on. */
function settled(p: Promise<unknown>) {
  const out: { value?: unknown; error?: unknown; done: boolean } = { done: false };
  p.then(
    (value) => Object.assign(out, { value, done: true }),
    (error) => Object.assign(out, { error, done: true }),
  );
  return out;
}

let server: ReturnType<typeof fakeServer> | null = null;
afterEach(() => {
  server?.restore();
  server = null;
});

describe('omni-screen: one stream at a time', () => {
  it('a second stream() replaces the first: the first rejects with an AbortError, its source is cancelled, and only the second draws', async () => {
    const screen = await mount('', registries(), { end: false });
    const issues: OmniIssueEvent[] = [];
    screen.addEventListener('omni-issue', (e) => issues.push(e));
    const a = source();
    const b = source();
    const first = settled(screen.stream(a.response()));
    a.send('root = Stack([x, y])\nx = Text("from A")\n');
    await tick();
    const second = settled(screen.stream(b.response()));
    // The first source goes on talking: none of it may reach the screen.
    a.send('y = Text("late A")\nzzz garbage that is not Omni-IR\n');
    b.send('root = Card([title])\n');
    b.send('title = Heading("from B")\n');
    b.close();
    await until(() => first.done && second.done, 'both streams to settle');
    expect(first.error, 'the first stream() rejects').to.be.instanceOf(DOMException);
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('<omni-screen>.stream()');
    expect(second.error, 'the second resolves').to.equal(undefined);
    expect(a.state.cancelled, 'the first source was cancelled').to.equal(true);
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('from B');
    expect(screen.document!.node('x'), 'nothing of A').to.equal(undefined);
    expect(issues.map((e) => e.issue.code)).to.deep.equal([]);
    expect(screen.issues).to.deep.equal([]);
    expect(notice(screen), 'no connection notice').to.equal(null);
  });

  it('two streams of the same screen started at once (React StrictMode runs an effect twice) draw it once, with no error and no notice', async () => {
    const screen = await mount('', registries(), { end: false });
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    const onRejection = (e: PromiseRejectionEvent) => errors.push(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      const text = 'root = Card([title])\ntitle = Heading("Paid")\n';
      const a = source();
      const b = source();
      const first = settled(screen.stream(a.response()));
      const second = settled(screen.stream(b.response()));
      // Their bytes interleave, as two fetches of one URL do; the first even ends first.
      a.send(text);
      b.send(text.slice(0, 10));
      a.close();
      await tick();
      b.send(text.slice(10));
      b.close();
      await until(() => first.done && second.done, 'both streams to settle');
      expect((first.error as DOMException).name).to.equal('AbortError');
      expect(second.error).to.equal(undefined);
      await settle(screen);
      expect(textOf(node(screen, 'root'))).to.equal('Paid');
      expect(screen.issues).to.deep.equal([]);
      expect(notice(screen)).to.equal(null);
      expect(errors, 'no uncaught "write() after end()"').to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });

  it('a write() after the stream ended starts a new screen instead of throwing', async () => {
    const screen = await mount('root = Text("one")\n', registries());
    await screen.stream('root = Text("two")\n');
    expect(() => screen.write('root = Text("three")\n')).to.not.throw();
    screen.end();
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('three');
    expect(screen.issues).to.deep.equal([]);
  });

  it('a write() while stream() reads replaces that stream: it rejects with an AbortError and writes nothing more', async () => {
    const screen = await mount('', registries(), { end: false });
    const a = source();
    const first = settled(screen.stream(a.stream));
    a.send('root = Text("A")\n');
    await tick();
    screen.write('root = Text("written")\n');
    screen.end();
    expect(a.state.cancelled, 'its source was cancelled').to.equal(true);
    await until(() => first.done, 'the stream to settle');
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('write()');
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('written');
    expect(notice(screen)).to.equal(null);
  });

  it('generate() replaces a stream() still reading (AbortError), and a stream() cancels a generate() still running', async () => {
    const streams: EventStream[] = [];
    server = fakeServer({
      '/api/generate': () => {
        const s = new EventStream();
        streams.push(s);
        return s;
      },
    });
    const screen = await mount('', { ...registries(), endpoint: '/api/generate' }, { end: false });
    const a = source();
    const first = settled(screen.stream(a.stream));
    a.send('root = Text("A")\n');
    await tick();
    const generating = screen.generate('make it');
    await until(() => streams.length === 1, 'the generate request');
    await until(() => first.done, 'the stream to settle');
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('generate()');

    streams[0]!.chunks('root = Text("generated")\n');
    await until(() => !!screen.document?.node('root'), 'the generated line');
    const b = source();
    const second = settled(screen.stream(b.stream));
    const outcome = await generating;
    expect(outcome.status === 'error' && outcome.code).to.equal('cancelled');
    b.send('root = Text("B")\n');
    b.close();
    await until(() => second.done, 'the second stream');
    expect(second.error).to.equal(undefined);
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('B');
    expect(notice(screen)).to.equal(null);
  });

  it('a source of the wrong kind rejects with a TypeError and leaves the stream in progress alone', async () => {
    const screen = await mount('', registries(), { end: false });
    const a = source();
    const first = settled(screen.stream(a.stream));
    a.send('root = Text("A")\n');
    await tick();
    let error: unknown;
    await screen.stream(42 as never).catch((e) => (error = e));
    expect(error).to.be.instanceOf(TypeError);
    a.close();
    await until(() => first.done, 'the first stream');
    expect(first.error).to.equal(undefined);
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('A');
  });
});

describe('omni-screen: what the server answered', () => {
  it('a 404 says the server answered 404, not that the connection was lost; the rejection carries the status', async () => {
    const screen = await mount('', registries(), { end: false });
    let error: unknown;
    await screen.stream(new Response('Not Found', { status: 404 })).catch((e) => (error = e));
    expect((error as { status?: number }).status).to.equal(404);
    expect((error as Error).message).to.contain('404');
    await settle(screen);
    const said = textOf(notice(screen));
    expect(said).to.contain('404');
    expect(said).to.not.contain('connection');
    expect(said).to.equal(en.serverAnswered.replace('{status}', '404'));
  });

  it('a source that breaks still says the connection was lost', async () => {
    const screen = await mount('', registries(), { end: false });
    const broken = new ReadableStream<string>({
      start(c) {
        c.enqueue('root = Text("B")\n');
        c.error(new TypeError('network error'));
      },
    });
    const error = await screen.stream(broken).catch((e) => e);
    expect((error as Error).message).to.equal('network error');
    await settle(screen);
    expect(textOf(notice(screen))).to.equal(en.connectionLost);
  });

  it('generate() refused with a bare 404 says the server answered 404', async () => {
    server = fakeServer({ '/api/generate': () => new Response('Not Found', { status: 404 }) });
    const screen = await mount('', { ...registries(), endpoint: '/api/generate' }, { end: false });
    const outcome = await screen.generate('x');
    expect(outcome.status === 'error' && outcome.httpStatus).to.equal(404);
    await settle(screen);
    expect(textOf($(screen, '[part~="progress"] [role="status"]'))).to.equal(en.generateServerAnswered.replace('{status}', '404'));
  });
});
