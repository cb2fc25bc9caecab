// One answer stream per <morph-screen> at a time (issue 18): a new stream(), a write() after the end or while a
// stream() reads, replaces what was streaming. The replaced stream() rejects with a DOMException named
// AbortError and writes nothing more, so two sources never flood one document with not_json.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, END, mount, op, ops, settle, textOf, tick } from './helpers.js';
import { en } from '../../../strings/en.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import type { MorphIssueEvent } from '../../../elements/morph-screen/events.js';

const shown = (screen: MorphScreenElement) => textOf(screen.shadowRoot!.querySelector('.answer-body'));

function source() {
  let controller!: ReadableStreamDefaultController<string>;
  const state = { cancelled: false };
  const stream = new ReadableStream<string>({ start: (c) => void (controller = c), cancel: () => void (state.cancelled = true) });
  return { stream, state, send: (t: string) => controller.enqueue(t), close: () => controller.close() };
}

function settled(p: Promise<unknown>) {
  const out: { error?: unknown; done: boolean } = { done: false };
  p.then(
    () => (out.done = true),
    (error) => Object.assign(out, { error, done: true }),
  );
  return out;
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300 && !check(); i++) await tick(10);
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('morph-screen: one stream at a time', () => {
  it('a second stream() replaces the first: AbortError, its source cancelled, no diagnostics, only the second drawn', async () => {
    const screen = await mount('', {}, { end: false });
    const diags: MorphIssueEvent[] = [];
    screen.addEventListener('morph-issue', (e) => diags.push(e));
    const a = source();
    const b = source();
    const first = settled(screen.stream(a.stream));
    a.send(op({ op: 'node', id: '0', type: 'p', spans: 'from A' }) + '{"op":"node","id":"1","ty');
    await tick(20);
    const second = settled(screen.stream(b.stream));
    // Sent in the middle of a line: mixed into one parser, these would be not_json.
    b.send(op({ op: 'node', id: '0', type: 'p', spans: 'from B' }));
    b.send(END);
    b.close();
    await until(() => first.done && second.done, 'both streams to settle');
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('<morph-screen>.stream()');
    expect(second.error).to.equal(undefined);
    expect(a.state.cancelled).to.equal(true);
    await settle(screen);
    expect(shown(screen)).to.equal('from B');
    expect(diags.map((d) => d.code)).to.deep.equal([]);
    expect(screen.issues).to.deep.equal([]);
    expect($(screen, '[part~="notice"]')).to.equal(null);
  });

  it('a write() after the input ended starts a new answer instead of throwing', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: 'one' }) + END);
    await screen.stream(ops({ op: 'node', id: '0', type: 'p', spans: 'two' }));
    expect(() => screen.write(ops({ op: 'node', id: '0', type: 'p', spans: 'three' }))).to.not.throw();
    screen.end();
    await settle(screen);
    expect(shown(screen)).to.equal('three');
    expect(screen.issues).to.deep.equal([]);
  });

  it('a write() while stream() reads replaces that stream with an AbortError naming it', async () => {
    const screen = await mount('', {}, { end: false });
    const a = source();
    const first = settled(screen.stream(a.stream));
    a.send(op({ op: 'node', id: '0', type: 'p', spans: 'streamed' }));
    await tick(20);
    screen.write(op({ op: 'node', id: '0', type: 'p', spans: 'written' }));
    screen.end();
    await until(() => first.done, 'the stream to settle');
    expect((first.error as DOMException).name).to.equal('AbortError');
    expect((first.error as DOMException).message).to.contain('write()');
    expect(a.state.cancelled).to.equal(true);
    await settle(screen);
    expect(shown(screen)).to.equal('written');
  });

  it('a 404 says the server answered 404, not that the connection was lost', async () => {
    const screen = await mount('', {}, { end: false });
    const error = await screen.stream(new Response('Not Found', { status: 404 })).catch((e) => e);
    expect((error as { status?: number }).status).to.equal(404);
    await settle(screen);
    expect(textOf($(screen, '[part~="notice"]'))).to.equal(en.answerServerAnswered.replace('{status}', '404'));
  });

  it('a server answering a web page instead of the op stream: the notice says so and stream() rejects saying what came back', async () => {
    const screen = await mount();
    const page = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>\n';
    let error: unknown;
    await screen.stream(new Response(page, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } })).catch((e) => (error = e));
    await settle(screen);
    expect((error as Error).message).to.contain('a web page (text/html) titled "502 Bad Gateway", not the op stream');
    expect(textOf(screen.shadowRoot!.querySelector('[part~="notice"]'))).to.equal(en.answerNotTheFormat);
    expect(shown(screen)).to.equal('');
  });
});
