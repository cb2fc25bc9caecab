// A big screen doesn't block the page (issue 28, item 10): what write() and stream() hand over at once goes into
// the screen within the task's write budget (the screen kernel's PacedWriter), and the rest in later tasks. No
// timing is asserted: the mechanism is (not everything read in the task that wrote it; everything read, in
// order, once updateComplete resolves or the stream ends); bench/render.mjs measures the longest task.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { mount, settle, tick } from './helpers.js';
import { registries } from './fixtures.js';
import { OmniEndEvent } from '../../../elements/omni-screen/index.js';

/**
 * The first task after this one: a message posted now is queued before any the screen posts to go on drawing
 * (it posts them in this task's microtasks). A timer would not do: the browser runs message tasks first, so on a
 * fast or a busy machine every paced task could run before a setTimeout(0).
 */
const firstTaskBoundary = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });

/** A screen of 1,000 components (the most a stream may define): a root Stack of 9 Stacks of 110 Texts each. */
function bigScreen(): string[] {
  const groups = Array.from({ length: 9 }, (_, g) => Array.from({ length: 110 }, (_, i) => `t${g}_${i}`));
  const lines = [`root = Stack([${groups.map((_, g) => `s${g}`).join(', ')}])\n`];
  groups.forEach((ids, g) => {
    lines.push(`s${g} = Stack([${ids.join(', ')}])\n`);
    for (const id of ids) lines.push(`${id} = Text("Component ${id} of the big screen")\n`);
  });
  return lines;
}
const N = 1000;
const written = (screen: { document: { ids(): readonly string[] } | null }) => screen.document?.ids().length ?? 0;

describe('omni-screen: a big screen is paced', function (this: Mocha.Suite) {
  this.timeout(60000);

  it('one write() of 1,000 components is read over several tasks, and completely by updateComplete', async () => {
    const screen = await mount('', registries(), { end: false });
    screen.write(bigScreen().join(''));
    const now = written(screen);
    expect(now, 'read at once').to.be.below(N);
    await screen.updateComplete;
    expect(written(screen)).to.equal(N);
    screen.end();
    await settle(screen);
    expect(screen.issues.map((i) => i.code)).to.deep.equal([]);
  });

  it('end() right after a paced write ends after every line, with nothing missing', async () => {
    const screen = await mount('', registries(), { end: false });
    let atEnd = -1;
    screen.addEventListener(OmniEndEvent.eventName, () => (atEnd = written(screen)));
    screen.write(bigScreen().join(''));
    screen.end();
    expect(atEnd, 'ended before its lines were read').to.equal(-1);
    await screen.updateComplete;
    await settle(screen);
    expect(atEnd).to.equal(N);
    expect(screen.issues.map((i) => i.code)).to.deep.equal([]);
    expect(screen.document!.ended).to.equal(true);
  });

  it('stream() of a ReadableStream with everything queued is read over several tasks', async () => {
    const screen = await mount('', registries(), { end: false });
    const lines = bigScreen();
    const source = new ReadableStream<string>({
      start(c) {
        for (const l of lines) c.enqueue(l);
        c.close();
      },
    });
    const seen: number[] = [];
    let done = false;
    const reading = screen.stream(source).then(() => (done = true));
    // What each task boundary finds read: some of the screen, before the stream ends.
    while (!done) {
      await tick();
      seen.push(written(screen));
    }
    await reading;
    expect(seen.some((n) => n > 0 && n < N), `read at task boundaries: ${seen.join(', ')}`).to.equal(true);
    await settle(screen);
    expect(written(screen)).to.equal(N);
    expect(screen.document!.ended).to.equal(true);
  });

  it('a big screen written at once is drawn over several tasks, and completely once settled', async () => {
    const screen = await mount('', registries(), { end: false });
    screen.write(bigScreen().join(''));
    screen.end();
    // Drawn: a node element that has rendered (one a container made, still waiting for its turn, is not).
    const drawn = () => [...screen.shadowRoot!.querySelectorAll<HTMLElement & { hasUpdated: boolean }>('omni-node')].filter((n) => n.hasUpdated).length;
    // The page gets a turn before the whole screen is drawn.
    await firstTaskBoundary();
    expect(drawn(), 'drawn by the first task boundary').to.be.below(N);
    await screen.updateComplete;
    await settle(screen);
    expect(drawn()).to.equal(N);
    expect(screen.shadowRoot!.querySelector('.fallback, .pending')).to.equal(null);
  });

  it('a live update adding 792 list items is applied whole, drawn over several tasks, and ends complete', async () => {
    const screen = await mount('root = Stack([a])\na = Text("Before the update")\n', registries());
    const lists = Array.from({ length: 4 }, (_, l) => Array.from({ length: 198 }, (_, i) => `i${l}_${i}`));
    const update = [
      `root = Stack([a, ${lists.map((_, l) => `l${l}`).join(', ')}])`,
      ...lists.flatMap((ids, l) => [`l${l} = List([${ids.join(', ')}])`, ...ids.map((id) => `${id} = ListItem("Item ${id}")`)]),
    ].join('\n');
    const result = screen.applyUpdate(update);
    expect(result.applied, JSON.stringify(result)).to.equal(true);
    // Applied whole at once: the document has every item now.
    expect(screen.document!.ids().length).to.equal(2 + 4 + 792);
    const items = () => [...screen.shadowRoot!.querySelectorAll<HTMLElement & { hasUpdated: boolean }>('omni-node')].filter((n) => n.hasUpdated).length;
    await firstTaskBoundary();
    expect(items(), 'drawn by the first task boundary').to.be.below(2 + 4 + 792);
    await settle(screen);
    expect(items()).to.equal(2 + 4 + 792);
    expect(screen.shadowRoot!.querySelector('.fallback, .pending')).to.equal(null);
  });

  it('the same screen is read the same whether written at once or line by line', async () => {
    const lines = bigScreen();
    const whole = await mount('', registries(), { end: false });
    whole.write(lines.join(''));
    whole.end();
    await whole.updateComplete;
    await settle(whole);
    const byLine = await mount(lines.join(''), registries());
    expect(whole.document!.ids()).to.deep.equal(byLine.document!.ids());
    expect(whole.shadowRoot!.querySelectorAll('omni-node').length).to.equal(byLine.shadowRoot!.querySelectorAll('omni-node').length);
  });
});
