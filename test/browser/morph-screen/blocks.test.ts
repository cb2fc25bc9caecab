// Every node type and span of the format, drawn as it streams; links, images and bidi; unknown components.
import { expect } from '@open-wc/testing';
import { describe, it } from './mocha.js';
import { $, $$, END, mount, node, op, ops, settle, textOf } from './helpers.js';

const t = (v: string) => [{ t: 'text', v }];

describe('morph-screen: block types', () => {
  it('draws the spec example: a heading, then a Card holding a Chart', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'h', attrs: { level: '1' } },
        { op: 'spans', id: '0', spans: [{ t: 'text', v: 'Revenue overview' }] },
        { op: 'close', id: '0' },
        { op: 'open', id: '1', type: 'Card', attrs: { title: 'Weekly revenue' } },
        { op: 'open', id: '1.0', type: 'Chart', attrs: { type: 'line', x: 'Week', y: 'USD' } },
        { op: 'close', id: '1.0', data: { columns: ['Week', 'Revenue'], rows: [['W1', '24100'], ['W2', '30800']] } },
        { op: 'close', id: '1' },
      ) + END,
    );
    expect($(screen, 'h1')!.textContent).to.equal('Revenue overview');
    expect(textOf($(screen, '.card-title'))).to.equal('Weekly revenue');
    expect($(screen, '.card')!.getAttribute('aria-labelledby')).to.equal($(screen, '.card-title')!.id);
    screen.remove();
  });

  it('p replaces its spans with each spans op, and the last one before close stands', async () => {
    const screen = await mount(op({ op: 'open', id: '0', type: 'p' }), {}, { end: false });
    screen.write(op({ op: 'spans', id: '0', spans: 'Hel' }));
    await settle(screen);
    expect($(screen, 'p')!.textContent).to.equal('Hel');
    screen.write(op({ op: 'spans', id: '0', spans: [{ t: 'text', v: 'Hello ' }, { t: 'strong', c: t('world') }] }));
    await settle(screen);
    expect(textOf($(screen, 'p'))).to.equal('Hello world');
    expect($(screen, 'p')!.getAttribute('dir')).to.equal('auto');
    screen.remove();
  });

  it('h draws levels 1 to 6', async () => {
    const screen = await mount(ops(...[1, 2, 3, 4, 5, 6].map((l, i) => ({ op: 'node', id: String(i), type: 'h', attrs: { level: String(l) }, spans: `Level ${l}` }))) + END);
    for (let l = 1; l <= 6; l++) expect($(screen, `h${l}`)!.textContent).to.equal(`Level ${l}`);
    screen.remove();
  });

  it('ul and ol hold items whose own elements are the list items; task items say done or to do', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'ul' },
        { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: 'Write the spec' },
        { op: 'node', id: '0.1', type: 'li', attrs: { task: 'open' }, spans: 'Ship it' },
        { op: 'open', id: '0.2', type: 'li' },
        { op: 'spans', id: '0.2', spans: 'Nested' },
        { op: 'open', id: '0.2.0', type: 'ol' },
        { op: 'node', id: '0.2.0.0', type: 'li', spans: 'First' },
        { op: 'close', id: '0' },
      ) + END,
    );
    const ul = $(screen, 'ul')!;
    const items = [...ul.children];
    expect(items.map((el) => el.getAttribute('role'))).to.deep.equal(['listitem', 'listitem', 'listitem']);
    expect(getComputedStyle(items[0]!).display).to.equal('list-item');
    expect(textOf(items[0]!)).to.equal('Done: Write the spec');
    expect(textOf(items[1]!)).to.equal('To do: Ship it');
    expect(items[0]!.querySelector('.task-mark.done')).to.not.equal(null);
    expect(items[0]!.hasAttribute('data-task')).to.equal(true);
    const ol = items[2]!.querySelector('ol')!;
    expect(textOf(ol)).to.equal('First');
    expect(ol.firstElementChild!.getAttribute('role')).to.equal('listitem');
    screen.remove();
  });

  it('table: rows of cells with table roles, a header row of column headers, numeric cells aligned to the end', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'table' },
        { op: 'open', id: '0.0', type: 'row', attrs: { head: true } },
        { op: 'node', id: '0.0.0', type: 'cell', spans: 'Region' },
        { op: 'node', id: '0.0.1', type: 'cell', attrs: { align: 'right' }, spans: 'Sales' },
        { op: 'close', id: '0.0' },
        { op: 'open', id: '0.1', type: 'row' },
        { op: 'node', id: '0.1.0', type: 'cell', spans: 'North' },
        { op: 'node', id: '0.1.1', type: 'cell', attrs: { align: 'right' }, spans: '1,204' },
        { op: 'close', id: '0' },
      ) + END,
    );
    expect($(screen, '[role="table"]')).to.not.equal(null);
    expect($$(screen, '[role="row"]').length).to.equal(2);
    expect($$(screen, '[role="columnheader"]').map((c) => textOf(c))).to.deep.equal(['Region', 'Sales']);
    expect($$(screen, '[role="cell"]').map((c) => textOf(c))).to.deep.equal(['North', '1,204']);
    // Laid out as a table: a row's cells side by side, not stacked.
    expect(getComputedStyle(node(screen, '0.1.1')).display).to.equal('table-cell');
    expect(node(screen, '0.1.0').getBoundingClientRect().top).to.equal(node(screen, '0.1.1').getBoundingClientRect().top);
    const numeric = node(screen, '0.1.1').querySelector('.cell-body')!;
    expect(getComputedStyle(numeric).textAlign).to.equal('end');
    expect(getComputedStyle(node(screen, '0.1.0').querySelector('.cell-body')!).textAlign).to.equal('start');
    // The region scrolls sideways and can be reached by keyboard.
    expect($(screen, '.table-scroll')!.getAttribute('tabindex')).to.equal('0');
    screen.remove();
  });

  it('code: its text as text, the language noted and naming the block', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'code', attrs: { lang: 'python' }, spans: 'print("<b>hi</b>")' }) + END);
    expect($(screen, 'pre code')!.textContent).to.equal('print("<b>hi</b>")');
    expect($(screen, 'pre b')).to.equal(null);
    expect($(screen, '.code-lang')!.textContent).to.equal('python');
    expect($(screen, 'pre')!.getAttribute('aria-label')).to.equal('Code, python');
    screen.remove();
  });

  it('quote holds spans and blocks; hr is a break', async () => {
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'quote', spans: 'Said once.' },
        { op: 'spans', id: '0', spans: 'Said once.' },
        { op: 'node', id: '0.0', type: 'p', spans: 'And again.' },
        { op: 'close', id: '0' },
        { op: 'node', id: '1', type: 'hr' },
      ) + END,
    );
    expect(textOf($(screen, 'blockquote'))).to.equal('Said once. And again.');
    expect($(screen, 'hr')).to.not.equal(null);
    screen.remove();
  });
});

