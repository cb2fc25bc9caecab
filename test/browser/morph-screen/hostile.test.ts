// Hostile streams: script URLs, markup in text, attributes aiming at the DOM, enormous ids, deep nesting, a
// flood of nodes and a million ops. Nothing unsafe is drawn, and the page keeps getting turns: a timer set
// when the flood starts runs before the flood is drawn. The mocha timeout is the guard against a hang; no
// timing is asserted.
import { expect } from '@open-wc/testing';
import { $, $$, collect, END, mount, node, op, ops, settle, textOf } from './helpers.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';

const t = (v: string) => [{ t: 'text', v }];
const BAD_URLS = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/x', 'https://user@evil.example/', 'file:///etc/passwd'];

/** Nothing in the answer can run code or load from a URL that isn't http(s). */
function assertSafe(screen: MorphScreenElement): void {
  const root = screen.shadowRoot!;
  expect(root.querySelectorAll('script, iframe, object, embed, style:not([data-lit]), link, meta, base').length, 'no active elements').to.equal(0);
  for (const el of root.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) expect(/^on/i.test(a), `${el.localName}[${a}]`).to.equal(false);
    for (const name of ['href', 'src', 'action', 'formaction', 'srcset', 'xlink:href']) {
      const v = el.getAttribute(name);
      if (v !== null) expect(v, `${el.localName}[${name}]`).to.match(/^https?:\/\/[^\s@\\]+$/i);
    }
  }
}

