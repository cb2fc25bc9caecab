// The element's public API: write/end/reset/stream with every kind of source and both wrappings, the events,
// the respond hook, words and theme.
import { expect } from '@open-wc/testing';
import { MorphIssueEvent, type MorphAction } from '../../../elements/morph-screen/index.js';
import { describe, it } from './mocha.js';
import { $, $$, collect, END, mount, node, op, ops, settle, textOf, tick } from './helpers.js';

const answer = ops({ op: 'node', id: '0', type: 'h', attrs: { level: '2' }, spans: 'Hello' }, { op: 'node', id: '1', type: 'p', spans: 'Grüße, 世界, 👋🏽' }) + END;
const sse = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => `event: op\ndata: ${l}\n\n`)
    .join('');

const shown = (screen: HTMLElement & { shadowRoot: ShadowRoot | null }) => textOf(screen.shadowRoot!.querySelector('.answer-body'));

describe('morph-screen: feeding it', () => {
  it('write() in chunks of any size, even bytes split inside a character, draws the same answer', async () => {
    const bytes = new TextEncoder().encode(answer);
    for (const size of [1, 5, 13]) {
      const screen = await mount('', {}, { end: false });
      for (let i = 0; i < bytes.length; i += size) screen.write(bytes.slice(i, i + size));
      screen.end();
      await settle(screen);
      expect(shown(screen), `chunks of ${size}`).to.equal('Hello Grüße, 世界, 👋🏽');
      screen.remove();
    }
  });

  it('stream() reads a Response, a promise of one, a ReadableStream, an async iterable, SSE and plain lines', async () => {
    const sources = [
      () => new Response(answer, { headers: { 'content-type': 'application/x-ndjson' } }),
      () => Promise.resolve(new Response(sse(answer), { headers: { 'content-type': 'text/event-stream' } })),
      () => new Blob([answer]).stream(),
      () =>
        (async function* () {
          for (const line of sse(answer).split(/(?<=\n)/)) yield line;
        })(),
      () => answer,
    ];
    for (const make of sources) {
      const screen = await mount('', {}, { end: false });
      const ends = collect(screen, 'morph-end');
      await screen.stream(make() as never);
      await settle(screen);
      expect(shown(screen)).to.equal('Hello Grüße, 世界, 👋🏽');
      expect(ends.length).to.equal(1);
      expect(ends[0]!.end).to.include({ complete: true, truncated: false });
      screen.remove();
    }
  });

  it('stream() rejects a source of the wrong kind without touching the answer', async () => {
    const screen = await mount(op({ op: 'node', id: '0', type: 'p', spans: 'kept' }), {}, { end: false });
    let error: unknown;
    try {
      await screen.stream(42 as never);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(TypeError);
    expect(shown(screen)).to.equal('kept');
    screen.remove();
  });

  it('a source that fails ends the answer and says the connection was lost', async () => {
    const screen = await mount('', {}, { end: false });
    const failing = (async function* () {
      yield op({ op: 'node', id: '0', type: 'p', spans: 'First part' });
      throw new Error('network down');
    })();
    let error: unknown;
    try {
      await screen.stream(failing);
    } catch (e) {
      error = e;
    }
    await settle(screen);
    expect((error as Error).message).to.equal('network down');
    expect(shown(screen)).to.equal('First part');
    expect(textOf($(screen, '[part~="notice"]'))).to.equal('The connection was lost before the answer was complete.');
    screen.remove();
  });

  it('reset() stops a stream still reading and starts a new answer', async () => {
    const screen = await mount('', {}, { end: false });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = (async function* () {
      yield op({ op: 'node', id: '0', type: 'p', spans: 'old' });
      await gate;
      yield op({ op: 'node', id: '1', type: 'p', spans: 'too late' });
    })();
    const reading = screen.stream(slow);
    await tick(10);
    screen.reset();
    release();
    await reading;
    screen.write(ops({ op: 'node', id: '0', type: 'p', spans: 'new' }) + END);
    await settle(screen);
    expect(shown(screen)).to.equal('new');
    screen.remove();
  });

  it('a stream cut short says so; the stream’s open nodes are closed by its end', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'p' }, { op: 'spans', id: '0', spans: 'Half a' }, { op: 'end', complete: false, truncated: true }));
    expect(textOf($(screen, '[part~="notice"]'))).to.equal('The answer was cut short.');
    expect(shown(screen)).to.equal('Half a');
    screen.remove();
  });
});

