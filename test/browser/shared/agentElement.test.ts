import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { html as litHtml } from 'lit';
import { afterEach, describe, it } from './mocha.js';
import { AgentElement } from '../../../elements/shared/base/agentElement.js';
import { themeStyles, tokenValue } from '../../../themes/index.js';
import { fill } from '../../../strings/en.js';
import { defineElement } from '../../../elements/shared/base/defineElement.js';
import { composedWithin } from '../../../elements/shared/base/scopedContextProvider.js';
import { realClock } from '../../../src/transport/index.js';
import { manualClock } from './manualClock.js';

class TestAgent extends AgentElement {
  override render() {
    return litHtml`<p>${this.words.retry}</p>
      <p class="filled">${fill(this.words.tooShort, { min: this.words.retry })}</p>
      <span class="locale">${this.resolvedLocale}</span><slot></slot>`;
  }
  get exposedWords() {
    return this.words;
  }
  get exposedRtl() {
    return this.isRtl;
  }
}
defineElement('test-agent', TestAgent);

/** An agent element with another one in its shadow root, as `<omni-screen>` holds `<ae-chart>`. */
class TestOuter extends AgentElement {
  override render() {
    return litHtml`<test-agent></test-agent>`;
  }
  get inner() {
    return this.renderRoot.querySelector('test-agent') as TestAgent;
  }
}
defineElement('test-outer', TestOuter);

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const prop = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

