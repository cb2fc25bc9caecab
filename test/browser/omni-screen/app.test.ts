import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from './mocha.js';
import { $, $$, mount, node, settle, textOf } from './helpers.js';
import { PIXEL, registries, TestGauge } from './fixtures.js';
import type { AppComponentView } from '../../../elements/omni-screen/index.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';

describe('omni-screen: app components ([8.7])', () => {
  it('gives the app’s element its props ($keys resolved), its children in order, and keeps the element', async () => {
    const screen = await mount('root = Gauge($label, [a, b], level=2)\n$label = "Speed"\na = Text("first")\nb = Text("second")\n', registries(), { end: false });
    const gauge = $(screen, 'test-gauge') as TestGauge;
    expect(gauge.label).to.equal('Speed');
    expect([...gauge.children].map((c) => (c as HTMLElement & { nodeId: string }).nodeId)).to.deep.equal(['a', 'b']);
    expect(gauge.shadowRoot!.querySelector('slot')!.assignedElements().length).to.equal(2);
    expect(textOf(gauge)).to.equal('first second');
    screen.end();
    screen.applyUpdate('$label = "Pace"');
    await settle(screen);
    expect($(screen, 'test-gauge')).to.equal(gauge);
    expect(gauge.label).to.equal('Pace');
    expect(gauge.shadowRoot!.querySelector('p')!.textContent).to.equal('Pace: 2');
  });

  it('passes picture props by name with the app’s picture', async () => {
    class TestPhoto extends HTMLElement {
      photo: unknown;
    }
    defineElement('test-photo', TestPhoto);
    const components: Record<string, AppComponentView> = {
      Photo: { tag: 'test-photo', description: 'A photo.', props: { photo: { kind: 'picture' } }, positional: ['photo'] },
    };
    const screen = await mount('root = Stack([p, q])\np = Photo("cabin")\nq = Photo("product-9")\n', {
      ...registries(),
      components,
      pictures: [{ prefix: 'product-', id: 'digits', maxLength: 4 }],
    });
    const [p, q] = $$(screen, 'test-photo') as unknown as TestPhoto[];
    expect(p!.photo).to.deep.equal({ name: 'cabin', src: PIXEL, width: 160, height: 90 });
    expect(q!.photo).to.deep.equal({ name: 'product-9' });
  });

  it('shows a fallback where the app has no element, and draws it once it is defined', async () => {
    const components: Record<string, AppComponentView> = {
      Later: { tag: 'test-later', description: 'Defined later.', props: { text: { kind: 'text' } }, positional: ['text'] },
      Bad: { tag: 'omni-node', description: 'Not the app’s.', props: {} },
      Plain: { tag: 'div', description: 'Not a custom element.', props: {} },
    };
    const screen = await mount('root = Stack([l, b, p])\nl = Later("hello")\nb = Bad()\np = Plain()\n', { ...registries(), components });
    expect($$(screen, '.fallback').map((f) => f.getAttribute('data-kind'))).to.deep.equal(['unknown', 'unknown', 'unknown']);
    class TestLater extends HTMLElement {
      text = '';
    }
    defineElement('test-later', TestLater);
    await customElements.whenDefined('test-later');
    await settle(screen);
    expect(($(screen, 'test-later') as unknown as TestLater).text).to.equal('hello');
    expect($$(screen, '.fallback').length).to.equal(2);
  });

  it('never sets a prop named like a built-in member (innerHTML, style, on…) from the stream', async () => {
    class TestRaw extends HTMLElement {
      caption = '';
    }
    defineElement('test-raw', TestRaw);
    const components: Record<string, AppComponentView> = {
      Raw: {
        tag: 'test-raw',
        description: 'Hostile declaration.',
        props: { innerHTML: { kind: 'text', optional: true }, caption: { kind: 'text', optional: true } },
      },
    };
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    let screen;
    try {
      screen = await mount('root = Raw(innerHTML="<img src=x onerror=alert(1)>", caption="<b>x</b>")\n', { ...registries(), components });
    } finally {
      console.warn = warn;
    }
    // The developer is told once that the declared prop is never set.
    expect(warnings.filter((w) => w.includes('"innerHTML"')).length).to.equal(1);
    expect(screen.issues).to.deep.equal([]);
    const raw = $(screen, 'test-raw')!;
    expect(raw.childNodes.length).to.equal(0);
    expect(raw.querySelector('img')).to.equal(null);
    expect((raw as unknown as TestRaw).caption).to.equal('<b>x</b>');
  });

  it('a crash inside the app’s element replaces only that component', async () => {
    class TestBoom extends HTMLElement {
      set text(_v: string) {
        throw new Error('app bug');
      }
    }
    defineElement('test-boom', TestBoom);
    const components: Record<string, AppComponentView> = {
      Boom: { tag: 'test-boom', description: 'Fails.', props: { text: { kind: 'text' } }, positional: ['text'] },
    };
    const screen = await mount('root = Stack([ok, boom])\nok = Text("fine")\nboom = Boom("x")\n', { ...registries(), components });
    expect(node(screen, 'boom').querySelector('.fallback')!.getAttribute('data-kind')).to.equal('crashed');
    expect(textOf(node(screen, 'ok'))).to.equal('fine');
    await settle(screen);
    expect(screen.issues.map((i) => `${i.code}:${i.id}`)).to.include('node_crashed:boom');
  });

  it('issues lists what omni-issue carried in the order it was fired, the renderer’s among the parser’s, until reset()', async () => {
    class TestBang extends HTMLElement {
      set text(_v: string) {
        throw new Error('app bug');
      }
    }
    defineElement('test-bang', TestBang);
    const components: Record<string, AppComponentView> = {
      Bang: { tag: 'test-bang', description: 'Fails.', props: { text: { kind: 'text' } }, positional: ['text'] },
    };
    const screen = await mount('root = Stack([bang])\nbang = Bang("x")\n', { ...registries(), components }, { end: false });
    const heard: unknown[] = [];
    screen.addEventListener('omni-issue', (e) => heard.push(e.issue));
    await settle(screen);
    screen.write('not a line\n');
    screen.end();
    await settle(screen);
    expect(screen.issues.map((i) => i.code)).to.deep.equal(['node_crashed', 'syntax']);
    expect(screen.issues.slice(1)).to.deep.equal(heard);
    screen.reset();
    expect(screen.issues).to.deep.equal([]);
  });
});