describe('morph-screen: events', () => {
  it('morph-issue: each refused line and each of the stream’s own diag ops, in line order; morph-end once', async () => {
    const screen = await mount('', {}, { end: false });
    const diags = collect(screen, 'morph-issue');
    const ends = collect(screen, 'morph-end');
    screen.write(
      [
        op({ op: 'node', id: '0', type: 'p', spans: 'ok' }),
        'not json\n',
        op({ op: 'diag', line: 3, cls: 'unclosed_fence', detail: 'a fence was never closed', severity: 'note' }),
        op({ op: 'node', id: '5', type: 'p', spans: 'skips' }),
        op({ op: 'node', id: '1', type: 'p', spans: [{ t: 'link', href: 'javascript:alert(1)', c: 'x' }] }),
        END,
        op({ op: 'node', id: '2', type: 'p', spans: 'after' }),
      ].join(''),
    );
    screen.end();
    await settle(screen);
    expect(diags.map((d) => [d.origin, d.code, d.severity, d.line])).to.deep.equal([
      ['engine', 'not_json', 'error', 2],
      ['stream', 'unclosed_fence', 'note', 3],
      ['engine', 'id_skips', 'error', 4],
      ['engine', 'unsafe_url', 'warning', 5],
      ['engine', 'after_end', 'error', 7],
    ]);
    expect(diags[1]!.diag).to.deep.equal({ at: 3, line: 3, cls: 'unclosed_fence', detail: 'a fence was never closed', severity: 'note' });
    expect(ends.length).to.equal(1);
    expect(ends[0]!.issues.map((i) => i.code)).to.include('not_json');
    expect($$(screen, 'a').length).to.equal(0);
    screen.remove();
  });

  it('morph-action bubbles out of the element and can be cancelled, which keeps respond from running', async () => {
    let asked: MorphAction | null = null;
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Button', attrs: { ask: 'Go' } }) + END, { respond: (a) => void (asked = a) });
    const outside: MorphAction[] = [];
    document.body.addEventListener('morph-action', (e) => outside.push(e.action), { once: true });
    screen.addEventListener('morph-action', (e) => e.preventDefault(), { once: true });
    node(screen, '0').querySelector('button')!.click();
    await tick();
    expect(outside).to.deep.equal([{ type: 'ask', text: 'Go', node: '0' }]);
    expect(asked).to.equal(null);
    node(screen, '0').querySelector('button')!.click();
    await tick();
    expect(asked).to.deep.equal({ type: 'ask', text: 'Go', node: '0' });
    screen.remove();
  });
});

describe('morph-screen: morph-issue, the issue event every element fires', () => {
  it('fires morph-issue once for every issue, and nothing beside it (the deprecated morph-diag is gone)', async () => {
    const screen = await mount('', {}, { end: false });
    const heard: [string, string, string, number | null, string | undefined][] = [];
    const listen = (e: Event) => {
      const i = e as MorphIssueEvent;
      heard.push([i.type, i.origin, i.code, i.line, i.id]);
    };
    screen.addEventListener('morph-issue', listen);
    screen.addEventListener('morph-diag', listen);
    const issues = collect(screen, 'morph-issue');
    screen.write([op({ op: 'node', id: '0', type: 'p', spans: 'ok' }), 'not json\n', op({ op: 'diag', line: 3, cls: 'unclosed_fence', detail: 'x', severity: 'note' }), END].join(''));
    screen.end();
    screen.state = { nowhere: { answers: [1] } };
    await settle(screen);
    expect(heard).to.deep.equal([
      ['morph-issue', 'engine', 'not_json', 2, undefined],
      ['morph-issue', 'stream', 'unclosed_fence', 3, undefined],
      ['morph-issue', 'element', 'state_refused', null, 'nowhere'],
    ]);
    expect(issues[0]).to.be.instanceOf(MorphIssueEvent);
    expect(issues[0]!.bubbles && issues[0]!.composed).to.equal(true);
    expect(issues[1]!.diag).to.deep.equal({ at: 3, line: 3, cls: 'unclosed_fence', detail: 'x', severity: 'note' });
    expect(MorphIssueEvent.eventName).to.equal('morph-issue');
    screen.remove();
  });

  it('issues lists every issue morph-issue carried, in order (the engine, the stream, the element), until the screen starts over', async () => {
    const screen = await mount('', {}, { end: false });
    const heard = collect(screen, 'morph-issue');
    screen.write([op({ op: 'node', id: '0', type: 'p', spans: 'ok' }), 'not json\n', op({ op: 'diag', line: 3, cls: 'unclosed_fence', detail: 'x', severity: 'note' }), END].join(''));
    screen.end();
    screen.state = { nowhere: { answers: [1] } };
    await settle(screen);
    expect(screen.issues.map((i) => [i.origin, i.code])).to.deep.equal([
      ['engine', 'not_json'],
      ['stream', 'unclosed_fence'],
      ['element', 'state_refused'],
    ]);
    expect(screen.issues).to.deep.equal(heard.map((e) => e.issue));
    screen.reset();
    expect(screen.issues).to.deep.equal([]);
    await screen.stream('not json\n');
    expect(screen.issues.map((i) => i.code)).to.deep.equal(['not_json'], 'a new stream lists its own issues only');
    screen.remove();
  });
});