describe('AgentElement themes', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('defaults to the page’s colour scheme (light where it declares none), leaves theme unset and paints its own surface', async () => {
    const el = await fixture<TestAgent>(html`<test-agent></test-agent>`);
    expect(el.theme).to.equal(undefined);
    expect(el.hasAttribute('theme')).to.equal(false);
    expect(el.resolvedTheme).to.equal('light');
    expect(prop(el, '--_surface')).to.equal(`light-dark(${tokenValue('light', 'surface')}, ${tokenValue('dark', 'surface')})`);
    expect(getComputedStyle(el).color).to.equal(rgb(tokenValue('light', 'text')));
    expect(getComputedStyle(el).backgroundColor).to.equal(rgb(tokenValue('light', 'surface')));
    // The inner agent element of an outer one is transparent: the outer painted the surface.
    const outer = await fixture<TestOuter>(html`<test-outer></test-outer>`);
    await outer.inner.updateComplete;
    expect(getComputedStyle(outer.inner).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
  });

  it('theme="dark" gives the dark values and paints the surface', async () => {
    const el = await fixture<TestAgent>(html`<test-agent theme="dark"></test-agent>`);
    expect(el.theme).to.equal('dark');
    for (const t of ['surface', 'text', 'accent', 'mutedText', 'chart4', 'focus'] as const) {
      const name = { surface: '--_surface', text: '--_text', accent: '--_accent', mutedText: '--_muted-text', chart4: '--_chart-4', focus: '--_focus' }[t];
      expect(prop(el, name), t).to.equal(tokenValue('dark', t));
    }
    expect(getComputedStyle(el).backgroundColor).to.equal(rgb(tokenValue('dark', 'surface')));
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
  });

  it('switches when the property changes, and reflects it', async () => {
    const el = await fixture<TestAgent>(html`<test-agent theme="light"></test-agent>`);
    expect(prop(el, '--_text')).to.equal(tokenValue('light', 'text'));
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(prop(el, '--_text')).to.equal(tokenValue('dark', 'text'));
    el.theme = 'light';
    await el.updateComplete;
    expect(prop(el, '--_text')).to.equal(tokenValue('light', 'text'));
  });

  it('theme="system" follows prefers-color-scheme', async () => {
    const el = await fixture<TestAgent>(html`<test-agent theme="system"></test-agent>`);
    await emulateMedia({ colorScheme: 'light' });
    expect(prop(el, '--_surface')).to.equal(tokenValue('light', 'surface'));
    await emulateMedia({ colorScheme: 'dark' });
    expect(prop(el, '--_surface')).to.equal(tokenValue('dark', 'surface'));
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
    // A light element stays light whatever the system says.
    const light = await fixture<TestAgent>(html`<test-agent theme="light"></test-agent>`);
    expect(prop(light, '--_surface')).to.equal(tokenValue('light', 'surface'));
  });

  it('the stylesheet answers theme="system" inside a prefers-color-scheme media rule', () => {
    const sheet = themeStyles.styleSheet!;
    const media = [...sheet.cssRules].filter((r): r is CSSMediaRule => r instanceof CSSMediaRule);
    expect(media.map((m) => m.conditionText)).to.include('(prefers-color-scheme: dark)');
    expect(media[0]!.cssText).to.contain(':host([theme="system"])');
  });

  it('an element without a theme inherits the enclosing element’s theme, through CSS and context', async () => {
    const outer = await fixture<TestOuter>(html`<test-outer theme="dark"></test-outer>`);
    const inner = outer.inner;
    await inner.updateComplete;
    expect(inner.resolvedTheme).to.equal('dark');
    expect(prop(inner, '--_surface')).to.equal(tokenValue('dark', 'surface'));
    outer.theme = 'light';
    await outer.updateComplete;
    await inner.updateComplete;
    expect(inner.resolvedTheme).to.equal('light');
    expect(prop(inner, '--_surface')).to.equal(tokenValue('light', 'surface'));
  });

  it('an app’s --ae-* on the element or any ancestor wins over the defaults, in both themes', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <style>
        .app { --ae-surface: #000001; }
        test-agent.mine { --ae-accent: #ff0000; }
      </style>
      <div class="app">
        <test-agent class="mine"></test-agent>
        <test-agent class="mine" theme="dark"></test-agent>
      </div>
    </div>`);
    const [light, dark] = [...wrap.querySelectorAll('test-agent')] as TestAgent[];
    for (const el of [light!, dark!]) {
      await el.updateComplete;
      expect(prop(el, '--_accent')).to.equal('#ff0000');
      expect(prop(el, '--_surface')).to.equal('#000001');
    }
    // The one without a theme paints in the page's scheme (light here): what it paints is the light text.
    expect(getComputedStyle(light!).color).to.equal(rgb(tokenValue('light', 'text')));
    expect(prop(dark!, '--_text')).to.equal(tokenValue('dark', 'text'));
  });

  it('the focus ring follows an app’s accent unless the app sets --ae-focus', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <style>
        .a { --ae-accent: #ff0000; }
        .b { --ae-accent: #ff0000; --ae-focus: #00ff00; }
      </style>
      <test-agent class="a" theme="dark"></test-agent><test-agent class="b"></test-agent><test-agent></test-agent>
    </div>`);
    const [a, b, plain] = [...wrap.querySelectorAll('test-agent')];
    expect(prop(a!, '--_focus')).to.equal('#ff0000');
    expect(prop(b!, '--_focus')).to.equal('#00ff00');
    expect(prop(plain!, '--_focus')).to.equal(`light-dark(${tokenValue('light', 'accent')}, ${tokenValue('dark', 'accent')})`);
  });

  it('an override reaches elements inside shadow roots too', async () => {
    const outer = await fixture<TestOuter>(html`<test-outer theme="dark" class="o"></test-outer>`);
    outer.style.setProperty('--ae-chart-1', '#123456');
    expect(prop(outer.inner, '--_chart-1')).to.equal('#123456');
  });

  it('refreshTheme() tells the element and every agent element inside it (shadow roots and children), once each', async () => {
    const told: Element[] = [];
    class Counting extends AgentElement {
      protected override themeChanged(): void {
        told.push(this);
      }
      override render() {
        return litHtml`<theme-counting-inner></theme-counting-inner><slot></slot>`;
      }
    }
    class CountingInner extends Counting {
      override render() {
        return litHtml``;
      }
    }
    customElements.define('theme-counting', Counting);
    customElements.define('theme-counting-inner', CountingInner);
    const outer = await fixture<Counting>(html`<theme-counting><div><theme-counting-inner></theme-counting-inner></div></theme-counting>`);
    const inShadow = outer.shadowRoot!.querySelector('theme-counting-inner')!;
    const child = outer.querySelector('theme-counting-inner')!;
    outer.refreshTheme();
    expect(told).to.have.members([outer, inShadow, child]);
    expect(told.length).to.equal(3);
  });

  it('is accessible in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<TestAgent>(html`<test-agent theme=${theme}></test-agent>`);
      await expect(el).to.be.accessible();
    }
  });
});