describe('morph-screen: spans', () => {
  const formats = ['strong', 'em', 's', 'u', 'small', 'sub', 'sup', 'mark', 'kbd'] as const;

  it('draws every formatting span as its element, nested, and inline code', async () => {
    const spans = [
      ...formats.map((f) => ({ t: f, c: [{ t: 'text', v: f }] })),
      { t: 'strong', c: [{ t: 'em', c: t('both') }] },
      { t: 'code', v: 'a < b' },
    ];
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans }) + END);
    const p = $(screen, 'p')!;
    for (const f of formats) expect(p.querySelector(f)!.textContent).to.equal(f);
    expect(p.querySelector('strong > em')!.textContent).to.equal('both');
    expect(p.querySelector('code')!.textContent).to.equal('a < b');
    screen.remove();
  });

  it('br breaks the line', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: [{ t: 'text', v: 'one' }, { t: 'br' }, { t: 'text', v: 'two' }] }) + END);
    expect($(screen, 'p br')).to.not.equal(null);
    screen.remove();
  });

  it('a link opens in a new tab with no opener and no referrer, and says so', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: [{ t: 'link', href: 'https://example.com/a?b=1', c: t('docs') }] }) + END);
    const a = $<HTMLAnchorElement>(screen, 'a')!;
    expect(a.getAttribute('href')).to.equal('https://example.com/a?b=1');
    expect(a.target).to.equal('_blank');
    expect(a.rel).to.equal('noopener noreferrer');
    expect(textOf(a)).to.equal('docs (opens in a new tab)');
    screen.remove();
  });

  it('an image loads with no referrer, its credit under it; the images policy decides which load', async () => {
    // Two origins of the test server, so both pictures really load (one that fails would show its words).
    const here = location.origin;
    const other = `${location.protocol}//${location.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${location.port}`;
    const cat = `${here}/demo/assets/cafe.svg`;
    const text = ops({ op: 'node', id: '0', type: 'p', spans: [{ t: 'img', src: cat, alt: 'A cat', credit: t('Photo: Ann') }, { t: 'img', src: `${other}/demo/assets/card.svg`, alt: 'A dog' }] }) + END;
    const screen = await mount(text, { images: { origins: [here] } });
    const imgs = $$<HTMLImageElement>(screen, 'img');
    expect(imgs.map((i) => i.getAttribute('src'))).to.deep.equal([cat]);
    expect(imgs[0]!.alt).to.equal('A cat');
    expect(imgs[0]!.referrerPolicy).to.equal('no-referrer');
    expect(textOf($(screen, '.credit'))).to.equal('Photo: Ann');
    expect(textOf($(screen, '.image-blocked'))).to.equal('Image not shown: A dog');
    screen.images = 'none';
    await settle(screen);
    expect($$(screen, 'img').length).to.equal(0);
    screen.images = 'all';
    await settle(screen);
    expect($$(screen, 'img').length).to.equal(2);
    expect(() => (screen.images = { origins: ['javascript:alert(1)'] })).to.throw(TypeError);
    screen.remove();
  });

  it('el: a Badge and a Button inside a sentence, anything else as its content', async () => {
    const actions = [] as unknown[];
    const screen = await mount(
      ops({
        op: 'node',
        id: '0',
        type: 'p',
        spans: [
          { t: 'el', type: 'Badge', attrs: { tone: 'danger' }, c: t('late') },
          { t: 'el', type: 'Button', attrs: { ask: 'Why late?' }, c: t('Ask') },
          { t: 'el', type: 'Sparkle', attrs: { colour: 'red' }, c: t('shiny') },
        ],
      }) + END,
    );
    screen.addEventListener('morph-action', (e) => actions.push(e.action));
    expect($(screen, 'p .badge.tone-danger')!.textContent).to.equal('late');
    ($(screen, 'p button') as HTMLButtonElement).click();
    expect(actions).to.deep.equal([{ type: 'ask', text: 'Why late?', node: '0' }]);
    const other = $(screen, 'p .inline-component')!;
    expect(other.textContent).to.equal('shiny');
    expect(other.getAttribute('style')).to.equal(null);
    screen.remove();
  });

  it('isolates stream text: blocks are dir=auto, inline runs isolate, and direction controls are not shown', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'p', spans: [{ t: 'strong', c: t('\u202Eevil') }, { t: 'text', v: ' after' }] }, { op: 'node', id: '1', type: 'Button', attrs: { ask: 'x' }, spans: '\u202Eabc' }) + END);
    expect(getComputedStyle($(screen, 'p strong')!).unicodeBidi).to.equal('isolate');
    expect($(screen, 'p')!.getAttribute('dir')).to.equal('auto');
    expect($(screen, 'p strong')!.textContent).to.equal('evil');
    expect($(screen, 'button bdi')!.textContent).to.equal('abc');
    screen.remove();
  });
});