describe('morph-screen: the respond hook', () => {
  it('turns an action into the next answer, drawn in place of this one', async () => {
    const seen: MorphAction[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const screen = await mount(ops({ op: 'node', id: '0', type: 'FollowUps', data: { items: ['Tell me more'] } }) + END, {
      respond: async (action) => {
        seen.push(action);
        await gate;
        return new Response(ops({ op: 'node', id: '0', type: 'p', spans: `You asked: ${(action as { text: string }).text}` }) + END);
      },
    });
    const ends = collect(screen, 'morph-end');
    $<HTMLButtonElement>(screen, '.follow-ups button')!.click();
    await settle(screen);
    // While the hook works: busy, and said so.
    expect($(screen, '.answer')!.getAttribute('aria-busy')).to.equal('true');
    expect(textOf($(screen, '[part="status"]'))).to.equal('Writing the answer…');
    release();
    for (let i = 0; i < 50 && ends.length === 0; i++) await tick(5);
    await settle(screen);
    expect(seen).to.deep.equal([{ type: 'ask', text: 'Tell me more', node: '0' }]);
    expect(shown(screen)).to.equal('You asked: Tell me more');
    screen.remove();
  });

  it('is not called for state actions; one that throws leaves the answer and says why', async () => {
    const calls: string[] = [];
    const screen = await mount(
      ops({ op: 'node', id: '0', type: 'Checklist', data: { checks: [{ done: false, c: 'a' }] } }, { op: 'node', id: '1', type: 'Button', attrs: { ask: 'x' } }) + END,
      {
        respond: (a) => {
          calls.push(a.type);
          throw new Error('model offline');
        },
      },
    );
    const diags = collect(screen, 'morph-issue');
    $<HTMLInputElement>(screen, '.checks input')!.click();
    node(screen, '1').querySelector('button')!.click();
    await tick();
    await settle(screen);
    expect(calls).to.deep.equal(['ask']);
    expect(diags.map((d) => [d.origin, d.code])).to.deep.equal([['element', 'respond_failed']]);
    expect(node(screen, '0')).to.not.equal(null);
    screen.remove();
  });
});

describe('morph-screen: words and theme', () => {
  it('every word it writes can be replaced through strings', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Chart' }) + END, { strings: { answerMissing: 'Nicht angekommen.' } });
    expect(textOf(node(screen, '0'))).to.equal('Nicht angekommen.');
    screen.strings = { answerMissing: 'Pas arrivé.' };
    await settle(screen);
    expect(textOf(node(screen, '0'))).to.equal('Pas arrivé.');
    screen.remove();
  });

  it('theme dark paints its surface from the dark tokens', async () => {
    const light = await mount(answer);
    const dark = await mount(answer, {}, { theme: 'dark' });
    expect(getComputedStyle(dark).backgroundColor).to.not.equal(getComputedStyle(light).backgroundColor);
    expect(getComputedStyle($(dark, 'p')!).color).to.not.equal(getComputedStyle($(light, 'p')!).color);
    light.remove();
    dark.remove();
  });
});