describe('AgentElement locale and direction', () => {
  it('defaults to en', async () => {
    const el = await fixture<TestAgent>(html`<test-agent></test-agent>`);
    expect(el.resolvedLocale).to.equal(document.documentElement.lang || 'en');
  });

  it('takes the nearest ancestor’s lang, its own lang, then its locale', async () => {
    const wrap = await fixture<HTMLElement>(html`<div lang="de"><section><test-agent></test-agent></section></div>`);
    const el = wrap.querySelector('test-agent') as TestAgent;
    expect(el.resolvedLocale).to.equal('de');
    el.setAttribute('lang', 'fr');
    await el.updateComplete;
    expect(el.resolvedLocale).to.equal('fr');
    expect(el.shadowRoot!.querySelector('.locale')!.textContent).to.equal('fr');
    el.locale = 'pt-br';
    await el.updateComplete;
    expect(el.resolvedLocale).to.equal('pt-BR');
  });

  it('ignores a malformed locale', async () => {
    const el = await fixture<TestAgent>(html`<test-agent locale="not a locale!"></test-agent>`);
    expect(el.resolvedLocale).to.equal('en');
  });

  it('hands its locale to elements in its shadow root', async () => {
    const outer = await fixture<TestOuter>(html`<test-outer locale="ja"></test-outer>`);
    await outer.inner.updateComplete;
    expect(outer.inner.resolvedLocale).to.equal('ja');
    outer.locale = 'ar';
    await outer.updateComplete;
    await outer.inner.updateComplete;
    expect(outer.inner.resolvedLocale).to.equal('ar');
  });

  it('knows when it is right to left', async () => {
    const wrap = await fixture<HTMLElement>(html`<div dir="rtl"><test-agent></test-agent></div>`);
    const el = wrap.querySelector('test-agent') as TestAgent;
    expect(el.exposedRtl).to.equal(true);
    el.setAttribute('dir', 'ltr');
    expect(el.exposedRtl).to.equal(false);
  });
});

describe('AgentElement clock', () => {
  it('runs on the real clock by default; its own clock, once set, reaches the agent elements in its shadow root; unset, it follows again', async () => {
    const outer = await fixture<TestOuter>(html`<test-outer></test-outer>`);
    await outer.inner.updateComplete;
    expect(outer.clock).to.equal(realClock);
    expect(outer.inner.clock).to.equal(realClock);
    const clock = manualClock();
    outer.clock = clock;
    await outer.inner.updateComplete;
    expect(outer.clock).to.equal(clock);
    expect(outer.inner.clock).to.equal(clock);
    const own = manualClock();
    outer.inner.clock = own;
    expect(outer.inner.clock).to.equal(own);
    outer.inner.clock = undefined;
    expect(outer.inner.clock).to.equal(clock);
    outer.clock = undefined;
    await outer.inner.updateComplete;
    expect(outer.inner.clock).to.equal(realClock);
  });

  it('a clock set on the bare tag before the element was defined is taken up', async () => {
    const clock = manualClock();
    const el = document.createElement('test-late-clock') as HTMLElement & { clock: unknown };
    el.clock = clock;
    document.body.append(el);
    try {
      defineElement('test-late-clock', class extends AgentElement {});
      expect(el.clock).to.equal(clock);
    } finally {
      el.remove();
    }
  });
});

describe('AgentElement words', () => {
  it('uses English by default', async () => {
    const el = await fixture<TestAgent>(html`<test-agent></test-agent>`);
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('Try again');
  });

  it('merges the app’s strings over English and memoizes the result', async () => {
    const el = await fixture<TestAgent>(html`<test-agent .strings=${{ retry: 'Nochmal' }}></test-agent>`);
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('Nochmal');
    expect(el.exposedWords.cancel).to.equal('Cancel');
    expect(el.exposedWords).to.equal(el.exposedWords);
    el.strings = { retry: 'Encore' };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.equal('Encore');
  });

  it('ignores unknown keys and values that are not text', async () => {
    const el = await fixture<TestAgent>(
      html`<test-agent .strings=${{ retry: 42, bogus: 'x' } as unknown as Record<string, string>}></test-agent>`,
    );
    expect(el.exposedWords.retry).to.equal('Try again');
    expect((el.exposedWords as Record<string, string>).bogus).to.equal(undefined);
  });

  it('shows markup in a replacement as text', async () => {
    const el = await fixture<TestAgent>(html`<test-agent .strings=${{ retry: '<b>again</b><img src=x onerror=alert(1)>' }}></test-agent>`);
    const p = el.shadowRoot!.querySelector('p')!;
    expect(p.textContent).to.equal('<b>again</b><img src=x onerror=alert(1)>');
    expect(p.querySelector('b, img')).to.equal(null);
  });

  it('fills a placeholder once: a value containing {x} is not filled again', async () => {
    const el = await fixture<TestAgent>(
      html`<test-agent .strings=${{ tooShort: 'At least {min} ({min}) letters', retry: '{min}' }}></test-agent>`,
    );
    expect(el.shadowRoot!.querySelector('.filled')!.textContent).to.equal('At least {min} ({min}) letters');
  });

  it('hands its words to elements in its shadow root, which may replace some again', async () => {
    const outer = await fixture<TestOuter>(html`<test-outer .strings=${{ retry: 'Réessayer', cancel: 'Annuler' }}></test-outer>`);
    const inner = outer.inner;
    await inner.updateComplete;
    expect(inner.exposedWords.retry).to.equal('Réessayer');
    inner.strings = { cancel: 'Abbrechen' };
    await inner.updateComplete;
    expect(inner.exposedWords.retry).to.equal('Réessayer');
    expect(inner.exposedWords.cancel).to.equal('Abbrechen');
    outer.strings = { retry: 'Encore' };
    await outer.updateComplete;
    await inner.updateComplete;
    expect(inner.shadowRoot!.querySelector('p')!.textContent).to.equal('Encore');
  });
});

