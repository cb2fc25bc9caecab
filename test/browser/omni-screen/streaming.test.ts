import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from './mocha.js';
import { $, $$, control, mount, nextFrame, node, settle, textOf, typeInto } from './helpers.js';
import { registries } from './fixtures.js';
import { renderProbe } from '../../../elements/omni-screen/testHooks.js';
import { OmniEndEvent, OmniIssueEvent, type OmniScreenElement } from '../../../elements/omni-screen/index.js';
import { en } from '../../../strings/en.js';

afterEach(() => {
  renderProbe.onRender = null;
});

describe('omni-screen: while streaming', () => {
  /** What a Stack holds, in order: a node element's id, or the class of a block standing in for children. */
  const slots = (screen: OmniScreenElement) =>
    [...node(screen, 'root').querySelector(':scope > .stack')!.children].map((el) =>
      el.tagName === 'OMNI-NODE' ? (el as HTMLElement & { nodeId: string }).nodeId : el.classList[0],
    );

  it('shows a placeholder for a pending child, replaced in the same place when it arrives', async () => {
    const screen = await mount('root = Stack([a, b, c])\na = Text("A")\nc = Text("C")\n', registries(), { end: false });
    expect(slots(screen)).to.deep.equal(['a', 'pending', 'c']);
    const [a, c] = [node(screen, 'a'), node(screen, 'c')];
    screen.write('b = Text("B")\n');
    await settle(screen);
    expect(slots(screen)).to.deep.equal(['a', 'b', 'c']);
    // The children already there keep their elements.
    expect([node(screen, 'a'), node(screen, 'c')]).to.deep.equal([a, c]);
    expect(textOf(node(screen, 'root'))).to.equal('A B C');
  });

  it('shows a fallback for a child that never arrived, in its place', async () => {
    const screen = await mount('root = Stack([a, gone, c])\na = Text("A")\nc = Text("C")\n', registries());
    expect(slots(screen)).to.deep.equal(['a', 'fallback', 'c']);
    expect(node(screen, 'root').querySelector('.fallback')!.getAttribute('data-kind')).to.equal('missing');
    expect(screen.issues.map((i) => i.code)).to.include('dangling_ref');
  });

  it('shows a placeholder before root arrives, and a fallback when the stream ends without it', async () => {
    const screen = await mount('', registries(), { end: false });
    screen.write('# nothing yet\n');
    await settle(screen);
    expect(node(screen, 'root').querySelector('.pending')).to.not.equal(null);
    screen.end();
    await settle(screen);
    expect(node(screen, 'root').querySelector('.fallback')).to.not.equal(null);
  });

  it('keeps focus and caret in an Input while 50 more lines stream in', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const screen = await mount(`root = Stack([name, ${ids.join(', ')}])\n$name = ""\nname = Input($name, label="Name")\n`, registries(), {
      end: false,
    });
    const input = control(screen, 'name');
    input.focus();
    typeInto(input, 'hello');
    input.setSelectionRange(2, 2);
    for (const id of ids) {
      screen.write(`${id} = Text("line ${id}")\n`);
      await new Promise((r) => setTimeout(r, 0));
    }
    screen.end();
    await settle(screen);
    expect(control(screen, 'name')).to.equal(input);
    expect(screen.shadowRoot!.activeElement).to.equal(input);
    expect(input.value).to.equal('hello');
    expect(input.selectionStart).to.equal(2);
    expect(input.selectionEnd).to.equal(2);
    expect(screen.document!.state('$name')).to.equal('hello');
    expect(textOf(node(screen, 't49'))).to.equal('line t49');
  });

  it('re-renders only the nodes a line touches, and a parent when one of its children first arrives', async () => {
    const counts: Record<string, number> = {};
    renderProbe.onRender = (id) => {
      counts[id] = (counts[id] ?? 0) + 1;
    };
    const screen = await mount('root = Stack([a, b, c, d])\n$x = "one"\na = Text($x)\nb = Text("B")\n', registries(), { end: false });
    for (const k of Object.keys(counts)) delete counts[k];
    screen.write('c = Text("C")\n');
    await settle(screen);
    expect(counts).to.deep.equal({ root: 1, c: 1 });
    for (const k of Object.keys(counts)) delete counts[k];
    screen.write('d = Text($x)\n');
    await settle(screen);
    expect(counts).to.deep.equal({ root: 1, d: 1 });
    for (const k of Object.keys(counts)) delete counts[k];
    screen.end();
    await settle(screen);
    screen.applyUpdate('$x = "two"');
    await settle(screen);
    expect(counts).to.deep.equal({ a: 1, d: 1 });
    expect(textOf(node(screen, 'a'))).to.equal('two');
  });

  it('leaves Cards, Tables and Lists below the fold to the browser to skip, and what is in them still works', async () => {
    // Three tall Cards push the rest far below the viewport; a frame later the browser has skipped those.
    const texts = (c: number) => Array.from({ length: 60 }, (_, i) => `t${c}_${i}`);
    const tall = [0, 1, 2].map((c) => `c${c} = Card([${texts(c).join(', ')}], title="Part ${c}")\n${texts(c).map((t) => `${t} = Text("line ${t}")`).join('\n')}\n`);
    const screen = await mount(
      `root = Stack([c0, c1, c2, far, tb, list])\n${tall.join('')}$name = ""\nfar = Card([name], title="Far")\nname = Input($name, label="Name")\n` +
        'tb = Table(["Item", "Qty"], [r0])\nr0 = TableRow(["Tea", 2])\nlist = List([li])\nli = ListItem("Late item")\n',
      registries(),
    );
    await nextFrame();
    await nextFrame();
    const shown = (el: Element) => el.checkVisibility({ contentVisibilityAuto: true });
    expect(shown(node(screen, 't0_0').querySelector('.text')!), 'on screen').to.equal(true);
    expect(shown(control(screen, 'name')), 'the far Card').to.equal(false);
    expect(shown($(screen, 'tbody td')!), 'the Table').to.equal(false);
    expect(shown(node(screen, 'li').querySelector('.list-item')!), 'the List').to.equal(false);
    // Still there for everyone: in the text, focusable, and read by assistive technology.
    expect(textOf(node(screen, 'li'))).to.equal('Late item');
    control(screen, 'name').focus();
    expect(screen.shadowRoot!.activeElement).to.equal(control(screen, 'name'));
    await expect(screen).to.be.accessible();
  });

  it('contains a crash to its own slot, reports node_crashed, and retries when its data changes', async () => {
    renderProbe.onRender = (id) => {
      if (id === 'bad') throw new Error('boom');
    };
    const issues: OmniIssueEvent[] = [];
    const screen = await mount('', registries(), { end: false });
    screen.addEventListener('omni-issue', (e) => issues.push(e));
    screen.write('root = Stack([good, bad])\ngood = Text("fine")\nbad = Text("first")\n');
    screen.end();
    await settle(screen);
    expect(node(screen, 'bad').querySelector('.fallback')!.getAttribute('data-kind')).to.equal('crashed');
    expect(textOf(node(screen, 'good'))).to.equal('fine');
    const crashed = issues.filter((e) => e.issue.code === 'node_crashed');
    expect(crashed.length).to.equal(1);
    expect(crashed[0]!.issue.id).to.equal('bad');
    expect(crashed[0]!.issue.line).to.equal(3);
    expect(screen.issues.map((i) => i.code)).to.include('node_crashed');

    renderProbe.onRender = null;
    expect(screen.applyUpdate('bad = Text("second")').applied).to.equal(true);
    await settle(screen);
    expect(node(screen, 'bad').querySelector('.fallback')).to.equal(null);
    expect(textOf(node(screen, 'bad'))).to.equal('second');
  });

  it('retries a crashed node when the state it read changes', async () => {
    const screen = await mount('', registries(), { end: false });
    renderProbe.onRender = (id) => {
      if (id === 'shaky' && screen.document!.state('$mood') === 'bad') throw new Error('bad mood');
    };
    screen.write('root = Stack([shaky, mood])\n$mood = "bad"\nshaky = Text($mood)\nmood = Input($mood, label="Mood")\n');
    screen.end();
    await settle(screen);
    expect(node(screen, 'shaky').querySelector('.fallback')).to.not.equal(null);
    typeInto(control(screen, 'mood'), 'good');
    await settle(screen);
    expect(textOf(node(screen, 'shaky'))).to.equal('good');
  });

  it('shows the newer-version notice near the screen', async () => {
    const screen = await mount('# omni-ir 99.0\nroot = Text("hi")\n', registries());
    expect(textOf($(screen, '[part~="version-notice"]'))).to.contain('newer version');
  });

  it('fires omni-end once, with every issue', async () => {
    const screen = await mount('', registries(), { end: false });
    const ends: OmniEndEvent[] = [];
    screen.addEventListener('omni-end', (e) => ends.push(e));
    screen.write('root = Card([x])\n');
    screen.end();
    screen.end();
    expect(ends.length).to.equal(1);
    expect(ends[0]!.issues.map((i) => i.code)).to.include('dangling_ref');
    expect(ends[0]!.bubbles && ends[0]!.composed).to.equal(true);
  });

  it('reset() clears the screen and starts again with the same registries', async () => {
    const screen = await mount('root = Image("cabin", alt="Cabin")\n', registries());
    expect(node(screen, 'root').querySelector('img')).to.not.equal(null);
    screen.reset();
    await settle(screen);
    expect($$(screen, 'omni-node').length).to.equal(0);
    screen.write('root = Image("cabin", alt="Cabin again")\n');
    screen.end();
    await settle(screen);
    expect(node(screen, 'root').querySelector('img')!.alt).to.equal('Cabin again');
    expect(screen.issues).to.deep.equal([]);
  });
});