describe('morph-screen: unknown and app components', () => {
  it('draws a component it does not know as a neutral container of its content', async () => {
    const screen = await mount(ops({ op: 'open', id: '0', type: 'Timeline', attrs: { from: '2020', class: 'x', style: 'color:red' } }, { op: 'node', id: '0.0', type: 'p', spans: 'Founded' }, { op: 'close', id: '0' }) + END);
    const box = node(screen, '0').querySelector('.component')!;
    expect(textOf(box)).to.equal('Founded');
    expect(box.getAttribute('style')).to.equal(null);
    expect(box.className).to.equal('component');
    screen.remove();
  });

  it('hands an app’s own element the attributes (safe names), spans, data and children', async () => {
    class AppTimeline extends HTMLElement {
      from?: string;
      spans?: unknown;
      data?: unknown;
      closed?: boolean;
    }
    if (!customElements.get('app-timeline')) customElements.define('app-timeline', AppTimeline);
    const screen = await mount(
      ops(
        { op: 'open', id: '0', type: 'Timeline', attrs: { from: '2020', innerHTML: '<img src=x onerror=alert(1)>', onclick: 'alert(1)' } },
        { op: 'spans', id: '0', spans: 'Since 2020' },
        { op: 'node', id: '0.0', type: 'p', spans: 'Founded' },
        { op: 'close', id: '0', data: { items: ['a', 'b'] } },
      ) + END,
      { components: { Timeline: { tag: 'app-timeline' }, Bad: { tag: 'not a tag' } } },
    );
    const el = $(screen, 'app-timeline') as AppTimeline;
    expect(el.from).to.equal('2020');
    expect(el.spans).to.deep.equal([{ t: 'text', v: 'Since 2020' }]);
    expect(el.data).to.deep.equal({ items: ['a', 'b'] });
    expect(el.closed).to.equal(true);
    expect(el.querySelector('img')).to.equal(null);
    expect(el.onclick).to.equal(null);
    expect(textOf(el)).to.equal('Founded');
    expect(screen.components).to.deep.equal({ Timeline: { tag: 'app-timeline' }, Bad: { tag: 'not a tag' } });
    screen.remove();
  });

  it('takes the registry shape <omni-screen> takes, { Name: { tag } }, and hands the element the same', async () => {
    class AppSteps extends HTMLElement {
      count?: string;
      data?: unknown;
    }
    if (!customElements.get('app-steps')) customElements.define('app-steps', AppSteps);
    const warn = console.warn;
    const said: string[] = [];
    console.warn = (...args: unknown[]) => said.push(args.join(' '));
    let screen;
    try {
      screen = await mount(ops({ op: 'node', id: '0', type: 'Steps', attrs: { count: '3', style: 'color:red' }, data: { items: ['a'] } }) + END, {
        components: { Steps: { tag: 'app-steps' }, Bad: { tag: 'omni-screen' }, Worse: { tag: 'not a tag' } },
      });
    } finally {
      console.warn = warn;
    }
    const el = $(screen, 'app-steps') as AppSteps;
    expect(el.count).to.equal('3');
    expect(el.getAttribute('style')).to.equal(null);
    expect(el.data).to.deep.equal({ items: ['a'] });
    expect(said, 'the object shape is the registry shape').to.deep.equal([]);
    screen.remove();
  });

  it('leaves out a bare { Name: tag } entry (no deprecated shape before the first release), and says once in development what to give', async () => {
    const warn = console.warn;
    const said: string[] = [];
    console.warn = (...args: unknown[]) => said.push(args.join(' '));
    try {
      const screen = await mount(ops({ op: 'node', id: '0', type: 'OldShape', spans: 'x' }) + END, { components: { OldShape: 'app-old-shape' } as never });
      expect($(screen, 'app-old-shape'), 'the string entry draws nothing of its own').to.equal(null);
      screen.components = { OldShape: 'app-old-shape' } as never;
      screen.remove();
    } finally {
      console.warn = warn;
    }
    const about = said.filter((s) => s.includes('components.OldShape'));
    expect(about).to.have.length(1);
    expect(about[0]).to.include('left out').and.include("{ OldShape: { tag: 'app-old-shape' } }");
  });

  it('an app element registered for a known component wins, and draws once its tag is defined', async () => {
    const screen = await mount(ops({ op: 'node', id: '0', type: 'Map', data: { columns: ['Place'], rows: [['Lisbon']] } }) + END, { components: { Map: { tag: 'app-later-map' } } });
    expect($(screen, 'app-later-map')).to.equal(null);
    expect(textOf($(screen, '.component'))).to.equal('');
    class AppLaterMap extends HTMLElement {}
    customElements.define('app-later-map', AppLaterMap);
    await settle(screen);
    expect(($(screen, 'app-later-map') as unknown as { data: unknown }).data).to.deep.equal({ columns: ['Place'], rows: [['Lisbon']] });
    screen.remove();
  });
});