/** Counts its drawings, to see what a new agent element nearby costs the others. */
class CountingAgent extends TestAgent {
  renders = 0;
  override render() {
    this.renders++;
    return super.render();
  }
}
defineElement('counting-agent', CountingAgent);

describe('AgentElement context across many elements', () => {
  it('an agent element that connects leaves the others alone: each draws once, however many follow (no work growing with their square)', async () => {
    const outer = await fixture<TestAgent>(html`<test-agent locale="de"></test-agent>`);
    const inner: CountingAgent[] = [];
    for (let i = 0; i < 20; i++) {
      const el = document.createElement('counting-agent') as CountingAgent;
      outer.append(el);
      inner.push(el);
      await el.updateComplete;
    }
    await Promise.all(inner.map((el) => el.updateComplete));
    // Before: every provider that connected sent every consumer above it through its search again, and each
    // drew again: the first element drew 20 times.
    expect(inner.map((el) => el.renders)).to.deep.equal(inner.map(() => 1));
    expect(inner.every((el) => el.resolvedLocale === 'de')).to.equal(true);
  });

  it('an agent element that arrives around elements already connected takes them over (its locale reaches them)', async () => {
    const outer = await fixture<TestAgent>(html`<test-agent locale="de"><late-agent locale="fr"><test-agent></test-agent></late-agent><test-agent class="beside"></test-agent></test-agent>`);
    const within = outer.querySelector('late-agent > test-agent') as TestAgent;
    const beside = outer.querySelector('.beside') as TestAgent;
    await within.updateComplete;
    expect(within.resolvedLocale).to.equal('de');
    // Defined only now: its providers connect after the element inside it found the outer one.
    defineElement('late-agent', class LateAgent extends TestAgent {});
    const late = outer.querySelector('late-agent') as TestAgent;
    await late.updateComplete;
    await within.updateComplete;
    expect(within.resolvedLocale).to.equal('fr');
    expect(within.shadowRoot!.querySelector('.locale')!.textContent).to.equal('fr');
    expect(beside.resolvedLocale).to.equal('de');
    // And the outer one still reaches what it encloses and the other doesn't.
    outer.locale = 'ja';
    await outer.updateComplete;
    await beside.updateComplete;
    await within.updateComplete;
    expect(beside.resolvedLocale).to.equal('ja');
    expect(within.resolvedLocale).to.equal('fr');
  });

  it('finds what a provider encloses along an event’s path: through a shadow root to its host, and through the slot a node is assigned to', async () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const section = document.createElement('section');
    section.append(document.createElement('slot'));
    const p = document.createElement('p');
    root.append(section, p);
    const slotted = document.createElement('span');
    host.append(slotted);
    document.body.append(host);
    expect(composedWithin(p, host)).to.equal(true);
    expect(composedWithin(slotted, section)).to.equal(true);
    expect(composedWithin(p, section)).to.equal(false);
    expect(composedWithin(host, section)).to.equal(false);
    host.remove();
  });
});

