// Readable by default (issue 18): an element with no `theme` and no themed agent element around it paints its
// own surface in the page's colour scheme, so on a dark page its text is as readable as the themes promise
// (WCAG AA, 4.5:1), measured on the colours actually painted: each text's colour against the first opaque
// background behind it, walking out through shadow roots to the page itself.
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, describe, it } from './mocha.js';
import '../../../elements/omni-screen/index.js';
import '../../../elements/morph-screen/index.js';
import '../../../elements/ax-runner/index.js';
import type { OmniScreenElement } from '../../../elements/omni-screen/index.js';
import type { MorphScreenElement } from '../../../elements/morph-screen/index.js';
import type { AxRunnerElement } from '../../../elements/ax-runner/index.js';

/** `rgb(…)`/`rgba(…)` → [r, g, b, a]. */
function parse(colour: string): [number, number, number, number] {
  const m = /rgba?\(([^)]+)\)/.exec(colour);
  if (!m) throw new Error(`not an rgb() colour: ${colour}`);
  const [r, g, b, a = '1'] = m[1]!.split(/[\s,/]+/).filter(Boolean);
  return [Number(r), Number(g), Number(b), Number(a)];
}

const luminance = ([r, g, b]: readonly number[]) => {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The parent in the flat tree: the slot an element is assigned to, the host of a shadow root, or the parent. */
function flatParent(el: Element): Element | null {
  if (el.assignedSlot) return el.assignedSlot;
  const parent = el.parentNode;
  if (parent instanceof ShadowRoot) return parent.host;
  return parent instanceof Element ? parent : null;
}

/** The background painted behind `el`: the first opaque one on the way out, the page's canvas last. */
function paintedBehind(el: Element): [number, number, number, number] {
  for (let at: Element | null = el; at; at = flatParent(at)) {
    const bg = parse(getComputedStyle(at).backgroundColor);
    if (bg[3] === 1) return bg;
  }
  // Nothing painted: the canvas, which follows the root's used colour scheme (Chromium's dark canvas is #121212).
  const schemes = getComputedStyle(document.documentElement).colorScheme.split(/\s+/);
  const dark = schemes.includes('dark') && (!schemes.includes('light') || matchMedia('(prefers-color-scheme: dark)').matches);
  return dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
}

/** Every element holding visible text in `root`'s shadow tree (and the shadow trees inside it). */
function textElements(root: Element): Element[] {
  const out: Element[] = [];
  const visit = (scope: ParentNode) => {
    for (const el of scope.querySelectorAll('*')) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      out.push(el);
    }
  };
  visit(root.shadowRoot!);
  return out;
}

/** The lowest contrast of any text in `el`, with what it was. */
function lowest(el: Element): { ratio: number; what: string } {
  const texts = textElements(el);
  expect(texts.length, 'there is text to measure').to.be.greaterThan(0);
  let worst = { ratio: Infinity, what: '' };
  for (const t of texts) {
    const fg = parse(getComputedStyle(t).color);
    const bg = paintedBehind(t);
    const ratio = contrast(fg, bg);
    if (ratio < worst.ratio) worst = { ratio, what: `"${t.textContent!.trim().slice(0, 30)}" ${getComputedStyle(t).color} on rgb(${bg.slice(0, 3).join(', ')})` };
  }
  return worst;
}

const PAGES = [
  { name: 'color-scheme: light dark, the system dark', scheme: 'light dark', system: 'dark' as const, background: '' },
  { name: 'color-scheme: dark', scheme: 'dark', system: 'light' as const, background: '' },
  { name: 'a dark background and no color-scheme, the system dark', scheme: '', system: 'dark' as const, background: '#0d1117' },
];

async function page(scheme: string, background: string, system: 'light' | 'dark') {
  await emulateMedia({ colorScheme: system });
  document.documentElement.style.colorScheme = scheme;
  document.body.style.background = background;
  document.body.style.color = background ? '#e6e8ec' : '';
}

afterEach(async () => {
  document.documentElement.style.colorScheme = '';
  document.body.style.background = '';
  document.body.style.color = '';
  await emulateMedia({ colorScheme: 'light' });
});

const settle = async (el: HTMLElement & { updateComplete: Promise<unknown> }) => {
  for (let i = 0; i < 5; i++) {
    await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(r));
  }
};

describe('readable by default: elements with no theme on a dark page', () => {
  for (const p of PAGES) {
    it(`<omni-screen> with no attributes (${p.name}): every text at least 4.5:1 on what is painted`, async () => {
      await page(p.scheme, p.background, p.system);
      const el = await fixture<OmniScreenElement>(html`<omni-screen></omni-screen>`);
      // A Stack, not a Card: a Card paints a surface of its own; the screen's text must be readable without one.
      el.write('root = Stack([title, body, note])\ntitle = Heading("Your order")\nbody = Text("A flat white and a croissant")\nnote = Notice("Paid", tone="info")\n');
      el.end();
      await settle(el);
      const worst = lowest(el);
      expect(worst.ratio, worst.what).to.be.at.least(4.5);
    });

    it(`<morph-screen> with no attributes (${p.name}): every text at least 4.5:1 on what is painted`, async () => {
      await page(p.scheme, p.background, p.system);
      const el = await fixture<MorphScreenElement>(html`<morph-screen></morph-screen>`);
      el.write('{"op":"node","id":"0","type":"h","attrs":{"level":"1"},"spans":"Revenue"}\n{"op":"node","id":"1","type":"p","spans":"Up 12% on last quarter."}\n');
      el.end();
      await settle(el);
      await new Promise((r) => setTimeout(r, 50));
      const worst = lowest(el);
      expect(worst.ratio, worst.what).to.be.at.least(4.5);
    });
  }

  it('<ax-runner> with no attributes on a dark page: its narration and steps at least 4.5:1', async () => {
    await page('light dark', '', 'dark');
    const el = await fixture<AxRunnerElement>(html`<ax-runner></ax-runner>`);
    el.scope = document.createElement('div');
    await el.stream('Looking at the page.\n```jsonl\n{"op":"act","do":"wait","ms":1}\n{"op":"done","status":"success"}\n```\n');
    await settle(el);
    const worst = lowest(el);
    expect(worst.ratio, worst.what).to.be.at.least(4.5);
  });

  it('follows the page: light on a page that declares no colour scheme, dark on a dark one, with its own surface', async () => {
    await page('', '', 'dark');
    const el = await fixture<OmniScreenElement>(html`<omni-screen></omni-screen>`);
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
    document.documentElement.style.colorScheme = 'dark';
    expect(getComputedStyle(el).backgroundColor).to.not.equal('rgb(255, 255, 255)');
    expect(luminance(parse(getComputedStyle(el).backgroundColor))).to.be.below(0.05);
  });

  it('inside a themed element it stays transparent, as before', async () => {
    const outer = await fixture<HTMLElement>(html`<omni-screen theme="dark"><div></div></omni-screen>`);
    const inner = document.createElement('morph-screen');
    outer.shadowRoot!.appendChild(inner);
    await (inner as MorphScreenElement).updateComplete;
    expect(getComputedStyle(inner).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
  });
});