describe('omni-screen: words, locale and direction', () => {
  it('draws again in the app’s words when strings change', async () => {
    const screen = await mount('root = Stack([m, r])\nm = Message("hi", from="user")\nr = Rating(3)\n', registries());
    screen.strings = { messageFromUser: 'Du sagtest', rating: '{value} von {max} Sternen' };
    await settle(screen);
    expect(textOf(node(screen, 'm'))).to.equal('Du sagtest: hi');
    expect(textOf(node(screen, 'r').querySelector('.visually-hidden'))).to.equal('3 von 5 Sternen');
  });

  it('arrow keys follow the reading direction in tabs (dir="rtl")', async () => {
    const screen = await mount('root = Tabs([a, b])\na = Tab("A", [x])\nx = Text("x")\nb = Tab("B", [y])\ny = Text("y")\n', registries());
    screen.setAttribute('dir', 'rtl');
    await settle(screen);
    screen.shadowRoot!.querySelector<HTMLElement>('#omni-tab-a')!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await settle(screen);
    expect(screen.shadowRoot!.activeElement!.id).to.equal('omni-tab-b');
  });

  it('names each table’s scroll region by its columns', async () => {
    const screen = await mount('root = Stack([t, u])\nt = Table(["A", "B"], [])\nu = Table(["C"], [])\n', registries());
    expect($$(screen, '.table-scroll').map((r) => r.getAttribute('aria-label'))).to.deep.equal([
      'Table of A, B, scrolls sideways',
      'Table of C, scrolls sideways',
    ]);
    await expect(screen).to.be.accessible();
  });
});