describe('AgentElement misuse', () => {
  /** What console.warn said while `fn` ran. */
  async function warnings(fn: () => Promise<unknown> | unknown): Promise<string[]> {
    const said: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void said.push(args.join(' '));
    try {
      await fn();
    } finally {
      console.warn = original;
    }
    return said;
  }

  it('warns once, in development, for an attribute value the element does not know, naming what it knows', async () => {
    const said = await warnings(async () => {
      const el = await fixture<TestAgent>(html`<test-agent theme="purple"></test-agent>`);
      el.setAttribute('theme', 'dark');
      el.setAttribute('theme', 'purple');
      el.setAttribute('locale', '!! no such tag');
      el.setAttribute('dir', 'sideways');
      await fixture(html`<test-agent theme="purple"></test-agent>`);
    });
    expect(said, said.join("\n")).to.have.length(3);
    expect(said[0]).to.equal('<test-agent>: theme="purple" is not a value it knows (expected "light", "dark", "system"); it is ignored.');
    expect(said[1]).to.contain('locale="!! no such tag"');
    expect(said[2]).to.contain('dir="sideways"');
  });

  it('says nothing for the values it knows', async () => {
    const said = await warnings(() => fixture(html`<test-agent theme="system" locale="fr-CA" lang="de" dir="rtl"></test-agent>`));
    expect(said).to.deep.equal([]);
  });

  it('an element adds its own attributes: <ax-runner policy> and max-bursts', async () => {
    await import('../../../elements/ax-runner/index.js');
    const said = await warnings(async () => {
      await fixture(html`<ax-runner policy="allow" max-bursts="3"></ax-runner>`);
      await fixture(html`<ax-runner policy="yolo" max-bursts="many"></ax-runner>`);
    });
    expect(said.map((s) => s.split(' is not')[0])).to.deep.equal(['<ax-runner>: policy="yolo"', '<ax-runner>: max-bursts="many"']);
  });

  const drawn = () => new Promise((r) => setTimeout(r, 0));

  it('warns once, in development, for each pair of colours text is drawn in that an app made too faint, with its ratio', async () => {
    const said = await warnings(async () => {
      const el = await fixture<TestAgent>(html`<test-agent theme="dark" style="--ae-accent: #7c3aed"></test-agent>`);
      await el.updateComplete;
      await drawn();
      el.refreshTheme(); // the same values again: said once
      await drawn();
    });
    expect(said[0]).to.equal(
      '<test-agent>: --ae-on-accent (#0d1428) on --ae-accent (#7c3aed) is 3.21:1, under the 4.5:1 WCAG AA asks for primary buttons and user messages. Change one of the two.',
    );
    // The same purple is too faint on the dark surface for a focus ring or an open tab (3:1), and the ring follows it.
    expect(said.map((s) => s.split(' is ')[0]), said.join('\n')).to.deep.equal([
      '<test-agent>: --ae-on-accent (#0d1428) on --ae-accent (#7c3aed)',
      '<test-agent>: --ae-accent (#7c3aed) on --ae-surface (#1b2029)',
      '<test-agent>: --ae-focus (#7c3aed) on --ae-surface (#1b2029)',
      '<test-agent>: --ae-focus (#7c3aed) on --ae-subtle (#262c36)',
    ]);
  });

  it('text on danger has its own token: white on a purple accent passes, and the dark danger button keeps its dark text', async () => {
    const said = await warnings(async () => {
      const el = await fixture<TestAgent>(html`<test-agent theme="dark" style="--ae-accent: #7c3aed; --ae-on-accent: #fff"></test-agent>`);
      await drawn();
      expect(prop(el, '--_on-danger')).to.equal('#0d1428');
      // An app that changes it on a danger colour it also changed is told when the pair fails.
      el.style.setProperty('--ae-on-danger', '#ffffff');
      el.refreshTheme();
      await drawn();
    });
    const danger = said.filter((s) => s.includes('--ae-danger'));
    expect(danger, said.join('\n')).to.have.length(1);
    expect(danger[0]).to.match(/^<test-agent>: --ae-on-danger \(#ffffff\) on --ae-danger \(#ff7b72\) is 2\.\d\d:1, under the 4\.5:1 WCAG AA asks for danger buttons/);
  });

  it('the default themes and an inner element say nothing', async () => {
    const said = await warnings(async () => {
      for (const theme of ['light', 'dark', 'system']) {
        await fixture(html`<test-outer theme=${theme}></test-outer>`);
        await drawn();
      }
    });
    expect(said).to.deep.equal([]);
  });
});