describe('morph-screen: hostile streams', function () {
  this.timeout(60000);

  it('script and other non-http URLs in links, images, Gallery data and Button hrefs load nothing', async () => {
    const lines = BAD_URLS.flatMap((url, i) => [
      { op: 'node', id: String(i * 4), type: 'p', spans: [{ t: 'link', href: url, c: t('click') }, { t: 'img', src: url, alt: 'pic' }] },
      { op: 'node', id: String(i * 4 + 1), type: 'Gallery', data: { images: [{ src: url, alt: 'g' }] } },
      { op: 'node', id: String(i * 4 + 2), type: 'Button', attrs: { href: url }, spans: 'Go' },
      { op: 'node', id: String(i * 4 + 3), type: 'FollowUps', data: { items: [[{ t: 'link', href: url, c: 'x' }]] } },
    ]);
    const screen = await mount(ops(...lines) + END);
    expect($$(screen, 'a').length).to.equal(0);
    expect($$(screen, 'img').length).to.equal(0);
    expect(textOf(node(screen, '0'))).to.equal('click');
    assertSafe(screen);
    screen.remove();
  });

  it('markup in text is text; attributes never become markup, styles, classes or handlers', async () => {
    const evil = '<img src=x onerror=alert(1)><script>alert(1)</script><style>*{display:none}</style>';
    const screen = await mount(
      ops(
        { op: 'node', id: '0', type: 'p', spans: evil },
        { op: 'node', id: '1', type: 'h', attrs: { level: '2', style: 'display:none', class: 'x', onclick: 'alert(1)' }, spans: evil },
        { op: 'node', id: '2', type: 'Card', attrs: { title: evil, style: 'color:red', onmouseover: 'alert(1)' } },
        { op: 'node', id: '3', type: 'Badge', attrs: { tone: '" onclick="alert(1)' }, spans: evil },
        { op: 'node', id: '4', type: 'code', attrs: { lang: '"><script>alert(1)</script>' }, spans: evil },
        { op: 'node', id: '5', type: 'Question', attrs: { q: evil }, data: { items: [evil, 'b'], answer: 0 } },
        { op: 'node', id: '6', type: 'Chart', attrs: { title: evil, type: 'evil' }, data: { columns: [evil, evil], rows: [[evil, 1]] } },
        { op: 'node', id: '7', type: 'Input', attrs: { label: evil, type: 'hidden', placeholder: evil } },
        { op: 'node', id: '8', type: 'Evil', attrs: { innerHTML: evil, style: 'x' }, spans: evil },
      ) + END,
    );
    expect($(screen, 'p')!.textContent).to.equal(evil);
    expect(textOf($(screen, '.card-title'))).to.equal(evil);
    expect($(screen, 'h2')!.getAttribute('style')).to.equal(null);
    expect($(screen, 'h2')!.className).to.equal('prose h2');
    expect($(screen, '.badge')!.className).to.equal('badge tone-neutral');
    expect(($(screen, '[data-field="7"]') as HTMLInputElement).type).to.equal('text');
    assertSafe(screen);
    screen.remove();
  });

  it('enormous ids and deep nesting are refused before they cost anything; 32 levels draw', async () => {
    const screen = await mount('', {}, { end: false });
    const diags = collect(screen, 'morph-issue');
    const huge = Array.from({ length: 100_000 }, () => '0').join('.');
    screen.write(op({ op: 'open', id: huge, type: 'p' }) + op({ op: 'open', id: '9'.repeat(1_000_000), type: 'p' }));
    let id = '0';
    let lines = op({ op: 'open', id, type: 'Card' });
    for (let depth = 2; depth <= 33; depth++) {
      id += '.0';
      lines += op({ op: 'open', id, type: 'Card' });
    }
    screen.write(lines);
    // Spans nested past the limit are refused too.
    let span: unknown = { t: 'text', v: 'deep' };
    for (let i = 0; i < 40; i++) span = { t: 'strong', c: [span] };
    screen.write(op({ op: 'node', id: '1', type: 'p', spans: [span] }));
    screen.write(END);
    await settle(screen);
    expect(diags.filter((d) => d.code === 'bad_id').length).to.equal(2);
    expect(diags.filter((d) => d.code === 'too_deep').length).to.equal(2);
    expect($$(screen, '.card').length).to.equal(32);
    assertSafe(screen);
    screen.remove();
  });

  it('a flood of 5,000 nodes in one write is drawn a few dozen per task, one pending block for the rest', async () => {
    const screen = await mount('', {}, { end: false });
    const lines = [op({ op: 'open', id: '0', type: 'Card' })];
    for (let i = 0; i < 5000; i++) lines.push(op({ op: 'node', id: `0.${i}`, type: 'p', spans: `Line ${i}` }));
    let drawnWhenTimerRan = -1;
    setTimeout(() => (drawnWhenTimerRan = $$(screen, 'morph-node').length), 0);
    screen.write(lines.join('') + END);
    await screen.updateComplete;
    await node(screen, '0').updateComplete;
    expect($$(screen, '.pending').length).to.equal(1);
    await settle(screen);
    expect(drawnWhenTimerRan).to.be.greaterThan(0);
    expect(drawnWhenTimerRan).to.be.lessThan(5001);
    expect($$(screen, 'morph-node').length).to.equal(5001);
    expect($$(screen, '.pending').length).to.equal(0);
    screen.remove();
  });

  it('lists waiting for their items in a flood wait in line: each draws when its turn comes, not again and again meanwhile', async () => {
    const screen = await mount('', {}, { end: false });
    const LISTS = 30;
    const ITEMS = 200;
    const lines: string[] = [];
    for (let l = 0; l < LISTS; l++) {
      lines.push(op({ op: 'open', id: `${l}`, type: 'ul' }));
      for (let i = 0; i < ITEMS; i++) lines.push(op({ op: 'node', id: `${l}.${i}`, type: 'li', spans: `Item ${i}` }));
      lines.push(op({ op: 'close', id: `${l}` }));
    }
    // How often each list's element draws while its items arrive a few dozen per task.
    const proto = customElements.get('morph-node')!.prototype as { update(changed: unknown): void };
    const update = proto.update;
    const draws = new Map<string, number>();
    proto.update = function (this: { nodeId: string }, changed: unknown) {
      if (!this.nodeId.includes('.')) draws.set(this.nodeId, (draws.get(this.nodeId) ?? 0) + 1);
      update.call(this, changed);
    };
    try {
      screen.write(lines.join('') + END);
      await settle(screen);
    } finally {
      proto.update = update;
    }
    expect($$(screen, 'morph-node').length).to.equal(LISTS * (ITEMS + 1));
    expect($$(screen, '.pending').length).to.equal(0);
    // 6,000 items at 64 a task: a hundred tasks. A list draws when it arrives, when it closes, and once per share
    // of a task's items it is granted (200 items: at least 4 shares); trying again at every task would be ~100.
    const most = Math.max(...draws.values());
    expect(draws.size).to.equal(LISTS);
    expect(most, `a list drew ${most} times`).to.be.at.most(12);
    screen.remove();
  });

  it('a million ops through stream(): nothing unsafe, limits kept, and the page gets turns while they apply', async () => {
    const screen = await mount('', {}, { end: false });
    let issues = 0;
    screen.addEventListener('morph-issue', () => issues++);
    const PARAS = 200;
    const TOTAL = 1_000_000;
    const kinds = [
      (i: number) => op({ op: 'spans', id: String(i % PARAS), spans: [{ t: 'text', v: `<b>${i}</b>` }, { t: 'link', href: i % 2 ? 'javascript:alert(1)' : 'https://example.com/', c: 'x' }] }),
      (i: number) => op({ op: 'spans', id: String(i % PARAS), spans: `update ${i}` }),
      (i: number) => op({ op: 'close', id: `${i}` }), // mostly unknown ids
      () => '{"op":"open","id":"0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0","type":"p"}\n',
      () => 'garbage\n',
    ];
    async function* source() {
      let chunk = '';
      for (let i = 0; i < PARAS; i++) chunk += op({ op: 'open', id: String(i), type: 'p' });
      for (let i = PARAS; i < TOTAL; i++) {
        chunk += kinds[i % kinds.length]!(i);
        if (chunk.length > 256 * 1024) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk + END;
    }
    let turns = 0;
    let running = true;
    const beat = () => {
      if (!running) return;
      turns++;
      setTimeout(beat, 0);
    };
    setTimeout(beat, 0);
    await screen.stream(source());
    running = false;
    await settle(screen);
    expect(turns).to.be.greaterThan(1);
    expect(screen.document.size).to.equal(PARAS);
    expect(issues).to.be.at.most(10_000 + 1);
    expect($$(screen, 'morph-node').length).to.equal(PARAS);
    assertSafe(screen);
    screen.remove();
  });
});