describe('omni-screen: stream()', () => {
  const text = 'root = Stack([a, b])\na = Text("Grüße")\nb = Text("B")';
  const bytes = new TextEncoder().encode(text);
  const pieces = () => [bytes.slice(0, 25), bytes.slice(25, 26), bytes.slice(26)];

  async function check(screen: OmniScreenElement) {
    await settle(screen);
    expect(textOf(node(screen, 'root'))).to.equal('Grüße B');
    expect(screen.document!.ended).to.equal(true);
  }

  it('reads a ReadableStream of bytes split inside a character', async () => {
    const screen = await mount('', registries(), { end: false });
    const parts = pieces();
    await screen.stream(new ReadableStream<Uint8Array>({ pull(c) { const p = parts.shift(); if (p) c.enqueue(p); else c.close(); } }));
    await check(screen);
  });

  it('reads a Response', async () => {
    const screen = await mount('', registries(), { end: false });
    await screen.stream(new Response(new Blob(pieces())));
    await check(screen);
  });

  it('reads an async iterable of strings and bytes', async () => {
    const screen = await mount('', registries(), { end: false });
    async function* gen() {
      yield 'root = Stack([a, b])\na = Text("Gr';
      yield new TextEncoder().encode('üße")\n');
      yield 'b = Text("B")';
    }
    await screen.stream(gen());
    await check(screen);
  });

  it('ends the parser when the source fails, says the connection was lost, and rejects', async () => {
    const screen = await mount('', registries(), { end: false });
    async function* gen() {
      yield 'root = Stack([a, b])\na = Text("A")\n';
      throw new Error('network down');
    }
    let error: unknown;
    await screen.stream(gen()).catch((e) => (error = e));
    await settle(screen);
    expect((error as Error).message).to.equal('network down');
    expect(screen.document!.ended).to.equal(true);
    expect(node(screen, 'root').querySelector('.stack > .fallback')).to.not.equal(null);
    expect(textOf($(screen, '[part~="connection-notice"]'))).to.contain('connection was lost');
  });

  it('writes nothing from a Response with an error status, and still ends', async () => {
    const screen = await mount('', registries(), { end: false });
    let error: unknown;
    await screen.stream(new Response('root = Text("no")', { status: 500 })).catch((e) => (error = e));
    expect(error).to.be.instanceOf(Error);
    expect(screen.document!.ended).to.equal(true);
    expect(screen.document!.node('root')).to.equal(undefined);
  });

  it('a server answering a web page instead (a login page, 200 text/html): the notice says so, nothing is drawn, and stream() rejects saying what came back', async () => {
    const screen = await mount('', registries(), { end: false });
    const page = '<!doctype html><html><head><title>Sign in</title></head><body><p>root = Text("no")</p></body></html>';
    let error: unknown;
    await screen.stream(new Response(page, { headers: { 'content-type': 'text/html' } })).catch((e) => (error = e));
    await settle(screen);
    expect((error as Error).name).to.equal('SourceError');
    expect((error as Error).message).to.contain('a web page (text/html) titled "Sign in", not Omni-IR text');
    expect(screen.document!.ended).to.equal(true);
    expect(screen.document!.node('root')).to.equal(undefined);
    expect(textOf($(screen, '[part~="connection-notice"]'))).to.equal(en.notTheFormat);
    // The same page with no content type (a proxy, a static file) is known by its first characters.
    const again = await mount('', registries(), { end: false });
    let second: unknown;
    await again.stream(new Response(page)).catch((e) => (second = e));
    expect((second as Error).message).to.contain('titled "Sign in"');
  });

  it('awaits a promise of a Response, as stream(fetch(url)) passes one', async () => {
    const screen = await mount('', registries(), { end: false });
    await screen.stream(Promise.resolve(new Response(new Blob(pieces()))));
    await check(screen);
  });

  it('reads a string', async () => {
    const screen = await mount('', registries(), { end: false });
    await screen.stream(text);
    await check(screen);
  });

  for (const [given, named] of [
    [42, 'a number (42)'],
    [{ body: 'x' }, 'a plain object'],
    [null, 'null'],
  ] as const) {
    it(`rejects a source of the wrong kind with a TypeError naming it (${named}), and the screen says nothing about a connection`, async () => {
      const screen = await mount('', registries(), { end: false });
      let error: unknown;
      await screen.stream(given as never).catch((e) => (error = e));
      expect(error).to.be.instanceOf(TypeError);
      expect((error as Error).message).to.contain(named);
      expect((error as Error).message).to.contain('<omni-screen>.stream()');
      await settle(screen);
      expect(screen.shadowRoot!.querySelector('[part~="connection-notice"]')).to.equal(null);
      expect(screen.document?.ended ?? false).to.equal(false);
    });
  }

  it('a promise that resolves to the wrong kind rejects with a TypeError too', async () => {
    const screen = await mount('', registries(), { end: false });
    let error: unknown;
    await screen.stream(Promise.resolve('x' as unknown as number) as never).then(() => (error = 'none'), (e) => (error = e));
    // A string is a source; a number is not.
    expect(error).to.equal('none');
    await screen.stream(Promise.resolve(7) as never).catch((e) => (error = e));
    expect(error).to.be.instanceOf(TypeError);
  });

  it('reset() stops a stream that never ends: it resolves, and writes nothing more', async () => {
    const screen = await mount('', registries(), { end: false });
    let cancelled = false;
    let controller!: ReadableStreamDefaultController<string>;
    const source = new ReadableStream<string>({
      start(c) {
        controller = c;
        c.enqueue('root = Stack([a])\n');
      },
      cancel() {
        cancelled = true;
      },
    });
    const reading = screen.stream(source);
    await new Promise((r) => setTimeout(r, 20));
    screen.reset();
    await reading;
    expect(cancelled).to.equal(true);
    expect(() => controller.enqueue('a = Text("late")\n')).to.throw();
    expect(screen.document!.node('root')).to.equal(undefined);
  });
});
